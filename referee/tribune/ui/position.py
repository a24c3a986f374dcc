"""A Tribune game as ``status`` shows it, kept in a checkpoint and read back without a replay.

The engine itself cannot be saved (its rules run as a suspended generator), so the
checkpoint keeps what the table reads of it: the setup, the state, the pending question
and its legal answers; and the game's latest round mark, from which a command that goes on
with the game resumes it (``Game.resume``) instead of replaying every entry. A
:class:`Position` offers the same reading members as the engine's ``Game`` (``setup``,
``state``, ``pending()``, ``legal_actions()``, ``result``), so the board and ``status
--json`` render it unchanged. Only running games are kept: a finished
game's result is rebuilt by replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.table import render
from referee.tribune.actions import Action, from_json
from referee.tribune.cards import Card, parse_cards
from referee.tribune.decisions import Decision
from referee.tribune.setup import Setup
from referee.tribune.state import GameState
from referee.tribune.ui.render import card_name
from referee.values import Value

if TYPE_CHECKING:  # the engine is imported by what makes a game, not by what shows one
    from referee.tribune.engine import Game


class Position(Value, frozen=False):
    setup: Setup
    state: GameState
    decision: Decision | None
    options: list[Action] | None
    result: None = None  # only running games are kept

    def pending(self) -> Decision | None:
        return self.decision

    def legal_actions(self, hand: Sequence[Card] | None = None) -> list[Action] | None:
        return self.options


def snapshot(game: Game) -> dict[str, Any] | None:
    """What a checkpoint keeps of ``game``; None for a finished game."""
    if game.result is not None:
        return None
    decision, options = game.pending(), game.legal_actions()
    return {"setup": game.setup.to_json(), "state": game.state.to_json(),
            "pending": None if decision is None else decision.to_json(),
            "options": None if options is None else [a.to_json() for a in options],
            "mark": game.mark}


def position(raw: Mapping[str, Any]) -> Position:
    """The position ``snapshot`` kept (raises KeyError, TypeError or ValueError when the
    checkpoint is not one)."""
    options = raw["options"]
    return Position(Setup.kept(raw["setup"]), GameState.from_json(raw["state"]),
                    None if raw["pending"] is None else _decision(raw["pending"]),
                    None if options is None else [from_json(a, names=False) for a in options])


def _decision(raw: Mapping[str, Any]) -> Decision:
    asked = render.ruling_from_json({"rule": raw["rule"], "message": raw["prompt"],
                                     "params": raw["params"]}, card_name)
    choose_from = raw["choose_from"]
    return Decision(raw["actor"], raw["kind"], asked.rule, asked.message, asked.params,
                    tuple(raw["accepts"]),
                    choose_from=None if choose_from is None else parse_cards(choose_from))
