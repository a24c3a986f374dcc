"""The result of a finished game: one shape for every title, guided or scored by hand.

A session's ``outcome`` event holds :meth:`Outcome.to_json`; exports, ``history`` and
``stats`` read only this shape (documented in ``docs/results.md``). Each game builds it
from its own scoring, so a guided game and the score calculator give the same document
for the same end state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rulings import Ruling
from referee.values import Value, field

SCHEMA = 1


class Standing(Value):
    """One player's final line. ``rank`` is 1 for the winner(s); equal ranks are ties the
    rules left standing. ``breakdown`` maps a category id (a god, a scoring line) to its
    points and sums to ``score``; ``details`` holds what else the game ranks by (the
    tie-break values, Tribune's qualification)."""

    player: str
    seat: int
    score: int
    rank: int
    breakdown: Mapping[str, int] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner(self) -> bool:
        return self.rank == 1

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "seat": self.seat, "score": self.score,
                "rank": self.rank, "winner": self.winner, "breakdown": dict(self.breakdown),
                "details": dict(self.details)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Standing:
        return cls(str(raw["player"]), int(raw["seat"]), int(raw["score"]), int(raw["rank"]),
                   {str(k): int(v) for k, v in dict(raw.get("breakdown") or {}).items()},
                   dict(raw.get("details") or {}))


class Outcome(Value):
    """``standings`` are in final order (rank, then seat). ``edition`` is the rules edition
    or board side that was played; ``variant`` the rules options and readings that changed
    anything; ``tie_break`` the id of the rule that separated equal scores, if one did;
    ``rulings`` say why each category scored what it did."""

    game: str
    edition: str
    standings: tuple[Standing, ...]
    variant: Mapping[str, Any] = field(default_factory=dict)
    tie_break: str | None = None
    rulings: tuple[Ruling, ...] = ()

    @property
    def winners(self) -> list[str]:
        return [s.player for s in self.standings if s.winner]

    @property
    def ranking(self) -> list[str]:
        return [s.player for s in self.standings]

    def score(self, player: str) -> int:
        return next(s.score for s in self.standings if s.player == player)

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "game": self.game, "edition": self.edition,
                "variant": dict(self.variant), "tie_break": self.tie_break,
                "winners": self.winners,
                "standings": [s.to_json() for s in self.standings],
                "rulings": [r.to_json() for r in self.rulings]}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Outcome:
        """The outcome an event recorded. ``rulings`` come back as they were stored
        (message ids and parameters); only their rule references are rebuilt."""
        return cls(str(raw["game"]), str(raw["edition"]),
                   tuple(Standing.from_json(s) for s in raw["standings"]),
                   dict(raw.get("variant") or {}), raw.get("tie_break"),
                   tuple(Ruling.from_json(r) for r in raw.get("rulings") or ()))


def ranks(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Competition ranks (1, 1, 3 …) for sort keys where a larger key is better."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    found = [0] * len(keys)
    for place, i in enumerate(order, 1):
        same = place > 1 and keys[order[place - 2]] == keys[i]
        found[i] = found[order[place - 2]] if same else place
    return found
