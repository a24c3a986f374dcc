"""The running game's state plus the small operations every rule uses.

:class:`Core` moves money and cards (and says so in a ruling), draws (with reshuffle and
cesura magna), checks that named cards can be in a hand, and builds the questions the rule
flows yield. The flows themselves live in
``referee.tribune.rules``; the public API is ``referee.tribune.engine.Game``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.game.flow import Flow, FlowCore
from referee.i18n import N_
from referee.rulings import READING, Plural, RuleRef, Ruling, Term
from referee.tribune import box
from referee.tribune.actions import Cards, Reveal
from referee.tribune.cards import Card, codes, parse_card
from referee.tribune.decisions import Asking
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rulebook import CESURA, COLOSSEUM, MONEY, money, ref, region_term
from referee.tribune.setup import Setup
from referee.tribune.state import GameState, Pile, PlayerState, Slot
from referee.values import replace


class Core(Asking, FlowCore):
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.edition = setup.edition
        self.settings = setup.settings
        self.virtual = setup.deck_mode == "virtual"
        self.rng = random.Random(setup.seed)
        self.unconfirmed_read: frozenset[str] | None = None  # see ``unconfirmed``
        self.readings: frozenset[str] = frozenset()  # the settings that are readings
        self.seat = {name: i for i, name in enumerate(setup.players)}
        self.s = GameState(players=[PlayerState(n) for n in setup.players], deck=Pile())
        self.out: list[Ruling] = []
        self.spaces: list[str] = []  # every follower space of this board (set by the flow)
        #: the list ``spaces`` was, with its spaces in the steps ``followers.legal_spaces``
        #: walks (worked out again when the flow sets another list)
        self.plan: tuple[list[str] | None, tuple[tuple[Any, ...], ...]] = (None, ())
        #: every card turned face up so far, in order: (region, field number, card)
        self.turned_up: list[tuple[str, int, Card]] = []
        self.deck_counts = (Counter(box.deck_cards(setup.deck)) if setup.deck is not None
                            else None)
        #: whether holdings meet the victory card, by holdings, shared by the games with the
        #: same card and player count; None until first asked (see ``ending.qualifying``)
        self.qualifying: dict[tuple[bool, bool, int, int, int, int], bool] | None = None
        #: RuleRefs by rule and settings (a rule cited without settings by its bare id): a
        #: rule is cited again and again, and one RuleRef (frozen) serves every ruling
        self.refs: dict[str | tuple[str, tuple[str, ...]], RuleRef] = {}
        self.order: tuple[int, ...] = ()
        self.order_from = -1  # the start seat ``order`` was worked out for
        #: keep a round mark at the start of each round (see ``round_starts``)
        self.marking = False
        self.mark: dict[str, Any] | None = None

    # ----------------------------------------------------------------- round marks
    def round_starts(self) -> None:
        """A round begins: nothing is pending in the flow then, so the state here (with the
        shuffle's random state and the cards turned up so far) is all a game needs to go on
        from this point (``restore``). Kept only when asked: it costs a copy of the state."""
        if self.marking:
            version, internal, gauss = self.rng.getstate()
            self.mark = {"state": self.s.to_json(), "rng": [version, list(internal), gauss],
                         "turned_up": [[r, n, card.code] for r, n, card in self.turned_up]}

    def restore(self, mark: Mapping[str, Any]) -> None:
        """Put back the state ``round_starts`` kept (JSON from this program's own mark)."""
        version, internal, gauss = mark["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.s = GameState.from_json(mark["state"])
        self.turned_up = [(r, n, parse_card(code)) for r, n, code in mark["turned_up"]]

    # ----------------------------------------------------------------- words and rulings
    @property
    def unconfirmed(self) -> frozenset[str]:
        """The box settings a ruling citing them must call unconfirmed (the victory card is
        always the group's entry). Read from the box file when a ruling first cites a setting:
        most cite none, and a game resumed from a checkpoint may reach no such ruling. Kept in
        an attribute the game is built with, not by a cached_property: an attribute added to a
        Core later makes CPython 3.11 look every attribute of that Core up the slow way for
        the rest of the game (``docs/performance.md``)."""
        if self.unconfirmed_read is None:
            self.unconfirmed_read = box.unconfirmed_keys(self.setup.deck) | {"victory_card"}
            self.readings = box.reading_keys()
        return self.unconfirmed_read

    @property
    def money(self) -> Term:
        return MONEY[self.edition]

    def cash(self, amount: int) -> Plural:
        """``amount`` in the edition's currency, for a message."""
        return money(self.edition, amount)

    def region(self, name: str) -> Term:
        return region_term(name, self.edition)

    def ref(self, rule_id: str, *settings: str) -> RuleRef:
        """RuleRef, unconfirmed when any of ``settings`` is an unconfirmed box setting: its
        data, or its reading where the setting is a reading of the rules."""
        key = (rule_id, settings) if settings else rule_id  # most rules are cited bare
        rule = self.refs.get(key)
        if rule is None:
            unsure = [s for s in settings if s in self.unconfirmed]
            reading = any(s in self.readings for s in unsure)
            data = any(s not in self.readings for s in unsure)
            rule = self.refs[key] = ref(rule_id, self.edition, not data, reading)
        return rule

    def hb_reading(self, rule_id: str, *settings: str) -> RuleRef:
        """A rule the Heidelberger text leaves unclear (rules README, facts sheet): under
        that edition the referee's reading of it is unconfirmed."""
        rule = self.ref(rule_id, *settings)
        if self.edition != "heidelberger" or READING in rule.unsure:
            return rule
        return replace(rule, confirmed=False, unsure=(*rule.doubts, READING)
                       if not rule.confirmed else (READING,))

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def player_at(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def seat_order(self) -> tuple[int, ...]:
        start = self.s.start
        if start != self.order_from:  # asked after every entry; the start player rarely moves
            n = len(self.s.players)
            self.order, self.order_from = tuple((start + i) % n for i in range(n)), start
        return self.order

    # ----------------------------------------------------------------------- money
    def from_supply(self, supply: str, wanted: int, seat: int) -> int:
        """How many of ``wanted`` the seat gets from the box supply. The rules set no limit
        (facts §11.14), so running out is said, and the group's reading (box setting
        ``supply_empty``) decides: substitutes, or nothing more."""
        box_count = self.settings[f"supply_{supply}"]
        left = max(box_count - self.s.in_play(supply), 0)
        if wanted <= left:
            return wanted
        substitute = self.settings["supply_empty"] == "substitute"
        rule = self.ref("tribune.supply", "supply_empty", f"supply_{supply}")
        amount = self.cash if supply == "money" else (
            lambda n: Plural(n, "{n} laurel", "{n} laurels")) if supply == "laurels" else (
            lambda n: Plural(n, "{n} legion", "{n} legions"))
        self.rule(rule, N_("The box has {left} left of {count}: {player} gets {wanted}, "
                           "{short} of it from a substitute") if substitute else
                  N_("The box has {left} left of {count}: {player} gets that, not {wanted}"),
                  left=amount(left), count=box_count, player=self.name(seat),
                  wanted=amount(wanted), short=amount(wanted - left))
        return wanted if substitute else left

    def gain(self, seat: int, amount: int, rule: RuleRef) -> None:
        """From the bank; what the box's coins allow (see ``from_supply``)."""
        amount = self.from_supply("money", amount, seat)
        if not amount:
            return
        self.s.bank -= amount
        self.player_at(seat).money += amount
        self.rule(rule, N_("{player} takes {money}"), player=self.name(seat),
                  money=self.cash(amount))

    def pay(self, seat: int, amount: int, rule: RuleRef, to: int | str = "bank") -> None:
        """To the bank, the Colosseum or another seat. Callers check the player can pay."""
        self.player_at(seat).money -= amount
        if to == "bank":
            self.s.bank += amount
            self.rule(rule, N_("{player} pays {money} to the bank"),
                      player=self.name(seat), money=self.cash(amount))
        elif to == "colosseum":
            self.s.colosseum += amount
            self.rule(rule, N_("{player} pays {money} into the {place}"),
                      player=self.name(seat), money=self.cash(amount),
                      place=COLOSSEUM[self.edition])
        else:
            assert isinstance(to, int)
            self.player_at(to).money += amount
            self.rule(rule, N_("{player} pays {money} to {other}"),
                      player=self.name(seat), money=self.cash(amount), other=self.name(to))

    def gain_laurels(self, seat: int, count: int, rule: RuleRef, from_box: bool = True) -> None:
        """Laurels from the box; ``from_box`` False for one that moves from the board (a
        faction field's starting laurel), which the box count already includes."""
        if from_box:
            count = self.from_supply("laurels", count, seat)
        if not count:
            return
        self.player_at(seat).laurels += count
        self.rule(rule, N_("{player} gains {laurels}"), player=self.name(seat),
                  laurels=Plural(count, "{n} laurel", "{n} laurels"))

    def gain_legions(self, seat: int, count: int, rule: RuleRef) -> None:
        count = self.from_supply("legions", count, seat)
        if not count:
            return
        self.player_at(seat).legions += count
        self.rule(rule, N_("{player} gains {legions}"), player=self.name(seat),
                  legions=Plural(count, "{n} legion", "{n} legions"))

    # ----------------------------------------------------------------------- cards
    def to_discard(self, cards: Iterable[Card | None]) -> None:
        for card in cards:
            if card is None:
                self.s.discard.unknown += 1
            else:
                self.s.discard.cards.append(card)
            self.s.cesura_armed = True

    def to_hand(self, seat: int, cards: Iterable[Card | None]) -> None:
        hand = self.player_at(seat).hand
        for card in cards:
            if card is None:
                hand.unknown += 1
            else:
                hand.cards.append(card)

    def take_from_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Remove named cards (already checked): known copies first, else unknown ones."""
        hand = self.player_at(seat).hand
        for card in cards:
            if card in hand.cards:
                hand.cards.remove(card)
            else:
                hand.unknown -= 1

    def discard_from_hand(self, seat: int, cards: Sequence[Card]) -> None:
        self.take_from_hand(seat, cards)
        self.to_discard(cards)

    def check_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Raise unless ``cards`` can all be in the seat's hand."""
        hand = self.player_at(seat).hand
        if len(cards) == 1 and cards[0] in hand.cards:  # most entries: one card, known there
            return
        have = Counter(hand.cards)
        missing = [c for c, n in Counter(cards).items() for _ in range(n - have[c])]
        if len(missing) > hand.unknown:
            raise TribuneRuleViolation(
                N_("{player} cannot hold {cards}: the referee knows {known} and "
                   "{unknown} in that hand"),
                player=self.name(seat), cards=codes(cards), known=codes(hand.cards) or "—",
                unknown=Plural(hand.unknown, "{n} more card", "{n} more cards"),
                rule=self.ref("tribune.cards.known"))
        self.check_unseen(missing)

    def check_unseen(self, cards: Sequence[Card]) -> None:
        """Cards coming out of unknown places (table mode) must not contradict what is
        known: a leader is unique, and a deck list caps each card's copies."""
        if not cards:
            return
        known = self.known_counts()
        played = Counter(c for cards in [*self.s.sets.values(), *self.s.contested.values()]
                         for c in cards)
        for card, n in Counter(cards).items():
            cap = 1 if card.is_leader else None
            if self.deck_counts is not None:
                cap = self.deck_counts[card]
            if cap is None or known[card] + n <= cap:
                continue
            if played[card]:  # the usual slip: a card of a set on display named again
                raise TribuneRuleViolation(
                    N_("{card} lies in a played set on the table, and the deck has {copies}: "
                       "it cannot come from a hand"), card=card.code,
                    copies=Plural(cap, "{n} copy", "{n} copies"),
                    rule=self.ref("tribune.cards.known"))
            raise TribuneRuleViolation(
                N_("{card} cannot be there: the deck has {copies}, known elsewhere: {known}"),
                card=card.code, known=known[card],
                copies=Plural(cap, "{n} copy", "{n} copies"), rule=self.ref("tribune.cards.known"))

    def known_counts(self) -> Counter[Card]:
        s = self.s
        known: Counter[Card] = Counter(s.discard.cards)
        known.update(s.deck.cards)
        for p in s.players:
            known.update(p.hand.cards)
        for cards in list(s.sets.values()) + list(s.contested.values()):
            known.update(cards)
        known.update(slot.card for fields in s.board.values() for f in fields for slot in f
                     if slot.card is not None)
        return known

    def hand_view(self, seat: int, hand: Sequence[Card] | None) -> list[Card] | None:
        """The cards to enumerate options from: the known hand, or a full hand the caller
        gives (table mode), checked against what is known. None when not enumerable."""
        pile = self.player_at(seat).hand
        if hand is None:
            return None if pile.unknown else list(pile.cards)
        if len(hand) != len(pile):
            raise TribuneInputError(N_("{player} holds {cards}, not {given}"),
                                    player=self.name(seat), given=len(hand),
                                    cards=Plural(len(pile), "{n} card", "{n} cards"))
        self.check_hand(seat, list(hand))
        return list(hand)

    # ----------------------------------------------------------------------- drawing
    def draw(self) -> Flow:
        """Take the top card of the draw pile. Returns (True, card) — card is None when
        unknown (table mode) — or (False, None) when no card can be drawn."""
        s = self.s
        if not len(s.deck) and not s.draw_halted:
            if len(s.discard):
                self.reshuffle()
            elif s.cesura_armed:
                yield from self.cesura()
        if not len(s.deck) or s.draw_halted:
            self.rule(self.ref("tribune.deck.empty"), N_("No card left to draw"))
            return False, None
        if s.deck.cards:
            return True, s.deck.cards.pop()
        s.deck.unknown -= 1
        return True, None

    def draw_to_hand(self, seat: int, count: int, rule: RuleRef) -> Flow:
        drawn = 0
        for _ in range(count):
            ok, card = yield from self.draw()
            if not ok:
                break
            self.to_hand(seat, [card])
            drawn += 1
        if drawn:
            self.rule(rule, N_("{player} draws {cards}"), player=self.name(seat),
                      cards=Plural(drawn, "{n} card", "{n} cards"))

    def reshuffle(self) -> None:
        s = self.s
        count = len(s.discard)
        if self.virtual:
            cards = s.discard.cards
            self.rng.shuffle(cards)
            s.deck = Pile(cards)
        else:
            s.deck = Pile([], count)
        s.discard = Pile()
        # Heidelberger: the event comes with "insufficient" discards; read as none at all
        self.rule(self.hb_reading("tribune.deck.reshuffle"),
                  N_("The draw pile is empty: the discard pile ({cards}) is shuffled into a "
                     "new draw pile"), cards=Plural(count, "{n} card", "{n} cards"))

    def cesura(self) -> Flow:
        from referee.tribune import checks

        s = self.s
        self.rule(self.hb_reading("tribune.deck.cesura"),
                  N_("No cards in the draw pile or the discard pile: {event}"),
                  event=CESURA[self.edition])
        hands = {self.name(i): len(self.player_at(i).hand) for i in self.seat_order()}
        verdict = checks.cesura(hands, s.sets)
        self.out.extend(verdict.rulings)
        hand_cuts, set_cuts = verdict.outcome
        for seat in self.seat_order():
            cut = hand_cuts.get(self.name(seat), 0)
            for done in range(cut):
                action = yield self.ask_cards(
                    seat, "cesura", self.ref("tribune.deck.cesura.hand"),
                    N_("{player}: discard a card (hand limit 7)"), sizes=(1,),
                    left=cut - done)
                assert isinstance(action, Cards)
                self.discard_from_hand(seat, action.cards)
        for faction, lost in set_cuts.items():
            for card in lost:
                s.sets[faction].remove(card)
            self.to_discard(lost)
        s.cesura_armed = False
        if not self.settings["cesura_continue"]:
            s.draw_halted = True
            self.rule(self.ref("tribune.deck.cesura.continue", "cesura_continue"),
                      N_("No more cards are drawn until the next phase"))
        elif len(s.discard):
            self.reshuffle()

    def reveal(self, slot: Slot, region: str, number: int, rule: RuleRef) -> Flow:
        """Turn a card face up (in table mode the table enters what it is); returns it."""
        if slot.card is None:
            action = yield self.ask_reveal(region, number, rule)
            assert isinstance(action, Reveal)
            slot.card = action.card
        slot.face_up = True
        self.turned_up.append((region, number, slot.card))
        return slot.card
