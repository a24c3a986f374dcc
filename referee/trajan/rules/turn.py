"""A turn: sow, move the time marker, complete the Trajan tile, then the tray's action and
any extra actions. The actions themselves are in ``rules.actions``."""

from __future__ import annotations

from collections import Counter

from referee.game.question import Form
from referee.i18n import N_
from referee.rulings import Plural
from referee.trajan import box
from referee.trajan import wheel as w
from referee.trajan.actions import Choose, Entry, Figures, Pass, Sow
from referee.trajan.core import Core, Flow
from referee.trajan.holdings import DEMANDS
from referee.trajan.rulebook import ref, violation
from referee.trajan.rules.actions import take_action
from referee.trajan.sowing import time_rulings
from referee.trajan.state import PlayerState
from referee.trajan.terms import term
from referee.trajan.time_track import move

ACTIONS = ("seaport", "forum", "military", "senate", "trajan", "construction")


def turn(c: Core, name: str) -> Flow:
    """One player's turn; returns True when the time marker ended the round."""
    p = c.player(name)
    c.extra_used = False
    entry = yield ask_sow(c, p)
    assert isinstance(entry, Sow)
    before = w.Wheel(tuple(tuple(t) for t in p.trays))
    sowing = w.sow(before, entry.tray)
    p.trays = [list(t) for t in w.after(before, sowing, entry.order).trays]
    actions = box.fact("wheel", "tray_actions")
    action = actions.value[sowing.target]
    c.rule(ref("trajan.turn.sow"), N_("{player} sows {markers} from tray {tray}; the last lands in "
                                      "tray {target}"), player=name, n=sowing.steps, tray=w.ROMAN[
                                          sowing.origin], target=w.ROMAN[sowing.target],
           markers=Plural(sowing.steps, "{n} marker", "{n} markers"))
    b = c.s.board
    time = move(b.time, sowing.steps, c.lap)
    b.time = time.end
    c.out.extend(time_rulings(time))
    yield from trajan_tile(c, p, sowing.target)
    c.rule(ref("trajan.turn.tray_action", confirmed=actions.confirmed), N_("Tray {tray}: {action}"),
           tray=w.ROMAN[sowing.target], action=term(action))
    yield from take_action(c, name, action)
    return time.rounds_ended > 0


def ask_sow(c: Core, p: PlayerState):
    def check(entry: Entry) -> None:
        assert isinstance(entry, Sow)
        if not 0 <= entry.tray < w.TRAYS or not p.trays[entry.tray]:
            raise violation("trajan.turn.sow", N_("Tray {tray} is empty; pick a tray with "
                                                  "markers"), tray=w.ROMAN[entry.tray % 6])
        held = p.trays[entry.tray]
        if Counter(entry.order) != Counter(held):
            raise violation("trajan.turn.sow", N_("Tray {tray} holds {held}; drop exactly "
                                                  "those markers, not {order}"),
                            tray=w.ROMAN[entry.tray], held=[term(x) for x in held],
                            order=[term(x) for x in entry.order])

    return c.ask(p.name, "sow", "trajan.turn.sow",
                 N_("{player}: which tray do you sow, and in what colour order?"), ("sow",),
                 lambda: None, check, Form.TEXT)


def trajan_tile(c: Core, p: PlayerState, target: int) -> Flow:
    tile = p.cells[target]
    if tile is None:
        return
    if not Counter(tile.colours) <= Counter(p.trays[target]):
        c.rule(ref("trajan.turn.trajan_tile"), N_("The Trajan tile at tray {tray} needs {needs}; "
                                                  "not completed"), tray=w.ROMAN[target],
               needs=[term(x) for x in tile.colours])
        return
    kind = tile.kind
    assert kind is not None, tile  # a tile on a board was taken from the box's stacks
    p.cells[target] = None
    p.done.append(tile)
    p.vp += tile.vp
    c.rule(ref("trajan.turn.trajan_tile"), N_("{player} completes the {kind} Trajan tile at tray "
                                              "{tray} and scores {vp} VP"), player=p.name,
           kind=term(kind), tray=w.ROMAN[target], vp=tile.vp)
    if kind in DEMANDS:
        c.rule(ref("trajan.trajan.effect"),
               N_("{player} keeps the tile: it meets one {kind} demand "
                  "each quarter"), player=p.name, kind=term(kind))
    if p.arch is None:
        p.arch = target
        c.rule(ref("trajan.trajan.take"), N_("The arch returns from the centre to cell {cell}"),
               cell=w.ROMAN[target])
    yield from tile_effect(c, p, kind)


FIGURES = {"worker1": ("workers", 1), "worker2": ("workers", 2),
           "legionary1": ("legionaries", 1), "legionary2": ("legionaries", 2)}


def tile_effect(c: Core, p: PlayerState, kind: str) -> Flow:
    """The special action is optional; the VP is scored either way."""
    if kind == "plus2":
        per_action = box.fact("pieces", "plus2_per_action")
        free = [a for a in ACTIONS if a not in p.plus2] if per_action.value == 1 else \
            list(ACTIONS)
        if not free:
            c.rule(ref("trajan.trajan.plus2", confirmed=False), N_("Every action already has a +2"))
            return
        entry = yield c.ask_choice(p.name, "plus2", "trajan.trajan.plus2",
                                   N_("{player}: attach the +2 to which action?"), free,
                                   optional=True)
        if isinstance(entry, Choose):
            p.plus2.add(entry.option)
            c.rule(ref("trajan.trajan.plus2", confirmed=per_action.confirmed),
                   N_("{player} attaches a +2 to {action}"), player=p.name,
                   action=term(entry.option))
        return
    if kind in FIGURES and c.setup.asks_choices:
        yield from figures(c, p, kind)
        return
    if kind == "cards" or kind in FIGURES:
        if kind in FIGURES and p.supply == 0:
            c.rule(ref("trajan.trajan.effect", confirmed=False),
                   N_("{player} has no subject left in the supply"), player=p.name)
            return
        entry = yield c.ask_choice(p.name, "trajan_effect", "trajan.trajan.effect",
                                   N_("{player}: take the special action of the {tile} "
                                      "tile?"), ["take"], optional=True, tile=term(kind))
        if not isinstance(entry, Choose):
            return
        if kind == "cards":
            yield from c.draw_cards(p.name, 2, "trajan.trajan.effect")
            return
        _place(c, p, kind, min(FIGURES[kind][1], p.supply), "trajan.trajan.effect")


def figures(c: Core, p: PlayerState, kind: str) -> Flow:
    """A worker or legionary tile: the player places 1 up to the figures it shows (001 «Особые
    действия жетонов Траяна»: 1 or 2), no more than the supply holds, or none."""
    if p.supply == 0:
        c.rule(ref("trajan.trajan.effect", confirmed=False),
               N_("{player} has no subject left in the supply"), player=p.name)
        return
    camp, shown = FIGURES[kind]
    most = min(shown, p.supply)

    def options() -> list[Entry]:
        return [*(Figures(p.name, n) for n in range(most, 0, -1)), Pass(p.name)]

    def check(entry: Entry) -> None:
        assert isinstance(entry, Figures)
        if entry.count > shown:  # "1 or 2" read as: up to the figures the tile shows
            raise violation("trajan.trajan.figures", N_("The {tile} tile places at most "
                                                        "{subjects}"), reading=True,
                            tile=term(kind), n=shown,
                            subjects=Plural(shown, "{n} subject", "{n} subjects"))
        if entry.count > p.supply:
            raise violation("trajan.trajan.figures", N_("Subjects left in {player}'s supply: "
                                                        "{n}"), player=p.name, n=p.supply)
        if entry.count == 0:
            raise violation("trajan.trajan.figures", N_("Place 1 subject or more, or pass"))

    entry = yield c.ask(p.name, "figures", "trajan.trajan.figures",
                        N_("{player}: how many subjects go to the {camp} camp (the {tile} "
                           "tile places up to {most})?"), ("figures", "pass"), options, check,
                        Form.ONE, camp=term(camp), tile=term(kind), most=most)
    if isinstance(entry, Figures):
        _place(c, p, kind, entry.count, "trajan.trajan.figures")


def _place(c: Core, p: PlayerState, kind: str, moved: int, rule_id: str) -> None:
    camp = FIGURES[kind][0]
    p.supply -= moved
    if camp == "workers":
        p.workers_camp += moved
    else:
        p.legion_camp += moved
    c.rule(ref(rule_id), N_("{player} moves {subjects} to the {camp} camp"),
           player=p.name, n=moved, camp=term(camp),
           subjects=Plural(moved, "{n} subject", "{n} subjects"))
