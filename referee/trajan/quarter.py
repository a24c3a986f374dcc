"""End of a quarter: what the group enters (read and checked from JSON, or taken from a guided
game), the people's demands, the senate vote and the new senate stack."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from referee.errors import RefereeError
from referee.i18n import N_
from referee.rulings import Plural, Ruling
from referee.trajan import box
from referee.trajan.holdings import DEMANDS, bonus_kinds, seat_problems, senate_spaces
from referee.trajan.inputs import Checker
from referee.trajan.refresh import checklist
from referee.trajan.rulebook import bad_input, ruling, violation
from referee.trajan.terms import term
from referee.values import Value, field


class Spend(Value):
    """The tiles a player hands in for the demands: forum tiles by icon and demand wilds."""

    forum: dict[str, int] = field(default_factory=dict)
    wilds: int = 0

    @property
    def key(self) -> tuple[tuple[tuple[str, int], ...], int]:
        return tuple(sorted((k, n) for k, n in self.forum.items() if n)), self.wilds


class Way(Value):
    """One legal way for a player to meet the quarter's demands: the kept Trajan tiles it
    uses (they stay), the forum tiles and demand wilds it hands in, the demands left unmet."""

    trajan: dict[str, int]
    forum: dict[str, int]
    wilds: int
    unmet: int

    @property
    def spend(self) -> Spend:
        return Spend(self.forum, self.wilds)

    def to_json(self) -> dict[str, Any]:
        return {"trajan_tiles_used": self.trajan, "forum_tiles_spent": self.forum,
                "demand_wilds_spent": self.wilds, "unmet": self.unmet}


class QuarterPlayer(Value):
    name: str
    forum_demand_tiles: dict[str, int] = field(default_factory=dict)
    trajan_demand_tiles: dict[str, int] = field(default_factory=dict)
    demand_wilds: int = 0
    senate_position: int = 0
    senate_stack_rank: int = 1
    senate_tiles: tuple[int, ...] = ()
    vp: int | None = None
    meet: Spend | None = None  # the tiles the player hands in; None: not said


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
    if not check.problems:  # the ways are those of the holdings and demands as read
        for held in players:
            if held.meet is not None:
                try:
                    way_for(held, tuple(demands), held.meet)
                except RefereeError as error:
                    check.add(error)
    check.done()
    return QuarterInput(tuple(demands), players, quarter, tuple(bonus), takes)


PLAYER_FIELDS = ("name", "vp", "senate_tiles", "senate_position", "senate_stack_rank",
                 "forum_demand_tiles", "trajan_demand_tiles", "demand_wilds", "meet")


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
        check.choice(raw, "senate_position", where, senate_spaces()), rank, tuple(tiles), vp,
        _spend(raw, where, check))


def _spend(raw: dict, where: str, check: Checker) -> Spend | None:
    """``meet``: the tiles the player hands in, ``{"forum": {icon: n}, "wilds": n}``."""
    meet = raw.get("meet")
    if meet is None:
        return None
    if not isinstance(meet, dict):
        check.add(bad_input(N_("{where}: meet must be an object with forum and wilds"),
                            where=where))
        return None
    check.fields(meet, where, ("forum", "wilds"))
    return Spend(check.counts(meet, "forum", where, DEMANDS), check.count(meet, "wilds", where))


class Demands(Value):
    name: str
    trajan: dict[str, int]  # kept Trajan tiles used (they stay with the player)
    forum: dict[str, int]  # forum tiles handed in
    wilds: int
    unmet: int
    penalty: int
    vp_after: int | None
    rulings: tuple[Ruling, ...]
    ways: tuple[Way, ...] = ()  # every legal way, the cheapest first
    chosen: bool = False  # the way was named (by the player, or in the input)


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
                         "vp_after": d.vp_after, "chosen": d.chosen,
                         "ways": [w.to_json() for w in d.ways],
                         "rulings": [r.to_json() for r in d.rulings]}
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
    """The whole quarter end of the calculator: each player's demands as the input says (or
    the cheapest way where it does not), then the vote (``settle``)."""
    return settle(q, tuple(meet_demands(p, q.demands) for p in q.players))


def settle(q: QuarterInput, demands: tuple[Demands, ...]) -> QuarterEnd:
    """The quarter end once every player has met the demands: the senate vote, the consuls,
    the new stack and the refresh checklist (the guided game asks the demands first)."""
    votes = tuple(sorted((_vote(p) for p in q.players),
                         key=lambda v: (-v.total, -v.track, v.stack_rank)))
    rulings = _senate_rulings(q, votes)
    return QuarterEnd(demands, votes, tuple(rulings),
                      tuple(checklist(q.quarter, len(q.players),
                                      sum(sum(d.forum.values()) + d.wilds for d in demands),
                                      sum(len(p.senate_tiles) for p in q.players))))


SOURCES = ("trajan", "forum", "wild", None)  # what meets a demand tile; None: nothing


def ways(p: QuarterPlayer, revealed: tuple[str, ...]) -> list[Way]:
    """Every legal way for ``p`` to meet the ``revealed`` demands, one per set of tiles handed
    in (001 «Конец квартала»): a demand is met by a matching forum tile, a kept Trajan tile of
    its icon (one demand per tile each quarter; it stays) or a demand wild, and a demand
    that can be met must be, so every way meets the most demands possible. The first is the
    cheapest, the way taken when the player is not asked: kept Trajan tiles, which cost
    nothing, then matching forum tiles, then demand wilds, which could meet any demand."""
    found: dict[tuple, Way] = {}
    for sources in product(SOURCES, repeat=len(revealed)):
        used: dict[str | None, Counter[str]] = {s: Counter() for s in SOURCES}
        for icon, source in zip(revealed, sources, strict=True):
            used[source][icon] += 1
        trajan, forum, wilds = used["trajan"], used["forum"], used["wild"].total()
        if wilds > p.demand_wilds or any(
                n > p.trajan_demand_tiles.get(i, 0) for i, n in trajan.items()) or any(
                n > p.forum_demand_tiles.get(i, 0) for i, n in forum.items()):
            continue
        way = Way(_used(trajan), _used(forum), wilds, used[None].total())
        found.setdefault(way.spend.key, way)
    fewest = min(w.unmet for w in found.values())
    cheapest = _cheapest(p, revealed).key
    return sorted((w for w in found.values() if w.unmet == fewest),
                  key=lambda w: (w.spend.key != cheapest, sum(w.forum.values()) + w.wilds,
                                 w.wilds, w.spend.key))


def _cheapest(p: QuarterPlayer, revealed: tuple[str, ...]) -> Spend:
    left = Counter(revealed)
    left -= Counter({i: min(left[i], p.trajan_demand_tiles.get(i, 0)) for i in DEMANDS})
    forum = {i: min(left[i], p.forum_demand_tiles.get(i, 0)) for i in DEMANDS}
    left -= Counter(forum)
    return Spend(_used(forum), min(left.total(), p.demand_wilds))


def way_for(p: QuarterPlayer, revealed: tuple[str, ...], spend: Spend) -> Way:
    """The legal way that hands in ``spend``; the error naming the rule it breaks when none
    does (the guided question's check and the calculator's input share it)."""
    options = ways(p, revealed)
    found = next((w for w in options if w.spend.key == spend.key), None)
    if found is not None:
        return found
    asked = Counter(revealed)
    for icon, n in spend.forum.items():
        held = p.forum_demand_tiles.get(icon, 0)
        if n > held:
            raise violation("trajan.quarter.demands",
                            N_("{player} holds {held} forum {icon} tiles, not {n}"),
                            player=p.name, held=held, icon=term(icon), n=n)
        if n > asked[icon]:
            raise violation("trajan.quarter.demands",
                            N_("{n} forum {icon} tiles for {asked} {icon} demands: a forum "
                               "tile meets one demand of its icon"),
                            n=n, asked=asked[icon], icon=term(icon))
    if spend.wilds > p.demand_wilds:
        raise violation("trajan.quarter.demands", N_("{player} holds {held} demand wilds, not "
                                                     "{n}"),
                        player=p.name, held=p.demand_wilds, n=spend.wilds)
    if sum(spend.forum.values()) + spend.wilds > len(revealed):
        raise violation("trajan.quarter.demands", N_("{n} tiles for {demands}: one tile meets "
                                                     "one demand"),
                        n=sum(spend.forum.values()) + spend.wilds,
                        demands=Plural(len(revealed), "{n} demand", "{n} demands"))
    met = len(revealed) - options[0].unmet
    raise violation("trajan.quarter.compulsory",
                    N_("{player} can meet {met} of the {n} demands, so must meet {met}; these "
                       "tiles meet fewer"), player=p.name, met=met, n=len(revealed))


def meet_demands(p: QuarterPlayer, revealed: tuple[str, ...]) -> Demands:
    """``p``'s demands met the way ``p.meet`` names (refused when no legal way hands in those
    tiles), or the cheapest way when it names none; then the penalty for the unmet ones."""
    options = ways(p, revealed)
    way = options[0] if p.meet is None else way_for(p, revealed, p.meet)
    penalty = box.fact("quarter", "demand_penalties")
    lost = penalty.value[way.unmet]
    rulings = [ruling("trajan.quarter.demands",
                      N_("{player} meets {met} of 3 demands with Trajan tiles (kept): {trajan}; "
                         "forum tiles (discarded): {forum}; demand wilds: {wilds}"),
                      player=p.name, met=len(revealed) - way.unmet, trajan=_named(way.trajan),
                      forum=_named(way.forum), wilds=way.wilds)]
    if way.unmet:
        rulings.append(ruling("trajan.quarter.penalty",
                              N_("{player} leaves {demands} unmet: -{vp} VP"),
                              confirmed=penalty.confirmed, player=p.name, n=way.unmet, vp=lost,
                              demands=Plural(way.unmet, "{n} demand", "{n} demands")))
    if p.meet is None and len(options) > 1:
        rulings.append(ruling("trajan.quarter.demands",
                              N_("{player} may meet them in {n} ways, each handing in other "
                                 "tiles; this is the cheapest"), player=p.name,
                              n=len(options)))
    vp_after = None if p.vp is None else p.vp - lost
    return Demands(p.name, way.trajan, way.forum, way.wilds, way.unmet, lost, vp_after,
                   tuple(rulings), tuple(options), p.meet is not None)


def _used(counts: Counter[str] | dict[str, int]) -> dict[str, int]:
    return {k: counts[k] for k in DEMANDS if counts.get(k)}


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
