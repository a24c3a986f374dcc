"""``referee sessions``: list, show, export, undo, repair and delete saved sessions."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from referee.cli.options import JSON_HELP
from referee.i18n import translator
from referee.settings import complete_id, settings, store
from referee.terminal.output import console, print_json, shown

_ = translator("core")
app = typer.Typer(help=_("Saved game sessions: list, show, export, undo, repair, move, "
                         "delete."),
                  no_args_is_help=True)



class ExportFormat(StrEnum):
    json = "json"
    csv = "csv"
    excel = "excel"
    bgstats = "bgstats"


@app.command("list", help=_("List saved sessions, newest last."))
def list_sessions(
    game: str | None = typer.Option(None, help=_("Only sessions of this game.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    found = store().summaries(game)
    if as_json:
        print_json([s.to_json() for s in found])
        return
    if not found:
        console().print(_("No sessions in {folder}.", folder=shown(settings().sessions_dir)),
                        markup=False)
        return
    from rich.table import Table
    from rich.text import Text

    # At 80 columns nothing is cut short: an id never wraps, the date keeps its width (a
    # squeezed column folded it inside: '2026-11-2' / '6'), a long word folds onto the next
    # line instead of ending in an ellipsis.
    table = Table(pad_edge=False)
    table.add_column(_("Id"), no_wrap=True, min_width=max(len(s.id) for s in found))
    for heading in (_("Game"), _("Players"), _("Events"), _("Last activity"), _("State")):
        table.add_column(heading, overflow="fold",
                         min_width=len("2026-11-26") if heading == _("Last activity") else None)
    for s in found:
        state = _("damaged") if s.problem else _("finished") if s.finished else _("in progress")
        row = (s.id, s.game or "?", ", ".join(s.players), str(s.events),
               (s.last_activity or "")[:16].replace("T", " "), state)
        table.add_row(*(Text(shown(cell)) for cell in row))  # names are text, never markup
    console().print(table)


@app.command(help=_("Show a session's header and its events (withdrawn ones are marked)."))
def show(
    session_id: str = typer.Argument(..., metavar="ID", help=_("Session id or a unique prefix."),
                              autocompletion=complete_id),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.exporting import session_json
    from referee.results.export import withdrawn

    with store().open(session_id) as session:
        if as_json:
            print_json(session_json(session))
            return
        h = session.header
        console().print(_("Session {id}: {game} ({edition}), started {started}", id=shown(h.id),
                          game=shown(h.game), edition=shown(h.edition),
                          started=shown(h.started_at[:16])), markup=False)
        console().print(_("Players in seat order: {players}; start player: {start}",
                          players=shown(", ".join(h.player_names)),
                          start=shown(h.start_player)), markup=False)
        gone = withdrawn(session)
        for e in session.events:
            mark = _(" (withdrawn)") if e.seq in gone else ""
            console().print(f"{e.seq:>5} {shown(e.actor):<10} {shown(e.type):<18} "
                            f"{shown(e.source):<10}{mark}", markup=False)


@app.command(help=_("Export a session: all of it as JSON, its results table as CSV, or a BG "
                    "Stats play as a link and a QR code."))
def export(
    session_id: str = typer.Argument(..., metavar="ID", help=_("Session id or a unique prefix."),
                              autocompletion=complete_id),
    fmt: ExportFormat = typer.Option(ExportFormat.json, "--format", help=_(
        "json, csv, excel (CSV as spreadsheet programs open it) or bgstats (a BG Stats "
        "play).")),
    output: Path | None = typer.Option(None, "--output", "-o", help=_(
        "Write to this file instead of stdout ('-' is stdout).")),
    qr: bool | None = typer.Option(None, "--qr/--no-qr", help=_(
        "bgstats: show the link as a QR code (default: when the output is a terminal).")),
    qr_file: Path | None = typer.Option(None, "--qr-file", help=_(
        "bgstats: also save the QR code as an image (.svg or .png).")),
    qr_open: bool = typer.Option(False, "--qr-open", help=_(
        "bgstats: open the QR code as an image in the system's viewer (for a terminal too "
        "narrow to draw it).")),
    location: str | None = typer.Option(None, "--location", help=_(
        "bgstats: where it was played (remembered as the default from now on).")),
    comments: str | None = typer.Option(None, "--comments", help=_(
        "bgstats: a comment sent with the play.")),
    as_json: bool = typer.Option(False, "--json", help=_(
        "bgstats: print the link and the play as JSON.")),
) -> None:
    from referee.cli import exporting

    if fmt is not ExportFormat.bgstats:
        exporting.only_for_bgstats({"--json": as_json, "--qr/--no-qr": qr,
                                    "--qr-file": qr_file, "--qr-open": qr_open,
                                    "--location": location, "--comments": comments})
    with store().open(session_id) as session:
        if fmt is ExportFormat.bgstats:
            exporting.bgstats(session, output, exporting.Play(qr, qr_file, qr_open, location,
                                                              comments), as_json)
            return
        text = exporting.document(session, fmt.value)
    exporting.emit(text, output)


@app.command(help=_("Withdraw the last entries. Nothing is erased: the undo itself is logged."))
def undo(
    session_id: str = typer.Argument(..., metavar="ID", help=_("Session id or a unique prefix."),
                              autocompletion=complete_id),
    count: int = typer.Option(1, "--count", "-n", min=1, help=_("How many entries to undo.")),
    reason: str | None = typer.Option(None, help=_("Why (kept in the audit trail).")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    with store().open(session_id, write=True) as session:
        event = session.undo(count, reason=reason)
    if as_json:
        print_json(event.to_json())
    else:
        console().print(_("Withdrew events {seqs}.",
                          seqs=", ".join(map(str, event.payload["withdraws"]))))


@app.command(help=_("Recover a damaged session from its valid part or its backup."))
def repair(
    session_id: str = typer.Argument(..., metavar="ID", help=_("Session id or a unique prefix."),
                              autocompletion=complete_id),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    report = store().repair(session_id)
    if as_json:
        print_json(report)
        return
    console().print(repair_text(report), markup=False)


def repair_text(report: dict[str, Any]) -> str:
    """What ``sessions repair`` did, in words: never that everything was kept when a line
    was left out."""
    action = report["action"]
    if action == "none":
        return _("Nothing to repair: the session file is intact.")
    if action == "dropped_unfinished_write":
        return _("Dropped an unfinished write: a last line that was never saved whole in "
                 "either copy. Every saved entry is kept.")
    counts = {"records": report["records"], "entries": report["entries"]}
    parts = [{
        "restored_backup": _("Restored the session from its backup: {records} records, "
                             "{entries} entries.", **counts),
        "kept_valid_part": _("Kept the valid part of the session file: {records} records, "
                             "{entries} entries.", **counts),
        "merged": _("Rebuilt the session from the lines of the file and of its backup that "
                    "pass their checks: {records} records, {entries} entries.", **counts),
    }[action]]
    if report["dropped_lines"]:
        parts.append(_("Left out line(s) {lines}: no copy holds them intact.",
                       lines=", ".join(map(str, report["dropped_lines"]))))
    if report["unfinished_write"]:
        parts.append(_("Also left out an unfinished last write that no copy holds whole."))
    if report["damaged_copy"]:
        parts.append(_("The damaged file was saved as {copy}.", copy=report["damaged_copy"]))
    if report["damaged_backup"]:
        parts.append(_("The old backup was saved as {copy}.", copy=report["damaged_backup"]))
    return " ".join(parts)


@app.command(help=_("Move every session of FOLDER (e.g. the ./sessions of older versions) "
                    "into the sessions folder."))
def move(
    folder: Path = typer.Argument(..., metavar="FOLDER", help=_("Folder holding sessions.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.legacy import move_all, moved_text

    if not folder.is_dir():
        from referee.errors import InputError
        from referee.i18n import N_

        raise InputError(N_("No folder {path}."), path=str(folder))
    report = move_all(folder, settings().sessions_dir)
    if as_json:
        print_json({**report, "to": str(settings().sessions_dir)})
    else:
        console().print(moved_text(report), markup=False)


@app.command(help=_("Delete a session and its backup."))
def delete(
    session_id: str = typer.Argument(..., metavar="ID", help=_("Session id or a unique prefix."),
                              autocompletion=complete_id),
    yes: bool = typer.Option(False, "--yes", "-y", help=_("Do not ask for confirmation.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.prompter import make_prompter

    target = store().find(session_id)
    if not yes:
        prompter = make_prompter(_("add --yes to delete without confirmation."))
        if not prompter.confirm(_("Delete session {id}? This cannot be undone.", id=target)):
            if as_json:
                print_json({"deleted": None})
            else:
                console().print(_("Nothing deleted."))
            return
    from referee.table import checkpoint

    store().delete(target)
    checkpoint.path_of(store().path(target)).unlink(missing_ok=True)  # derived from it
    if as_json:
        print_json({"deleted": target})
    else:
        console().print(_("Deleted session {id}.", id=target))
