"""Phase 2: followers onto spaces, one at a time in seat order, with every restriction.

Space ids: ``thermae.1``…, ``forum.1``…``forum.6``, ``latrine``, ``curia.1``…``curia.3``,
``atrium.1``/``atrium.2``, ``catacombs.4``/``.3``/``.2`` (the price), ``pantheon.1``/``.2``,
``mars`` and ``bowl`` (several followers), and ``<faction>.1``/``<faction>.2``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from referee.game.question import Question
from referee.i18n import N_
from referee.rulings import Plural, Term
from referee.tribune.actions import Choose, Entry, Place
from referee.tribune.cards import FACTIONS, Faction
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneRuleViolation

BOWL_FIRST, BOWL_LATER = 7, 5
MULTI = ("mars", "bowl")
BOWL_TERM = Term(N_("coin bowl"))
FACTION_IDS = frozenset(f.value for f in FACTIONS)
#: spaces with rules beyond "one figure": the others are open whenever they are empty
RESTRICTED = FACTION_IDS | {"atrium", "pantheon"}


def all_spaces(c: Core) -> list[str]:
    st = c.settings
    spaces = [f"thermae.{i}" for i in range(1, st["thermae_fields"] + 1)]
    spaces += [f"forum.{i}" for i in range(1, st["forum_fields"] + 1)]
    spaces += ["latrine"] + [f"curia.{i}" for i in range(1, st["curia_fields"] + 1)]
    spaces += ["atrium.1", "atrium.2"] + [f"catacombs.{p}" for p in st["catacombs_prices"]]
    spaces += [f"pantheon.{i}" for i in range(1, st["pantheon_spaces"] + 1)]
    spaces += list(MULTI)
    spaces += [f"{f.value}.{n}" for f in FACTIONS for n in (1, 2)]
    return spaces


def label(c: Core, space: str) -> tuple[Term, str]:
    """(place name, number) for messages."""
    head, number, faction = _parts(space)
    if head == "bowl":
        return BOWL_TERM, ""
    return (c.region(head) if faction is None else faction.term), number


class Refusal(NamedTuple):
    """Why a space is closed: built cheaply, turned into an error only when needed."""

    message: str
    rule_id: str
    params: Mapping[str, Any]
    setting: str | None = None

    def error(self, c: Core, space: str) -> TribuneRuleViolation:
        settings = (self.setting,) if self.setting else ()
        return TribuneRuleViolation(self.message, rule=c.ref(self.rule_id, *settings),
                                    space=space, **self.params)


#: the refusals without params, made once: listing the open spaces meets several of them
#: at every placement
TAKEN = Refusal(N_("Space {space} is already taken"), "tribune.phase2.space", {})
ATRIUM_ORDER = Refusal(N_("Atrium \"1.\" must be filled before \"2.\""),
                       "tribune.phase2.atrium.order", {})
ATRIUM_BOTH = Refusal(N_("Nobody may hold both Atrium spaces"), "tribune.phase2.atrium.both", {})
NO_MARKER = Refusal(N_("Only a player with a Vestal Virgins marker may go to the Pantheon"),
                    "tribune.phase2.pantheon.marker", {})
PANTHEON_BOTH = Refusal(N_("Nobody may hold both Pantheon spaces"),
                        "tribune.phase2.pantheon.both", {})
FACTION_BOTH = Refusal(N_("Nobody may hold both spaces of one faction"),
                       "tribune.phase2.faction.both", {})
FACTION_ORDER = Refusal(N_("Faction space \"1\" must be filled before \"2\""),
                        "tribune.phase2.faction.order", {})


def why_not(c: Core, seat: int, space: str) -> Refusal | None:
    """The rule that forbids ``seat`` from placing on ``space`` now, or None."""
    if space not in c.spaces:
        return Refusal(N_("There is no space {space!r} on this board"), "tribune.phase2.space",
                       {})
    return _closed(c, seat, space)


@cache
def _parts(space: str) -> tuple[str, str, Faction | None]:
    """(head, number, faction of a faction space) of a space id, worked out once per id:
    every placement checks most of the board's spaces."""
    head, _, number = space.partition(".")
    return head, number, Faction(head) if head in FACTION_IDS else None


#: the two spaces of each faction, by faction
FACTION_SPACES = {f: (f"{f.value}.1", f"{f.value}.2") for f in FACTIONS}
#: kinds of step in a board's plan (see ``_plan``)
PLAIN, PAIR, RULED, MARS, BOWL = "plain", "pair", "ruled", "mars", "bowl"


@lru_cache(maxsize=16)
def _plan(spaces: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    """A board's spaces in order, grouped for ``legal_spaces``: runs of spaces with no rule
    beyond "one figure" (``PLAIN``, open whenever empty), the two spaces of a faction
    (``PAIR``, settled together), each Atrium and Pantheon space on its own with its parts
    (``RULED``), and the Field of Mars and the bowl, which take several figures."""
    steps: list[tuple[Any, ...]] = []
    i = 0
    while i < len(spaces):
        sp = spaces[i]
        head, number, faction = _parts(sp)
        if faction is not None and spaces[i:i + 2] == FACTION_SPACES[faction]:
            steps.append((PAIR, faction, *FACTION_SPACES[faction]))
            i += 2
            continue
        if head in MULTI:
            steps.append((MARS if head == "mars" else BOWL, sp))
        elif head in RESTRICTED:
            steps.append((RULED, sp, head, number))
        elif steps and steps[-1][0] is PLAIN:
            steps[-1] = (PLAIN, steps[-1][1] + (sp,))
        else:
            steps.append((PLAIN, (sp,)))
        i += 1
    return tuple(steps)


def _closed(c: Core, seat: int, space: str) -> Refusal | None:
    """``why_not`` for a space known to be on the board."""
    s = c.s
    taken = s.spaces.get(space, ())
    head, number, faction = _parts(space)
    if head == "mars":
        cap = _mars_full(c, taken)
        if cap is not None:
            return Refusal(N_("The {place} is full ({spaces})"), "tribune.phase2.mars",
                           {"place": c.region("mars"),
                            "spaces": Plural(cap, "{n} space", "{n} spaces")}, "mars_spaces")
        return None
    if head == "bowl":
        return None
    if taken:
        return TAKEN
    if head not in RESTRICTED:
        return None
    return _restricted(c, seat, head, number, faction)


def _mars_full(c: Core, taken: Sequence[int]) -> int | None:
    """The Field of Mars's number of spaces when ``taken`` fills it, else None."""
    cap: int | None = c.settings["mars_spaces"]
    return cap if cap is not None and len(taken) >= cap else None


def _holds(c: Core, seat: int, space: str) -> bool:
    """Whether one of ``seat``'s figures stands on ``space``."""
    return seat in c.s.spaces.get(space, ())


def _restricted(c: Core, seat: int, head: str, number: str,
                faction: Faction | None) -> Refusal | None:
    """The rules of an empty faction, Atrium or Pantheon space for ``seat``."""
    s = c.s
    if faction is not None:
        return _faction_shut(c, seat, faction) or _faction_order(c, head, number)
    if head == "atrium":
        if number == "2" and not s.spaces.get("atrium.1"):
            return ATRIUM_ORDER
        if _holds(c, seat, "atrium.1") or _holds(c, seat, "atrium.2"):
            return ATRIUM_BOTH
    elif head == "pantheon":
        if Faction.VESTALS not in c.player_at(seat).markers:
            return NO_MARKER
        if any(seat in seats and sp.startswith("pantheon.") and sp in c.spaces
               for sp, seats in s.spaces.items()):
            return PANTHEON_BOTH
    return None


def _faction_shut(c: Core, seat: int, faction: Faction) -> Refusal | None:
    """What closes both spaces of ``faction`` to ``seat``."""
    s = c.s
    if s.chariot is faction:
        return Refusal(N_("The chariot blocks {faction} this round"),
                       "tribune.phase2.faction.chariot", {"faction": faction.term})
    if s.controllers.get(faction) == seat:
        return Refusal(N_("{player} already controls {faction}"),
                       "tribune.phase2.faction.controlled",
                       {"faction": faction.term, "player": c.name(seat)})
    first, second = FACTION_SPACES[faction]
    if _holds(c, seat, first) or _holds(c, seat, second):
        return FACTION_BOTH
    return None


def _faction_order(c: Core, head: str, number: str) -> Refusal | None:
    if number == "2" and not c.s.spaces.get(f"{head}.1"):
        return FACTION_ORDER
    return None


def legal_spaces(c: Core, seat: int) -> list[str]:
    """The spaces ``why_not`` leaves open to ``seat``, in board order. Placing lists them
    for every follower, so the board is walked in the steps of its plan (``_plan``): an
    empty plain space is open, a faction's pair is settled at once (at most one of its two
    spaces is open: "2" only once "1" is taken), an empty Atrium or Pantheon space asks its
    rules, the bowl is always open and the Field of Mars until it is full."""
    s = c.s
    taken = s.spaces
    found: list[str] = []
    board, plan = c.plan
    if board is not c.spaces:  # the flow sets the list once a game, and never changes it
        plan = _plan(tuple(c.spaces))
        c.plan = c.spaces, plan
    for step in plan:
        kind = step[0]
        if kind is PLAIN:
            found += [sp for sp in step[1] if not taken.get(sp)]
        elif kind is PAIR:
            _, faction, first, second = step
            if s.chariot is faction or s.controllers.get(faction) == seat:
                continue
            on_first, on_second = taken.get(first), taken.get(second)
            if on_first and seat in on_first or on_second and seat in on_second:
                continue
            if not on_first:
                found.append(first)
            elif not on_second:
                found.append(second)
        elif kind is RULED:
            _, space, head, number = step
            if not taken.get(space) and _restricted(c, seat, head, number, None) is None:
                found.append(space)
        elif kind is BOWL or _mars_full(c, taken.get(step[1], ())) is None:
            found.append(step[1])  # the bowl takes any number of figures
    return found


def ask_place(c: Core, seat: int) -> Question:
    name = c.name(seat)

    def check(action: Entry) -> None:
        c.check_turn(seat, action, ("place",), "place")
        assert isinstance(action, Place)
        problem = why_not(c, seat, action.space)
        if problem is not None:
            raise problem.error(c, action.space)

    places = placings(name)
    return Question(name, "place", c.ref("tribune.phase2.order"),
                    N_("{player}: place a follower ({left} left)"),
                    {"player": name, "left": c.s.to_place[seat]}, ("place",),
                    options=lambda hand=None: [
                        places.get(sp) or places.setdefault(sp, Place(name, sp))
                        for sp in legal_spaces(c, seat)], check=check)


@lru_cache(maxsize=64)
def placings(player: str) -> dict[str, Place]:
    """The (frozen) entries ``Place(player, space)`` made so far, by space: every placement
    lists one per open space, and making them was a third of the cost of that list."""
    return {}


def phase2(c: Core) -> Flow:
    s = c.s
    s.phase, s.spaces, s.bowl_figures = 2, {}, 0
    s.to_place = [p.followers for p in s.players]
    patricians = s.controllers.get(Faction.PATRICIANS)
    if s.proconsul is not None and s.proconsul == patricians:
        s.to_place[patricians] += 1
        c.rule(c.ref("tribune.phase2.proconsul"),
               N_("{player} places the Proconsul as an extra follower"), player=c.name(patricians))
    while any(s.to_place):
        for seat in c.seat_order():
            if s.to_place[seat]:
                action = yield ask_place(c, seat)
                assert isinstance(action, Place)
                yield from place(c, seat, action.space)


def place(c: Core, seat: int, space: str) -> Flow:
    s = c.s
    s.spaces.setdefault(space, []).append(seat)
    s.to_place[seat] -= 1
    where, number = label(c, space)
    if number:
        c.rule(c.ref("tribune.phase2.space"), N_("{player}: follower on {place} {number}"),
               player=c.name(seat), place=where, number=number)
    else:  # the bowl, the Latrine, the Field of Mars: one space name, no number
        c.rule(c.ref("tribune.phase2.space"), N_("{player}: follower on {place}"),
               player=c.name(seat), place=where)
    if space == "bowl":
        amount = BOWL_LATER if s.bowl_figures else BOWL_FIRST
        s.bowl_figures += 1
        c.gain(seat, amount, c.ref("tribune.phase2.bowl"))
    elif space == "atrium.1":
        yield from atrium_first(c, seat)
    elif space == "atrium.2":
        rule = c.ref("tribune.phase2.atrium.turn")
        for f, field in enumerate(s.board["atrium"]):
            for slot in field:
                if not slot.face_up:
                    card = yield from c.reveal(slot, "atrium", f + 1, rule)
                    c.rule(rule, N_("Atrium card {number} is turned up: {card}"),
                           number=f + 1, card=card.name)
    elif space.startswith("pantheon."):
        c.rule(c.ref("tribune.phase2.pantheon.marker"),
               N_("{player} may look at the face-down Pantheon card"), player=c.name(seat))


def atrium_first(c: Core, seat: int) -> Flow:
    """The "1." player turns up any two of the three cards (all, if fewer are there)."""
    fields = [f for f, field in enumerate(c.s.board["atrium"]) if field]
    rule = c.ref("tribune.phase2.atrium.turn")
    hidden = None
    if len(fields) > 2:
        action = yield c.ask_choice(seat, "atrium_turn", rule,
                                    N_("{player}: which Atrium card stays face down?"),
                                    [str(f + 1) for f in fields])
        assert isinstance(action, Choose)
        hidden = int(action.option) - 1
    for f in fields:
        if f != hidden:
            card = yield from c.reveal(c.s.board["atrium"][f][0], "atrium", f + 1, rule)
            c.rule(rule, N_("Atrium card {number} is turned up: {card}"), number=f + 1,
                   card=card.name)
