"""The contract every game's rules core keeps, enforced: its engine subclasses :class:`Game`
(abstract methods cannot be left out) and ``tests/contract/`` runs the same suite against
every game (check changes nothing, rulings name their rules, undo, replay, hidden answers,
JSON round trips, the outcome).

The core side (pure, no I/O) follows python-chess: small frozen entries, a game that
validates before it mutates, and replay from the setup plus the list of entries::

    game = Game(setup)                      # setup: the session header's options
    while (q := game.pending()) is not None:
        q.actor, q.kind, q.rule, q.prompt, q.params, q.accepts, q.form, q.hidden
        game.legal_entries()                # every legal answer, or None when open-ended
        game.check(entry)                   # raises what apply would raise; changes nothing
        rulings = game.apply(entry)         # validates, then mutates; rulings of every effect
    game.outcome()                          # referee.outcome.Outcome once the game is over
    Game.replay(setup, entries)             # the same game, rebuilt from the log

The terminal side is :class:`referee.table.game.TableGame`, the one object a game hands
to the table layer.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from referee.values import Value

if TYPE_CHECKING:
    from referee.game.question import Question
    from referee.outcome import Outcome
    from referee.rulings import Ruling


class Entry(Value):
    """One thing the table entered: a frozen value object. ``type`` is from the game's
    closed vocabulary; ``to_json`` is what the journal stores (``type`` included).
    ``player`` is the player who made it, or ``table`` for a chance entry."""

    type: ClassVar[str] = ""
    player: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}


class Setup(Protocol):
    """The options a game starts from; ``to_json`` is stored as the session header's
    options, and the game's ``Setup.from_json`` reads it back (a ``RefereeError`` when it is
    unusable)."""

    players: Sequence[str]
    start_player: str
    edition: str  # the rules edition or board side

    def to_json(self) -> dict[str, Any]: ...


class Game(ABC):
    """A game's engine. ``history`` holds the entries applied, in order; ``log`` the rulings
    of each (``log[0]`` the setup's)."""

    setup: Any
    history: list[Any]
    log: list[list[Ruling]]

    @abstractmethod
    def __init__(self, setup: Any) -> None:
        """A game at its start: the setup's rulings in ``log[0]``."""

    @abstractmethod
    def pending(self) -> Question | None:
        """The question the rules ask now; None once the game is over."""

    @abstractmethod
    def legal_entries(self, hand: Sequence[Any] | None = None) -> list[Any] | None:
        """Every legal answer to the pending question, or None where they cannot be listed
        (a card the table turns up); ``hand``: the answering player's whole hand, where the
        referee does not know it. [] once the game is over."""

    @abstractmethod
    def check(self, entry: Any) -> None:
        """Raise the typed error ``apply`` would raise for ``entry``; change nothing."""

    @abstractmethod
    def apply(self, entry: Any) -> list[Ruling]:
        """Check ``entry``, then apply it: the rulings of every effect, each naming its rule.
        A refused entry changes nothing."""

    @abstractmethod
    def undo(self) -> Any:
        """Take back the last entry and return it."""

    @abstractmethod
    def fingerprint(self) -> str:
        """Equal for equal games (the state and the pending question)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result (``referee.outcome.Outcome``) once the game is over, else None."""

    @abstractmethod
    def invariants(self) -> list[str]:
        """The conservation laws the state breaks ([] when sound), for the simulator."""

    @classmethod
    @abstractmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Any:
        """The setup its ``to_json`` wrote (a ``RefereeError`` when it is unusable)."""

    @classmethod
    @abstractmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Any:
        """An entry from JSON (an ``InputError`` when it is not one of the game's)."""

    @classmethod
    def replay(cls, setup: Any, entries: Iterable[Any]) -> Self:
        """The game ``entries`` leave, applied (and checked) one by one from the start."""
        game = cls(setup)
        for entry in entries:
            game.apply(entry)
        return game

    def to_json(self) -> dict[str, Any]:
        """The setup and the entries, as ``from_json`` reads them back."""
        return {"setup": self.setup.to_json(), "entries": [e.to_json() for e in self.history]}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Self:
        """The game ``to_json`` wrote, replayed."""
        return cls.replay(cls.setup_from_json(raw["setup"]),
                          [cls.entry_from_json(e) for e in raw["entries"]])
