"""The engine of a game whose rules run as a generator: Tribune's and Trajan's.

A rule flow is a generator: it yields a :class:`~referee.game.question.Question`, receives
the entry that answers it, and records a ruling for every effect on its :class:`FlowCore`
(the state plus what every rule uses). A question's ``check`` raises before anything
changes, so :class:`FlowGame` validates an entry completely before sending it into the flow;
a refused entry changes nothing. The flow of a running game cannot be copied, so ``undo``
replays every entry but the last.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Generator, Sequence
from typing import Any, Self

from referee.errors import RefereeError
from referee.game.contract import Game
from referee.game.question import Question
from referee.rulings import RuleRef, Ruling

Flow = Generator[Question, Any, Any]


class FlowCore:
    """What a rule flow runs on. ``out`` holds the rulings of the entry being applied."""

    out: list[Ruling]

    def rule(self, rule: RuleRef, message: str, **params: Any) -> None:
        """Record a ruling: ``message`` (a msgid with ``params``), decided by ``rule``."""
        self.out.append(Ruling(rule, message, params))


class FlowGame(Game):
    core: FlowCore

    def __init__(self, setup: Any, before: Sequence[Any] = ()) -> None:
        """A game at its start; or, with ``before``, a game the flow (``flow``) takes up
        after those entries, whose rulings are then in the journal, not in ``log``."""
        self.setup = setup
        self.core = self.new_core(setup)
        self.history: list[Any] = list(before)
        self.log: list[list[Ruling]] = [[] for _ in before]
        self._flow = self.flow()
        self._pending: Question | None = None
        self.log.append(self._advance(None))

    # ------------------------------------------------------------------ what a game supplies
    @abstractmethod
    def new_core(self, setup: Any) -> FlowCore:
        """The state and operations the game's rules run on, at the start."""

    @abstractmethod
    def flow(self) -> Flow:
        """The rules from the setup to the end, run on ``self.core``."""

    @abstractmethod
    def over(self) -> RefereeError:
        """The error for an entry once the game is over."""

    @abstractmethod
    def nothing_to_undo(self) -> RefereeError:
        """The error for an undo before any entry."""

    def finish(self, value: Any) -> None:
        """The flow ended, returning ``value``."""

    # ------------------------------------------------------------------ driving
    def pending(self) -> Question | None:
        return self._pending

    def legal_entries(self, hand: Sequence[Any] | None = None) -> list[Any] | None:
        return [] if self._pending is None else self._pending.options(hand)

    def check(self, entry: Any) -> None:
        if self._pending is None:
            raise self.over()
        self._pending.check(entry)

    def apply(self, entry: Any) -> list[Ruling]:
        self.check(entry)
        rulings = self._advance(entry)
        self.history.append(entry)
        self.log.append(rulings)
        return rulings

    def _advance(self, entry: Any) -> list[Ruling]:
        """Run the flow to its next question (or its end) with ``entry`` answering the one
        pending; the rulings it recorded on the way."""
        self.core.out = []
        try:
            self._pending = next(self._flow) if entry is None else self._flow.send(entry)
        except StopIteration as done:
            self._pending = None
            self.finish(done.value)
        return self.core.out

    # ------------------------------------------------------------------ history
    def undo(self) -> Any:
        if not self.history:
            raise self.nothing_to_undo()
        last = self.history[-1]
        self.__dict__.update(self.again(self.history[:-1]).__dict__)
        return last

    def again(self, entries: Sequence[Any]) -> Self:
        """This game's setup with ``entries`` replayed (``undo`` takes its state)."""
        return type(self).replay(self.setup, entries)
