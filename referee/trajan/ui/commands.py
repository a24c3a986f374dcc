"""Trajan's guided game: ``new`` (its setup from flags or questions) and the shared table
commands (resume, status, log, explain, undo, enter, repair, replay) from ``referee.table``.

The engine, TinyDB and questionary are imported inside the commands so ``referee --help``
stays fast. Every prompt has a flag equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

import typer

from referee.i18n import translator

_ = translator("trajan")
ui_app = typer.Typer()


def register(app: typer.Typer) -> None:
    from referee.table.commands import register as register_table
    from referee.trajan.ui.table import TRAJAN

    app.registered_commands.extend(ui_app.registered_commands)
    register_table(app, TRAJAN)


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
) -> None:
    from referee.table.commands import start_game
    from referee.trajan.setup import Setup
    from referee.trajan.ui.table import TRAJAN

    if not player:
        from referee.cli.prompter import make_prompter

        prompter = make_prompter(_("give --player NAME for each player"))
        player = [n.strip() for n in prompter.text(
            _("Players in seat order, clockwise, separated by commas")).split(",")]
    names, colours = [], {}
    for item in player:
        name, _sep, colour = item.partition(":")
        names.append(name.strip())
        colours[name.strip()] = colour.strip() or None
    setup = Setup.create(names, start, deal=deal, seed=seed, lap=lap)
    start_game(TRAJAN, setup, colours, {}, no_play)
