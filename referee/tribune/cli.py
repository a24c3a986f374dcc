"""``referee tribune``: the command table, and Tribune's own commands (``new`` with its setup,
``score``, ``rules``, ``simulate``); the shared table commands are ``referee.cli.table``'s and
the ``check`` calculators are in ``ui/check.py``.

Engines, TinyDB and questionary are imported inside the commands so ``referee --help``
stays fast. Every prompt has a flag or file equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

from pathlib import Path

import typer

from referee.cli.options import BOARD_HELP, NEW_JSON_HELP
from referee.cli.registry import Command, table_commands
from referee.cli.results import DATE_OPTION, IRREGULAR_OPTION, MINUTES_OPTION, SAVE_OPTION
from referee.i18n import N_, translator
from referee.tribune import DOMAIN
from referee.tribune.ui.options import EDITION_HELP, EDITION_OPTION, JSON_HELP, Edition

_ = translator(DOMAIN)

#: ``referee tribune …``, in the order the help lists them (see referee.cli.registry)
COMMANDS = {
    "new": Command("referee.tribune.cli:new", N_(
        "Start a new game and play it with the referee's guidance."), DOMAIN),
    **table_commands("referee.tribune.ui.table:TRIBUNE"),
    "score": Command("referee.tribune.cli:score", N_(
        "Final score: the point table and the ranking, qualifiers first."), DOMAIN),
    "check": Command("referee.tribune.ui.check:app", N_(
        "Settle a rules argument without a session."), DOMAIN),
    "rules": Command("referee.tribune.cli:rules", N_(
        "The project's short summary of a rule, in both editions."), DOMAIN),
    "simulate": Command("referee.tribune.cli:simulate", N_(
        "Play random legal games to the end and check the invariants after every entry."),
        DOMAIN),
}

_BOTH = "both"


def new(
    player: list[str] = typer.Option([], "--player", help=_("NAME or NAME:COLOUR, once per "
                                                            "player in seat order.")),
    start: str | None = typer.Option(None, "--start", help=_("The start player.")),
    edition: Edition | None = typer.Option(None, "--edition", help=EDITION_HELP),
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
    as_json: bool = typer.Option(False, "--json", help=NEW_JSON_HELP),
    board: bool = typer.Option(False, "--board", help=BOARD_HELP),
) -> None:
    from referee.cli.table import start_game
    from referee.terminal.prompter import make_prompter
    from referee.tribune.ui import setup_flow
    from referee.tribune.ui.flags import answers_from_flags
    from referee.tribune.ui.table import TRIBUNE

    answers = answers_from_flags(player, start, edition.value if edition else None, victory,
                                 points_variant, deck, thermae, setting, seed, bids)
    if not answers.complete:
        prompter = make_prompter(_("give --player (each), --edition, --victory or "
                                   "--points-variant, --deck and --thermae"))
        answers = setup_flow.ask(prompter, answers)
    setup, colours, ui = setup_flow.build(answers)
    start_game(TRIBUNE, setup, colours, ui, no_play, as_json, board)


def score(
    input: Path | None = typer.Option(None, "--input", help=_("Read the players from this JSON "
                                                              "file instead of asking.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    edition: Edition = EDITION_OPTION,
    save: bool = SAVE_OPTION,
    day: str | None = DATE_OPTION,
    minutes: int | None = MINUTES_OPTION,
    irregular: bool = IRREGULAR_OPTION,
) -> None:
    from referee.cli.results import parse_day, report_score
    from referee.irregular import settle
    from referee.tribune.scoring import end_problems, outcome, rank
    from referee.tribune.ui import score as scores

    played = parse_day(day)
    if input is not None:
        entries = scores.read_entries(input)
    else:
        from referee.terminal.prompter import make_prompter

        prompter = make_prompter(_("use --input FILE.json"))
        entries = scores.ask_entries(prompter, edition.value)
    found = settle(end_problems(entries, edition.value), irregular)
    ranked = rank(entries, edition.value, irregular)
    seats = [str(e.get("name", "")).strip() for e in entries]
    shared = outcome(ranked, seats, edition.value)
    report_score(shared, entries, found, as_json=as_json,
                 sheet_json=lambda: scores.result_json(entries, edition.value, irregular),
                 print_sheet=lambda: scores.print_result(ranked, edition.value),
                 save=save, day=played, minutes=minutes)


def rules(
    topic: str | None = typer.Argument(None, metavar="[TOPIC]"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.tribune.ui.editions import print_topic

    print_topic(topic, as_json)


def simulate(
    players: int = typer.Option(4, "--players", min=2, max=5, help=_("Players per game (2–5).")),
    games: int = typer.Option(10, "--games", min=1, help=_("How many games to play.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed: the same seed plays the same games.")),
    mode: str = typer.Option(_BOTH, "--mode", help=_("Deck mode: table, virtual or both.")),
    edition: str = typer.Option(_BOTH, "--edition",
                                help=_("Edition: ffg, heidelberger or both.")),
    variant: str = typer.Option(_BOTH, "--variant",
                                help=_("Victory: card, points or both.")),
    checks: bool = typer.Option(True, "--checks/--no-checks",
                                help=_("Check the invariants after every entry.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print machine-readable JSON.")),
) -> None:
    from referee.terminal.output import print_json
    from referee.tribune import simulate as sim
    from referee.tribune.errors import TribuneInputError

    def pick(value: str, choices: tuple[str, ...], option: str) -> tuple[str, ...]:
        if value == _BOTH:
            return choices
        if value not in choices:
            raise TribuneInputError(N_("{option} must be one of {choices}"), option=option,
                                    choices=", ".join((*choices, _BOTH)))
        return (value,)

    summary = sim.simulate(players, games, seed, modes=pick(mode, sim.MODES, "--mode"),
                           editions=pick(edition, sim.EDITIONS, "--edition"),
                           variants=pick(variant, sim.VARIANTS, "--variant"), check=checks)
    if as_json:
        print_json(summary)
    else:
        _print_summary(summary, players)
    if summary["invariant_violations"]:
        raise typer.Exit(1)


def _print_summary(summary: dict, players: int) -> None:
    from referee.terminal.output import console

    console().print(_("{games} games ({players} players), {rounds} rounds, {finished} finished, "
                      "{violations} invariant violations, {seconds} s ({rate} games/s)",
                      games=summary["games"], players=players, rounds=summary["rounds"],
                      finished=summary["finished"],
                      violations=summary["invariant_violations"],
                      seconds=summary["seconds"], rate=summary["games_per_second"]))
    for example in summary["violation_examples"]:
        console().print(f"  {example}", markup=False)
