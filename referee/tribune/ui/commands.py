"""Thin Typer commands for Tribune at the table; ``register`` adds them to the Tribune app.

Engines, TinyDB and questionary are imported inside the commands so ``referee --help``
stays fast. Every prompt has a flag or file equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

from pathlib import Path

import typer

from referee.cli.sessions import complete_id
from referee.i18n import translator
from referee.tribune.ui.check_commands import EDITION_OPTION, Edition, check_app

_ = translator("tribune")
ui_app = typer.Typer()

JSON_HELP = _("Print machine-readable JSON.")
ID_HELP = _("Session id or a unique prefix (default: the latest Tribune session).")
ID_ARG = typer.Argument(None, metavar="[ID]", help=ID_HELP, autocompletion=complete_id)


def register(app: typer.Typer) -> None:
    app.registered_commands.extend(ui_app.registered_commands)
    app.add_typer(check_app, name="check")


def _store():
    from referee.cli.sessions import store

    return store()


def _session_id(ref: str | None) -> str:
    from referee.i18n import N_
    from referee.tribune.errors import TribuneInputError

    store = _store()
    if ref is not None:
        return store.find(ref)
    latest = store.latest("tribune")
    if latest is None:
        raise TribuneInputError(N_("No Tribune session yet; start one with: referee tribune new"))
    return latest


def _play(session) -> None:
    from referee.cli.prompter import make_prompter
    from referee.tribune.ui import session_io
    from referee.tribune.ui.guided import Guide

    game = session_io.load(session)
    prompter = make_prompter(_("enter answers with: referee tribune enter {id} --json '{{...}}'",
                               id=session.id))
    Guide(session, game, prompter).run()


@ui_app.command(help=_("Start a new game and play it with the referee's guidance."))
def new(
    player: list[str] = typer.Option([], "--player", help=_("NAME or NAME:COLOUR, once per "
                                                            "player in seat order.")),
    start: str | None = typer.Option(None, "--start", help=_("The start player.")),
    edition: Edition | None = typer.Option(None, "--edition",
                                           help=_("Rules edition: ffg or heidelberger.")),
    victory: str | None = typer.Option(None, "--victory",
                                       help=_("A saved card's key, or a JSON file with the card.")),
    points_variant: bool = typer.Option(False, "--points-variant",
                                        help=_("Play the point-value variant (no victory card).")),
    deck: str | None = typer.Option(None, "--deck", help=_("table or virtual.")),
    thermae: int | None = typer.Option(None, "--thermae", help=_("Card fields of the Thermae "
                                                                 "on your board (2 or 3).")),
    setting: list[str] = typer.Option([], "--setting", help=_("KEY=VALUE board reading "
                                                              "(JSON value), repeatable.")),
    seed: int | None = typer.Option(None, "--seed", help=_("Shuffle seed for the virtual deck.")),
    bids: str | None = typer.Option(None, "--bids", help=_("hidden or open.")),
    no_play: bool = typer.Option(False, "--no-play", help=_("Only create the session.")),
) -> None:
    from referee.cli.output import console, is_interactive
    from referee.cli.prompter import make_prompter
    from referee.tribune.ui import session_io, setup_flow
    from referee.tribune.ui.flags import answers_from_flags

    answers = answers_from_flags(player, start, edition.value if edition else None, victory,
                                 points_variant, deck, thermae, setting, seed, bids)
    if not answers.complete:
        prompter = make_prompter(_("give --player (each), --edition, --victory or "
                                   "--points-variant, --deck and --thermae"))
        answers = setup_flow.ask(prompter, answers)
    setup, colours, ui = setup_flow.build(answers)
    session, game = session_io.create(_store(), setup, colours, ui)
    with session:
        console().print(_("New session {id}.", id=session.id), style="bold")
        if no_play or not is_interactive():
            console().print(_("Enter answers with: referee tribune enter {id} --json '{{...}}'",
                              id=session.id))
            return
        from referee.tribune.ui.guided import Guide

        Guide(session, game, make_prompter("")).run()


@ui_app.command(help=_("Continue a saved game at the question where it stopped."))
def resume(session_id: str | None = ID_ARG) -> None:
    with _store().open(_session_id(session_id), write=True) as session:
        _play(session)


@ui_app.command(help=_("The board at a glance: money, hands, tiles, control, victory goals."))
def status(
    session_id: str | None = ID_ARG,
    hand: str | None = typer.Option(None, "--hand", metavar="PLAYER",
                                    help=_("Also show this player's hand (virtual deck).")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui import session_io
    from referee.tribune.ui.board import board, status_json

    with _store().open(_session_id(session_id)) as session:
        game = session_io.load(session)
        colours = {p.name: p.colour for p in session.header.players}
    if as_json:
        print_json({"id": session.id, **status_json(game)})
        return
    console().print(board(game, colours, hand))
    if game.result is not None:
        from referee.tribune.ui.score import print_result

        print_result(game.result.scores, game.setup.edition)


@ui_app.command(help=_("Every entry and ruling so far, one line each, with its rule."))
def log(
    session_id: str | None = ID_ARG,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui.history import log_lines

    with _store().open(_session_id(session_id)) as session:
        lines = log_lines(session)
    if as_json:
        print_json(lines)
        return
    for line in lines:
        indent = "" if line["source"] == "entered" else "    "
        console().print(f"{line['seq']:>5} {indent}{line['text']}", markup=False)


@ui_app.command(help=_("Why an entry was accepted or a ruling made: rule, edition, and what "
                       "the other edition would rule."))
def explain(
    args: list[str] = typer.Argument(..., metavar="[ID] EVENT",
                                     help=_("EVENT is a number shown by 'log', or a "
                                            "proposed entry as JSON.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui.history import explain_event

    ref, event = (args[0], args[1]) if len(args) > 1 else (None, args[0])
    with _store().open(_session_id(ref)) as session:
        report = explain_event(session, event)
    if as_json:
        print_json(report)
        return
    for line in report["lines"]:
        console().print(line, markup=False)


@ui_app.command(help=_("Record entries without prompts (JSON action, or a list of them)."))
def enter(
    session_id: str | None = ID_ARG,
    entry: str | None = typer.Option(None, "--entry", metavar="JSON",
                                     help=_("The entry as JSON, e.g. "
                                            "'{\"type\": \"pass\", \"player\": \"Ann\"}'.")),
    file: Path | None = typer.Option(None, "--file", help=_("A JSON file with the entries.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui import session_io
    from referee.tribune.ui.board import status_json
    from referee.tribune.ui.render import ruling_line
    from referee.tribune.ui.scenario import parse_entries

    with _store().open(_session_id(session_id), write=True) as session:
        game = session_io.load(session)
        actions = parse_entries(entry, file)
        rulings = session_io.apply_all(session, game, actions)
        if as_json:
            print_json({"rulings": [{**r.to_json(), "text": ruling_line(r)} for r in rulings],
                        **status_json(game)})
            return
        for ruling in rulings:
            console().print(ruling_line(ruling), markup=False)
        _next(game)


def _next(game) -> None:
    from referee.cli.output import console
    from referee.tribune.ui.questions import prompt_text

    if game.pending() is not None:
        console().print(_("Next: {question}", question=prompt_text(game)), markup=False)
    elif game.result is not None:
        from referee.tribune.ui.score import print_result

        print_result(game.result.scores, game.setup.edition)


@ui_app.command(help=_("Withdraw the entries of a session from the first one that no longer "
                       "replays (after a hand edit); they stay in the file, marked withdrawn."))
def repair(
    session_id: str | None = ID_ARG,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui import session_io

    with _store().open(_session_id(session_id), write=True) as session:
        report = session_io.repair(session)
    if as_json:
        print_json(report)
    elif report["action"] == "none":
        console().print(_("Nothing to repair: every entry replays."))
    else:
        console().print(_("Event {seq} could not be replayed ({reason}). Withdrew it and the "
                          "entries after it ({entries} in all); they stay in the file, marked "
                          "withdrawn.", seq=report["event"], reason=report["reason"],
                          entries=report["entries"]), markup=False)


@ui_app.command(help=_("Run a scenario file through the referee; stops at the first illegal "
                       "entry."))
def replay(
    file: Path = typer.Argument(..., metavar="FILE"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    save: bool = typer.Option(False, "--save", help=_("Also save it as a session.")),
) -> None:
    from referee.tribune.ui.scenario import run_command

    run_command(file, as_json, _store() if save else None)


@ui_app.command(help=_("Final score: the point table and the ranking, qualifiers first."))
def score(
    input: Path | None = typer.Option(None, "--input", help=_("Read the players from this JSON "
                                                              "file instead of asking.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    edition: Edition = EDITION_OPTION,
) -> None:
    from referee.cli.output import print_json
    from referee.tribune.scoring import rank
    from referee.tribune.ui import score as scores

    if input is not None:
        entries = scores.read_entries(input)
    else:
        from referee.cli.prompter import make_prompter

        prompter = make_prompter(_("use --input FILE.json"))
        entries = scores.ask_entries(prompter, scores.ask_names(prompter), edition.value)
    if as_json:
        print_json(scores.result_json(entries))
    else:
        scores.print_result(rank(entries), edition.value)


@ui_app.command(help=_("The project's short summary of a rule, in both editions."))
def rules(
    topic: str | None = typer.Argument(None, metavar="[TOPIC]"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.tribune.ui.history import print_topic

    print_topic(topic, as_json)
