"""Conservation laws of a Trajan game, checked by the simulator after every entry: every piece
of the box is somewhere, once."""

from __future__ import annotations

from collections import Counter

from referee.trajan import box, pieces
from referee.trajan.rules.quarter import ROUNDS
from referee.trajan.state import GameState
from referee.values import Value


class Inventory(Value):
    """What the box holds, read once per game: the invariants compare against it."""

    cards: Counter
    tiles: Counter
    building: Counter
    trajan: Counter
    bonus: Counter
    demands: int
    subjects: int
    markers: int

    @classmethod
    def load(cls) -> Inventory:
        return cls(pieces.commodity_cards(), pieces.forum_tiles() + pieces.extra_action_tiles(),
                   Counter(kind for kind, _ in pieces.construction_tiles().elements()),
                   sum((pieces.trajan_tiles(k) for k in pieces.stacks()), Counter()),
                   pieces.bonus_tiles(), sum(pieces.demand_tiles().values()),
                   box.value("scoring", "subjects_per_player"),
                   6 * box.value("wheel", "markers_per_colour"))


def broken(s: GameState, held: Inventory) -> list[str]:
    """Every conservation law the state ``s`` breaks, as a sentence (a report for developers,
    not for players); [] when the state is sound. ``held``: what the box holds."""
    b, found = s.board, []
    subjects, markers = held.subjects, held.markers

    def same(what: str, have: Counter, want: Counter) -> None:
        if +have != +want:
            found.append(f"{what}: {dict(+have)} != box {dict(+want)}")

    cards = b.deck + sum((p.hand + p.display for p in s.players), Counter())
    cards.update(c for pile in b.piles for c in pile)
    same("commodity cards", cards, held.cards)
    tiles = b.forum_pool + b.extra_pool + b.forum + Counter(
        t for t in b.provinces.values() if t) + sum((p.tiles for p in s.players), Counter())
    tiles.update({k: n for k, n in b.removed.items() if k != "demand"})
    same("forum and extra-action tiles", tiles, held.tiles)
    built = Counter(kind for kind, _ in b.building_pool.elements())
    built.update(t[0] for t in b.cells.values() if t)
    built.update(sum((p.building for p in s.players), Counter()))
    same("construction tiles", built, held.building)
    trajan = sum(b.trajan_pool.values(), Counter()) + Counter(t for t in b.tops.values() if t)
    for p in s.players:
        trajan.update([t for t in p.cells if t] + p.done)
    same("Trajan tiles", trajan, held.trajan)
    bonus = b.bonus_bag + Counter(b.bonus_up) + Counter(k for p in s.players for k, _ in p.bonus)
    same("bonus tiles", bonus, held.bonus)
    demand = sum(b.demand_pool.values()) + b.demands_removed + len(b.demands_up) + \
        b.removed["demand"]
    if demand != held.demands:
        found.append(f"demand tiles: {demand} != {held.demands}")
    for p in s.players:
        figures = p.supply + p.workers_camp + p.legion_camp + len(p.workers) + len(p.legions)
        if figures != subjects:
            found.append(f"{p.name}: {figures} subjects != {subjects}")
        if sum(p.markers.values()) not in (0, markers):
            found.append(f"{p.name}: {sum(p.markers.values())} markers != {markers}")
        if p.arch is not None and p.cells[p.arch] is not None:
            found.append(f"{p.name}: the arch stands on a full cell")
        if p.name not in b.senate[p.senate]:
            found.append(f"{p.name}: senate disc not on space {p.senate}")
    if not 0 <= b.time < b.lap:
        found.append(f"time marker {b.time} outside the lap of {b.lap}")
    if not s.over and (len(b.demands_up) != b.round - 1 or not 1 <= b.round <= ROUNDS
                       or not 1 <= b.quarter <= 4):
        found.append(f"quarter {b.quarter} round {b.round} with {len(b.demands_up)} demands up")
    return found
