"""Where the command line writes: a lazily made Rich console, plain lines and JSON output."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console


@cache
def console() -> Console:
    # Made on first use, not at import, so it sees the terminal width of this run. Markup
    # and emoji codes are off: names and notes typed by players reach tables and lines as
    # text (":pizza:" stays those seven characters); styling is given with style= or
    # rich.text.Text, never inside a string. Every string it renders is shown()
    # (escape sequences and bidi overrides escaped), tables' cells included.
    from rich.console import Console

    class SafeConsole(Console):
        def render_str(self, text: str, **options: Any):
            return super().render_str(shown(text, lines=True), **options)

        def _render_buffer(self, buffer: Any) -> str:
            # The last guard: text a renderer made into rich.text.Text itself (a cell or a
            # heading) never went through render_str. Escaping after the layout can shift a
            # column, but only of text that had no business holding such characters.
            return super()._render_buffer(_safe_segments(buffer))

    return SafeConsole(highlight=False, markup=False, emoji=False)


def print_json(data: Any) -> None:
    """Machine output: one JSON document on stdout, UTF-8, stable key order, the characters
    a terminal could obey escaped (:func:`json_text`)."""
    sys.stdout.write(json_text(data) + "\n")


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON (UTF-8 text, not ASCII). JSON escapes C0 controls itself; DEL, the
    C1 controls (the 8-bit CSI, U+009B, starts an escape sequence on many terminals), bidi
    overrides and line separators are written as ``\\uXXXX`` too: a program reads the same
    string, a person who cats the file sees no escape sequence obeyed."""
    import json  # here: the root help, which imports this module, prints no JSON

    text = json.dumps(data, ensure_ascii=False, indent=indent, default=_default)
    if text.isascii() and "\x7f" not in text:
        return text
    return text.translate(_JSON_ESCAPES)


def _safe_segments(segments: Any) -> Any:
    from rich.segment import Segment

    for s in segments:
        text = s.text if s.control else shown(s.text, lines=True)
        yield s if text == s.text else Segment(text, s.style, s.control)


def _default(value: Any) -> Any:
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def is_interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


#: Characters no output shows raw: C0 and C1 controls, DEL, and the bidirectional
#: embeddings, overrides, isolates and marks that reorder what a line appears to say.
_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_UNSAFE = [*range(32), *range(127, 160), *map(ord, _BIDI)]
_ESCAPES = {c: repr(chr(c))[1:-1] for c in _UNSAFE}
_LINES = {k: v for k, v in _ESCAPES.items() if k != ord("\n")}
_JSON_ESCAPES = {c: f"\\u{c:04x}" for c in [*range(127, 160), *map(ord, _BIDI), 0x2028,
                                              0x2029]}


def shown(value: object, *, lines: bool = False) -> str:
    """Text made safe for any output meant for people (a terminal, a log, a CSV cell): the
    one policy. C0 and C1 control characters (escape sequences, a tab, a carriage return)
    and bidi overrides are shown escaped (``\\x1b``, ``\\u202e``); everything else, accents,
    scripts and emoji included, is shown as it is. With ``lines``, line breaks are kept:
    text of several lines printed as such. Print the result with ``markup=False`` or inside
    a ``rich.text.Text`` so that brackets such as ``[/]`` stay text."""
    text = str(value)
    if text.isascii() and text.isprintable():
        return text
    return text.translate(_LINES if lines else _ESCAPES)


#: a quoted command, value or name ('referee sessions repair …', “Roma”, «Рим», "x") is
#: kept on one line when it fits, with what is written against it («Рим», stays «Рим»,);
#: anything else breaks only at spaces
_UNIT = r"""'[^']+'(?=[\s.,;:)]|$)|“[^”]*”\S*|«[^»]*»\S*|"[^"]*"\S*|\S+"""
INDENT = "  "  # continuation lines of a folded message


def fold(text: str, width: int) -> list[str]:
    """One line of text folded to ``width`` terminal cells: broken only at spaces, never
    inside a word, a path or a quoted command that fits on a line (one longer than the line
    stands alone on its line, for the terminal to fold), continuation lines indented."""
    import re  # here, as json above: the root help imports this module

    cell_len = cells_of(text)
    units: list[str] = []
    for found in re.finditer(_UNIT, text):
        unit = found.group()
        if " " in unit and cell_len(unit) > width - len(INDENT):
            units.extend(unit.split())  # a quoted span too long to keep whole
        else:
            units.append(unit)
    lines: list[str] = []
    current = ""
    for unit in units:
        if current and cell_len(f"{current} {unit}") > width:
            lines.append(current)
            current = INDENT + unit
        else:
            current = f"{current} {unit}" if current else unit
    lines.append(current)
    return lines


def cells_of(text: str) -> Callable[[str], int]:
    """How to measure pieces of ``text`` in terminal cells: ASCII is a cell a character,
    without loading Rich's width tables; anything else is measured by Rich."""
    if text.isascii():
        return len
    from rich.cells import cell_len

    return cell_len


def print_line(text: str) -> None:
    """One line of output, as text (never markup). A person at a terminal gets it folded to
    the terminal's width (:func:`fold`); a program reading it gets one line, as errors do.
    Written without Rich: a command whose output is lines of text (``enter``, ``undo``,
    ``log``) need not load it (``docs/performance.md``)."""
    _write(sys.stdout, text)


def print_error(text: str) -> None:
    """One message on standard error, as :func:`print_line` writes one on standard output.
    Text of several lines (a help screen) is printed as it is."""
    _write(sys.stderr, text)


def _write(stream: TextIO, text: str) -> None:
    lines = [shown(line) for line in text.split("\n")]
    if len(lines) == 1 and _is_terminal(stream):
        import shutil  # the width as Rich finds it: $COLUMNS, else the terminal's

        lines = fold(lines[0], shutil.get_terminal_size().columns)
    stream.write("\n".join(lines) + "\n")


def _is_terminal(stream: TextIO) -> bool:
    # As Rich decides for the rest of the output: TTY_COMPATIBLE=1 or 0 overrides the stream,
    # then a set FORCE_COLOR (https://force-color.org/) makes it a terminal unless empty.
    import os

    forced = os.environ.get("TTY_COMPATIBLE", "")
    if forced in ("0", "1"):
        return forced == "1"
    colour = os.environ.get("FORCE_COLOR")
    if colour is not None:
        return colour != ""
    try:
        return stream.isatty()
    except ValueError:  # a closed stream
        return False


def one_of(flags: dict[str, object]) -> None:
    """Refuse options that ask for different outputs at once (``--json --csv``): the
    command would have to pick one silently. ``flags`` maps each option to its value; a
    value that is None or False is not given."""
    given = [name for name, value in flags.items() if value not in (None, False)]
    if len(given) > 1:
        from referee.errors import InputError
        from referee.i18n import N_

        raise InputError(N_("{options} cannot be used together: choose one."),
                         options=" ".join(given))


def decimal_mark() -> str:
    """The decimal mark of the user's locale (LC_ALL, LC_NUMERIC, LANG): ``,`` or ``.``.
    Where that locale is not installed, the language of the output decides (Russian and
    Spanish write a comma)."""
    import locale

    try:
        saved = locale.setlocale(locale.LC_NUMERIC)
        try:
            locale.setlocale(locale.LC_NUMERIC, "")
            mark = locale.localeconv()["decimal_point"]
        finally:
            locale.setlocale(locale.LC_NUMERIC, saved)
    except locale.Error:
        from referee.i18n import current_language

        mark = "," if current_language() in ("ru", "es") else "."
    return mark if mark in (",", ".") else "."
