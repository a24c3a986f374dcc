"""The state of a guided Trajan game. Only the engine changes it; ``to_json`` is for status.

Pools are multisets (``Counter``): what is left in the box, bag or deck. The engine draws
from them (or takes the table's word for what was drawn), so every tile and card is always
somewhere and ``invariants`` can count them.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from referee.trajan import construction as building
from referee.trajan import pieces
from referee.trajan.military import CAMP
from referee.trajan.pieces import TrajanTile
from referee.trajan.wheel import ROMAN
from referee.values import Mutable, field

Cell = tuple[int, int]


class PlayerState(Mutable):
    name: str
    trays: list[list[str]] = field(default_factory=lambda: [[] for _ in range(6)])
    cells: list[TrajanTile | None] = field(default_factory=lambda: [None] * 6)
    arch: int | None = 0  # the cell the next Trajan tile goes to; None: the centre
    hand: Counter[str] = field(default_factory=Counter)
    display: Counter[str] = field(default_factory=Counter)
    supply: int = 0
    workers_camp: int = 0
    legion_camp: int = 0
    workers: list[Cell] = field(default_factory=list)  # one entry per worker on the board
    leader: str = CAMP
    legions: set[str] = field(default_factory=set)  # provinces with this player's legionary
    tiles: Counter[str] = field(default_factory=Counter)  # forum and extra-action tiles held
    building: Counter[str] = field(default_factory=Counter)  # construction tiles by kind
    done: list[TrajanTile] = field(default_factory=list)  # completed and removed
    plus2: set[str] = field(default_factory=set)
    bonus: list[tuple[str, str]] = field(default_factory=list)  # (kind, side)
    vp: int = 0
    senate: int = 0  # index into the senate spaces; 0 is the start space

    @property
    def markers(self) -> Counter[str]:
        return Counter(c for tray in self.trays for c in tray)

    @property
    def kept(self) -> Counter[str]:
        """The bread, games and religion Trajan tiles completed: the player keeps them, each
        meeting one demand of its kind every quarter. Counted from ``done``, the one record
        of completed tiles, so no second count can fall behind."""
        demands = pieces.stacks()["demands"]
        return Counter(t.kind for t in self.done if t.kind in demands)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "vp": self.vp,
            "trays": {ROMAN[i]: {"markers": list(t),
                                 "trajan_tile": None if tile is None else tile.code}
                      for i, (t, tile) in enumerate(zip(self.trays, self.cells, strict=True))},
            "arch": None if self.arch is None else ROMAN[self.arch],
            "hand": dict(sorted(self.hand.items())), "display": dict(sorted(self.display.items())),
            "supply": self.supply, "workers_camp": self.workers_camp,
            "legionaries_camp": self.legion_camp,
            "workers": sorted(building.name(c) for c in self.workers),
            "leader": self.leader, "legionaries": sorted(self.legions),
            "tiles": dict(sorted(self.tiles.items())),
            "construction_tiles": dict(sorted(self.building.items())),
            "kept_trajan_tiles": dict(sorted(self.kept.items())),
            "plus2": sorted(self.plus2), "bonus_tiles": [list(b) for b in self.bonus],
            "senate": self.senate,
        }


class Board(Mutable):
    lap: int
    time: int = 0
    quarter: int = 1
    round: int = 1
    demands_up: list[str] = field(default_factory=list)
    demand_pool: Counter[str] = field(default_factory=pieces.demand_tiles)
    demands_removed: int = 0
    forum: Counter[str] = field(default_factory=Counter)
    provinces: dict[str, str | None] = field(default_factory=dict)
    cells: dict[Cell, tuple[str, int] | None] = field(default_factory=dict)
    tops: dict[str, TrajanTile | None] = field(default_factory=dict)
    trajan_pool: dict[str, Counter[TrajanTile]] = field(default_factory=lambda: {
        stack: pieces.trajan_tiles(stack) for stack in pieces.stacks()})
    bonus_bag: Counter[str] = field(default_factory=pieces.bonus_tiles)
    bonus_up: list[str] = field(default_factory=list)
    deck: Counter[str] = field(default_factory=pieces.commodity_cards)
    piles: list[list[str]] = field(default_factory=lambda: [[], []])  # bottom .. top
    forum_pool: Counter[str] = field(default_factory=pieces.forum_tiles)
    extra_pool: Counter[str] = field(default_factory=pieces.extra_action_tiles)
    building_pool: Counter[tuple[str, int]] = field(default_factory=pieces.construction_tiles)
    grey: set[str] = field(default_factory=set)  # ships showing their grey side
    removed: Counter[str] = field(default_factory=Counter)  # tiles out of the game, by kind
    senate: list[list[str]] = field(default_factory=lambda: [[] for _ in range(8)])  # bottom..top

    def to_json(self) -> dict[str, Any]:
        return {
            "time": self.time, "lap": self.lap, "quarter": self.quarter, "round": self.round,
            "demands_up": list(self.demands_up), "forum": dict(sorted(self.forum.items())),
            "provinces": dict(self.provinces),
            "building_area": {building.name(c): None if t is None else f"{t[0]}:{t[1]}"
                              for c, t in sorted(self.cells.items(), key=lambda i: i[0][::-1])},
            "trajan_stacks": {s: None if t is None else t.code for s, t in self.tops.items()},
            "bonus_tiles_up": list(self.bonus_up), "bonus_tiles_in_bag": sum(
                self.bonus_bag.values()),
            "deck": sum(self.deck.values()), "discard_piles": [list(p) for p in self.piles],
            "grey_ships": sorted(self.grey),
            "senate": {str(i): list(stack) for i, stack in enumerate(self.senate) if stack},
        }


class GameState(Mutable):
    players: list[PlayerState]
    board: Board
    turn: int = 0  # index into the turn order of the player whose turn it is
    started: bool = False  # setup done, the first turn begun
    over: bool = False

    def player(self, name: str) -> PlayerState:
        return next(p for p in self.players if p.name == name)

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board.to_json(), "players": [p.to_json() for p in self.players],
                "over": self.over}

    def fingerprint(self) -> str:
        from referee.hashing import fingerprint

        return fingerprint(json.dumps(self.to_json(), sort_keys=True, default=str))
