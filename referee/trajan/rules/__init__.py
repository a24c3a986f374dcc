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

#: the rulings that name what was drawn from the box, for the table to lay out or take
DRAWN = frozenset({
    N_("A forum tile face up in each province: {tiles}"), N_("The forum holds: {tiles}"),
    N_("Building area, row {row}: {tiles}"),
    N_("The Trajan stacks, each with its top tile face up: {tiles}"),
    N_("The {stack} Trajan stack now shows {tile}"),
    N_("{player} draws {cards} from the deck"),
    N_("Discard pile {pile}: {card} turned up from the deck"),
    N_("A forum tile face up in each province left empty: {tiles}"),
    N_("Beside the senate track, gold side up: {tiles}"),
    N_("{player} draws the {tile} bonus tile and keeps it gold side up"),
    N_("Round {round} of quarter {quarter} ends: the demand tile turned up is {tile}")})


def play(c: Core) -> Flow:
    yield from setup(c)
    while not c.s.over:
        name = c.order[c.s.turn]
        round_over = yield from turn(c, name)
        if round_over:
            yield from round_end(c)
        c.s.turn = (c.s.turn + 1) % len(c.order)
    c.rule(ref("trajan.game.end"), N_("The fourth quarter is over: final scoring"))
