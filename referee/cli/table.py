"""The table commands every guided game has: ``resume``, ``status``, ``log``, ``explain``,
``undo``, ``enter``, ``repair`` and ``replay``.

Each function here takes a game's :class:`TableGame` and gives that game's command; a game's
command table lists them (``referee.cli.registry.table_commands``) and a run builds only the
one it names. A game writes its own ``new`` (its setup flags and questions) and ends it with
:func:`start_game`. TinyDB, questionary and the cores are imported inside the commands so
``referee --help`` stays fast. Every prompt has a flag or file equivalent; nothing prompts off
a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.options import BOARD_HELP, JSON_HELP
from referee.cli.results import COMMENTS_OPTION, DATE_OPTION, LOCATION_OPTION, MINUTES_OPTION
from referee.i18n import translator
from referee.settings import complete_id, store

if TYPE_CHECKING:  # handed in by the command table; a game's own commands import this module
    from referee.table.game import TableGame

_ = translator("core")



def session_id(table: TableGame, prefix: str | None) -> str:
    """The session whose id starts with ``prefix``, or the game's session written last
    (and then the command says which, on standard error, once it has succeeded)."""
    from referee.errors import InputError
    from referee.i18n import N_

    found = store()
    if prefix is not None:
        return found.find(prefix)
    latest = found.latest(table.name)
    if latest is None:
        raise InputError(N_("No {game} session yet; start one with: referee {name} new"),
                         game=table.title, name=table.name)
    from referee.store import notices

    notices.tell(notices.USED_LATEST, on_success=True, id=latest, game=table.title)
    return latest


def enter_hint(table: TableGame, session_id: str) -> str:
    return _("Enter answers with: referee {game} enter {id} --entry '{{...}}'",
             game=table.name, id=session_id)


def start_game(table: TableGame, setup: Any, colours: dict[str, str | None],
               ui: dict[str, Any], no_play: bool, as_json: bool = False,
               board: bool = False) -> None:
    """The end of a game's ``new``: create the session, then play it at a terminal (with
    ``as_json``, print the new session as ``status --json`` shows it instead); ``board``:
    with the board page served beside it."""
    from referee.i18n import current_language
    from referee.table import session as sessions
    from referee.terminal.output import console, is_interactive, print_json

    # The game keeps the language it was started in: resume speaks it unless --lang says.
    ui = {"lang": current_language(), **ui}
    session, game = sessions.create(table, store(), setup, colours, ui)
    with session:
        if as_json:
            print_json({"id": session.id, **table.status_json(game)})
            return
        console().print(_("New session {id}.", id=session.id), style="bold")
        if no_play or not is_interactive():
            console().print(enter_hint(table, session.id), markup=False)
            if board:
                console().print(board_hint(session.id), markup=False)
            return
        _play(table, session, game, board)


def _read(table: TableGame, sid: str) -> tuple[Any, dict[str, str | None]]:
    """The game and the players' colours, for reading: from the checkpoint when it matches
    the journal, else by replay (which keeps a new checkpoint). What follows speaks the
    session's language (:func:`_speak`)."""
    from referee.table import checkpoint

    kept = checkpoint.load(table, store().path(sid))
    if kept is not None:
        _speak(kept.language)
        return kept.game, kept.colours
    from referee.table import session as sessions  # the replay, only where no checkpoint fits

    with store().open(sid) as session:
        _speak_its_language(session)
        game = sessions.load(table, session)
        colours = _colours(session)
        checkpoint.save(table, session, game, colours)
    return game, colours


def _colours(session: Any) -> dict[str, str | None]:
    return {p.name: p.colour for p in session.header.players}


def _speak_its_language(session: Any) -> None:
    """Speak the language the game was started in (:func:`_speak`)."""
    from referee.table.session import ui_options

    _speak(ui_options(session).get("lang"))


def _speak(started_in: str | None) -> None:
    """Every command run on a session speaks the language it was started in, unless this
    run asks for one: ``--lang``, then ``REFEREE_LANG``, win over the session's language,
    which wins over the locale (``LANGUAGE``, ``LC_ALL``, ``LANG``): the table chose it,
    the machine's locale did not (docs/glossary.md)."""
    from referee.i18n import LANGUAGES, language_explicit, set_language

    if not language_explicit() and started_in in LANGUAGES:
        set_language(started_in)


def board_hint(session_id: str) -> str:
    return _("Serve its board page with: referee board {id}", id=session_id)


def board_option() -> Any:
    return typer.Option(False, "--board", help=BOARD_HELP)


def _play(table: TableGame, session: Any, game: Any, board: bool = False) -> None:
    from referee.table.guide import Guide
    from referee.terminal.prompter import make_prompter

    prompter = make_prompter(enter_hint(table, session.id))
    beside = None
    if board:  # its own process: the guided game's terminal and language stay its own
        from referee.board.beside import start as start_board

        beside = start_board(session.id)
    try:
        Guide(table, session, game, prompter, finished=_after_game).run()
    finally:
        if beside is not None:
            from referee.board.beside import stop

            stop(beside)


def _after_game(session: Any) -> None:
    """The end of a guided game, after its score: the time it took, how to send it on."""
    from referee.cli.exporting import after_game
    from referee.cli.results import print_times

    print_times(session)
    after_game(session)


def _id_arg(table: TableGame) -> Any:
    return typer.Argument(None, metavar="[ID]", autocompletion=complete_id, help=_(
        "Session id or a unique prefix (default: the {game} session written last).",
        game=table.title))


def resume(table: TableGame) -> Callable[..., None]:
    def resume(
        prefix: str | None = _id_arg(table),
        as_json: bool = typer.Option(False, "--json", help=_(
            "Print where the game stands (as status --json) instead of asking.")),
        board: bool = board_option(),
    ) -> None:
        from referee.table import checkpoint
        from referee.table import session as sessions
        from referee.terminal.output import print_json

        with store().open(session_id(table, prefix), write=not as_json) as session:
            game = sessions.load(table, session, kept=checkpoint.kept(table, session))
            if as_json:
                print_json({"id": session.id, **table.status_json(game)})
                return
            _speak_its_language(session)
            _play(table, session, game, board)

    return resume


def status(table: TableGame) -> Callable[..., None]:
    def status(
        prefix: str | None = _id_arg(table),
        hand: str | None = typer.Option(None, "--hand", metavar="PLAYER",
                                        help=_("Also show this player's hand (when the "
                                               "referee holds the cards).")),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.terminal.output import print_json

        sid = session_id(table, prefix)
        game, colours = _read(table, sid)
        if as_json:
            print_json({"id": sid, **table.status_json(game)})
            return
        table.print_status(game, colours, hand)
        if table.outcome(game) is not None:
            from referee.cli.results import print_times

            table.print_result(game)
            with store().open(sid) as session:
                print_times(session)

    return status


def log(table: TableGame) -> Callable[..., None]:
    def log(
        prefix: str | None = _id_arg(table),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.table.history import log_lines
        from referee.terminal.output import print_json, print_line

        with store().open(session_id(table, prefix)) as session:
            _speak_its_language(session)
            lines = log_lines(table, session)
        if as_json:
            print_json(lines)
            return
        for line in lines:
            indent = "" if line["source"] == "entered" else "    "
            print_line(f"{line['seq']:>5} {indent}{line['text']}")

    return log


def explain(table: TableGame) -> Callable[..., None]:
    def explain(
        args: list[str] = typer.Argument(..., metavar="[ID] EVENT",
                                         help=_("EVENT is a number shown by 'log', or a "
                                                "proposed entry as JSON.")),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.table.history import explain_event
        from referee.terminal.output import print_json, print_line

        prefix, event = (args[0], args[1]) if len(args) > 1 else (None, args[0])
        with store().open(session_id(table, prefix)) as session:
            _speak_its_language(session)
            report = explain_event(table, session, event)
        if as_json:
            print_json(report)
            return
        for line in report["lines"]:
            print_line(line)

    return explain


def undo(table: TableGame) -> Callable[..., None]:
    def undo(
        prefix: str | None = _id_arg(table),
        count: int = typer.Option(1, "--count", "-n", min=1,
                                  help=_("How many entries to undo.")),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.table import hidden
        from referee.table import session as sessions
        from referee.table.history import sealed_in
        from referee.terminal.output import print_json, print_line

        with store().open(session_id(table, prefix), write=True) as session:
            _speak_its_language(session)
            withdrawn = session.entries()[-count:]
            sealed = sealed_in(table, session)  # as they stood: shown as the log showed them
            event = session.undo(count, reason="undo")
            game = sessions.load(table, session)
        if as_json:
            print_json({"id": session.id, "undo": event.to_json(), **table.status_json(game)})
            return
        for entry in withdrawn:
            print_line(_("Took back: {entry}", entry=hidden.described(
                table, entry, game.setup.edition, sealed)))
        _next(table, game)

    return undo


def enter(table: TableGame) -> Callable[..., None]:
    def enter(
        prefix: str | None = _id_arg(table),
        entry: str | None = typer.Option(None, "--entry", metavar="JSON",
                                         help=_("The entry as JSON, e.g. "
                                                "'{\"type\": \"pass\", \"player\": \"Ann\"}'.")),
        file: Path | None = typer.Option(None, "--file",
                                         help=_("A JSON file with the entries.")),
        key: str | None = typer.Option(None, "--key", metavar="KEY",
                                       help=_("An idempotency key: sending the same entry "
                                              "again with the same key records it once.")),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.store.keys import check_key
        from referee.table import checkpoint
        from referee.table import session as sessions
        from referee.table.scenario import parse_entries
        from referee.terminal.output import print_json, print_line

        with store().open(session_id(table, prefix), write=True) as session:
            _speak_its_language(session)
            game = sessions.load(table, session, kept=checkpoint.kept(table, session))
            entries = parse_entries(table, entry, file)
            done = session.recorded(check_key(key)) if key is not None else None
            if done is not None:  # a retry of a submission already recorded
                if as_json:
                    print_json({"rulings": [], "already_recorded": done.seq,
                                **table.status_json(game)})
                else:
                    print_line(_("Already recorded as event {seq} (key {key}); nothing added.",
                                 seq=done.seq, key=key))
                return
            rulings = sessions.apply_all(table, session, game, entries, key=key)
            checkpoint.save(table, session, game, _colours(session))
            if as_json:
                print_json({"rulings": [{**r.to_json(), "text": table.ruling_line(r)}
                                        for r in rulings], **table.status_json(game)})
                return
            for ruling in rulings:
                print_line(table.ruling_line(ruling))
            _next(table, game)

    return enter


def repair(table: TableGame) -> Callable[..., None]:
    def repair(
        prefix: str | None = _id_arg(table),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        from referee.table import session as sessions
        from referee.terminal.output import print_json, print_line

        with store().open(session_id(table, prefix), write=True) as session:
            _speak_its_language(session)
            report = sessions.repair(table, session)
        if as_json:
            print_json(report)
        elif report["action"] == "none":
            print_line(_("Nothing to repair: every entry replays."))
        else:
            print_line(_("Event {seq} could not be replayed ({reason}). Withdrew the "
                         "entries that no longer replay ({entries} in all) and kept the "
                         "{kept} that do; the withdrawn ones stay in the file, marked "
                         "withdrawn.", seq=report["event"], reason=report["reason"],
                         entries=report["entries"], kept=report["kept"]))

    return repair


def replay(table: TableGame) -> Callable[..., None]:
    def replay(
        file: Path = typer.Argument(..., metavar="FILE"),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
        save: bool = typer.Option(False, "--save", help=_("Also save it as a session.")),
        day: str | None = DATE_OPTION,
        minutes: int | None = MINUTES_OPTION,
        location: str | None = LOCATION_OPTION,
        comments: str | None = COMMENTS_OPTION,
    ) -> None:
        from referee.cli.results import replay_facts
        from referee.table.scenario import run_command

        facts = replay_facts(save, day, minutes, location, comments)
        run_command(table, file, as_json, store() if save else None, facts)

    return replay


def _next(table: TableGame, game: Any) -> None:
    from referee.terminal.output import print_line

    question = game.pending()
    if question is not None:
        print_line(_("Next: {question}", question=table.question_text(question)))
    elif table.outcome(game) is not None:
        table.print_result(game)
