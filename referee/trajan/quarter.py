"""End of a quarter: what the group enters (read and checked from JSON, or taken from a guided
game), the people's demands, the senate vote and the new senate stack."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.i18n import N_
from referee.rulings import Plural, Ruling
from referee.trajan import box
from referee.trajan.holdings import DEMANDS, bonus_kinds, seat_problems, senate_spaces
from referee.trajan.inputs import Checker
from referee.trajan.refresh import checklist
from referee.trajan.rulebook import bad_input, ruling
from referee.trajan.terms import term
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


def parse_input(doc: Any) -> QuarterInput:
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
        check.choice(doc, "quarter", "quarter", range(1, box.value("quarter", "quarters") + 1))
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
    allowed = box.value("quarter", "senate_tile_votes")
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


class Demands(Value):
    name: str
    trajan: dict[str, int]  # kept Trajan tiles used (they stay with the player)
    forum: dict[str, int]  # forum tiles handed in
    wilds: int
    unmet: int
    penalty: int
    vp_after: int | None
    rulings: tuple[Ruling, ...]


class Vote(Value):
    name: str
    track: int
    tiles: int
    position: int
    stack_rank: int

    @property
    def total(self) -> int:
        return self.track + self.tiles


class QuarterEnd(Value):
    demands: tuple[Demands, ...]
    votes: tuple[Vote, ...]  # most votes first: also the new stack, top first
    rulings: tuple[Ruling, ...]  # senate and bonus tiles
    checklist: tuple[Ruling, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "demands": [{"name": d.name, "trajan_tiles_used": d.trajan,
                         "forum_tiles_spent": d.forum, "demand_wilds_spent": d.wilds,
                         "unmet": d.unmet, "penalty": -d.penalty,
                         "vp_after": d.vp_after, "rulings": [r.to_json() for r in d.rulings]}
                        for d in self.demands],
            "votes": [{"name": v.name, "track": v.track, "tiles": v.tiles, "total": v.total}
                      for v in self.votes],
            "first_consul": self.votes[0].name,
            "second_consul": self.votes[1].name,
            "senate_stack_top_first": [v.name for v in self.votes],
            "rulings": [r.to_json() for r in self.rulings],
            "checklist": [r.to_json() for r in self.checklist],
        }


def end_quarter(q: QuarterInput) -> QuarterEnd:
    demands = tuple(meet_demands(p, q.demands) for p in q.players)
    votes = tuple(sorted((_vote(p) for p in q.players),
                         key=lambda v: (-v.total, -v.track, v.stack_rank)))
    rulings = _senate_rulings(q, votes)
    return QuarterEnd(demands, votes, tuple(rulings),
                      tuple(checklist(q.quarter, len(q.players),
                                      sum(sum(d.forum.values()) + d.wilds for d in demands),
                                      sum(len(p.senate_tiles) for p in q.players))))


def meet_demands(p: QuarterPlayer, revealed: tuple[str, ...]) -> Demands:
    """Meet as many demands as possible (compulsory), spending what costs least first.

    Kept Trajan tiles cost nothing, so they go first; a matching forum tile comes before a
    demand wild, which could meet any demand. Wilds are universal, so this meets the most.
    """
    left = Counter(revealed)
    trajan = {i: min(left[i], p.trajan_demand_tiles.get(i, 0)) for i in DEMANDS}
    left -= Counter(trajan)
    forum = {i: min(left[i], p.forum_demand_tiles.get(i, 0)) for i in DEMANDS}
    left -= Counter(forum)
    wilds = min(sum(left.values()), p.demand_wilds)
    unmet = sum(left.values()) - wilds
    penalty = box.fact("quarter", "demand_penalties")
    lost = penalty.value[unmet]
    rulings = [ruling("trajan.quarter.demands",
                      N_("{player} meets {met} of 3 demands with Trajan tiles (kept): {trajan}; "
                         "forum tiles (discarded): {forum}; demand wilds: {wilds}"),
                      player=p.name, met=3 - unmet, trajan=_named(trajan), forum=_named(forum),
                      wilds=wilds)]
    spare_wilds = p.demand_wilds - wilds
    if spare_wilds and any(forum.values()):
        rulings.append(ruling("trajan.quarter.demands",
                              N_("{player} may hand in a demand wild instead of a forum tile "
                                 "(keeping that tile for a bonus tile, for instance)"),
                              player=p.name))
    if unmet:
        rulings.append(ruling("trajan.quarter.penalty",
                              N_("{player} leaves {demands} unmet: -{vp} VP"),
                              confirmed=penalty.confirmed, player=p.name, n=unmet, vp=lost,
                              demands=Plural(unmet, "{n} demand", "{n} demands")))
    vp_after = None if p.vp is None else p.vp - lost
    return Demands(p.name, _used(trajan), _used(forum), wilds, unmet, lost, vp_after,
                   tuple(rulings))


def _used(counts: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in counts.items() if v}


def _named(counts: dict[str, int]) -> list:
    """Each tile by name, repeated per tile: translatable, and as easy to count."""
    return [term(k) for k, n in counts.items() for _ in range(n)] or [term("none")]


def _vote(p: QuarterPlayer) -> Vote:
    track = p.senate_position or box.value("quarter", "senate_start_votes")
    return Vote(p.name, track, sum(p.senate_tiles), p.senate_position, p.senate_stack_rank)


def _senate_rulings(q: QuarterInput, votes: tuple[Vote, ...]) -> list[Ruling]:
    start_votes = box.fact("quarter", "senate_start_votes")
    found = [ruling("trajan.quarter.votes", N_("{player}: {track} on the track + {tiles} from "
                                               "senate tiles = {total} votes"),
                    confirmed=start_votes.confirmed or v.position != 0, player=v.name,
                    track=v.track,
                    tiles=v.tiles, total=v.total) for v in votes]
    found += [_consul_ruling(votes, 0), _consul_ruling(votes, 1)]
    found.append(_bonus_ruling(q, votes))
    tied_below_first = len({v.total for v in votes[1:]}) < len(votes) - 1
    reset = box.fact("quarter", "reset_tie")
    found.append(ruling("trajan.quarter.reset",
                        N_("All senate discs go back to the start space, stacked from the top: "
                           "{order}"), confirmed=reset.confirmed or not tied_below_first,
                        order=[v.name for v in votes]))
    return found


def _consul_ruling(votes: tuple[Vote, ...], place: int) -> Ruling:
    winner, runner = votes[place], votes[place + 1] if place + 1 < len(votes) else None
    message = (N_("First consul: {player} with {total} votes") if place == 0 else
               N_("Second consul: {player} with {total} votes"))
    if runner is not None and runner.total == winner.total:
        message = (N_("{player} ties {other} on {total} votes and wins on votes from the track "
                      "({track} to {other_track})") if winner.track != runner.track else
                   N_("{player} ties {other} on {total} votes and on the track; "
                      "{player}'s disc is higher in the stack"))
    return ruling("trajan.quarter.consuls", message, player=winner.name, total=winner.total,
                  other=runner.name if runner else "", track=winner.track,
                  other_track=runner.track if runner else 0)


def _bonus_ruling(q: QuarterInput, votes: tuple[Vote, ...]) -> Ruling:
    first, second = votes[0].name, votes[1].name
    if not q.bonus_tiles:
        return ruling("trajan.quarter.consuls",
                      N_("{first} takes one of the two bonus tiles, gold side up; {second} "
                         "takes the other, silver side up"), first=first, second=second)
    if q.first_consul_takes is None:
        return ruling("trajan.quarter.consuls",
                      N_("{first} chooses {a} or {b} and keeps it gold side up; {second} takes "
                         "the other, silver side up"), first=first, second=second,
                      a=term(q.bonus_tiles[0]), b=term(q.bonus_tiles[1]))
    other = next(k for k in q.bonus_tiles if k != q.first_consul_takes)
    return ruling("trajan.quarter.consuls",
                  N_("{first} takes {gold} (gold side up); {second} takes {silver} (silver side "
                     "up)"), first=first, second=second, gold=term(q.first_consul_takes),
                  silver=term(other))
