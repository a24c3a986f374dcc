"""``referee trajan``: the command table, and Trajan's own commands (``new`` with its setup,
``score``, ``simulate``); the shared table commands are ``referee.cli.table``'s and the
``check`` calculators are in ``ui/check.py``.

Engines, TinyDB and questionary are imported inside the commands so ``referee --help`` stays
fast. Every prompt has a flag equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

from pathlib import Path

import typer

from referee.cli.options import BOARD_HELP, JSON_HELP, NEW_JSON_HELP
from referee.cli.registry import Command, table_commands
from referee.cli.results import DATE_OPTION, IRREGULAR_OPTION, MINUTES_OPTION, SAVE_OPTION
from referee.i18n import N_, translator
from referee.trajan import DOMAIN

_ = translator(DOMAIN)

CHECK = "referee.trajan.ui.check"
#: ``referee trajan …``, in the order the help lists them (see referee.cli.registry)
COMMANDS = {
    "new": Command("referee.trajan.cli:new", N_(
        "Start a new game and play it with the referee's guidance: setup step by step, then "
        "turn by turn to the final score."), DOMAIN),
    **table_commands("referee.trajan.ui.table:TRAJAN"),
    "score": Command("referee.trajan.cli:score", N_(
        "Final scoring: totals, breakdown by category and ranking."), DOMAIN),
    "check": Command(f"{CHECK}:app", N_(
        "Rule calculators: quarter end, sowing, ships, construction and military."), DOMAIN),
    "simulate": Command("referee.trajan.cli:simulate", N_(
        "Play random legal games to the end and check every piece is accounted for after "
        "each entry."), DOMAIN),
    # the calculators' names before they were gathered under ``check``
    **{name: command._replace(hidden=True) for name, command in {
        "quarter-end": Command(f"{CHECK}:quarter_end", N_(
            "Quarter end: demands, penalties, senate vote, consuls, new senate stack and the "
            "board refresh checklist."), DOMAIN),
        "sow": Command(f"{CHECK}:sow", N_(
            "Sowing: where the markers go, the action, the time marker and the Trajan tile; "
            "or, with --reach, which trays lead to an action."), DOMAIN),
        "ship": Command(f"{CHECK}:ship", N_(
            "Seaport: check a set of commodity cards against each ship and side."), DOMAIN),
        "build": Command(f"{CHECK}:build", N_(
            "Construction: legal cells for your next worker, or what placing it there gives."),
            DOMAIN),
        "military": Command(f"{CHECK}:military", N_(
            "Military: leader moves and legionary points."), DOMAIN),
    }.items()},
}

INPUT_HELP = _("Read the answers from this JSON file instead of asking.")


def new(
    player: list[str] = typer.Option([], "--player", help=_("NAME or NAME:COLOUR, once per "
                                                            "player in seat order.")),
    start: str | None = typer.Option(None, "--start", help=_("The start player (default: the "
                                                             "first).")),
    deal: str | None = typer.Option(None, "--deal", help=_(
        "virtual (the default): the referee draws tiles and cards; table: you draw from the "
        "box and enter what came out.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed of the referee's draws (virtual deal).")),
    lap: int | None = typer.Option(None, "--lap", help=_(
        "Spaces on your board's time track for this player count (default: the data file, "
        "unconfirmed).")),
    no_play: bool = typer.Option(False, "--no-play", help=_("Only create the session.")),
    as_json: bool = typer.Option(False, "--json", help=NEW_JSON_HELP),
    board: bool = typer.Option(False, "--board", help=BOARD_HELP),
) -> None:
    from referee.cli.table import start_game
    from referee.trajan.setup import Setup
    from referee.trajan.ui.table import TRAJAN

    if not player:
        from referee.terminal.prompter import make_prompter
        from referee.trajan.ui.forms import ask, new_game

        players, start, deal = ask(make_prompter(_("give --player NAME for each player")),
                                   lambda: new_game(start, deal))
        player = list(players)
    names, colours = [], {}
    for item in player:
        name, _sep, colour = item.partition(":")
        names.append(name.strip())
        colours[name.strip()] = colour.strip() or None
    setup = Setup.create(names, start, deal=deal or "virtual", seed=seed, lap=lap)
    start_game(TRAJAN, setup, colours, {}, no_play, as_json, board)


def simulate(
    players: int = typer.Option(4, "--players", min=2, max=4, help=_("Players per game (2–4).")),
    games: int = typer.Option(10, "--games", min=1, help=_("How many games to play.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed: the same seed plays the same games.")),
    deal: str = typer.Option("virtual", "--deal", help=_("virtual or table.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print machine-readable JSON.")),
) -> None:
    from referee.terminal.output import console, print_json
    from referee.trajan.setup import Setup
    from referee.trajan.simulate import random_game

    Setup.create(["A", "B"], deal=deal)  # refuses an unknown deal in the usual words
    runs = [random_game(players, seed + n, deal, eager=0.9) for n in range(games)]
    examples = [v for r in runs for v in r.violations][:5]
    summary = {"games": games, "players": players, "deal": deal,
               "entries": sum(r.entries for r in runs),
               "finished": sum(r.game.pending() is None for r in runs),
               "invariant_violations": sum(len(r.violations) for r in runs),
               "violation_examples": examples}
    if as_json:
        print_json(summary)
    else:
        console().print(_("{games} games ({players} players), {entries} entries, {finished} "
                          "finished, {violations} invariant violations", games=games,
                          players=players, entries=summary["entries"],
                          finished=summary["finished"],
                          violations=summary["invariant_violations"]), markup=False)
        for example in examples:
            console().print(f"  {example}", markup=False)
    if summary["invariant_violations"]:
        raise typer.Exit(1)


def score(
    input: Path | None = typer.Option(None, "--input", help=INPUT_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    explain: bool = typer.Option(False, "--explain", help=_("Show how every line was scored.")),
    save: bool = SAVE_OPTION,
    day: str | None = DATE_OPTION,
    minutes: int | None = MINUTES_OPTION,
    irregular: bool = IRREGULAR_OPTION,
) -> None:
    from referee.cli.results import parse_day, report_score
    from referee.trajan import DEFAULT_EDITION, holdings, scoring

    played = parse_day(day)
    doc = _score_doc(input)
    players, found = holdings.read(doc, irregular)
    result = scoring.score(players)
    shared = scoring.outcome(result, players, DEFAULT_EDITION)

    def print_sheet() -> None:  # the views bring the wheel, quarter and turn: not for --json
        from referee.trajan.ui import views

        views.final_score(result, explain)

    report_score(shared, doc, found, as_json=as_json, sheet_json=result.to_json,
                 print_sheet=print_sheet, save=save, day=played, minutes=minutes)


def _score_doc(path: Path | None) -> dict:
    """The players' end-of-game holdings: from --input, or asked at the terminal."""
    from referee.data import read_json

    if path is not None:
        return read_json(path)
    from referee.terminal.prompter import make_prompter
    from referee.trajan.ui import forms

    return forms.score_doc(make_prompter(_("use --input FILE.json")))
