"""Trajan's guided game: ``new`` (its setup from flags or questions) and the shared table
commands (resume, status, log, explain, undo, enter, repair, replay) from ``referee.table``.

The engine, TinyDB and questionary are imported inside the commands so ``referee --help``
stays fast. Every prompt has a flag equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

import typer

from referee.i18n import translator
from referee.table.commands import NEW_JSON_HELP

_ = translator("trajan")
ui_app = typer.Typer()


def commands() -> typer.Typer:
    """``new``, ``simulate`` and the shared table commands, listed first in ``referee trajan``
    (loaded only by a run that may use them: ``DEFERRED_COMMANDS`` in ``referee.trajan.cli``)."""
    from referee.table.commands import register as register_table
    from referee.trajan.ui.table import TRAJAN

    guided = typer.Typer()
    guided.registered_commands.extend(ui_app.registered_commands)
    register_table(guided, TRAJAN)
    return guided


@ui_app.command(help=_("Start a new game and play it with the referee's guidance: setup step "
                       "by step, then turn by turn to the final score."))
def new(
    player: list[str] = typer.Option([], "--player", help=_("NAME or NAME:COLOUR, once per "
                                                            "player in seat order.")),
    start: str | None = typer.Option(None, "--start", help=_("The start player (default: the "
                                                             "first).")),
    deal: str = typer.Option("virtual", "--deal", help=_(
        "virtual: the referee draws tiles and cards; table: you draw from the box and enter "
        "what came out.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed of the referee's draws (virtual deal).")),
    lap: int | None = typer.Option(None, "--lap", help=_(
        "Spaces on your board's time track for this player count (default: the data file, "
        "unconfirmed).")),
    no_play: bool = typer.Option(False, "--no-play", help=_("Only create the session.")),
    as_json: bool = typer.Option(False, "--json", help=NEW_JSON_HELP),
) -> None:
    from referee.table.commands import start_game
    from referee.trajan.setup import Setup
    from referee.trajan.ui.table import TRAJAN

    if not player:
        from referee.terminal.prompter import make_prompter

        prompter = make_prompter(_("give --player NAME for each player"))
        player = [n.strip() for n in prompter.text(
            _("Players in seat order, clockwise, separated by commas")).split(",")]
    names, colours = [], {}
    for item in player:
        name, _sep, colour = item.partition(":")
        names.append(name.strip())
        colours[name.strip()] = colour.strip() or None
    setup = Setup.create(names, start, deal=deal, seed=seed, lap=lap)
    start_game(TRAJAN, setup, colours, {}, no_play, as_json)


@ui_app.command(help=_("Play random legal games to the end and check every piece is accounted "
                       "for after each entry."))
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
