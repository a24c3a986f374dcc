"""The Seaport action: draw 2 and discard 1, take a discard pile's top card, play 1-2 cards
and draw as many, or load a ship (the ship tables and patterns are ``ships``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product

from referee.i18n import N_
from referee.trajan import box, ships
from referee.trajan.actions import Entry, Pass, Seaport
from referee.trajan.core import Core, Flow
from referee.trajan.rulebook import bad_input, ref, violation
from referee.trajan.state import PlayerState
from referee.trajan.terms import term

MAX_LOAD = 6  # the most cards a ship takes (3 pairs)


def nothing(c: Core, name: str, action: str) -> bool:
    c.rule(ref("trajan.turn.tray_action"), N_("{player} can take no {action} action now"),
           player=name, action=term(action))
    return False


def seaport(c: Core, name: str) -> Flow:
    p, b = c.player(name), c.s.board

    def check(entry: Entry) -> None:
        assert isinstance(entry, Seaport)
        _check_seaport(c, p, entry)

    def options() -> list[Entry]:
        return [*_seaport_options(c, p), Pass(name)]

    if not options()[:-1]:
        return nothing(c, name, "seaport")
    entry = yield c.ask(name, "seaport", "trajan.seaport.choice",
                        N_("{player}: Seaport: draw 2, take a discard, play cards or load a "
                           "ship?"), ("seaport", "pass"), options, check)
    if isinstance(entry, Pass):
        return False
    assert isinstance(entry, Seaport)
    if entry.mode == "draw":
        yield from c.draw_cards(name, 2, "trajan.seaport.choice")
        if +p.hand:
            yield from _discard(c, p)
    elif entry.mode == "take":
        assert entry.pile is not None  # checked
        pile = entry.pile - 1
        card = b.piles[pile].pop()
        p.hand[card] += 1
        c.rule(ref("trajan.seaport.choice"), N_("{player} takes {card} from discard pile {pile}"),
               player=name, card=term(card), pile=pile + 1)
        if not b.piles[pile]:
            yield from c.refill_pile(pile, "trajan.seaport.deck")
    elif entry.mode == "play":
        p.hand -= Counter(entry.cards)
        p.display.update(entry.cards)
        c.rule(ref("trajan.seaport.choice"), N_("{player} plays {cards} face up and draws as many"),
               player=name, cards=[term(x) for x in entry.cards])
        yield from c.draw_cards(name, len(entry.cards), "trajan.seaport.choice")
    else:
        _ship(c, p, entry)
    return True


def _check_seaport(c: Core, p: PlayerState, entry: Seaport) -> None:
    b = c.s.board
    if entry.mode not in ("draw", "take", "play", "ship"):
        raise bad_input(N_("Seaport mode {mode!r}: choose draw, take, play or ship"),
                        mode=entry.mode)
    if entry.mode == "draw" and not _cards_left(c):
        raise violation("trajan.seaport.deck", N_("No commodity card is left to draw"),
                        confirmed=False)
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
    if load.side == "coloured":
        c.rule(ref("trajan.seaport.ship"), N_("Turn the {ship} to its grey side"),
               ship=term(load.ship))
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
    table = box.value("ships", "ships")
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
    c.rule(ref("trajan.seaport.choice"), N_("{player} discards {card} onto pile {pile}"),
           player=p.name, card=term(card), pile=entry.pile)
