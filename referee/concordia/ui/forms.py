"""``concordia score`` at the table: the questions about a finished game; their answers form the
same JSON as ``--input``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.concordia.box import ROMA, Box
from referee.concordia.model import card_index, city_index
from referee.concordia.names import NameIndex
from referee.i18n import translator
from referee.terminal.prompter import Choice, Prompter, parse_whole

_ = translator("concordia")


def interview(prompter: Prompter, box: Box, known_cities: Mapping[str, str] | None = None,
              map_id: str | None = None) -> dict[str, Any]:
    if map_id is None:
        map_id = prompter.select(_("Which side of the board?"),
                                 [Choice(_(m.name), key) for key, m in box.maps.items()])
    game_map = box.maps[map_id]
    count = prompter.select(_("How many players?"), [
        Choice(str(n), n) for n in range(game_map.min_players, game_map.max_players + 1)])
    from referee.names import name_problem

    names: list[str] = []
    for seat in range(1, count + 1):
        names.append(prompter.text(
            _("Name of the player in seat {seat} (1 = start player, then clockwise):", seat=seat),
            validate=lambda t: _("Give a new, non-empty name.")
            if not t.strip() or t.strip() in names else name_problem(t)).strip())
    starting = [c.name for c in box.cards.values() for _n in range(c.starting)]
    players = [_player(prompter, box, name, starting, city_index(game_map)) for name in names]
    cities = dict(known_cities or {})
    for city in sorted({h for p in players for h in p["houses"]} - set(cities)):
        cities[city] = prompter.select(_("Which good does {city} produce (its token)?",
                                         city=_(city)),
                                       [Choice(_(g), g) for g in box.goods])
    concordia = prompter.select(_("Who took the Concordia card?"),
                                [Choice(n, n) for n in names] + [Choice(_("nobody"), "")])
    magnus = prompter.select(_("Who holds the Praefectus Magnus?"),
                             [Choice(n, n) for n in names])
    for player in players:
        player["concordia"] = player["name"] == concordia
        player["praefectus_magnus"] = player["name"] == magnus
    return {"map": map_id, "cities": cities, "players": players}


def _player(prompter: Prompter, box: Box, name: str, starting: list[str],
            cities: NameIndex) -> dict[str, Any]:
    bought = _names(prompter, _("{name}: a card bought from the market (Enter when done):",
                                name=name), card_index(box))

    def house_problem(city: str, entered: list[str]) -> str | None:
        if city == ROMA:
            return _("Nobody can build a house in Roma.")
        return _("Already entered.") if city in entered else None

    houses = _names(prompter, _("{name}: city with a house (Enter when done):", name=name),
                    cities, house_problem)
    colonists = _number(prompter, _("{name}: colonists on the board (not in the storehouse):",
                                    name=name), "2", 6)
    money = _number(prompter, _("{name}: sestertii:", name=name), "0", None)
    store = {g: _number(prompter, _("{name}: {good} in the storehouse:", name=name,
                                    good=_(g)), "0", 12) for g in box.goods}
    return {"name": name, "cards": starting + bought, "houses": houses,
            "colonists_on_board": colonists, "sestertii": money,
            "storehouse": {g: n for g, n in store.items() if n}}


def _names(prompter: Prompter, message: str, index: NameIndex,
           problem: Callable[[str, list[str]], str | None] = lambda key, entered: None,
           ) -> list[str]:
    """Names until an empty answer; each must be known, with suggestions when it is not."""
    entered: list[str] = []

    def check(text: str) -> str | None:
        if not text.strip():
            return None
        key = index.find(text)
        if key is None:
            near = index.suggest(text)
            return (_("Unknown; did you mean {names}?", names=" / ".join(near)) if near
                    else _("Unknown name."))
        return problem(key, entered)

    while True:
        text = prompter.text(message, validate=check, completions=index.completions())
        if not text.strip():
            return entered
        key = index.find(text)
        assert key is not None  # the validator above refused unknown names
        entered.append(index.display[key])


def _number(prompter: Prompter, message: str, default: str, most: int | None) -> int:
    def check(text: str) -> str | None:
        value = parse_whole(text)
        ok = value is not None and value >= 0 and (most is None or value <= most)
        return None if ok else _("A whole number from 0 to {most}.", most=most) if most \
            else _("A whole number of 0 or more.")

    answer = parse_whole(prompter.text(message, default=default, validate=check))
    assert answer is not None  # the validator refused anything else
    return answer
