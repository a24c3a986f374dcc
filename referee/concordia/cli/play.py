"""``referee concordia new`` and the shared table commands (resume, status, log, explain,
undo, enter, repair, replay) for guided Concordia games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from referee.concordia.cli.common import _, board_side, read_input
from referee.concordia.ui.table import CONCORDIA
from referee.table.commands import NEW_JSON_HELP, register

#: loaded only by a run that may use them (``DEFERRED_COMMANDS`` in ``referee.concordia.cli``)
commands = typer.Typer()
register(commands, CONCORDIA)


@commands.command(help=_("Start a guided game: seats, board side, city tokens and market (dealt "
                    "here or typed from the board), then turn by turn to the final score."))
def new(
    player: list[str] = typer.Option([], "--player", help=_(
        "NAME or NAME:COLOUR, once per player in clockwise order.")),
    map_name: str | None = typer.Option(None, "--map", help=_("Board side: imperium or "
                                                              "italia.")),
    start: str | None = typer.Option(None, "--start", help=_(
        "The start player (default: drawn by the deal, or the first player of --setup).")),
    seed: int | None = typer.Option(None, "--seed", help=_(
        "Seed of the deal (the same seed deals the same game).")),
    setup_file: Path | None = typer.Option(None, "--setup", help=_(
        "JSON with the city goods and the display as laid out on the table (see "
        "docs/concordia.md); without it the referee deals.")),
    no_play: bool = typer.Option(False, "--no-play", help=_("Only create the session.")),
    as_json: bool = typer.Option(False, "--json", help=NEW_JSON_HELP),
) -> None:
    from referee.table.commands import start_game
    from referee.terminal.prompter import Choice, make_prompter

    if not player or map_name is None:
        prompter = make_prompter(_("give --player (each, clockwise) and --map"))
        if not player:
            player = [n.strip() for n in prompter.text(
                _("Players, clockwise, comma-separated")).split(",") if n.strip()]
        if map_name is None:
            map_name = prompter.select(_("Board side"), [Choice(_("Imperium"), "imperium"),
                                                         Choice(_("Italia"), "italia")])
    names = [p.partition(":")[0].strip() for p in player]
    colours = {p.partition(":")[0].strip(): p.partition(":")[2].strip() or None for p in player}
    setup = _setup(map_name, names, start, seed, setup_file, checklist=not as_json)
    start_game(CONCORDIA, setup, colours, {}, no_play, as_json)


def _setup(map_name: str, names: list[str], start: str | None, seed: int | None,
           setup_file: Path | None, checklist: bool = True) -> Any:
    import secrets  # here: it brings random, hmac and base64, which other commands need not

    from referee.concordia.game_setup import GameSetup
    from referee.concordia.setup import deal
    from referee.errors import InputError
    from referee.i18n import N_

    the_box, game_map = board_side(map_name)
    if setup_file is None:
        dealt = deal(the_box, game_map.id, names,
                     secrets.randbelow(10**6) if seed is None else seed, start)
        if checklist:  # under --json stdout holds the JSON document alone
            from referee.concordia.cli.setup import print_checklist

            print_checklist(dealt, the_box, None)
        return GameSetup.from_deal(dealt)
    if start is not None and start not in names:
        raise InputError(N_("The start player {name} is not one of the players."),
                         domain="concordia", name=start)
    first = names.index(start) if start else 0
    raw = read_input(setup_file)
    if not isinstance(raw, dict):
        raw = {}
    return GameSetup.from_json({**raw, "map": game_map.id,
                                "players": [*names[first:], *names[:first]]}, the_box)
