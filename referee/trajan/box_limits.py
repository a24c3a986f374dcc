"""End states no game can reach because the box does not hold the pieces they list.

Counted across all players against ``pieces`` (the same numbers the guided game draws
from), plus the bonus tiles the rules hand out: one to each player at setup, kept gold side
up, and two each quarter, the first consul's gold side up and the second consul's silver
side up. A game always plays its four quarters, so an end state holds exactly that many.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.errors import RefereeError
from referee.i18n import N_
from referee.trajan import boxdata
from referee.trajan.rules import violation
from referee.trajan.terms import term


def problems(players: Sequence) -> list[RefereeError]:
    found = _bonus(players)
    per_kind = boxdata.fact("scoring", "construction_tiles_per_kind")
    built = sum((Counter(p.construction_tiles) for p in players), Counter())
    for kind, n in sorted(built.items()):
        # one player over the limit is reported for that player (endgame)
        alone = max(p.construction_tiles.get(kind, 0) for p in players)
        if n > per_kind.value >= alone:
            found.append(violation("trajan.final.sets", N_("The players list {n} {kind} "
                                                           "tiles together; the box has {max}"),
                                   per_kind.confirmed, n=n, kind=term(kind), max=per_kind.value))
    cards = boxdata.fact("pieces", "commodity_cards_per_kind")
    shown = sum((Counter(p.display_cards) for p in players), Counter())
    for card, n in sorted(shown.items()):
        if n > cards.value:
            found.append(violation("trajan.seaport.ship", N_("The players show {n} {card} cards "
                                                             "together; the box has {max}"),
                                   cards.confirmed, n=n, card=term(card), max=cards.value))
    mix = boxdata.fact("pieces", "forum_tiles")
    held: Counter[str] = Counter()
    for p in players:
        held.update({"wild_construction": p.construction_wilds, "wild_demand": p.demand_wilds,
                     "wild_commodity": p.commodity_wilds, **p.forum_demand_tiles})
    for tile, n in sorted(held.items()):
        if n > mix.value.get(tile, 0):
            found.append(violation("trajan.setup.forum", N_("The players hold {n} {tile} tiles "
                                                            "together; the box has {max}"),
                                   mix.confirmed, n=n, tile=term(tile), max=mix.value.get(tile, 0)))
    return found


def _bonus(players: Sequence) -> list[RefereeError]:
    found: list[RefereeError] = []
    start = boxdata.value("pieces", "start")
    quarters = boxdata.value("quarter", "quarters")
    for p in players:
        if not any(t.side == "gold" for t in p.bonus_tiles):
            found.append(violation("trajan.setup.bonus", N_("{player} has no gold-side bonus "
                                                            "tile; every player draws one at "
                                                            "setup and keeps it gold side up"),
                                   player=p.name))
    handed = len(players) * start["bonus_tiles"] + quarters * start["senate_bonus_tiles"]
    listed = sum(len(p.bonus_tiles) for p in players)
    if listed != handed:
        found.append(violation(
            "trajan.bonus.handed", N_("The players hold {n} bonus tiles; a game of {players} "
                                      "hands out {handed}: one each at setup and two to the "
                                      "consuls each quarter"),
            n=listed, players=len(players), handed=handed))
        return found
    silver = sum(t.side == "silver" for p in players for t in p.bonus_tiles)
    if silver != quarters:  # each quarter one gold to the first consul, one silver to the second
        found.append(violation(
            "trajan.quarter.consuls", N_("{silver} bonus tiles are silver side up; the second "
                                         "consul of each of the {quarters} quarters keeps one "
                                         "silver side up, every other tile is gold side up"),
            silver=silver, quarters=quarters))
    return found
