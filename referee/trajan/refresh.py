"""The board refresh at the end of a quarter, as an ordered checklist of rulings."""

from __future__ import annotations

from referee.i18n import N_
from referee.rulings import Plural, Ruling
from referee.trajan import box
from referee.trajan.rulebook import ruling

ROMAN = ("I", "II", "III", "IV")


def checklist(quarter: int | None, players: int, demand_tiles: int,
              senate_tiles: int) -> list[Ruling]:
    """Steps in rulebook order. After the last quarter the game ends instead of refilling."""
    steps = [
        ruling("trajan.quarter.refresh", N_("Remove the {tiles} handed in for demands"),
               n=demand_tiles, tiles=Plural(demand_tiles, "{n} forum tile", "{n} forum tiles")),
        ruling("trajan.quarter.refresh", N_("Remove every senate forum tile players hold, used "
                                            "or not ({tiles})"), n=senate_tiles,
               tiles=Plural(senate_tiles, "{n} tile", "{n} tiles")),
        ruling("trajan.quarter.refresh", N_("Remove every tile left in the forum, extra-action "
                                            "tiles included")),
    ]
    last = box.value("quarter", "quarters")
    if quarter is not None and quarter == last:
        return [*steps, ruling("trajan.game.end", N_("Remove quarter tile {tile}: the game is "
                                                     "over; go to final scoring"),
                               tile=ROMAN[quarter - 1])]
    forum = box.value("quarter", "forum_tiles_per_player") * players
    steps += [
        ruling("trajan.quarter.refresh", N_("Draw {n} bonus tiles from the bag and lay them "
                                            "gold side up beside the senate track"),
               n=box.value("quarter", "bonus_tiles_drawn")),
        ruling("trajan.quarter.refresh", N_("Put a random forum tile face up in each province "
                                            "that has no forum tile, no leader and no "
                                            "legionary")),
        ruling("trajan.quarter.refresh", N_("Fill the forum: {forum} forum tiles and {extra} "
                                            "extra-action tiles, face up"),
               forum=forum, extra=box.value("quarter", "extra_action_tiles")),
        ruling("trajan.quarter.refresh", N_("Turn every ship back to its coloured side")),
    ]
    if quarter is None:
        steps.append(ruling("trajan.quarter.refresh", N_("Remove the top quarter tile")))
    else:
        steps.append(ruling("trajan.quarter.refresh", N_("Remove quarter tile {tile}; the next "
                                                         "player clockwise starts quarter "
                                                         "{next}"),
                            tile=ROMAN[quarter - 1], next=ROMAN[quarter]))
    return steps
