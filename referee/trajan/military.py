"""Military: where the leader may go, and what a legionary scores in a province."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from referee.i18n import N_
from referee.rulings import Ruling
from referee.trajan import box
from referee.trajan.rulebook import bad_input, ruling, violation
from referee.trajan.terms import term, word_id

CAMP = "camp"
MAX_OTHERS = 3  # one legionary per player per province, at most 4 players


def places() -> list[str]:
    return [CAMP, *box.value("provinces", "vp")]


def check_place(text: str) -> str:
    """The id of the place ``text`` names, in any language."""
    name = word_id(text, places())
    if name not in places():
        raise bad_input(N_("Unknown province {name!r}; choose from {choices}"), name=name,
                        choices=", ".join(places()))
    return name


def neighbours(place: str) -> list[str]:
    """Places the leader may move to; the camp only if the group allows it (unknown rule)."""
    links = box.value("provinces", "adjacency")
    found = set(links.get(place, []))
    found |= {a for a, targets in links.items() if place in targets}
    if not box.value("provinces", "leader_may_return_to_camp"):
        found.discard(CAMP)
    return [p for p in places() if p in found]


def route(start: str, goal: str) -> list[str]:
    """Shortest chain of leader moves from ``start`` to ``goal`` (empty if unreachable)."""
    came_from = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if nxt not in came_from:
                came_from[nxt] = here
                queue.append(nxt)
    if goal not in came_from:
        return []
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return path[::-1][1:]


def move_leader(start: str, goal: str) -> Ruling:
    adjacency = box.fact("provinces", "adjacency")
    if goal == CAMP:
        camp = box.fact("provinces", "leader_may_return_to_camp")
        if not camp.value:
            raise violation("trajan.military.leader",
                            N_("The leader moves only to provinces; the camp is not one"),
                            confirmed=camp.confirmed)
    if goal not in neighbours(start):
        steps = route(start, goal)
        raise violation("trajan.military.leader",
                        N_("{goal} does not border {start}; the shortest way takes {n} moves: "
                           "{route}"), confirmed=adjacency.confirmed, goal=term(goal),
                           start=term(start),
                        n=len(steps), route=[term(p) for p in steps])
    return ruling("trajan.military.leader",
                  N_("The leader moves from {start} to {goal}; take the forum tile there, "
                     "if any"), confirmed=adjacency.confirmed, start=term(start), goal=term(goal))


def others_in(players: Iterable[Any], name: str, province: str) -> int:
    """How many of ``players`` (each with a ``name`` and its ``legions``) other than ``name``
    have a legionary in ``province``."""
    return sum(province in q.legions for q in players if q.name != name)


def place_legionary(province: str, others: int, already_mine: bool) -> tuple[int, Ruling]:
    """VP for a legionary sent to the leader's province."""
    if province == CAMP:
        raise violation("trajan.military.legionary",
                        N_("A legionary goes to the leader's province; the camp is not one"))
    if already_mine:
        raise violation("trajan.military.legionary",
                        N_("You already have a legionary in {province}; one per player"),
                        province=term(province))
    if not 0 <= others <= MAX_OTHERS:
        raise violation("trajan.military.legionary",
                        N_("{province} can hold at most {max} other players' legionaries, "
                           "one each"), province=term(province), max=MAX_OTHERS)
    values = box.fact("provinces", "vp")
    penalty = box.value("provinces", "penalty_per_other_legionary")
    vp = max(0, values.value[province] - penalty * others)
    return vp, ruling("trajan.military.legionary",
                      N_("{province} is worth {base} VP, less {penalty} for each of {others} "
                         "other legionaries, never below 0: {vp} VP"), confirmed=values.confirmed,
                      province=term(province), base=values.value[province], penalty=penalty,
                      others=others, vp=vp)
