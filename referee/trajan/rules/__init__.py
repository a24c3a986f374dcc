"""Trajan's rules as flows (see ``referee.game.flow``): the setup, a turn (sowing, then the
tray's action), the actions, and the end of a round and of a quarter. ``play`` runs them from
the setup to the end of the fourth quarter."""

from __future__ import annotations

from referee.i18n import N_
from referee.trajan.core import Core, Flow
from referee.trajan.rulebook import ref
from referee.trajan.rules.quarter import round_end
from referee.trajan.rules.setup import setup
from referee.trajan.rules.turn import turn


def play(c: Core) -> Flow:
    yield from setup(c)
    while not c.s.over:
        name = c.order[c.s.turn]
        round_over = yield from turn(c, name)
        if round_over:
            yield from round_end(c)
        c.s.turn = (c.s.turn + 1) % len(c.order)
    c.rule(ref("trajan.game.end"), N_("The fourth quarter is over: final scoring"))
