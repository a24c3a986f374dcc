"""``referee sessions export``: the export documents, written to stdout or a file, and the BG
Stats link with its QR code for a phone at the table."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.store import Session

_ = translator("core")


def document(session: Session, fmt: str) -> str:
    from referee.cli.output import json_text
    from referee.results import export

    if fmt == "csv":
        return export.to_csv(*export.rows([export.finished(session)], aliases()))
    return json_text(export.to_json(session)) + "\n"


def aliases():
    """The alias table, with the first recorded spelling of every name in finished games
    learnt: an export names each person as history and stats do."""
    from referee.cli.history import all_finished

    return all_finished()[1]


def emit(text: str, output: Path | None) -> None:
    if output is None:
        import typer

        typer.echo(text, nl=False)
        return
    write(output, text.encode("utf-8"))
    from referee.cli.output import console

    console().print(_("Written to {path}.", path=str(output)), markup=False)


def _a_session_file(path: Path) -> bool:
    """True for the files the session store keeps (an export must not replace one)."""
    from referee.cli.settings import settings

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


def bgstats(session: Session, output: Path | None, qr: bool | None, qr_file: Path | None,
            as_json: bool) -> None:
    """The link (stdout or ``output``), then its QR code where a phone can scan it."""
    import sys

    from referee.cli.output import console, print_json
    from referee.results import bgstats as app
    from referee.results.export import finished

    link, play = app.checked_link(finished(session), aliases())
    code = _qr(link) if qr is not False or qr_file else None
    if qr_file is not None and code is not None:
        _save_image(code, qr_file)
    if as_json:
        print_json({"link": link, "length": len(link), "play": play})
        return
    emit(link + "\n", output)
    if code is not None and (qr or (qr is None and output is None and sys.stdout.isatty())):
        show_qr(code, console())


def _qr(link: str):
    import segno

    return segno.make(link, error="l", micro=False)


def show_qr(code, out) -> None:
    """Half-block characters, one module wide and two high per character: square modules.
    A terminal too narrow to hold it gets a note instead of a broken picture."""
    width = code.symbol_size()[0]
    if out.width < width:
        out.print(_("The QR code needs a terminal {width} columns wide (this one has {have}); "
                    "widen it, or save the code with --qr-file play.svg.", width=width,
                    have=out.width), markup=False)
        return
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True)
    out.print(drawn.getvalue(), markup=False, highlight=False, end="", soft_wrap=True)
    out.print(_("Scan it with the phone that has BG Stats."), markup=False)


def _save_image(code, path: Path) -> None:
    from referee.errors import InputError
    from referee.i18n import N_

    kind = path.suffix.lower().lstrip(".")
    if kind not in ("svg", "png"):
        raise InputError(N_("--qr-file must end in .svg or .png, not {name}"), name=path.name)
    buffer = io.BytesIO()
    code.save(buffer, kind=kind, scale=8)
    write(path, buffer.getvalue())
