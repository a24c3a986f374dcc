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
    # rich.text.Text, never inside a string.
    from rich.console import Console

    return Console(highlight=False, markup=False, emoji=False)


def print_json(data: Any) -> None:
    """Machine output: one JSON document on stdout, UTF-8, stable key order."""
    import json  # here: the root help, which imports this module, prints no JSON

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_default) + "\n")


def _default(value: Any) -> Any:
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def is_interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def shown(value: object) -> str:
    """User-supplied text made safe for a terminal line: control characters (escape
    sequences, newlines) are shown escaped. Print it with ``markup=False`` or inside a
    ``rich.text.Text`` so that brackets such as ``[/]`` stay text."""
    text = str(value)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: a quoted command, value or name ('referee sessions repair …', “Roma”, «Рим», "x") is
#: kept on one line when it fits; anything else breaks only at spaces
_UNIT = r"""'[^']+'(?=[\s.,;:)]|$)|“[^”]*”|«[^»]*»|"[^"]*"|\S+"""
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
    ``log``) need not load it (about 15 ms of start-up)."""
    _write(sys.stdout, text)


def print_error(text: str) -> None:
    """One message on standard error, as :func:`print_line` writes one on standard output.
    Text of several lines (a help screen) is printed as it is."""
    _write(sys.stderr, text)


def _write(stream: TextIO, text: str) -> None:
    lines = [line if line.isprintable() else _escaped_controls(line)
             for line in text.split("\n")]
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


def _escaped_controls(text: str) -> str:
    # Control characters (an escape sequence in a name from a hand-edited file) are shown
    # escaped; a tab and other unprintable characters, such as a no-break space, are text.
    return "".join(repr(c)[1:-1] if (ord(c) < 32 and c != "\t") or 127 <= ord(c) < 160
                   else c for c in text)
