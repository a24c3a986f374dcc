"""``referee sessions export``: the export documents, written to stdout or a file, and the BG
Stats link with its QR code for a phone at the table."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.store import Session

_ = translator("core")


def document(session: Session, fmt: str) -> str:
    from referee.results import export
    from referee.terminal.output import json_text

    if fmt in ("csv", "excel"):
        style = export.CsvStyle()
        if fmt == "excel":
            from referee.terminal.output import decimal_mark

            style = export.CsvStyle.spreadsheet(decimal_mark())
        return export.to_csv(*export.rows([export.finished(session)], aliases()), style)
    return json_text(session_json(session)) + "\n"


def session_json(session: Session) -> dict[str, Any]:
    """The whole session as JSON (``export``, ``sessions show --json``), an answer given face
    down and not revealed yet with its content withheld, as every other view keeps it."""
    from referee.results import export
    from referee.table.hidden import withheld
    from referee.table.history import sealed_entries

    doc = export.to_json(session)
    sealed = sealed_entries(session)
    for event in doc["events"]:
        if event["seq"] in sealed:
            event["payload"] = withheld(event["payload"])
    return doc


def aliases():
    """The alias table, with the first recorded spelling of every name in finished games
    learnt: an export names each person as history and stats do."""
    from referee.results.stats import finished_games
    from referee.settings import store

    return finished_games(store())[1]


def emit(text: str, output: Path | None) -> None:
    """``text`` on standard output (no ``-o``, or ``-o -``) or into the file ``output``."""
    if output is None or str(output) == "-":
        import typer

        typer.echo(text, nl=False)
        return
    write(output, text.encode("utf-8"))
    from referee.terminal.output import console

    console().print(_("Written to {path}.", path=str(output)), markup=False)


def _a_session_file(path: Path) -> bool:
    """True for the files the session store keeps (an export must not replace one)."""
    from referee.settings import settings

    try:
        folder = settings().sessions_dir.resolve()
        return path.resolve().parent == folder and path.name.endswith((".json", ".bak", ".lock"))
    except (OSError, RuntimeError):
        return False


def write(path: Path, data: bytes) -> None:
    """Write a new or regular file whole; never a link, a folder or a device."""
    from referee.errors import InputError
    from referee.i18n import N_
    from referee.store.errors import StorageFailure
    from referee.store.files import UnsafeFile, write_atomically

    if not str(path) or str(path) == ".":
        raise InputError(N_("-o needs a file name"))
    if _a_session_file(path):
        raise InputError(N_("Cannot write {path}: it is a file of the sessions folder"),
                         path=str(path))
    try:
        write_atomically(path, data)
    except UnsafeFile:
        raise InputError(N_("Cannot write {path}: -o takes a new file or a regular file, not "
                            "a link, a folder or a device"), path=str(path)) from None
    except OSError as exc:
        raise StorageFailure(str(path), exc.strerror or str(exc)) from None


class Play:
    """What ``--format bgstats`` is asked for besides the link."""

    def __init__(self, qr: bool | None = None, qr_file: Path | None = None,
                 qr_open: bool = False, location: str | None = None,
                 comments: str | None = None) -> None:
        self.qr, self.qr_file, self.qr_open = qr, qr_file, qr_open
        self.location, self.comments = location, comments


def bgstats(session: Session, output: Path | None, asked: Play, as_json: bool) -> None:
    """The link (stdout or ``output``), then its QR code where a phone can scan it: drawn
    on a terminal wide enough, saved with ``--qr-file``, opened in the system's image
    viewer with ``--qr-open``."""
    import sys

    from referee.results import bgstats as app
    from referee.results.export import finished
    from referee.terminal.output import console, json_text, one_of

    one_of({"--json": as_json, "--qr": asked.qr})
    game = finished(session)
    location = _location(game.location, asked.location)
    link, play = app.checked_link(game, aliases(), location=location,
                                  comments=asked.comments or game.comments)
    if as_json:
        emit(json_text({"link": link, "length": len(link), "play": play}) + "\n", output)
    else:
        emit(link + "\n", output)
    if (asked.comments or game.comments) and "comments" not in play:
        from referee.terminal.output import print_error

        print_error(_("The comments were left out: with them the link would be longer than "
                      "BG Stats takes."))
    code = _qr(link) if asked.qr is not False or asked.qr_file or asked.qr_open else None
    if code is None:
        return
    if asked.qr_file is not None:
        _save_image(code, asked.qr_file)
    if asked.qr_open:
        open_image(code, session.id)
    elif not as_json and (asked.qr or (asked.qr is None and output is None
                                       and sys.stdout.isatty())):
        show_qr(code, console())


def _location(recorded: str | None, given: str | None) -> str | None:
    """The play's location: given now (and remembered as the default from now on), else
    the one recorded with the game, else the remembered default."""
    from referee.paths import data_dir

    path = data_dir() / "results" / "bgstats.json"
    if given is not None:
        remember_location(given)
        return given or None
    if recorded:
        return recorded
    from referee.data import read_json

    kept = read_json(path) if path.exists() else {}
    value = kept.get("location") if isinstance(kept, dict) else None
    return value if isinstance(value, str) and value else None


def remember_location(location: str) -> None:
    """Keep ``location`` as the default of every play sent from now on ("" forgets it)."""
    import json

    from referee.paths import data_dir

    path = data_dir() / "results" / "bgstats.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, (json.dumps({"location": location}, ensure_ascii=False) + "\n").encode())


def after_game(session: Session) -> None:
    """What the end of a guided game offers: the command that sends the play to BG Stats,
    and, where this terminal is too narrow for its QR code, the one that opens the code as
    an image."""
    from referee.results import bgstats as app
    from referee.results.export import finished
    from referee.terminal.output import console, print_line

    print_line(_("To BG Stats: referee sessions export {id} --format bgstats", id=session.id))
    try:
        link, _play = app.checked_link(finished(session), aliases())
    except Exception:  # noqa: BLE001 - an offer, never a reason to fail the game's end
        return
    width = _qr(link).symbol_size()[0]
    if console().width < width:
        print_line(_("This terminal is too narrow for its QR code; to open the code as an "
                     "image: referee sessions export {id} --format bgstats --qr-open",
                     id=session.id))


def _qr(link: str):
    import segno

    return segno.make(link, error="l", micro=False)


#: The code's two colours, given explicitly so that it scans on a light theme as on a dark
#: one: dark modules black, light ones (the quiet zone too) white.
DARK, LIGHT = "#000000", "#ffffff"


def qr_lines(code) -> list[str]:
    """The code in half-block characters, one module wide and two high per character (so
    modules are square), the quiet zone of four modules included: a dark module is the
    character's ink, a light one its background."""
    rows = [[bool(m) for m in row] for row in code.matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyph = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return ["".join(glyph[top, bottom] for top, bottom in zip(upper, lower, strict=True))
            for upper, lower in zip(rows[::2], rows[1::2], strict=True)]


def show_qr(code, out) -> None:
    """The drawing in black on white whatever the terminal's theme. A terminal too narrow
    to hold it gets a note naming --qr-open instead of a broken picture."""
    width = code.symbol_size()[0]
    if out.width < width:
        out.print(_("The QR code needs a terminal {width} columns wide (this one has {have}): "
                    "open it as an image with --qr-open, or save it with --qr-file play.png.",
                    width=width, have=out.width), markup=False)
        return
    from rich.style import Style
    from rich.text import Text

    style = Style(color=DARK, bgcolor=LIGHT)
    for line in qr_lines(code):
        out.print(Text(line, style=style), no_wrap=True, overflow="ignore", crop=False)
    out.print(_("Scan it with the phone that has BG Stats."), markup=False)


def open_image(code, session_id: str) -> None:
    """Save the code as a PNG in a new temporary folder and open it in the system's image
    viewer (for a phone to scan from the screen when no terminal is wide enough)."""
    import tempfile

    from referee.terminal.output import print_line

    path = Path(tempfile.mkdtemp(prefix="referee-")) / f"bgstats-{session_id}.png"
    _save_image(code, path)
    if launch(path):
        print_line(_("Opened the QR code in the image viewer ({path}).", path=str(path)))
    else:
        print_line(_("No image viewer could be started; the QR code is saved as {path}.",
                     path=str(path)))


def launch(path: Path) -> bool:
    """Open ``path`` with the system's viewer, without waiting for it; False where none
    could be started."""
    import os
    import subprocess
    import sys

    if sys.platform == "win32":
        try:
            os.startfile(path)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    command = ["open" if sys.platform == "darwin" else "xdg-open", str(path)]
    try:
        subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return False
    return True


def _save_image(code, path: Path) -> None:
    from referee.errors import InputError
    from referee.i18n import N_

    kind = path.suffix.lower().lstrip(".")
    if kind not in ("svg", "png"):
        raise InputError(N_("--qr-file must end in .svg or .png, not {name}"), name=path.name)
    buffer = io.BytesIO()
    code.save(buffer, kind=kind, scale=8, dark=DARK, light=LIGHT)
    write(path, buffer.getvalue())


def only_for_bgstats(flags: dict[str, object]) -> None:
    """Refuse options of the BG Stats export given with another format."""
    given = [name for name, value in flags.items() if value not in (None, False)]
    if given:
        from referee.errors import InputError
        from referee.i18n import N_

        raise InputError(N_("{options}: only with --format bgstats"), options=" ".join(given))
