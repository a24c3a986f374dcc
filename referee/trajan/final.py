"""The end of a guided game: each player's position as ``scoring.score`` takes it (the same
function as ``trajan score``), the result as an Outcome, and the conservation laws the
simulator checks after every entry."""

from __future__ import annotations

from collections import Counter

from referee.outcome import Outcome
from referee.trajan import boxdata, pieces, scoring
from referee.trajan.endgame import DEMANDS, BonusTile, PlayerEnd, senate_spaces
from referee.trajan.flow_quarter import ROUNDS
from referee.trajan.scoring import FinalScore, score
from referee.trajan.state import GameState, PlayerState
from referee.values import Value, asdict


def player_end(s: GameState, p: PlayerState) -> PlayerEnd:
    stack = s.board.senate[p.senate]
    return PlayerEnd(
        name=p.name, vp=p.vp, cards_in_hand=sum(p.hand.values()),
        workers_in_camp=p.workers_camp, legionaries_in_camp=p.legion_camp,
        trajan_tiles_on_wheel=sum(t is not None for t in p.cells),
        construction_tiles=dict(+p.building), construction_wilds=p.tiles["wild_construction"],
        bonus_tiles=tuple(BonusTile(kind, side) for kind, side in p.bonus),
        forum_demand_tiles={i: p.tiles[i] for i in DEMANDS if p.tiles[i]},
        demand_wilds=p.tiles["wild_demand"], workers_on_construction=len(p.workers),
        legionaries_in_provinces=len(p.legions), display_cards=dict(+p.display),
        commodity_wilds=p.tiles["wild_commodity"],
        senate_position=senate_spaces()[p.senate],
        senate_stack_rank=len(stack) - stack.index(p.name))


def final_score(s: GameState) -> FinalScore:
    return score([player_end(s, p) for p in s.players])


def outcome(s: GameState, edition: str) -> Outcome:
    """The result as ``trajan score`` builds it (players in seat order)."""
    ends = [player_end(s, p) for p in s.players]
    return scoring.outcome(score(ends), ends, edition)


class Box(Value):
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
    def load(cls) -> Box:
        return cls(pieces.commodity_cards(), pieces.forum_tiles() + pieces.extra_action_tiles(),
                   Counter(kind for kind, _ in pieces.construction_tiles().elements()),
                   sum((pieces.trajan_tiles(k) for k in pieces.stacks()), Counter()),
                   pieces.bonus_tiles(), sum(pieces.demand_tiles().values()),
                   boxdata.value("scoring", "subjects_per_player"),
                   6 * boxdata.value("wheel", "markers_per_colour"))


def invariants(s: GameState, box: Box) -> list[str]:
    """Every broken conservation law, as a sentence; [] when the state is sound."""
    b, found = s.board, []
    subjects, markers = box.subjects, box.markers

    def same(what: str, have: Counter, want: Counter) -> None:
        if +have != +want:
            found.append(f"{what}: {dict(+have)} != box {dict(+want)}")

    cards = b.deck + sum((p.hand + p.display for p in s.players), Counter())
    cards.update(c for pile in b.piles for c in pile)
    same("commodity cards", cards, box.cards)
    tiles = b.forum_pool + b.extra_pool + b.forum + Counter(
        t for t in b.provinces.values() if t) + sum((p.tiles for p in s.players), Counter())
    tiles.update({k: n for k, n in b.removed.items() if k != "demand"})
    same("forum and extra-action tiles", tiles, box.tiles)
    built = Counter(kind for kind, _ in b.building_pool.elements())
    built.update(t[0] for t in b.cells.values() if t)
    built.update(sum((p.building for p in s.players), Counter()))
    same("construction tiles", built, box.building)
    trajan = sum(b.trajan_pool.values(), Counter()) + Counter(t for t in b.tops.values() if t)
    for p in s.players:
        trajan.update([t for t in p.cells if t] + p.done)
    same("Trajan tiles", trajan, box.trajan)
    bonus = b.bonus_bag + Counter(b.bonus_up) + Counter(k for p in s.players for k, _ in p.bonus)
    same("bonus tiles", bonus, box.bonus)
    demand = sum(b.demand_pool.values()) + b.demands_removed + len(b.demands_up) + \
        b.removed["demand"]
    if demand != box.demands:
        found.append(f"demand tiles: {demand} != {box.demands}")
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


def end_state_doc(s: GameState) -> dict:
    """The state as a ``trajan score --input`` document: the calculator scores it alike."""
    players = []
    for p in s.players:
        end = player_end(s, p)
        doc = {k: v for k, v in asdict(end).items() if k != "bonus_tiles"}
        doc["bonus_tiles"] = [{"kind": t.kind, "side": t.side} for t in end.bonus_tiles]
        players.append(doc)
    return {"players": players}
