"""What a game supplies to the table layer. Structural: a game's core never imports this.

The core side (pure, no I/O) follows python-chess: small frozen entries, a game that
validates before it mutates, and replay from the setup plus the list of entries.

    game = Game(setup)                      # setup: the session header's options
    while (q := game.pending()) is not None:
        q.actor, q.kind, q.rule, q.prompt, q.params, q.accepts
        game.legal_entries()                # every legal answer, or None when open-ended
        game.check(entry)                   # raises what apply would raise; changes nothing
        rulings = game.apply(entry)         # validates, then mutates; rulings of every effect
    game.outcome()                          # referee.outcome.Outcome once the game is over

The terminal side is :class:`referee.table.game.TableGame`, the one object a game hands
to the table layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from referee.outcome import Outcome
from referee.rulings import RuleRef, Ruling


class Entry(Protocol):
    """One thing the table entered: a frozen value object. ``type`` is from the game's
    closed vocabulary; ``to_json`` is what the journal stores (``type`` included).
    ``player`` is the player who made it, or ``table`` for a chance entry."""

    type: str
    player: str

    def to_json(self) -> dict[str, Any]: ...


class Question(Protocol):
    """What the game needs now: who answers (a player, or ``table`` for a chance entry),
    the kind of decision, the rule that asks it, and a prompt msgid with its params."""

    actor: str
    kind: str
    rule: RuleRef
    prompt: str
    params: Mapping[str, Any]
    accepts: tuple[str, ...]

    def to_json(self) -> dict[str, Any]: ...


class Setup(Protocol):
    """The options a game starts from; ``to_json`` is stored as the session header's
    options and read back by :meth:`TableGame.setup_from_json`."""

    players: Sequence[str]
    start_player: str
    edition: str  # the rules edition or board side

    def to_json(self) -> dict[str, Any]: ...


class Game(Protocol):
    setup: Any
    history: list[Any]  # the entries applied, in order
    log: list[list[Ruling]]  # rulings per entry; log[0] is the setup's

    def pending(self) -> Question | None: ...
    def legal_entries(self) -> list[Any] | None: ...
    def check(self, entry: Any) -> None: ...
    def apply(self, entry: Any) -> list[Ruling]: ...
    def undo(self) -> Any: ...  # takes back the last entry and returns it
    def fingerprint(self) -> str: ...
    def outcome(self) -> Outcome | None: ...
    def invariants(self) -> list[str]: ...
