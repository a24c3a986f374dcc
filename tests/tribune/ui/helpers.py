"""Test doubles for the guided flow: prompters scripted with engine actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.errors import Cancelled
from referee.tribune.actions import Entry
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import typed_answer


def self_play(setup: Setup, seed: int, limit: int = 5000) -> list[Entry]:
    """A whole game of random legal answers (virtual deck: every option is listable)."""
    game, rng = Game(setup), random.Random(seed)
    while game.pending() is not None and len(game.history) < limit:
        game.apply(rng.choice(game.legal_entries()))
    return list(game.history)


class ActionPrompter:
    """Answers each prompt with the next scripted action (or a command word / Cancelled),
    as a person would: picking it from the list, or typing it; confirms say yes."""

    def __init__(self, script: Sequence[Any]) -> None:
        self.script = list(script)
        self.asked: list[str] = []

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        item = self.script.pop(0)
        if item is Cancelled:
            raise Cancelled()
        return item

    def select(self, message, choices, default=None):
        item = self._next(message)
        allowed = [c.value for c in choices if not c.disabled]
        assert item in allowed, f"{item!r} not offered at {message!r}: {allowed}"
        return item

    def text(self, message, *, default="", validate=None, completions=()):
        item = self._next(message)
        answer = item if isinstance(item, str) else typed_answer(item)
        problem = validate(answer) if validate else None
        assert problem is None, f"{answer!r} refused at {message!r}: {problem}"
        return answer

    def secret(self, message, *, validate=None):
        return self.text(message, validate=validate)

    def confirm(self, message, *, default=False):
        self.asked.append(message)
        return True

    def checkbox(self, message, choices):
        raise AssertionError("no checkbox in the guided flow")
