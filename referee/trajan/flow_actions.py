"""The six actions, each a flow that asks what it needs and returns True when the player
took it (False on a pass, or when nothing was possible). ``take_action`` adds the extra
actions a tile or a +2 allows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from referee.i18n import N_
from referee.trajan import boxdata, pieces, ships
from referee.trajan import construction as building
from referee.trajan import military as war
from referee.trajan.actions import (
    Choose,
    Construction,
    Entry,
    Forum,
    Military,
    Pass,
    Seaport,
    Senate,
)
from referee.trajan.actions import Trajan as TakeTrajan
from referee.trajan.core import Core, Flow, code
from referee.trajan.endgame import senate_spaces
from referee.trajan.rules import bad_input, violation
from referee.trajan.state import PlayerState
from referee.trajan.terms import term
from referee.trajan.wheel import ROMAN

MAX_LOAD = 6  # the most cards a ship takes (3 pairs)


def _nothing(c: Core, name: str, action: str) -> bool:
    c.say("trajan.turn.tray_action", N_("{player} can take no {action} action now"),
          player=name, action=term(action))
    return False


# ---------------------------------------------------------------------- seaport
def seaport(c: Core, name: str) -> Flow:
    p, b = c.p(name), c.s.board

    def check(entry: Entry) -> None:
        assert isinstance(entry, Seaport)
        _check_seaport(c, p, entry)

    def options() -> list[Entry]:
        return [*_seaport_options(c, p), Pass(name)]

    if not options()[:-1]:
        return _nothing(c, name, "seaport")
    entry = yield c.ask(name, "seaport", "trajan.seaport.choice",
                        N_("{player}: Seaport: draw 2, take a discard, play cards or load a "
                           "ship?"), ("seaport", "pass"), options, check)
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Seaport)
    if entry.mode == "draw":
        for _ in range(2):
            yield from c.draw_card(name, "trajan.seaport.choice")
        c.say("trajan.seaport.choice", N_("{player} draws 2 cards"), player=name)
        if +p.hand:
            yield from _discard(c, p)
    elif entry.mode == "take":
        assert entry.pile is not None  # checked
        pile = entry.pile - 1
        card = b.piles[pile].pop()
        p.hand[card] += 1
        c.say("trajan.seaport.choice", N_("{player} takes {card} from discard pile {pile}"),
              player=name, card=term(card), pile=pile + 1)
        if not b.piles[pile]:
            yield from c.refill_pile(pile, "trajan.seaport.deck")
    elif entry.mode == "play":
        p.hand -= Counter(entry.cards)
        p.display.update(entry.cards)
        c.say("trajan.seaport.choice", N_("{player} plays {cards} face up and draws as many"),
              player=name, cards=[term(x) for x in entry.cards])
        for _ in entry.cards:
            yield from c.draw_card(name, "trajan.seaport.choice")
    else:
        _ship(c, p, entry)
    return True


def _check_seaport(c: Core, p: PlayerState, entry: Seaport) -> None:
    b = c.s.board
    if entry.mode not in ("draw", "take", "play", "ship"):
        raise bad_input(N_("Seaport mode {mode!r}: choose draw, take, play or ship"),
                        mode=entry.mode)
    if entry.mode == "draw" and not _cards_left(c):
        raise violation("trajan.seaport.deck", N_("No commodity card is left to draw"), False)
    if entry.mode == "take" and (entry.pile not in (1, 2) or not b.piles[entry.pile - 1]):
        raise violation("trajan.seaport.choice", N_("Name a discard pile, 1 or 2, that has a "
                                                    "card"))
    if entry.mode in ("play", "ship"):
        _check_in_hand(p, entry.cards)
    if entry.mode == "play" and not 1 <= len(entry.cards) <= 2:
        raise violation("trajan.seaport.choice", N_("Play 1 or 2 cards, not {n}"),
                        n=len(entry.cards))
    if entry.mode == "ship":
        _load(c, p, entry)


def _check_in_hand(p: PlayerState, cards: tuple[str, ...]) -> None:
    lacking = Counter(cards) - p.hand
    if lacking:
        raise violation("trajan.seaport.choice", N_("{player} does not hold {cards}"),
                        player=p.name, cards=[term(x) for x in lacking.elements()])


def _cards_left(c: Core) -> int:
    b = c.s.board
    return sum(b.deck.values()) + sum(max(0, len(pile) - 1) for pile in b.piles)


def _load(c: Core, p: PlayerState, entry: Seaport) -> ships.Load:
    if entry.wilds > p.tiles["wild_commodity"]:
        raise violation("trajan.seaport.wild", N_("{player} has {n} commodity wilds, not "
                                                  "{wilds}"), player=p.name,
                        n=p.tiles["wild_commodity"], wilds=entry.wilds)
    loads = {load.ship: load for load in ships.check_hand(list(entry.cards), entry.wilds,
                                                          set(c.s.board.grey))}
    if entry.ship not in loads:
        raise bad_input(N_("Unknown ship {ship!r}; choose from {choices}"), ship=entry.ship,
                        choices=", ".join(loads))
    load = loads[entry.ship]
    if not load.fits:
        raise violation("trajan.seaport.ship", load.ruling.message, **load.ruling.params)
    return load


def _ship(c: Core, p: PlayerState, entry: Seaport) -> None:
    load = _load(c, p, entry)
    p.hand -= Counter(entry.cards)
    p.display.update(entry.cards)
    p.tiles["wild_commodity"] -= load.wilds_used
    c.s.board.removed["wild_commodity"] += load.wilds_used
    p.vp += load.vp[load.side]
    c.out.append(load.ruling)
    c.s.board.grey.add(load.ship)


def _sub_hands(hand: Counter[str], most: int) -> Iterator[tuple[str, ...]]:
    kinds = sorted(+hand)
    for counts in product(*(range(min(hand[k], most) + 1) for k in kinds)):
        if 0 < sum(counts) <= most:
            yield tuple(k for k, n in zip(kinds, counts, strict=True) for _ in range(n))


def _seaport_options(c: Core, p: PlayerState) -> list[Entry]:
    found: list[Entry] = []
    if _cards_left(c):
        found.append(Seaport(p.name, "draw"))
    found += [Seaport(p.name, "take", pile=i + 1) for i in range(2) if c.s.board.piles[i]]
    table = boxdata.value("ships", "ships")
    wilds = p.tiles["wild_commodity"]
    for cards in _sub_hands(p.hand, MAX_LOAD):
        if len(cards) <= 2:
            found.append(Seaport(p.name, "play", cards))
        for kind, sizes in table.items():
            side = "grey" if kind in c.s.board.grey else "coloured"
            for used in range(wilds + 1):
                size, problem = ships.shape(kind, Counter(cards), used)
                if problem is None and 1 <= size <= len(sizes[side]):
                    found.append(Seaport(p.name, "ship", cards, ship=kind, wilds=used))
    return found


def _discard(c: Core, p: PlayerState) -> Flow:
    b = c.s.board

    def check(entry: Entry) -> None:
        assert isinstance(entry, Seaport)
        if entry.mode != "discard" or len(entry.cards) != 1 or entry.pile not in (1, 2):
            raise bad_input(N_("Discard exactly one card onto pile 1 or 2 (mode discard)"))
        _check_in_hand(p, entry.cards)

    def options() -> list[Entry]:
        return [Seaport(p.name, "discard", (card,), pile=i) for card in sorted(+p.hand)
                for i in (1, 2)]

    entry = yield c.ask(p.name, "seaport_discard", "trajan.seaport.choice",
                        N_("{player}: which card do you discard, onto which pile?"),
                        ("seaport",), options, check)
    assert isinstance(entry, Seaport)
    card = entry.cards[0]
    assert entry.pile is not None  # checked
    p.hand[card] -= 1
    b.piles[entry.pile - 1].append(card)
    c.say("trajan.seaport.choice", N_("{player} discards {card} onto pile {pile}"),
          player=p.name, card=term(card), pile=entry.pile)


# ---------------------------------------------------------------------- forum
def forum(c: Core, name: str) -> Flow:
    b, p = c.s.board, c.p(name)
    tiles = sorted(+b.forum)
    if not tiles:
        return _nothing(c, name, "forum")

    def check(entry: Entry) -> None:
        assert isinstance(entry, Forum)
        if entry.tile not in tiles:
            raise violation("trajan.forum.take", N_("No {tile} tile lies in the forum; it "
                                                    "holds {tiles}"), tile=term(entry.tile),
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
    c.say("trajan.forum.take", N_("{player} takes {tile} from the forum"), player=name,
          tile=term(entry.tile))
    return True


# ---------------------------------------------------------------------- military
def military(c: Core, name: str) -> Flow:
    p, b = c.p(name), c.s.board

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
            war.place_legionary(p.leader, _others(c, name, p.leader), p.leader in p.legions)
        elif entry.mode != "recruit":
            raise bad_input(N_("Military mode {mode!r}: choose recruit, move or deploy"),
                            mode=entry.mode)

    if not options():
        return _nothing(c, name, "military")
    entry = yield c.ask(name, "military", "trajan.military.choice",
                        N_("{player}: Military: recruit a legionary, move your leader or "
                           "send a legionary to {place}?"), ("military", "pass"),
                        lambda: [*options(), Pass(name)], check, place=term(p.leader))
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Military)
    if entry.mode == "recruit":
        p.supply -= 1
        p.legion_camp += 1
        c.say("trajan.military.recruit", N_("{player} moves a subject to the military camp"),
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
            c.say("trajan.military.leader", N_("{player} takes {tile} from {province}"),
                  player=name, tile=term(tile), province=term(goal))
    else:
        vp, said = war.place_legionary(p.leader, _others(c, name, p.leader), False)
        p.legion_camp -= 1
        p.legions.add(p.leader)
        p.vp += vp
        c.out.append(said)
    return True


def _others(c: Core, name: str, province: str) -> int:
    return sum(province in q.legions for q in c.s.players if q.name != name)


# ---------------------------------------------------------------------- senate
def senate(c: Core, name: str) -> Flow:
    p, b = c.p(name), c.s.board
    spaces = senate_spaces()
    if p.senate + 1 >= len(spaces):
        c.say("trajan.senate.advance", N_("{player}'s disc is on the top space: no more "
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
    c.say("trajan.senate.advance", N_("{player} moves up to senate space {space} and scores "
                                      "{space} VP"), player=name, space=spaces[p.senate])
    return True


# ---------------------------------------------------------------------- trajan
def trajan(c: Core, name: str) -> Flow:
    p, b = c.p(name), c.s.board
    ready = [s for s, t in b.tops.items() if t is not None]
    if p.arch is None or not ready:
        return _nothing(c, name, "trajan")

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
    c.say("trajan.trajan.take", N_("{player} puts {tile} on cell {cell}; the arch moves to "
                                   "{arch}"), player=name, tile=code(tile), cell=ROMAN[placed],
          arch=term("centre") if p.arch is None else ROMAN[p.arch])
    b.tops[entry.stack] = yield from c.draw(b.trajan_pool[entry.stack], N_("Trajan tile"),
                                            "trajan.trajan.take", place=term(entry.stack))
    return True


# ---------------------------------------------------------------------- construction
def construction(c: Core, name: str) -> Flow:
    p, b = c.p(name), c.s.board

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
        return _nothing(c, name, "construction")
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
        c.say("trajan.construction.recruit", N_("{player} moves a subject to the workers' "
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
    p = c.p(name)
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
    c.say("trajan.turn.extra", N_("{player} spends {tile} and takes {action} again"),
          player=name, tile=term(entry.option), action=term(action))
    again = yield from ACTIONS[action](c, name)
    if again and action in p.plus2:
        c.say("trajan.trajan.plus2", N_("The +2 on {action} gives {player} a third one"),
              player=name, action=term(action))
        yield from ACTIONS[action](c, name)
