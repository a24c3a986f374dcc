"""A Tribune game as ``status`` shows it, kept in a checkpoint and read back without a replay.

The engine itself cannot be saved (its rules run as a suspended generator), so the
checkpoint keeps what the table reads of it: the setup, the state, the pending question
and its legal answers; and the game's latest round mark, from which a command that goes on
with the game resumes it (``Game.resume``) instead of replaying every entry. A
:class:`Position` offers the same reading members as the engine's ``Game`` (``setup``,
``state``, ``pending()``, ``legal_entries()``, ``final_score()``, ``outcome()``), so the
board and ``status --json`` render it unchanged. Only running games are kept: a finished
game's result is rebuilt by replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.game.question import Form, Question
from referee.table import render
from referee.tribune.actions import Entry, from_json
from referee.tribune.cards import Card, parse_cards
from referee.tribune.setup import Setup
from referee.tribune.state import GameState
from referee.tribune.ui.render import card_name
from referee.values import Mutable

if TYPE_CHECKING:  # the engine is imported by what makes a game, not by what shows one
    from referee.tribune.engine import Game


class Position(Mutable):
    setup: Setup
    state: GameState
    question: Question | None
    options: list[Entry] | None

    def pending(self) -> Question | None:
        return self.question

    def legal_entries(self, hand: Sequence[Card] | None = None) -> list[Entry] | None:
        return self.options

    def final_score(self) -> None:  # only running games are kept
        return None

    def outcome(self) -> None:
        return None


def snapshot(game: Game) -> dict[str, Any] | None:
    """What a checkpoint keeps of ``game``; None for a finished game."""
    if game.final_score() is not None:
        return None
    question, options = game.pending(), game.legal_entries()
    return {"setup": game.setup.to_json(), "state": game.state.to_json(),
            "pending": None if question is None else question.to_json(),
            "options": None if options is None else [a.to_json() for a in options],
            "mark": game.mark}


def position(raw: Mapping[str, Any]) -> Position:
    """The position ``snapshot`` kept (raises KeyError, TypeError or ValueError when the
    checkpoint is not one)."""
    options = raw["options"]
    return Position(Setup.kept(raw["setup"]), GameState.from_json(raw["state"]),
                    None if raw["pending"] is None else _question(raw["pending"]),
                    None if options is None else [from_json(a, names=False) for a in options])


def _question(raw: Mapping[str, Any]) -> Question:
    """The pending question as ``Question.to_json`` wrote it: what the board and ``status
    --json`` read of it (its checks and options are the game's, which a position has not)."""
    asked = render.ruling_from_json({"rule": raw["rule"], "message": raw["prompt"],
                                     "params": raw["params"]}, card_name)
    choose_from = raw.get("choose_from")
    return Question(raw["actor"], raw["kind"], asked.rule, asked.message, asked.params,
                    tuple(raw["accepts"]), Form(raw["form"]), raw["hidden"], raw.get("low"),
                    raw.get("high"),
                    None if choose_from is None else tuple(parse_cards(choose_from)))
