"""The questions a rule flow asks, with the checks and the option lists of each answer.

:class:`Asking` builds them (``referee.game.question.Question``) for
:class:`referee.tribune.core.Core`; a question's ``check`` raises before anything changes,
and ``options`` lists the legal answers when it can.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from referee.game.question import Form, Question
from referee.i18n import N_
from referee.rulings import RuleRef, Term
from referee.tribune.actions import TABLE, Bid, Cards, Choose, Entry, Pass, Reveal
from referee.tribune.cards import Card, Faction, codes
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.state import PlayerState


class Asking(ABC):
    """Question builders, mixed into :class:`referee.tribune.core.Core`; the abstract
    members are what they use of it (its players, hands and words)."""

    @abstractmethod
    def name(self, seat: int) -> str: ...

    @abstractmethod
    def player_at(self, seat: int) -> PlayerState: ...

    @property
    @abstractmethod
    def money(self) -> Term: ...

    @abstractmethod
    def region(self, name: str) -> Term: ...

    @abstractmethod
    def ref(self, rule_id: str, *settings: str) -> RuleRef: ...

    @abstractmethod
    def check_hand(self, seat: int, cards: Sequence[Card]) -> None: ...

    @abstractmethod
    def check_unseen(self, cards: Sequence[Card]) -> None: ...

    @abstractmethod
    def hand_view(self, seat: int, hand: Sequence[Card] | None) -> list[Card] | None: ...

    def ask_reveal(self, region: str, number: int, rule: RuleRef) -> Question:
        def check(action: Entry) -> None:
            if not isinstance(action, Reveal):
                raise TribuneInputError(N_("This decision ({kind}) takes {accepts}, not {type}"),
                                        kind="reveal", accepts="reveal", type=action.type)
            self.check_unseen([action.card])

        return Question(TABLE, "reveal", rule, N_("Which card is turned up at {place} {number}?"),
                        {"place": self.region(region), "number": number, "region": region},
                        ("reveal",), Form.TEXT, check=check)

    def check_turn(self, seat: int, action: Entry, accepts: tuple[str, ...],
                   kind: str) -> None:
        if action.player != self.name(seat):
            raise TribuneRuleViolation(N_("It is {actor}'s decision ({kind}), not {player}'s"),
                                       actor=self.name(seat), kind=kind, player=action.player,
                                       rule=self.ref("tribune.turn"))
        if action.type not in accepts:
            raise TribuneInputError(N_("This decision ({kind}) takes {accepts}, not {type}"),
                                    kind=kind, accepts=" / ".join(accepts), type=action.type)

    def ask_choice(self, seat: int, kind: str, rule: RuleRef, prompt: str,
                   choices: Sequence[str], *, optional: bool = False, **params: Any) -> Question:
        accepts = ("choose", "pass") if optional else ("choose",)
        name = self.name(seat)

        def options(hand: Sequence[Card] | None) -> list[Entry]:
            found: list[Entry] = [Choose(name, c) for c in choices]
            return found + [Pass(name)] if optional else found

        def check(action: Entry) -> None:
            self.check_turn(seat, action, accepts, kind)
            if isinstance(action, Choose) and action.option not in choices:
                raise TribuneRuleViolation(N_("{option!r} is not an option here; choose {choices}"),
                                           option=action.option, choices=", ".join(choices),
                                           rule=rule)

        return Question(name, kind, rule, prompt, {"player": name, "choices": list(choices),
                                                   **params}, accepts, options=options,
                        check=check)

    def ask_bid(self, seat: int, kind: str, rule: RuleRef, prompt: str,
                **params: Any) -> Question:
        """A sealed bid: a number from 0 to the money the bidder holds, given face down."""
        name = self.name(seat)

        def options(hand: Sequence[Card] | None) -> list[Entry]:
            return [Bid(name, a) for a in range(self.player_at(seat).money + 1)]

        def check(action: Entry) -> None:
            self.check_turn(seat, action, ("bid",), kind)
            assert isinstance(action, Bid)
            if not 0 <= action.amount <= self.player_at(seat).money:
                # sealed: the refusal must not tell the table what the bidder holds
                raise TribuneRuleViolation(N_("A bid cannot be more than the {money} you hold"),
                                           money=self.money, rule=rule)

        return Question(name, kind, rule, prompt, {"player": name, "money": self.money,
                                                   **params}, ("bid",), Form.NUMBER, hidden=True,
                        low=0, high=self.player_at(seat).money, options=options, check=check)

    def ask_cards(self, seat: int, kind: str, rule: RuleRef, prompt: str, *,
                  sizes: Sequence[int], fits: Callable[[Card], bool] | None = None,
                  same_faction: bool = False, optional: bool = False,
                  validate: Callable[[tuple[Card, ...]], None] | None = None,
                  admits: Callable[[tuple[Card, ...]], bool] | None = None,
                  source: Sequence[Card] | None = None, hidden: bool = False,
                  **params: Any) -> Question:
        """Name cards from the hand (or from ``source``): how many, which fit, whether they
        must share a faction, plus a rule-specific ``validate`` that raises. ``admits``, when
        given, says without words whether ``validate`` accepts a selection: the options ask it of
        every selection, where a refusal's words would go unread. ``hidden``: the cards are
        played face down, shown when the rules reveal them."""
        name = self.name(seat)
        accepts = ("cards", "pass") if optional else ("cards",)

        def legal(cards: tuple[Card, ...]) -> None:
            # the rule's own words explain best, so it speaks first (when it refuses)
            if validate is not None and not (admits is not None and admits(cards)):
                validate(cards)
            if len(cards) not in sizes:
                raise TribuneRuleViolation(
                    N_("Wrong number of cards: {count} named, {sizes} needed"),
                    sizes=" / ".join(map(str, sizes)), count=len(cards), rule=rule)
            bad = [c.code for c in cards if fits is not None and not fits(c)]
            if bad:
                raise TribuneRuleViolation(N_("Not allowed here: {cards}"), cards=bad,
                                           rule=rule)
            if same_faction and len({c.faction for c in cards}) > 1:
                raise TribuneRuleViolation(N_("The cards must be of one faction"), rule=rule)

        def check(action: Entry) -> None:
            self.check_turn(seat, action, accepts, kind)
            if isinstance(action, Cards):
                legal(action.cards)
                if source is None:
                    self.check_hand(seat, action.cards)
                else:
                    _check_subset(action.cards, source, rule)

        def pool(hand: Sequence[Card] | None) -> list[Card] | None:
            cards = list(source) if source is not None else self.hand_view(seat, hand)
            return None if cards is None else [c for c in cards if fits is None or fits(c)]

        def options(hand: Sequence[Card] | None) -> list[Entry] | None:
            cards = pool(hand)
            if cards is None:
                return None
            groups = ([[c for c in cards if c.faction is f] for f in Faction] if same_faction
                      else [cards])
            found: list[Entry] = []
            for group in groups:
                for combo in submultisets(group, sizes):
                    if admits is not None:
                        if admits(combo):
                            found.append(Cards(name, combo))
                        continue
                    try:
                        if validate is not None:
                            validate(combo)
                    except TribuneRuleViolation:
                        continue
                    found.append(Cards(name, combo))
            return found + [Pass(name)] if optional else found

        known = pool(None)
        return Question(name, kind, rule, prompt, {"player": name, **params}, accepts,
                        Form.SEVERAL, hidden, choose_from=None if known is None else tuple(known),
                        options=options, check=check)


def _check_subset(cards: Sequence[Card], source: Sequence[Card], rule: RuleRef) -> None:
    have = Counter(source)
    if any(n > have[c] for c, n in Counter(cards).items()):
        raise TribuneRuleViolation(N_("Choose among {cards}"), cards=codes(source), rule=rule)


_KEY = attrgetter("key")


def submultisets(cards: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every distinct selection (as a multiset) of the given sizes, ordered by how many of
    each kind of card (in card order) it takes, fewest first: a simulation's random choice
    among them depends on that order."""
    counts = _kinds(cards)
    wanted = set(sizes)
    if wanted == {1}:  # one card (most card decisions): each kind once, in the walk's order
        return [(card,) for card, _n in reversed(counts)]
    if wanted == {2}:
        return _pairs(counts)
    # cards left from each position on: a branch that cannot reach the smallest size ends
    # there, and one at the largest size takes no more
    left = [0] * (len(counts) + 1)
    for i in range(len(counts) - 1, -1, -1):
        left[i] = left[i + 1] + counts[i][1]
    found: list[tuple[Card, ...]] = []
    _walk(counts, left, wanted, (max(wanted), min(wanted)), 0, (), found)
    return found


def _kinds(cards: Sequence[Card]) -> list[list[Any]]:
    """Each kind of card with its count, in card order: sorted on the card's kept key and
    grouped on it (equal keys, equal cards), which spares hashing every card in a Counter."""
    counts: list[list[Any]] = []
    last = None
    for card in sorted(cards, key=_KEY):
        key = card.key
        if key == last:
            counts[-1][1] += 1
        else:
            counts.append([card, 1])
            last = key
    return counts


def _pairs(counts: list[list[Any]]) -> list[tuple[Card, ...]]:
    """``_walk``'s selections of two, listed directly: the later the first card's kind, the
    earlier the pair; for one first kind, a later second kind first, the same kind twice
    last."""
    found: list[tuple[Card, ...]] = []
    for i in range(len(counts) - 1, -1, -1):
        card, n = counts[i]
        found += [(card, other) for other, _n in reversed(counts[i + 1:])]
        if n > 1:
            found.append((card, card))
    return found


def _walk(counts: list[list[Any]], left: list[int], wanted: set[int], bounds: tuple[int, int],
          i: int, acc: tuple[Card, ...], found: list[tuple[Card, ...]]) -> None:
    """Add to ``found`` each selection that takes ``acc`` from the kinds before ``i``, taking
    fewer of kind ``i`` first. A function of the module, not a closure calling itself: that
    closure was a reference cycle left for the garbage collector on every listing."""
    top, least = bounds
    if len(acc) + left[i] < least:
        return
    if i == len(counts) or len(acc) == top:
        if len(acc) in wanted:
            found.append(acc)
        return
    card, n = counts[i]
    for k in range(min(n, top - len(acc)) + 1):
        _walk(counts, left, wanted, bounds, i + 1, acc + (card,) * k, found)
