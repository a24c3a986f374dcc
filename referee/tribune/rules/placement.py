"""Setup (money, followers, the opening deal) and Phase 1 (cards onto the board)."""

from __future__ import annotations

from referee.i18n import N_
from referee.rulings import Plural
from referee.tribune import box
from referee.tribune.actions import Cards
from referee.tribune.cards import Card
from referee.tribune.core import Core, Flow
from referee.tribune.rulebook import FOLLOWERS, OPENING_DEAL, OPENING_DISCARD, START_MONEY
from referee.tribune.state import Pile, Slot

CURIA_STOP = 5  # a Curia field is full once it sums to 5 or shows a leader


def setup(c: Core) -> Flow:
    s = c.s
    s.start = c.seat[c.setup.start_player]
    n = len(s.players)
    for i, seat in enumerate(c.seat_order()):
        c.gain(seat, START_MONEY + i, c.ref("tribune.setup.money"))
    for p in s.players:
        p.followers = FOLLOWERS[n]
    c.rule(c.ref("tribune.setup.followers"), N_("{followers} each"),
           followers=Plural(FOLLOWERS[n], "{n} follower", "{n} followers"))
    c.rule(c.ref("tribune.setup.box", "thermae_fields"), N_("The {place} has {fields}"),
           place=c.region("thermae"),
           fields=Plural(c.settings["thermae_fields"], "{n} card field", "{n} card fields"))
    if c.settings["mars_spaces"] is None:
        c.rule(c.ref("tribune.phase2.mars", "mars_spaces"),
               N_("The {place} takes any number of followers (its spaces are not known)"),
               place=c.region("mars"))
    if c.setup.victory is None:
        c.rule(c.ref("tribune.end.variant"), N_("Point-value variant: no victory card"))
    else:
        c.rule(c.ref("tribune.setup.victory", "victory_card"), N_("Victory card: {title}"),
               title=c.setup.victory.title)
    yield from deal(c)


def deal(c: Core) -> Flow:
    s = c.s
    size = c.settings["deck_size"]
    rule = c.ref("tribune.setup.deal")
    if not c.virtual:
        kept = OPENING_DEAL - OPENING_DISCARD  # the discards go back into the deck
        s.deck = Pile([], size - kept * len(s.players))
        for p in s.players:
            p.hand = Pile([], kept)
        c.rule(rule, N_("Deal 6 cards to each player; each discards 2 face down and the "
                        "discards are shuffled back into the draw pile"))
        return
    assert c.setup.deck is not None
    cards = box.deck_cards(c.setup.deck)
    c.rng.shuffle(cards)
    s.deck = Pile(cards)
    c.rule(c.ref("tribune.setup.deal", "deck"), N_("The referee shuffles a deck of {cards}"),
           cards=Plural(len(cards), "{n} card", "{n} cards"))
    for seat in c.seat_order():
        p = c.player_at(seat)
        p.hand = Pile([s.deck.cards.pop() for _ in range(OPENING_DEAL)])
    for seat in c.seat_order():
        action = yield c.ask_cards(seat, "opening_discard", rule,
                                   N_("{player}: choose 2 of your 6 cards to discard"),
                                   sizes=(OPENING_DISCARD,))
        assert isinstance(action, Cards)
        c.take_from_hand(seat, action.cards)
        s.deck.cards.extend(action.cards)
    c.rng.shuffle(s.deck.cards)
    c.rule(rule, N_("The discarded cards are shuffled back into the draw pile"))


def layout(c: Core) -> dict[str, tuple[int, int, bool]]:
    """region -> (card fields, cards per field, face up). Curia is dealt by its own rule."""
    st = c.settings
    return {"thermae": (st["thermae_fields"], 1, True), "forum": (st["forum_fields"], 1, True),
            "latrine": (1, 1, False), "curia": (st["curia_fields"], 0, True),
            "atrium": (st["atrium_fields"], 1, False),
            "catacombs": (1, st["catacombs_cards"], False), "pantheon": (1, 1, False)}


def phase1(c: Core) -> Flow:
    s = c.s
    s.phase, s.draw_halted = 1, False
    s.board = {region: [[] for _ in range(fields)]
               for region, (fields, _, _) in layout(c).items()}
    rule = c.ref("tribune.phase1.place")
    for region, (fields, per_field, face_up) in layout(c).items():
        if region == "curia":
            ok = yield from curia(c)
        else:
            ok = True
            for f in range(fields):
                for _ in range(per_field):
                    ok = ok and (yield from place(c, region, f, face_up))
        shown = [slot.card.name for field in s.board[region] for slot in field
                 if slot.face_up and slot.card]
        hidden = sum(1 for field in s.board[region] for slot in field if not slot.face_up)
        c.rule(rule, N_("{place}: {cards} face up, {hidden} face down"),
               place=c.region(region), cards=shown or "—", hidden=hidden)
        if not ok:
            return


def place(c: Core, region: str, f: int, face_up: bool) -> Flow:
    """One card onto field ``f`` of ``region``; False when the cards ran out."""
    ok, card = yield from c.draw()
    if not ok:
        return False
    slot = Slot(card, False)
    c.s.board[region][f].append(slot)
    if face_up:
        yield from c.reveal(slot, region, f + 1, c.ref("tribune.phase1.place"))
    return True


def _closed(cards: list[Slot]) -> bool:
    values = [s.card for s in cards if s.card is not None]
    return any(card.is_leader for card in values) or _sum(values) >= CURIA_STOP


def _sum(cards: list[Card]) -> int:
    return sum(card.value for card in cards)


def curia(c: Core) -> Flow:
    """Per field (FFG, and the Heidelberger default): cards until that field sums to 5 or
    shows a leader. Heidelberger "area_total" reading (box setting): a card on each field,
    then more in turn until the whole Curia sums to 5; a leader closes its field."""
    fields = c.s.board["curia"]
    if c.edition == "ffg" or c.settings["curia_dealing"] == "per_field":
        for f, field in enumerate(fields):
            while not field or not _closed(field):
                if not (yield from place(c, "curia", f, True)):
                    return False
        return True
    for f in range(len(fields)):
        if not (yield from place(c, "curia", f, True)):
            return False
    c.rule(c.ref("tribune.phase1.curia", "curia_dealing"),
           N_("Curia dealt until the whole area sums to 5"))
    while _sum([s.card for field in fields for s in field if s.card]) < CURIA_STOP:
        open_fields = [f for f, field in enumerate(fields)
                       if not any(s.card and s.card.is_leader for s in field)]
        if not open_fields:
            break
        for f in open_fields:
            if not (yield from place(c, "curia", f, True)):
                return False
            if _sum([s.card for field in fields for s in field if s.card]) >= CURIA_STOP:
                break
    return True
