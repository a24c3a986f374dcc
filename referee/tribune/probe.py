"""A position described at the table, run through the live rule flows.

A calculator (``referee tribune check …``) never has its own copy of a rule: it builds a
small game state from what the table says (who controls what, which cards are in whose
hand, who has which tile) and runs the very flow the guided game runs (a take-over
contest, a region's evaluation, a faction benefit), answering its decisions from the
entries it was given. So the calculator and the live game cannot disagree.

The position is checked before it runs: a card the box cannot hold twice (a faction's one
leader), a control set no take-over could have left, or a tile the box has only one of
are refused with the rule they break.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from msgspec import Struct

from referee.errors import RuleViolation
from referee.i18n import N_
from referee.rulings import Ruling
from referee.tribune import checks
from referee.tribune.actions import Action, Pass
from referee.tribune.cards import Card, Faction
from referee.tribune.core import Core, Decision, Flow
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rules import followers
from referee.tribune.setup import MIN_PLAYERS, Setup
from referee.tribune.state import Pile

#: How a probe answers a decision: an entry, or None to stop there (the decision is then
#: reported as what the rules ask next).
Answer = Callable[[Decision], "Action | None"]


class Outcome(Struct, frozen=True):
    """What the flow did: its rulings (refused entries included, as the live game would
    refuse them), the decision it stopped at, and the state it left."""

    rulings: tuple[Ruling, ...]
    pending: Decision | None
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
        pile = self.core.p(self.seat(name)).hand
        pile.cards.extend(cards)
        pile.unknown += unknown

    def display(self, faction: Faction, cards: Sequence[Card]) -> None:
        """A control set on display: only a take-over puts one there, so it is a legal set
        (2 or more cards of the faction; an assassin or a cesura never cut one below 2)."""
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
        if faction not in self.core.p(seat).markers:
            self.core.p(seat).markers.append(faction)
        if faction in self.core.s.field_laurels:
            self.core.s.field_laurels.remove(faction)

    def favours(self, name: str, eternal: bool, temporary: bool) -> None:
        """The favour tiles ``name`` holds. The one temporary favour goes with Vestal
        Virgins control, and in FFG a holder of the eternal favour has given it back."""
        seat = self.seat(name)
        self.core.p(seat).eternal = eternal
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
        return self.core.p(self.seat(name))

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
    def run(self, flow: Flow, answer: Answer) -> Outcome:
        """Run ``flow`` (started on this probe's core), answering each decision with
        ``answer``. An answer the live game would refuse is reported as a ruling of the
        rule it breaks and replaced by a pass where the decision allows one (as at the
        table: the player cannot play it); otherwise the refusal is raised."""
        self.check_cards()
        c = self.core
        if not self.piles_given:
            c.s.deck = Pile([], _DRAW_PILE)
        rulings: list[Ruling] = []
        c.out = []
        pending: Decision | None = None
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
        rulings.extend(c.out)
        c.out = []
        return Outcome(tuple(rulings), pending, c, value)

    @staticmethod
    def _checked(decision: Decision, action: Action, rulings: list[Ruling]) -> Action:
        try:
            decision.check(action)
        except RuleViolation as refused:
            if "pass" not in decision.accepts:
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


def scripted(entries: Mapping[tuple[str, str], Sequence[Action]]) -> Answer:
    """Answer decisions of (kind, actor) from ``entries`` in order; stop at any other."""
    queues = {key: list(actions) for key, actions in entries.items()}

    def answer(decision: Decision) -> Action | None:
        queue = queues.get((decision.kind, decision.actor))
        return queue.pop(0) if queue else None

    return answer
