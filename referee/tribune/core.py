"""The running game's state plus the small operations every rule uses.

:class:`Core` moves money and cards (and says so in a ruling), draws (with reshuffle and
cesura magna), checks that named cards can be in a hand, and builds the
:class:`Decision` objects the rule flows yield. The flows themselves live in
``referee.tribune.rules``; the public API is ``referee.tribune.engine.Game``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.i18n import N_
from referee.rulings import RuleRef, Ruling, Term
from referee.tribune import box
from referee.tribune.actions import TABLE, Action, Bid, Cards, Choose, Pass, Reveal
from referee.tribune.cards import Card, Faction, codes
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rulebook import CESURA, COLOSSEUM, MONEY, ref, region_term
from referee.tribune.setup import Setup
from referee.tribune.state import GameState, Pile, PlayerState, Slot

Flow = Generator["Decision", Action, Any]
Options = Callable[[Sequence[Card] | None], "list[Action] | None"]


@dataclass(frozen=True, eq=False)
class Decision:
    """What the game needs now: who decides (a player's name or ``"table"``), what kind
    of decision, the rule behind it and a prompt msgid with its params."""

    actor: str
    kind: str
    rule: RuleRef
    prompt: str
    params: Mapping[str, Any] = field(default_factory=dict)
    accepts: tuple[str, ...] = ()  # action types that answer it
    options: Options = field(default=lambda hand: None, repr=False)
    check: Callable[[Action], None] = field(default=lambda action: None, repr=False)

    def to_json(self) -> dict[str, Any]:
        ruling = Ruling(self.rule, self.prompt, self.params).to_json()
        return {"actor": self.actor, "kind": self.kind, "rule": ruling["rule"],
                "prompt": self.prompt, "accepts": list(self.accepts),
                "params": ruling["params"]}


class Core:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.edition = setup.edition
        self.settings = setup.settings
        self.virtual = setup.deck_mode == "virtual"
        self.rng = random.Random(setup.seed)
        # group-entered data (the victory card, a deck list) is never rulebook-confirmed
        self.unconfirmed = box.unconfirmed_keys() | {"victory_card", "deck"}
        self.seat = {name: i for i, name in enumerate(setup.players)}
        self.s = GameState(players=[PlayerState(n) for n in setup.players], deck=Pile())
        self.out: list[Ruling] = []
        self.spaces: list[str] = []  # every follower space of this board (set by the flow)
        #: every card turned face up so far, in order: (region, field number, card)
        self.turned_up: list[tuple[str, int, Card]] = []
        self.deck_counts = (Counter(box.deck_cards(setup.deck)) if setup.deck is not None
                            else None)

    # ----------------------------------------------------------------- words and rulings
    @property
    def money(self) -> Term:
        return MONEY[self.edition]

    def region(self, name: str) -> Term:
        return region_term(name, self.edition)

    def ref(self, rule_id: str, *settings: str) -> RuleRef:
        """RuleRef, unconfirmed when any of ``settings`` is an unconfirmed box setting."""
        confirmed = not any(s in self.unconfirmed for s in settings)
        return ref(rule_id, self.edition, confirmed)

    def say(self, rule: RuleRef, message: str, **params: Any) -> None:
        self.out.append(Ruling(rule, message, params))

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def p(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    def seat_order(self) -> list[int]:
        n = len(self.s.players)
        return [(self.s.start + i) % n for i in range(n)]

    # ----------------------------------------------------------------------- money
    def gain(self, seat: int, amount: int, rule: RuleRef) -> None:
        """From the bank (an unlimited supply)."""
        self.s.bank -= amount
        self.p(seat).money += amount
        self.say(rule, N_("{player} takes {amount} {money}"), player=self.name(seat),
                 amount=amount, money=self.money)

    def pay(self, seat: int, amount: int, rule: RuleRef, to: int | str = "bank") -> None:
        """To the bank, the Colosseum or another seat. Callers check the player can pay."""
        self.p(seat).money -= amount
        if to == "bank":
            self.s.bank += amount
            self.say(rule, N_("{player} pays {amount} {money} to the bank"),
                     player=self.name(seat), amount=amount, money=self.money)
        elif to == "colosseum":
            self.s.colosseum += amount
            self.say(rule, N_("{player} pays {amount} {money} into the {place}"),
                     player=self.name(seat), amount=amount, money=self.money,
                     place=COLOSSEUM[self.edition])
        else:
            assert isinstance(to, int)
            self.p(to).money += amount
            self.say(rule, N_("{player} pays {amount} {money} to {other}"),
                     player=self.name(seat), amount=amount, money=self.money,
                     other=self.name(to))

    def gain_laurels(self, seat: int, count: int, rule: RuleRef) -> None:
        self.p(seat).laurels += count  # laurels come from an unlimited supply (facts §11.14)
        self.say(rule, N_("{player} gains {count} laurel(s)"), player=self.name(seat),
                 count=count)

    def gain_legions(self, seat: int, count: int, rule: RuleRef) -> None:
        self.p(seat).legions += count
        self.say(rule, N_("{player} gains {count} legion(s)"), player=self.name(seat),
                 count=count)

    # ----------------------------------------------------------------------- cards
    def to_discard(self, cards: Iterable[Card | None]) -> None:
        for card in cards:
            if card is None:
                self.s.discard.unknown += 1
            else:
                self.s.discard.cards.append(card)
            self.s.cesura_armed = True

    def to_hand(self, seat: int, cards: Iterable[Card | None]) -> None:
        hand = self.p(seat).hand
        for card in cards:
            if card is None:
                hand.unknown += 1
            else:
                hand.cards.append(card)

    def take_from_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Remove named cards (already checked): known copies first, else unknown ones."""
        hand = self.p(seat).hand
        for card in cards:
            if card in hand.cards:
                hand.cards.remove(card)
            else:
                hand.unknown -= 1

    def check_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """Raise unless ``cards`` can all be in the seat's hand."""
        hand = self.p(seat).hand
        have = Counter(hand.cards)
        missing = [c for c, n in Counter(cards).items() for _ in range(n - have[c])]
        if len(missing) > hand.unknown:
            raise TribuneRuleViolation(
                N_("{player} cannot hold {cards}: the referee knows {known} and "
                   "{unknown} more cards in that hand"),
                player=self.name(seat), cards=codes(cards), known=codes(hand.cards) or "—",
                unknown=hand.unknown, rule=self.ref("tribune.cards.known"))
        self.check_unseen(missing)

    def check_unseen(self, cards: Sequence[Card]) -> None:
        """Cards coming out of unknown places (table mode) must not contradict what is
        known: a leader is unique, and a deck list caps each card's copies."""
        if not cards:
            return
        known = self.known_counts()
        for card, n in Counter(cards).items():
            cap = 1 if card.is_leader else None
            if self.deck_counts is not None:
                cap = self.deck_counts[card]
            if cap is not None and known[card] + n > cap:
                raise TribuneInputError(
                    N_("{card} cannot be there: {known} of the {cap} copies are already "
                       "known elsewhere"), card=card.code, known=known[card], cap=cap)

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
        pile = self.p(seat).hand
        if hand is None:
            return None if pile.unknown else list(pile.cards)
        if len(hand) != len(pile):
            raise TribuneInputError(N_("{player} holds {count} cards, not {given}"),
                                    player=self.name(seat), count=len(pile), given=len(hand))
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
            self.say(self.ref("tribune.deck.empty"), N_("No card left to draw"))
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
            self.say(rule, N_("{player} draws {count} card(s)"), player=self.name(seat),
                     count=drawn)

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
        self.say(self.ref("tribune.deck.reshuffle"),
                 N_("The draw pile is empty: the {count} discarded cards are shuffled into a "
                    "new draw pile"), count=count)

    def cesura(self) -> Flow:
        from referee.tribune import checks

        s = self.s
        self.say(self.ref("tribune.deck.cesura"),
                 N_("No cards in the draw pile or the discard pile: {event}"),
                 event=CESURA[self.edition])
        hands = {self.name(i): len(self.p(i).hand) for i in self.seat_order()}
        verdict = checks.cesura(hands, s.sets)
        self.out.extend(verdict.rulings)
        hand_cuts, set_cuts = verdict.outcome
        for seat in self.seat_order():
            for _ in range(hand_cuts.get(self.name(seat), 0)):
                action = yield self.ask_cards(
                    seat, "cesura", self.ref("tribune.deck.cesura.hand"),
                    N_("{player}: discard a card (hand limit 7)"), sizes=(1,))
                self.take_from_hand(seat, action.cards)
                self.to_discard(action.cards)
        for faction, lost in set_cuts.items():
            for card in lost:
                s.sets[faction].remove(card)
            self.to_discard(lost)
        s.cesura_armed = False
        if not self.settings["cesura_continue"]:
            s.draw_halted = True
            self.say(self.ref("tribune.deck.cesura.continue", "cesura_continue"),
                     N_("No more cards are drawn until the next phase"))
        elif len(s.discard):
            self.reshuffle()

    def reveal(self, slot: Slot, region: str, number: int, rule: RuleRef) -> Flow:
        """Turn a card face up; in table mode the table enters what it is."""
        if slot.card is None:
            action = yield self.ask_reveal(region, number, rule)
            assert isinstance(action, Reveal)
            slot.card = action.card
        slot.face_up = True
        self.turned_up.append((region, number, slot.card))

    def ask_reveal(self, region: str, number: int, rule: RuleRef) -> Decision:
        def check(action: Action) -> None:
            if not isinstance(action, Reveal):
                raise TribuneInputError(N_("This decision ({kind}) takes {accepts}, not {type}"),
                                        kind="reveal", accepts="reveal", type=action.type)
            self.check_unseen([action.card])

        return Decision(TABLE, "reveal", rule, N_("Which card is turned up at {place} {number}?"),
                        {"place": self.region(region), "number": number, "region": region},
                        ("reveal",), lambda hand: None, check)

    # ----------------------------------------------------------------------- decisions
    def _base_check(self, seat: int, action: Action, accepts: tuple[str, ...], kind: str) -> None:
        if action.player != self.name(seat):
            raise TribuneRuleViolation(N_("It is {actor}'s decision ({kind}), not {player}'s"),
                                       actor=self.name(seat), kind=kind, player=action.player,
                                       rule=self.ref("tribune.turn"))
        if action.type not in accepts:
            raise TribuneInputError(N_("This decision ({kind}) takes {accepts}, not {type}"),
                                    kind=kind, accepts=" / ".join(accepts), type=action.type)

    def ask_choice(self, seat: int, kind: str, rule: RuleRef, prompt: str,
                   choices: Sequence[str], *, optional: bool = False, **params: Any) -> Decision:
        accepts = ("choose", "pass") if optional else ("choose",)
        name = self.name(seat)

        def options(hand: Sequence[Card] | None) -> list[Action]:
            found: list[Action] = [Choose(name, c) for c in choices]
            return found + [Pass(name)] if optional else found

        def check(action: Action) -> None:
            self._base_check(seat, action, accepts, kind)
            if isinstance(action, Choose) and action.option not in choices:
                raise TribuneRuleViolation(N_("{option!r} is not an option here; choose {choices}"),
                                           option=action.option, choices=", ".join(choices),
                                           rule=rule)

        return Decision(name, kind, rule, prompt, {"player": name, "choices": list(choices),
                                                   **params}, accepts, options, check)

    def ask_bid(self, seat: int, kind: str, rule: RuleRef, prompt: str, **params: Any) -> Decision:
        name = self.name(seat)

        def options(hand: Sequence[Card] | None) -> list[Action]:
            return [Bid(name, a) for a in range(self.p(seat).money + 1)]

        def check(action: Action) -> None:
            self._base_check(seat, action, ("bid",), kind)
            assert isinstance(action, Bid)
            if not 0 <= action.amount <= self.p(seat).money:
                raise TribuneRuleViolation(N_("A bid must be between 0 and the {money} you "
                                              "hold ({amount})"), money=self.money,
                                           amount=self.p(seat).money, rule=rule)

        return Decision(name, kind, rule, prompt, {"player": name, "money": self.money,
                                                   **params}, ("bid",), options, check)

    def ask_cards(self, seat: int, kind: str, rule: RuleRef, prompt: str, *,
                  sizes: Sequence[int], fits: Callable[[Card], bool] | None = None,
                  same_faction: bool = False, optional: bool = False,
                  validate: Callable[[tuple[Card, ...]], None] | None = None,
                  source: Sequence[Card] | None = None, **params: Any) -> Decision:
        """Name cards from the hand (or from ``source``): how many, which fit, whether they
        must share a faction, plus a rule-specific ``validate`` that raises."""
        name = self.name(seat)
        accepts = ("cards", "pass") if optional else ("cards",)

        def legal(cards: tuple[Card, ...]) -> None:
            if len(cards) not in sizes:
                raise TribuneRuleViolation(N_("Name {sizes} card(s), not {count}"),
                                           sizes=" / ".join(map(str, sizes)),
                                           count=len(cards), rule=rule)
            bad = [c.code for c in cards if fits is not None and not fits(c)]
            if bad:
                raise TribuneRuleViolation(N_("Not allowed here: {cards}"), cards=bad,
                                           rule=rule)
            if same_faction and len({c.faction for c in cards}) > 1:
                raise TribuneRuleViolation(N_("The cards must be of one faction"), rule=rule)
            if validate is not None:
                validate(cards)

        def check(action: Action) -> None:
            self._base_check(seat, action, accepts, kind)
            if isinstance(action, Cards):
                legal(action.cards)
                if source is None:
                    self.check_hand(seat, action.cards)
                else:
                    _check_subset(action.cards, source, rule)

        def options(hand: Sequence[Card] | None) -> list[Action] | None:
            pool = list(source) if source is not None else self.hand_view(seat, hand)
            if pool is None:
                return None
            pool = [c for c in pool if fits is None or fits(c)]
            groups = ([[c for c in pool if c.faction is f] for f in Faction] if same_faction
                      else [pool])
            found: list[Action] = []
            for group in groups:
                for combo in submultisets(group, sizes):
                    try:
                        if validate is not None:
                            validate(combo)
                    except TribuneRuleViolation:
                        continue
                    found.append(Cards(name, combo))
            return found + [Pass(name)] if optional else found

        return Decision(name, kind, rule, prompt, {"player": name, **params}, accepts,
                        options, check)


def _check_subset(cards: Sequence[Card], source: Sequence[Card], rule: RuleRef) -> None:
    have = Counter(source)
    if any(n > have[c] for c, n in Counter(cards).items()):
        raise TribuneRuleViolation(N_("Choose among {cards}"), cards=codes(source), rule=rule)


def submultisets(cards: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every distinct selection (as a multiset) of the given sizes."""
    counts = sorted(Counter(cards).items(), key=lambda kv: kv[0].key)
    wanted = set(sizes)
    top = max(wanted)
    found: list[tuple[Card, ...]] = []

    def walk(i: int, acc: tuple[Card, ...]) -> None:
        if i == len(counts):
            if len(acc) in wanted:
                found.append(acc)
            return
        card, n = counts[i]
        for k in range(min(n, top - len(acc)) + 1):
            walk(i + 1, acc + (card,) * k)

    walk(0, ())
    return found

