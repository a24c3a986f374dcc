"""What the group enters at the end of a quarter, read and checked from JSON."""

from __future__ import annotations

from typing import Any

from referee.i18n import N_
from referee.trajan import boxdata
from referee.trajan.endgame import DEMANDS, bonus_kinds, seat_problems, senate_spaces
from referee.trajan.inputs import Checker
from referee.trajan.rules import bad_input
from referee.values import Value, field


class QuarterPlayer(Value):
    name: str
    forum_demand_tiles: dict[str, int] = field(default_factory=dict)
    trajan_demand_tiles: dict[str, int] = field(default_factory=dict)
    demand_wilds: int = 0
    senate_position: int = 0
    senate_stack_rank: int = 1
    senate_tiles: tuple[int, ...] = ()
    vp: int | None = None


class QuarterInput(Value):
    demands: tuple[str, ...]
    players: tuple[QuarterPlayer, ...]
    quarter: int | None = None
    bonus_tiles: tuple[str, ...] = ()  # the two beside the senate track, if named
    first_consul_takes: str | None = None


def parse(doc: Any) -> QuarterInput:
    check = Checker()
    raw = check.players(doc, 2, 4)
    check.fields(doc, "input", ["players", "demands", "quarter", "bonus_tiles",
                                "first_consul_takes"])
    for i, p in enumerate(raw):
        check.fields(p, str(p.get("name") or i + 1), PLAYER_FIELDS)
    demands = doc.get("demands")
    if not isinstance(demands, list) or len(demands) != 3:
        check.add(bad_input(N_("\"demands\" must list the 3 demand tiles turned up this quarter")))
        demands = []
    for d in demands:
        check.choice({"demand": d}, "demand", "demands", DEMANDS)
    quarter = doc.get("quarter")
    if quarter is not None:
        check.choice(doc, "quarter", "quarter", range(1, boxdata.value("quarter", "quarters") + 1))
    bonus = doc.get("bonus_tiles", [])
    if not isinstance(bonus, list) or len(bonus) not in (0, 2):
        check.add(bad_input(N_("\"bonus_tiles\" must name the 2 tiles beside the senate track")))
        bonus = []
    for kind in bonus:
        check.choice({"kind": kind}, "kind", "bonus_tiles", bonus_kinds())
    if len(set(bonus)) != len(bonus):
        check.add(bad_input(N_("The 2 bonus tiles beside the senate track must differ")))
    takes = doc.get("first_consul_takes")
    if takes is not None:
        check.choice(doc, "first_consul_takes", "first_consul_takes", bonus)
    players = tuple(_player(p, i, check) for i, p in enumerate(raw))
    for problem in seat_problems(list(players)):
        check.add(problem)
    check.done()
    return QuarterInput(tuple(demands), players, quarter, tuple(bonus), takes)


PLAYER_FIELDS = ("name", "vp", "senate_tiles", "senate_position", "senate_stack_rank",
                 "forum_demand_tiles", "trajan_demand_tiles", "demand_wilds")


def _player(raw: dict, index: int, check: Checker) -> QuarterPlayer:
    where = str(raw.get("name") or index + 1)
    tiles = raw.get("senate_tiles", [])
    allowed = boxdata.value("quarter", "senate_tile_votes")
    if not isinstance(tiles, list):
        check.add(bad_input(N_("{where}: senate_tiles must be a list of vote numbers"),
                            where=where))
        tiles = []
    for t in tiles:
        check.choice({"senate_tiles": t}, "senate_tiles", where, allowed)
    vp = raw.get("vp")
    if vp is not None and (isinstance(vp, bool) or not isinstance(vp, int)):
        check.add(bad_input(N_("{where}: vp must be a whole number, got {value!r}"),
                            where=where, value=vp))
    rank = check.count(raw, "senate_stack_rank", where, default=1)
    if rank == 0:
        check.add(bad_input(N_("{where}: senate_stack_rank counts from 1 (top of the stack)"),
                            where=where))
    return QuarterPlayer(
        where, check.counts(raw, "forum_demand_tiles", where, DEMANDS),
        check.counts(raw, "trajan_demand_tiles", where, DEMANDS),
        check.count(raw, "demand_wilds", where),
        check.choice(raw, "senate_position", where, senate_spaces()), rank, tuple(tiles), vp)
