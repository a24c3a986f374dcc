"""``referee concordia check …``: one-line answers to rule questions during play."""

from __future__ import annotations

from pathlib import Path

import typer

from referee.concordia.errors import ConcordiaRuleViolation
from referee.concordia.rulebook import bad_input
from referee.concordia.ui import completion
from referee.concordia.ui.positions import (
    JSON_HELP,
    SESSION_HELP,
    _,
    board_side,
    box,
    city_goods,
    read_input,
    session_setup,
)
from referee.concordia.ui.rulings import show

app = typer.Typer(no_args_is_help=True)

CITY_GOOD_HELP = _("A city's good as NAME=GOOD (repeatable, or comma-separated).")
GOODS_HELP = _("Storehouse goods as GOOD=COUNT (repeatable, or comma-separated).")
MAP_HELP = _("Board side: imperium or italia (default: the session's, else imperium).")


def _goods(flag: str, texts: list[str]) -> dict[str, int]:
    from referee.concordia.parsing import Problems, parse_goods_flags

    problems = Problems()
    found = parse_goods_flags(texts, flag, box(), problems)
    problems.raise_if_any()
    return found


def _map(name: str | None, session: str | None):
    return board_side(name or (session_setup(session)["map"] if session else "imperium"))


@app.command(help=_("Cost of a house: the city's goods, and its money rate × the houses "
                     "there including the new one."))
def house(
    good: str | None = typer.Option(None, "--good", help=_("The city's good.")),
    city: str | None = typer.Option(None, "--city", help=_("The city (its good comes from "
                                                             "--session or --city-good)."),
                                    autocompletion=completion.cities),
    existing: int = typer.Option(0, "--existing", min=0,
                                 help=_("Houses already in the city (any player).")),
    map_name: str | None = typer.Option(None, "--map", help=MAP_HELP),
    session: str | None = typer.Option(None, "--session", help=SESSION_HELP),
    city_good: list[str] = typer.Option([], "--city-good", help=CITY_GOOD_HELP,
                                          autocompletion=completion.city_goods),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.box import ROMA
    from referee.concordia.calculators import house_cost
    from referee.concordia.model import city_index, goods_index
    from referee.concordia.parsing import UNKNOWN_CITY, UNKNOWN_GOOD, find_one
    from referee.concordia.rulebook import ref
    from referee.i18n import N_
    from referee.rulings import Term

    the_box, game_map = _map(map_name, session)
    if (good is None) == (city is None):
        raise bad_input(N_("Give either --good or --city."))
    if city is not None:
        name = find_one(city_index(game_map), city, UNKNOWN_CITY, map=Term(game_map.name))
        if name == ROMA:
            raise ConcordiaRuleViolation(N_("Nobody can build a house in Roma."),
                                         rule=ref("concordia.architect.no_house_in_roma"))
        goods = city_goods(game_map, the_box, city_good, session)
        if name not in goods:
            raise bad_input(N_("The good of {city} is unknown: use --session or --city-good."),
                            city=Term(name))
        good = goods[name]
    assert good is not None
    good_id = find_one(goods_index(the_box), good, UNKNOWN_GOOD,
                       goods=", ".join(the_box.goods))
    show(house_cost(the_box, good_id, existing), as_json)


@app.command(help=_("Price of cards bought with the Senator (printed cost + slot extra) or "
                     "the Consul (printed cost only)."))
def card(
    cards: list[str] = typer.Option(..., "--card", help=_("Card name (twice for the Senator).")),
    slots: list[int] = typer.Option([], "--slot", help=_("Display slot 1–7 of each card, "
                                                         "leftmost = 1.")),
    consul: bool = typer.Option(False, "--consul", help=_("Bought with the Consul, not the "
                                                         "Senator.")),
    deck: str | None = typer.Option(None, "--deck", help=_("Deck numeral, for cards whose "
                                                              "copies cost different goods.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import card_cost
    from referee.concordia.model import card_index
    from referee.concordia.parsing import UNKNOWN_CARD, find_one
    from referee.i18n import N_

    the_box = box()
    ids = [find_one(card_index(the_box), c, UNKNOWN_CARD) for c in cards]
    if len(slots) > len(ids):
        raise bad_input(N_("More --slot than --card options."))
    padded = [*slots, *[None] * (len(ids) - len(slots))]
    show(card_cost(the_box, list(zip(ids, padded, [deck] * len(ids), strict=True)),
                   senator=not consul), as_json)


@app.command(help=_("Mercator: income, then trade in at most two kinds of goods within the "
                     "storehouse's 12 cells."))
def trade(
    goods: list[str] = typer.Option([], "--goods", help=GOODS_HELP),
    colonists_on_board: int = typer.Option(..., "--colonists-on-board", min=0, max=6,
                                           help=_("Colonists on the board (the rest fill "
                                                  "storehouse cells).")),
    sestertii: int = typer.Option(..., "--sestertii", min=0, help=_("Money before the card.")),
    sell: list[str] = typer.Option([], "--sell", help=_("Goods sold, GOOD=COUNT.")),
    buy: list[str] = typer.Option([], "--buy", help=_("Goods bought, GOOD=COUNT.")),
    bought_card: bool = typer.Option(False, "--bought-card", help=_("The Mercator was bought "
                                                                   "(5 income, not 3).")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import trade as mercator

    show(mercator(box(), _goods("--goods", goods), colonists_on_board, sestertii,
                  _goods("--sell", sell), _goods("--buy", buy), bought_card), as_json)


@app.command(help=_("Prefect: production in a province (bonus doubled by the Praefectus "
                     "Magnus), or cash from the markers showing coins."))
def prefect(
    province: str | None = typer.Option(None, "--province", help=_("Province to produce "
                                                                      "in.")),
    player: str | None = typer.Option(None, "--player", help=_("Who plays the Prefect.")),
    houses: list[str] = typer.Option([], "--house", help=_("A house in the province, "
                                                           "PLAYER=CITY (repeatable).")),
    magnus: bool = typer.Option(False, "--magnus", help=_("The player holds the Praefectus "
                                                          "Magnus.")),
    coins: list[str] = typer.Option([], "--coins", help=_("Cash option: a province whose "
                                                          "marker shows coins (repeatable).")),
    map_name: str | None = typer.Option(None, "--map", help=MAP_HELP),
    session: str | None = typer.Option(None, "--session", help=SESSION_HELP),
    city_good: list[str] = typer.Option([], "--city-good", help=CITY_GOOD_HELP,
                                          autocompletion=completion.city_goods),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia import production
    from referee.concordia.model import province_index
    from referee.concordia.parsing import UNKNOWN_PROVINCE, find_one
    from referee.i18n import N_
    from referee.rulings import Term

    the_box, game_map = _map(map_name, session)
    goods = city_goods(game_map, the_box, city_good, session)
    index = province_index(game_map)

    def find(text: str) -> str:
        return find_one(index, text, UNKNOWN_PROVINCE, map=Term(game_map.name))

    if coins and province is None:
        show(production.cash(the_box, game_map, goods, [find(p) for p in coins]), as_json)
        return
    if province is None or player is None or coins:
        raise bad_input(N_("Give --province and --player to produce, or only --coins for the "
                           "cash option."))
    show(production.produce(the_box, game_map, goods, find(province),
                            _houses(houses, game_map, the_box), player, magnus), as_json)


def _houses(texts: list[str], game_map, the_box) -> dict[str, list[str]]:
    from referee.concordia.model import city_index
    from referee.concordia.parsing import UNKNOWN_CITY, Problems, find_one
    from referee.i18n import N_
    from referee.rulings import Term

    problems, owned = Problems(), dict[str, list[str]]()
    for text in texts:
        name, _sep, city = text.partition("=")
        if not city.strip():
            problems.input(N_("{flag} expects NAME=VALUE, not “{text}”."), flag="--house",
                           text=text)
            continue
        found = find_one(city_index(game_map), city.strip(), UNKNOWN_CITY,
                         map=Term(game_map.name))
        owned.setdefault(name.strip(), []).append(found)
    problems.raise_if_any()
    return owned


@app.command(help=_("Tribune: 1 sestertius per card taken back beyond the third."))
def tribune(
    taken_back: int = typer.Option(..., "--taken-back", help=_("Cards taken back into the "
                                                               "hand, the Tribune included.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import tribune_refund

    show(tribune_refund(box(), taken_back), as_json)


@app.command(help=_("Colonist: the income option, and the cost of new colonists."))
def colonist(
    on_board: int = typer.Option(..., "--on-board", min=0, help=_("Colonists on the board.")),
    new: int = typer.Option(0, "--new", min=0, help=_("New colonists to place.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import colonist as colonist_card

    show(colonist_card(box(), on_board, new), as_json)


@app.command(help=_("Vesta: cash plus storehouse goods at their price, 1 point per full 10."))
def vesta(
    sestertii: int = typer.Option(..., "--sestertii", min=0, help=_("Cash.")),
    goods: list[str] = typer.Option([], "--goods", help=GOODS_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import vesta as vesta_value

    show(vesta_value(box(), sestertii, _goods("--goods", goods)), as_json)


@app.command(help=_("Interim scoring (first Tribune): each player's score and the 2 / 1 "
                     "sestertii prizes."))
def interim(
    scores: list[str] = typer.Option([], "--score", help=_("A player's interim score, "
                                                           "NAME=POINTS (repeatable).")),
    input_file: Path | None = typer.Option(None, "--input", help=_("Score the players from "
                                                                      "a scoring JSON file.")),
    session: str | None = typer.Option(None, "--session", help=SESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.calculators import interim as compare
    from referee.concordia.parsing import Problems, parse_pairs, typed_number, whole
    from referee.concordia.scoring import score_game
    from referee.concordia.validation import parse_game
    from referee.i18n import N_

    the_box = box()
    if (input_file is None) == (not scores):
        raise bad_input(N_("Give either --score NAME=POINTS or --input FILE."))
    if input_file is not None:
        known = session_setup(session)["cities"] if session else None
        sheet = score_game(parse_game(read_input(input_file), the_box, known), the_box,
                           concordia_card=False)
        points = {p.name: p.total for p in sheet.players}
    else:
        problems = Problems()
        pairs = parse_pairs(scores, "--score", problems)
        counted = {n: whole(typed_number(v), n, "--score", problems) for n, v in pairs.items()}
        problems.raise_if_any()
        points = {n: v for n, v in counted.items() if v is not None}
    show(compare(the_box, points), as_json)
