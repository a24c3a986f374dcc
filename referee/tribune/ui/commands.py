"""Tribune's own commands (``new`` with its setup, ``score``, ``rules``, ``check``);
``register`` adds them and the shared table commands to the Tribune app, ``checks`` gives
the ``check`` group (its three modules are imported only by a run that builds it).

Engines, TinyDB and questionary are imported inside the commands so ``referee --help``
stays fast. Every prompt has a flag or file equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from referee.cli.results import DATE_OPTION, IRREGULAR_OPTION, MINUTES_OPTION, SAVE_OPTION
from referee.i18n import translator
from referee.table.commands import NEW_JSON_HELP

_ = translator("tribune")
ui_app = typer.Typer()

JSON_HELP = _("Print machine-readable JSON.")
EDITION_HELP = _("Rules edition: ffg or heidelberger.")


class Edition(StrEnum):
    ffg = "ffg"
    heidelberger = "heidelberger"


EDITION_OPTION = typer.Option(Edition.ffg, "--edition", help=EDITION_HELP)


def register(app: typer.Typer) -> None:
    from referee.table.commands import register as register_table
    from referee.tribune.ui.table import TRIBUNE

    app.registered_commands.extend(ui_app.registered_commands)
    register_table(app, TRIBUNE)


def checks() -> typer.Typer:
    """The ``check`` group with all its commands."""
    from referee.tribune.ui import check_more, check_region  # noqa: F401  (add to check_app)
    from referee.tribune.ui.check_commands import check_app

    return check_app


@ui_app.command(help=_("Start a new game and play it with the referee's guidance."))
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
) -> None:
    from referee.table.commands import start_game
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
    start_game(TRIBUNE, setup, colours, ui, no_play, as_json)


@ui_app.command(help=_("Final score: the point table and the ranking, qualifiers first."))
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
    from referee.cli.results import (
        keep_score,
        parse_day,
        say_irregular,
        say_kept,
        scored_json,
    )
    from referee.irregular import settle
    from referee.terminal.output import print_json
    from referee.tribune.scoring import end_problems, outcome, rank
    from referee.tribune.ui import score as scores

    played = parse_day(day)
    if input is not None:
        entries = scores.read_entries(input)
    else:
        from referee.terminal.prompter import make_prompter

        prompter = make_prompter(_("use --input FILE.json"))
        entries = scores.ask_entries(prompter, scores.ask_names(prompter), edition.value)
    found = settle(end_problems(entries, edition.value), irregular)
    ranked = rank(entries, edition.value, irregular)
    seats = [str(e.get("name", "")).strip() for e in entries]
    shared = outcome(ranked, seats, edition.value)
    kept = keep_score(shared, entries, save=save, day=played, minutes=minutes, irregular=found)
    if as_json:
        print_json(scored_json(scores.result_json(entries, edition.value, irregular), shared,
                               kept, found))
    else:
        scores.print_result(ranked, edition.value)
        say_irregular(found)
        say_kept(kept)


@ui_app.command(help=_("The project's short summary of a rule, in both editions."))
def rules(
    topic: str | None = typer.Argument(None, metavar="[TOPIC]"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.tribune.ui.editions import print_topic

    print_topic(topic, as_json)
