"""The six actions (Seaport in ``rules.seaport``), each a flow that asks what it needs and
returns True when the player took it (False on a pass, or when nothing was possible).
``take_action`` adds the extra actions a tile or a +2 allows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.i18n import N_
from referee.trajan import construction as building
from referee.trajan import military as war
from referee.trajan import pieces
from referee.trajan.actions import (
    Choose,
    Construction,
    Entry,
    Forum,
    Military,
    Pass,
    Senate,
)
from referee.trajan.actions import Trajan as TakeTrajan
from referee.trajan.core import Core, Flow, code
from referee.trajan.holdings import senate_spaces
from referee.trajan.rulebook import bad_input, ref, violation
from referee.trajan.rules.seaport import nothing, seaport
from referee.trajan.rules.setup import next_top
from referee.trajan.terms import Piece, term
from referee.trajan.wheel import ROMAN


# ---------------------------------------------------------------------- forum
def forum(c: Core, name: str) -> Flow:
    b, p = c.s.board, c.player(name)
    tiles = sorted(+b.forum)
    if not tiles:
        return nothing(c, name, "forum")

    def check(entry: Entry) -> None:
        assert isinstance(entry, Forum)
        if entry.tile not in tiles:
            raise violation("trajan.forum.take", N_("The forum holds no {tile}; it holds "
                                                    "{tiles}"), tile=term(entry.tile),
                            tiles=[term(t) for t in tiles])

    entry = yield c.ask(name, "forum", "trajan.forum.take",
                        N_("{player}: which tile do you take from the forum?"),
                        ("forum", "pass"), lambda: [*(Forum(name, t) for t in tiles),
                                                    Pass(name)], check, tiles=tiles)
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Forum)
    b.forum[entry.tile] -= 1
    p.tiles[entry.tile] += 1
    c.rule(ref("trajan.forum.take"), N_("{player} takes {tile} from the forum"), player=name,
           tile=term(entry.tile))
    return True


# ---------------------------------------------------------------------- military
def military(c: Core, name: str) -> Flow:
    p, b = c.player(name), c.s.board

    def options() -> list[Entry]:
        found: list[Entry] = [Military(name, "recruit")] if p.supply else []
        found += [Military(name, "move", goal) for goal in war.neighbours(p.leader)]
        if p.legion_camp and p.leader != war.CAMP and p.leader not in p.legions:
            found.append(Military(name, "deploy"))
        return found

    def check(entry: Entry) -> None:
        assert isinstance(entry, Military)
        if entry.mode == "recruit" and not p.supply:
            raise violation("trajan.military.recruit", N_("{player} has no subject left in "
                                                          "the supply"), player=name)
        if entry.mode == "move":
            war.move_leader(p.leader, war.check_place(entry.province or ""))
        elif entry.mode == "deploy":
            if not p.legion_camp:
                raise violation("trajan.military.legionary", N_("{player} has no legionary in "
                                                                "the military camp"),
                                player=name)
            war.place_legionary(p.leader, war.others_in(c.s.players, name, p.leader),
                               p.leader in p.legions)
        elif entry.mode != "recruit":
            raise bad_input(N_("Military mode {mode!r}: choose recruit, move or deploy"),
                            mode=entry.mode)

    if not options():
        return nothing(c, name, "military")
    entry = yield c.ask(name, "military", "trajan.military.choice",
                        N_("{player}: Military: recruit a legionary, move your leader or "
                           "send a legionary to the leader's province?"), ("military", "pass"),
                        lambda: [*options(), Pass(name)], check)
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Military)
    if entry.mode == "recruit":
        p.supply -= 1
        p.legion_camp += 1
        c.rule(ref("trajan.military.recruit"), N_("{player} moves a subject to the military camp"),
               player=name)
    elif entry.mode == "move":
        goal = entry.province
        assert goal is not None  # checked
        c.out.append(war.move_leader(p.leader, goal))
        p.leader = goal
        tile = b.provinces.get(goal)
        if tile is not None:
            b.provinces[goal] = None
            p.tiles[tile] += 1
            c.rule(ref("trajan.military.leader"), N_("{player} takes {tile} from {province}"),
                   player=name, tile=term(tile), province=term(goal))
    else:
        others = war.others_in(c.s.players, name, p.leader)
        vp, said = war.place_legionary(p.leader, others, False)
        p.legion_camp -= 1
        p.legions.add(p.leader)
        p.vp += vp
        c.out.append(said)
    return True


# ---------------------------------------------------------------------- senate
def senate(c: Core, name: str) -> Flow:
    p, b = c.player(name), c.s.board
    spaces = senate_spaces()
    if p.senate + 1 >= len(spaces):
        c.rule(ref("trajan.senate.advance"), N_("{player}'s disc is on the top space: no more "
                                                "Senate actions this quarter"), player=name)
        return False
    entry = yield c.ask(name, "senate", "trajan.senate.advance",
                        N_("{player}: advance your senate disc to space {space} for {space} "
                           "VP?"), ("senate", "pass"), lambda: [Senate(name), Pass(name)],
                        lambda entry: None, space=spaces[p.senate + 1])
    if isinstance(entry, Pass):
        return False
    b.senate[p.senate].remove(name)
    p.senate += 1
    b.senate[p.senate].append(name)  # on top of any discs already there
    p.vp += spaces[p.senate]
    c.rule(ref("trajan.senate.advance"), N_("{player} moves up to senate space {space} and scores "
                                            "{space} VP"), player=name, space=spaces[p.senate])
    return True


# ---------------------------------------------------------------------- trajan
def trajan(c: Core, name: str) -> Flow:
    p, b = c.player(name), c.s.board
    ready = [s for s, t in b.tops.items() if t is not None]
    if p.arch is None or not ready:
        return nothing(c, name, "trajan")

    def check(entry: Entry) -> None:
        assert isinstance(entry, TakeTrajan)
        if entry.stack not in ready:
            raise violation("trajan.trajan.take", N_("No Trajan stack {stack!r} to take from; "
                                                     "choose from {choices}"),
                            stack=entry.stack, choices=", ".join(ready))

    entry = yield c.ask(name, "trajan", "trajan.trajan.take",
                        N_("{player}: take the top tile of which Trajan stack (for cell "
                           "{cell})?"), ("trajan", "pass"),
                        lambda: [*(TakeTrajan(name, s) for s in ready), Pass(name)], check,
                        cell=ROMAN[p.arch], tops={s: code(b.tops[s]) for s in ready})
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, TakeTrajan)
    tile, b.tops[entry.stack] = b.tops[entry.stack], None  # until the next one is drawn
    p.cells[p.arch] = tile
    placed = p.arch
    p.arch = next(((placed + k) % 6 for k in range(1, 6) if p.cells[(placed + k) % 6] is None),
                  None)
    c.rule(ref("trajan.trajan.take"), N_("{player} puts {tile} on cell {cell}; the arch moves to "
                                         "{arch}"), player=name, tile=Piece(code(tile)),
           cell=ROMAN[placed], arch=term("centre") if p.arch is None else ROMAN[p.arch])
    b.tops[entry.stack] = yield from next_top(c, entry.stack, "trajan.trajan.take")
    return True


# ---------------------------------------------------------------------- construction
def construction(c: Core, name: str) -> Flow:
    p, b = c.player(name), c.s.board

    def options() -> list[Entry]:
        found: list[Entry] = [Construction(name, "recruit")] if p.supply else []
        if p.workers_camp:
            found += [Construction(name, "build", cell)
                      for cell in building.legal_cells(set(p.workers))]
        return found

    def check(entry: Entry) -> None:
        assert isinstance(entry, Construction)
        if entry.mode == "recruit" and not p.supply:
            raise violation("trajan.construction.recruit", N_("{player} has no subject left in "
                                                              "the supply"), player=name)
        if entry.mode == "build":
            if entry.cell is None:
                raise bad_input(N_("Name the cell the worker goes to, like B3"))
            if not p.workers_camp:
                raise violation("trajan.construction.recruit", N_("{player} has no worker in "
                                                                  "the workers' camp"),
                                player=name)
            building.place(set(p.workers), entry.cell, b.cells.get(entry.cell),
                           set(+p.building))
        elif entry.mode != "recruit":
            raise bad_input(N_("Construction mode {mode!r}: choose recruit or build"),
                            mode=entry.mode)

    if not options():
        return nothing(c, name, "construction")
    entry = yield c.ask(name, "construction", "trajan.construction.choice",
                        N_("{player}: Construction: recruit a worker or send one to a "
                           "cell?"), ("construction", "pass"), lambda: [*options(), Pass(name)],
                        check)
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Construction)
    if entry.mode == "recruit":
        p.supply -= 1
        p.workers_camp += 1
        c.rule(ref("trajan.construction.recruit"), N_("{player} moves a subject to the workers' "
                                                      "camp"), player=name)
        return True
    cell = entry.cell
    assert cell is not None  # checked
    tile = b.cells.get(cell)
    placement = building.place(set(p.workers), cell, tile, set(+p.building))
    c.out.extend(placement.rulings)
    p.workers_camp -= 1
    p.workers.append(cell)
    if tile is not None:
        b.cells[cell] = None
        p.building[tile[0]] += 1
        p.vp += placement.vp
    if placement.bonus_action is not None:
        yield from take_action(c, name, placement.bonus_action)
    return True


ACTIONS: dict[str, Callable[[Core, str], Any]] = {
    "seaport": seaport, "forum": forum, "military": military, "senate": senate,
    "trajan": trajan, "construction": construction}


def take_action(c: Core, name: str, action: str) -> Flow:
    """The action, then (once per turn) an extra-action tile to repeat it, and with a +2 on
    that action a third time."""
    taken = yield from ACTIONS[action](c, name)
    p = c.player(name)
    if not taken or c.extra_used:
        return
    tiles = sorted(t for t in +p.tiles if pieces.extra_action_of(t) in (action, "any"))
    if not tiles:
        return
    entry = yield c.ask_choice(name, "extra_action", "trajan.turn.extra",
                               N_("{player}: spend an extra-action tile to take {action} "
                                  "again?"), tiles, optional=True, action=term(action))
    if not isinstance(entry, Choose):
        return
    p.tiles[entry.option] -= 1
    c.s.board.removed[entry.option] += 1
    c.extra_used = True
    c.rule(ref("trajan.turn.extra"), N_("{player} spends {tile} and takes {action} again"),
           player=name, tile=term(entry.option), action=term(action))
    again = yield from ACTIONS[action](c, name)
    if again and action in p.plus2:
        c.rule(ref("trajan.trajan.plus2"), N_("The +2 on {action} gives {player} a third one"),
               player=name, action=term(action))
        yield from ACTIONS[action](c, name)
