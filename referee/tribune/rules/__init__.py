"""The rule flows: generators that yield each decision the game needs and apply the answer.

``play`` is the whole game; each phase lives in its own module. ``from_mark`` is the game from
the start of a round: at that point the flow holds nothing but the state, which is what lets
a game be resumed from a round mark (``referee.tribune.engine.Game.resume``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.tribune.core import Core, Flow
from referee.tribune.rules import (
    benefits,
    chariot,
    ending,
    followers,
    placement,
    regions,
    takeovers,
)


def play(c: Core) -> Flow:
    c.spaces = followers.all_spaces(c)
    yield from placement.setup(c)
    return (yield from rounds(c))


def from_mark(c: Core, mark: Mapping[str, Any]) -> Flow:
    """The game from the start of the round ``mark`` kept (``Core.round_starts``)."""
    c.spaces = followers.all_spaces(c)
    c.restore(mark)
    return (yield from rounds(c))


def rounds(c: Core) -> Flow:
    while True:
        c.round_starts()
        yield from placement.phase1(c)
        yield from followers.phase2(c)
        yield from regions.phase3(c)
        yield from takeovers.phase4(c)
        yield from benefits.phase5(c)
        yield from chariot.phase6(c)
        ending.announce(c)
        if ending.finished(c):
            return ending.result(c)
        c.s.round += 1
