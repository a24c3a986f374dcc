"""The rule flows: generators that yield each decision the game needs and apply the answer.

``play`` is the whole game; each phase lives in its own module.
"""

from __future__ import annotations

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
    while True:
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
