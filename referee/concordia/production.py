"""The Prefect: production in one province, or cash from the markers showing coins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.concordia.box import Box, GameMap
from referee.concordia.calculators import Calculation
from referee.concordia.deal import province_markers
from referee.concordia.rulebook import bad_input, ref
from referee.concordia.wording import goods, sestertii
from referee.data import confirmed_by
from referee.i18n import N_
from referee.rulings import Plural, Ruling, Term


def _marker(box: Box, game_map: GameMap, cities: Mapping[str, str], province: str) -> str:
    missing = [c for c in game_map.provinces[province].cities if c not in cities]
    if missing:
        raise bad_input(N_("The goods of {cities} in {province} are needed (give them or load "
                           "the session)."), cities=[Term(c) for c in missing],
                        province=Term(province))
    return province_markers(box, game_map, cities)[province]


def produce(box: Box, game_map: GameMap, cities: Mapping[str, str], province: str,
            houses: Mapping[str, Sequence[str]], active: str, magnus: bool) -> Calculation:
    """Option (a): the active player takes the marker's good (twice with the Praefectus
    Magnus), and every house in the province makes its city's good for its owner."""
    marker = _marker(box, game_map, cities, province)
    outside = sorted({c for hs in houses.values() for c in hs
                      if game_map.cities[c].province != province})
    if outside:
        raise bad_input(N_("{cities}: not in {province}, so no production there."),
                        cities=[Term(c) for c in outside], province=Term(province))
    multiplier = box.fact("economy", "prefect")
    bonus = {marker: multiplier.value["magnus_multiplier"] if magnus else 1}
    production: dict[str, dict[str, int]] = {}
    for player, owned in houses.items():
        for city in owned:
            made = production.setdefault(player, {})
            made[cities[city]] = made.get(cities[city], 0) + 1
    rule_id = "concordia.praefectus_magnus.bonus" if magnus else "concordia.prefect.produce"
    rulings = [Ruling(ref(rule_id, confirmed=confirmed_by(multiplier)),
                      N_("{player} takes {bonus} from the {province} marker, then turns it to "
                         "coins.") if not magnus else
                      N_("{player} takes {bonus} from the {province} marker (doubled by the "
                         "Praefectus Magnus, which then passes to the right); the marker turns "
                         "to coins."),
                      {"player": active, "bonus": goods(bonus), "province": Term(province)})]
    rulings += [Ruling(ref("concordia.prefect.produce"), N_("{player}'s houses make {goods}."),
                       {"player": player, "goods": goods(made)})
                for player, made in production.items()]
    return Calculation({"province": province, "marker": marker, "bonus": {active: bonus},
                        "production": production}, tuple(rulings))


def cash(box: Box, game_map: GameMap, cities: Mapping[str, str],
         coin_side: Sequence[str]) -> Calculation:
    """Option (b): 1 sestertius per coin on every marker showing coins; all flip back."""
    coins = box.fact("tokens", "province_markers", "coins")
    per_marker = {p: coins.value[_marker(box, game_map, cities, p)] for p in coin_side}
    total = sum(per_marker.values())
    ruling = Ruling(ref("concordia.prefect.cash", confirmed=confirmed_by(coins)),
                    N_("The markers of {markers} show {coins}: take {money}; the Praefectus "
                       "Magnus is not used and all markers turn back to goods."),
                    {"markers": [Term(p) for p in per_marker],
                     "coins": Plural(total, "{n} coin", "{n} coins"), "money": sestertii(total)})
    return Calculation({"markers": per_marker, "sestertii": total}, (ruling,))

