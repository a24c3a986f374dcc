"""A position described at the table, run through the live rule flows.

A calculator (``referee tribune check …``) never has its own copy of a rule: it builds a
small game state from what the table says (who controls what, which cards are in whose
hand, who has which tile) and runs the very flow the guided game runs (a take-over
contest, a region's evaluation, a faction benefit), answering its decisions from the
entries it was given. So the calculator and the live game cannot disagree.

The position is checked before it runs: a card the box cannot hold twice (a faction's one
leader), a control set no take-over could have left, two sets of one faction, a player
named twice where each has one value, a table of more than five, or a tile the box has
only one of are refused with the rule they break. So is an answer the live game would
refuse, and one to a question the rules never ask in that position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from referee.errors import RuleViolation
from referee.game.question import Question
from referee.i18n import N_
from referee.rulings import RuleRef, Ruling
from referee.tribune import checks
from referee.tribune.actions import Bid, Cards, Choose, Entry, Pass
from referee.tribune.cards import Card, Faction
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rulebook import ref
from referee.tribune.rules import followers
from referee.tribune.setup import MIN_PLAYERS, Setup
from referee.tribune.state import Pile
from referee.values import Value

#: How a probe answers a decision: an entry, or None to stop there (the decision is then
#: reported as what the rules ask next).
Answer = Callable[[Question], "Entry | None"]
#: The decisions where an answer the rules refuse still says something at the table: a
#: set that does not take the faction over is a take-over that fails, as if passed.
PLAYED_AS_PASS = frozenset({"takeover"})

V = TypeVar("V")


def one_set_each(sets: Iterable[tuple[Faction, Sequence[Card]]]) -> dict[Faction, list[Card]]:
    """Control sets by faction; a faction given twice is refused: it has one controller
    and one set on display."""
    found: dict[Faction, list[Card]] = {}
    for faction, cards in sets:
        if faction in found:
            raise _second_set(faction)
        found[faction] = list(cards)
    return found


def _second_set(faction: Faction) -> TribuneRuleViolation:
    return TribuneRuleViolation(
        N_("The {faction} control set is given twice: a faction has one controller and "
           "one set on display"), faction=faction.term, rule=ref("tribune.phase4.one_set"))


def once_each(pairs: Iterable[tuple[str, V]], message: str, rule: RuleRef) -> dict[str, V]:
    """One value per player (a sealed bid, a hand): a player named twice is refused with
    ``message`` (params ``player``, ``first``, ``second``) and the rule that gives each one."""
    found: dict[str, V] = {}
    for name, value in pairs:
        if name in found:
            raise TribuneRuleViolation(message, player=name, first=found[name], second=value,
                                       rule=rule)
        found[name] = value
    return found


def same_each(pairs: Iterable[tuple[str, V]], message: str) -> dict[str, V]:
    """A value a player holds once however often the player is named (the money of a
    player with two followers in one region): two different values are refused."""
    found: dict[str, V] = {}
    for name, value in pairs:
        if found.setdefault(name, value) != value:
            raise TribuneInputError(message, player=name, first=found[name], second=value)
    return found


class Trace(Value):
    """What the flow did: its rulings (refused entries included, as the live game would
    refuse them), the question it stopped at, and the state it left."""

    rulings: tuple[Ruling, ...]
    pending: Question | None
    core: Core
    value: Any = None  # what the flow returned, when it ran to its end

    def seat_of(self, name: str) -> int:
        return self.core.seat[name]


class Probe:
    """A table-mode game state for ``players`` (in seat order, the first starts),
    built up by the calculator and then run through one rule flow."""

    def __init__(self, players: Sequence[str], edition: str,
                 settings: Mapping[str, Any] | None = None) -> None:
        names = list(players)
        while len(names) < MIN_PLAYERS:  # a bystander who is never asked anything
            names.append(f"({len(names) + 1})")
        setup = Setup.create(names, names[0], edition=edition, deck_mode="table",
                             settings={"thermae_fields": 3, **(settings or {})})
        self.core = Core(setup)
        self.core.spaces = followers.all_spaces(self.core)
        self.core.s.phase = 4
        self.piles_given = False

    @property
    def edition(self) -> str:
        return self.core.edition

    def seat(self, name: str) -> int:
        return self.core.seat[name]

    # ----------------------------------------------------------------- the position
    def hand(self, name: str, cards: Sequence[Card] = (), unknown: int = 0) -> None:
        pile = self.core.player_at(self.seat(name)).hand
        pile.cards.extend(cards)
        pile.unknown += unknown

    def display(self, faction: Faction, cards: Sequence[Card]) -> None:
        """A control set on display: only a take-over puts one there, so it is a legal set
        (2 or more cards of the faction; an assassin or a cesura never cut one below 2),
        and the only one of its faction."""
        if faction in self.core.s.sets:
            raise _second_set(faction)
        verdict = checks.valid_set(faction, cards)
        if not verdict:
            ruling = verdict.rulings[0]
            raise TribuneRuleViolation(
                N_("No take-over leaves {cards} as the {faction} control set"),
                cards=", ".join(c.code for c in cards), faction=faction.term,
                rule=ruling.rule)
        self.core.s.sets[faction] = list(cards)

    def control(self, faction: Faction, name: str, cards: Sequence[Card]) -> None:
        """``name`` controls ``faction`` with the displayed set ``cards``."""
        self.display(faction, cards)
        seat = self.seat(name)
        self.core.s.controllers[faction] = seat
        if faction not in self.core.player_at(seat).markers:
            self.core.player_at(seat).markers.append(faction)
        if faction in self.core.s.field_laurels:
            self.core.s.field_laurels.remove(faction)

    def favours(self, name: str, eternal: bool, temporary: bool) -> None:
        """The favour tiles ``name`` holds. The one temporary favour goes with Vestal
        Virgins control, and in FFG a holder of the eternal favour has given it back."""
        seat = self.seat(name)
        self.core.player_at(seat).eternal = eternal
        if not temporary:
            return
        if self.core.s.controllers.get(Faction.VESTALS) != seat:
            raise TribuneRuleViolation(
                N_("{player} cannot hold the temporary favor without controlling the "
                   "{faction}"), player=name, faction=Faction.VESTALS.term,
                rule=self.core.ref("tribune.favor.temporary"))
        if eternal and self.edition == "ffg":
            raise TribuneRuleViolation(
                N_("{player} cannot hold both favor tiles: a player who gains the eternal "
                   "favor gives the temporary one back"), player=name,
                rule=self.core.ref("tribune.phase3.pantheon.temporary"))
        self.core.s.temporary = seat

    def piles(self, deck: int, discard: int) -> None:
        """How many (unknown) cards the draw and discard piles hold; without this the probe
        draws from a pile that never runs out."""
        self.core.s.deck, self.core.s.discard = Pile([], deck), Pile([], discard)
        self.piles_given = True

    def follower(self, space: str, name: str) -> None:
        self.core.s.spaces.setdefault(space, []).append(self.seat(name))

    def player(self, name: str) -> Any:
        return self.core.player_at(self.seat(name))

    def check_cards(self) -> None:
        """Every card named anywhere in the position can exist at once: each faction has
        one leader, and a group's deck list caps the copies of each card."""
        known = self.core.known_counts()
        for card, n in known.items():
            if card.is_leader and n > 1:
                raise TribuneRuleViolation(
                    N_("{card} is named {count} times, but each faction has one leader"),
                    card=card.name, count=n, rule=self.core.ref("tribune.cards.known"))
        deck = self.core.deck_counts
        if deck is not None:
            over = [c.code for c, n in known.items() if n > deck[c]]
            if over:
                raise TribuneInputError(N_("More copies than the deck holds: {cards}"),
                                        cards=", ".join(over))

    # ----------------------------------------------------------------- running
    def run(self, flow: Flow, answer: Answer, rule: RuleRef | None = None) -> Trace:
        """Run ``flow`` (started on this probe's core), answering each decision with
        ``answer``. An answer the live game would refuse is refused here too, with the
        same error; only a take-over set that does not take the faction is reported as a
        ruling of the rule it breaks and counted as a pass (the question there is whether
        it takes it). With ``rule``, a scripted answer left over when the flow ends (one
        the rules never asked for here) is refused under that rule."""
        self.check_cards()
        c = self.core
        if not self.piles_given:
            c.s.deck = Pile([], _DRAW_PILE)
        rulings: list[Ruling] = []
        c.out = []
        pending: Question | None = None
        value = None
        try:
            decision = next(flow)
            while True:
                rulings.extend(c.out)
                c.out = []
                action = answer(decision)
                if action is None:
                    pending = decision
                    break
                action = self._checked(decision, action, rulings)
                decision = flow.send(action)
        except StopIteration as done:
            value = done.value
            left = answer.left() if isinstance(answer, Script) else []
            if rule is not None and left:
                raise TribuneRuleViolation(
                    N_("{player} is never asked for {answer}: the rules offer no such choice "
                       "in this position"), player=left[0][0], answer=left[0][1],
                    rule=rule) from None
        rulings.extend(c.out)
        c.out = []
        return Trace(tuple(rulings), pending, c, value)

    @staticmethod
    def _checked(decision: Question, action: Entry, rulings: list[Ruling]) -> Entry:
        try:
            decision.check(action)
        except RuleViolation as refused:
            if decision.kind not in PLAYED_AS_PASS or "pass" not in decision.accepts:
                raise
            assert refused.rule is not None
            rulings.append(Ruling(refused.rule, refused.message, refused.params))
            rulings.append(Ruling(refused.rule, N_("{player} cannot play that, which counts "
                                                   "as passing"), {"player": decision.actor}))
            return Pass(decision.actor)
        return action


#: Cards the probe's face-down draw pile holds: enough for any benefit; the cards are
#: unknown, as a physical draw pile is.
_DRAW_PILE = 50


def scripted(entries: Mapping[tuple[str, str], Sequence[Entry]]) -> Script:
    """Answer decisions of (kind, actor) from ``entries`` in order; stop at any other."""
    return Script(entries)


class Script:
    """Answers by (kind, actor), in order. ``left()`` lists the answers no decision took
    (player, the answer as typed), passes aside: passing where nothing was asked changes
    nothing."""

    def __init__(self, entries: Mapping[tuple[str, str], Sequence[Entry]]) -> None:
        self.queues = {key: list(actions) for key, actions in entries.items()}

    def __call__(self, decision: Question) -> Entry | None:
        queue = self.queues.get((decision.kind, decision.actor))
        return queue.pop(0) if queue else None

    def left(self) -> list[tuple[str, str]]:
        return [(action.player, said(action)) for queue in self.queues.values()
                for action in queue if not isinstance(action, Pass)]


def said(action: Entry) -> str:
    """An answer as the check options take it."""
    if isinstance(action, Choose):
        return action.option
    if isinstance(action, Cards):
        return ",".join(card.code for card in action.cards)
    assert isinstance(action, Bid)
    return str(action.amount)
