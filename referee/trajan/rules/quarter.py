"""Round and quarter ends: a demand tile turned up after rounds 1-3; after round 4 the
quarter ends (demands, senate vote and consuls, refresh), and after quarter 4 the game.

Each player chooses how to meet the demands where the rules leave more than one way; the
ways, the check of a choice, the penalty and the vote are the code of the ``quarter-end``
calculator (``quarter.ways``, ``quarter.meet_demands``, ``quarter.settle``), run on the
tracked state."""

from __future__ import annotations

from referee.game.question import Form
from referee.i18n import N_
from referee.trajan import box
from referee.trajan.actions import Choose, Demands, Entry
from referee.trajan.core import Core, Flow
from referee.trajan.holdings import DEMANDS, senate_spaces
from referee.trajan.military import CAMP
from referee.trajan.pieces import senate_votes
from referee.trajan.quarter import Demands as Met
from referee.trajan.quarter import (
    QuarterInput,
    QuarterPlayer,
    Spend,
    meet_demands,
    settle,
    way_for,
    ways,
)
from referee.trajan.refresh import ROMAN
from referee.trajan.rulebook import ref
from referee.trajan.rules.setup import draw_bonus_up, fill_forum
from referee.trajan.state import PlayerState
from referee.trajan.terms import Piece, term
from referee.values import replace

ROUNDS = 4  # rounds per quarter (RULEBOOK «ХОД ИГРЫ»)


def round_end(c: Core) -> Flow:
    b = c.s.board
    if b.round < ROUNDS:
        tile = yield from c.draw(b.demand_pool, N_("demand tile"), "trajan.time.demand",
                                 N_("Round {round} ends: which demand tile is turned up?"),
                                 round=b.round)
        if tile is not None:
            b.demands_up.append(tile)
        c.rule(ref("trajan.time.demand"), N_("Round {round} of quarter {quarter} ends: the demand "
                                             "tile turned up is {tile}"), round=b.round,
               quarter=ROMAN[b.quarter - 1], tile=term(tile or "none"))
        b.round += 1
        return
    yield from quarter_end(c)


def stack_rank(c: Core, p: PlayerState) -> int:
    """1 for the top disc of the player's senate space."""
    stack = c.s.board.senate[p.senate]
    return len(stack) - stack.index(p.name)


def quarter_input(c: Core) -> QuarterInput:
    b = c.s.board
    spaces = senate_spaces()
    players = tuple(QuarterPlayer(
        p.name, {i: p.tiles[i] for i in DEMANDS if p.tiles[i]},
        {i: n for i in DEMANDS if (n := sum(t.kind == i for t in p.done))},
        p.tiles["wild_demand"], spaces[p.senate], stack_rank(c, p),
        tuple(senate_votes(t) for t in p.tiles.elements() if senate_votes(t)), p.vp)
        for p in c.s.players)
    return QuarterInput(tuple(b.demands_up), players, b.quarter,
                        tuple(b.bonus_up) if len(b.bonus_up) == 2 else ())


def quarter_end(c: Core) -> Flow:
    b = c.s.board
    q = quarter_input(c)
    held = {p.name: p for p in q.players}
    met: list[Met] = []
    for name in c.order:
        met.append((yield from _demands(c, held[name], q.demands)))
    result = settle(q, tuple(met))
    c.out.extend(result.rulings)
    first, second = result.votes[0].name, result.votes[1].name
    yield from _consuls(c, first, second)
    b.senate = [[] for _ in b.senate]
    b.senate[0] = [v.name for v in reversed(result.votes)]  # the first consul on top
    for p in c.s.players:
        p.senate = 0
    c.out.extend(result.checklist)
    _discard(c)
    if b.quarter == box.value("quarter", "quarters"):
        c.s.over = True
        return
    b.grey.clear()
    b.quarter += 1
    b.round = 1
    yield from draw_bonus_up(c)
    yield from _refill_provinces(c)
    yield from fill_forum(c)


def _demands(c: Core, held: QuarterPlayer, revealed: tuple[str, ...]) -> Flow:
    """One player's demands: the way they choose where there are several (a session begun
    before this question takes the cheapest), met at once."""
    options = ways(held, revealed)
    if len(options) > 1 and c.setup.asks_choices:
        entry = yield ask_demands(c, held, revealed)
        assert isinstance(entry, Demands)
        held = replace(held, meet=Spend(entry.forum_counts, entry.wilds))
    d = meet_demands(held, revealed)
    b, p = c.s.board, c.player(d.name)
    for icon, n in d.forum.items():
        p.tiles[icon] -= n
        b.removed[icon] += n
    p.tiles["wild_demand"] -= d.wilds
    b.removed["wild_demand"] += d.wilds
    p.vp -= d.penalty
    c.out.extend(d.rulings)
    return d


def ask_demands(c: Core, held: QuarterPlayer, revealed: tuple[str, ...]):
    """Which tiles ``held.name`` hands in: one of the legal ways, listed cheapest first."""
    name = held.name

    def options() -> list[Entry]:
        return [Demands.of(name, w.forum, w.wilds) for w in ways(held, revealed)]

    def check(entry: Entry) -> None:
        assert isinstance(entry, Demands)
        way_for(held, revealed, Spend(entry.forum_counts, entry.wilds))

    return c.ask(name, "demands", "trajan.quarter.demands",
                 N_("{player}: the people demand {demands}. Which tiles do you hand in?"),
                 ("demands",), options, check, Form.ONE,
                 demands=[term(d) for d in revealed])


def _consuls(c: Core, first: str, second: str) -> Flow:
    b = c.s.board
    if not b.bonus_up:
        return
    gold = b.bonus_up[0]
    if len(b.bonus_up) > 1:
        entry = yield c.ask_choice(first, "consul", "trajan.quarter.consuls",
                                   N_("{player}, first consul: which bonus tile do you keep "
                                      "gold side up?"), sorted(set(b.bonus_up)))
        assert isinstance(entry, Choose)
        gold = entry.option
    b.bonus_up.remove(gold)
    c.player(first).bonus.append((gold, "gold"))
    c.rule(ref("trajan.quarter.consuls"), N_("{player} keeps {tile} gold side up"), player=first,
           tile=term(gold))
    if b.bonus_up:
        silver = b.bonus_up.pop()
        c.player(second).bonus.append((silver, "silver"))
        c.rule(ref("trajan.quarter.consuls"), N_("{player} keeps {tile} silver side up"),
               player=second, tile=term(silver))


def _discard(c: Core) -> None:
    """Senate tiles (used or not), the forum's leftovers and this quarter's demand tiles
    leave the game."""
    b = c.s.board
    for p in c.s.players:
        for tile in [t for t in +p.tiles if senate_votes(t)]:
            b.removed[tile] += p.tiles.pop(tile)
    b.removed.update(b.forum)
    b.forum.clear()
    b.removed["demand"] += len(b.demands_up)
    b.demands_up.clear()


def _refill_provinces(c: Core) -> Flow:
    b = c.s.board
    held = {q for p in c.s.players for q in p.legions} | {p.leader for p in c.s.players}
    empty = [province for province, tile in b.provinces.items()
             if tile is None and province not in held and province != CAMP]
    for n, province in enumerate(empty, 1):
        b.provinces[province] = yield from c.draw(
            b.forum_pool, N_("forum tile"), "trajan.quarter.refresh",
            N_("Forum tile for the province {place} ({n} of {count}): which was drawn?"),
            place=term(province), n=n, count=len(empty))
    laid = [Piece(tile, at=p) for p in empty if (tile := b.provinces[p]) is not None]
    if laid:
        c.rule(ref("trajan.quarter.refresh"), N_("A forum tile face up in each province "
                                                 "left empty: {tiles}"), tiles=laid)
