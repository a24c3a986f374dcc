"""``referee concordia map``: provinces, cities and routes of a board side, to check the data."""

from __future__ import annotations

import typer

from referee.concordia.cli.common import JSON_HELP, _, board_side

#: loaded only by a run that may use it (``DEFERRED_COMMANDS`` in ``referee.concordia.cli``)
commands = typer.Typer()


@commands.command("map", help=_("Show a board side: provinces, letters, cities and their routes "
                           "(routes come from one source: check them on the board)."))
def show_map(
    map_name: str = typer.Option("imperium", "--map", help=_("Board side: imperium or "
                                                             "italia.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.box import ROMA
    from referee.terminal.output import console, print_json

    the_box, game_map = board_side(map_name)
    land = the_box.neighbours(game_map.id, "land")
    sea = the_box.neighbours(game_map.id, "sea")
    routes = the_box.routes(game_map.id)
    if as_json:
        print_json({"map": game_map.id, "provinces": {
            p.name: {"letter": p.letter, "cities": list(p.cities)}
            for p in game_map.provinces.values()},
            "land": land, "sea": sea, "routes_confidence": routes["confidence"]})
        return
    from rich.table import Table

    table = Table(_("Province"), _("Letter"), _("City"), _("Land routes"), _("Sea routes"),
                  title=_(game_map.name))
    for province in game_map.provinces.values():
        for city in province.cities:
            table.add_row(board_name(province.name), province.letter, board_name(city),
                          _names(land.get(city, [])), _names(sea.get(city, [])))
    table.add_row("", "", board_name(ROMA), _names(land.get(ROMA, [])), _names(sea.get(ROMA, [])))
    console().print(table)
    console().print(_("* Routes: {confidence} source, editable in the data files (see "
                      "docs/concordia.md).", confidence=routes["confidence"]), style="dim",
                    markup=False)


def board_name(name: str) -> str:
    """A place in the current language, with the board's Latin beside it when they differ
    (as the Russian rulebook writes "Массилия (Massilia)"), so it can be found on the board."""
    shown = _(name)
    return shown if shown == name else f"{shown} ({name})"


def _names(places: list[str]) -> str:
    return ", ".join(_(p) for p in places)
