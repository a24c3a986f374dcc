"""The Architect: colonists walk along their kind of route, then houses go up beside them."""

from __future__ import annotations

from referee.concordia.actions import COLONIST_KINDS, Architect, Move
from referee.concordia.box import ROMA
from referee.concordia.calculators import house_cost
from referee.concordia.ledger import Board, pay
from referee.concordia.rulebook import bad_input, ref, violation
from referee.concordia.state import GameState, Place, PlayerState
from referee.concordia.wording import plural
from referee.i18n import N_
from referee.rulings import Plural, Ruling, Term


def architect(b: Board, s: GameState, who: int, entry: Architect) -> list[Ruling]:
    p = s.players[who]
    points = len(p.colonists)
    rulings = [Ruling(ref("concordia.architect.move"),
                      N_("{player} has {points}: one per colonist on the board."),
                      {"player": p.name, "points": _points(points)})]
    spent = 0
    for move in entry.moves:
        spent += len(move.path)
        if spent > points:
            raise violation("concordia.architect.move",
                            N_("The moves cost {spent}, but {player} has {points}."),
                            spent=_points(sum(len(m.path) for m in entry.moves)),
                            player=p.name, points=_points(points))
        rulings.append(_move(b, s, p, move))
    for city in entry.build:
        rulings += _build(b, s, p, b.city(city))
    return rulings


def _move(b: Board, s: GameState, p: PlayerState, move: Move) -> Ruling:
    if move.kind not in COLONIST_KINDS and len(move.start) in (1, 2) and move.path:
        move = Move(b.colonist(move.kind), move.start, move.path)
    if move.kind not in COLONIST_KINDS or len(move.start) not in (1, 2) or not move.path:
        raise bad_input(N_("A move is a colonist kind (land or sea), where it starts (a city "
                           "or the two cities of its route) and at least one city to walk "
                           "to."))
    walk = [b.city(c) for c in move.walk()]
    start: Place = tuple(sorted(walk[:len(move.start)]))
    kind = Term(move.kind)
    if (move.kind, start) not in p.colonists:
        raise violation("concordia.architect.move",
                        N_("{player} has no {kind} colonist at {place}."), player=p.name,
                        kind=kind, place=[Term(c) for c in start])
    for a, c in zip(walk, walk[1:], strict=False):
        if c not in b.routes[move.kind].get(a, []):
            raise violation("concordia.architect.move",
                            N_("No {kind} route joins {a} and {b}."), confirmed=b.routes_confirmed,
                            kind=kind, a=Term(a), b=Term(c))
    end: Place = tuple(sorted(walk[-2:]))
    p.colonists.remove((move.kind, start))
    if s.occupied()[(move.kind, end)]:
        raise violation("concordia.architect.move",
                        N_("A colonist may pass an occupied route but not stop on one: "
                           "{a}–{b} is taken."), a=Term(end[0]), b=Term(end[1]))
    p.colonists.append((move.kind, end))
    return Ruling(ref("concordia.architect.move", confirmed=b.routes_confirmed),
                  N_("{player}'s {kind} colonist goes {walk}: {points}."),
                  {"player": p.name, "kind": kind, "walk": [Term(c) for c in walk],
                   "points": _points(len(move.path))})


def _points(n: int) -> Plural:
    return plural("{n} movement point", "{n} movement points", n)


def _build(b: Board, s: GameState, p: PlayerState, city: str) -> list[Ruling]:
    if city == ROMA:
        raise violation("concordia.architect.no_house_in_roma",
                        N_("Nobody can build a house in Roma."))
    if city in p.houses:
        raise violation("concordia.architect.one_house_per_city",
                        N_("{player} already has a house in {city}."), player=p.name,
                        city=Term(city))
    beside = {c for kind, place in p.colonists if len(place) == 2 for c in place}
    if city not in beside:
        raise violation("concordia.architect.build",
                        N_("{player} has no colonist on a route next to {city}."),
                        player=p.name, city=Term(city))
    limit = b.box.fact("economy", "house", "per_player")
    if len(p.houses) >= limit.value:
        raise violation("concordia.pieces.houses",
                        N_("{player} has built all {limit} houses."), confirmed=limit.confirmed,
                        player=p.name, limit=limit.value)
    cost = house_cost(b.box, b.setup.cities[city], s.houses_in(city))
    pay(s, p, cost.values["sestertii"], cost.values["goods"])
    p.houses.append(city)
    return [*cost.rulings, Ruling(ref("concordia.architect.build"),
                                  N_("{player} builds a house in {city}."),
                                  {"player": p.name, "city": Term(city)})]


def reachable(b: Board, s: GameState, who: int, points: int) -> list[tuple[Move, int]]:
    """Every move one of ``who``'s colonists can make with at most ``points`` movement
    points: for each colonist, each free route it can stop on (passing occupied ones on the
    way), by one of its shortest walks, with what that walk costs. A colonist on a route
    may leave it through either end."""
    p = s.players[who]
    occupied = s.occupied()
    found: list[tuple[Move, int]] = []
    for kind, place in dict.fromkeys(p.colonists):
        routes = b.routes[kind]
        starts = [place] if len(place) == 1 else [place, place[::-1]]
        best: dict[Place, tuple[str, ...]] = {}
        frontier: list[tuple[Place, tuple[str, ...]]] = [(start, ()) for start in starts]
        for _step in range(points):
            after: list[tuple[Place, tuple[str, ...]]] = []
            for start, path in frontier:
                here = (*start, *path)[-1]
                for city in routes.get(here, []):
                    walk = (*path, city)
                    stop: Place = tuple(sorted(((*start, *path)[-1], city)))
                    after.append((start, walk))
                    if stop != place and stop not in best and not occupied[(kind, stop)]:
                        best[stop] = (*start, *walk)
            frontier = after
        for walk in best.values():
            start = walk[:len(place)]
            found.append((Move(kind, start, walk[len(place):]), len(walk) - len(place)))
    return found


def buildable(b: Board, s: GameState, who: int) -> list[tuple[str, int, dict[str, int]]]:
    """The cities where ``who`` may build a house now (a colonist of theirs on a route
    beside it, no house of theirs there, not Roma), with the house's money and goods."""
    p = s.players[who]
    limit = b.box.fact("economy", "house", "per_player").value
    if len(p.houses) >= limit:
        return []
    beside = sorted({c for _kind, place in p.colonists if len(place) == 2 for c in place}
                    - {ROMA, *p.houses})
    found = []
    for city in beside:
        cost = house_cost(b.box, b.setup.cities[city], s.houses_in(city))
        found.append((city, cost.values["sestertii"], dict(cost.values["goods"])))
    return found
