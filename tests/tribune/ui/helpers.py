"""Test doubles for the guided flow: prompters scripted with engine actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.errors import Cancelled
from referee.terminal.asking import Line, Refusal
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
    """Answers each question with the next scripted item, as a person types it: an entry
    by its name or codes (``typed_answer``: a pass is confirmed), text as it is, or
    ``Cancelled`` (Ctrl-C). Every answer must be accepted at the question it meets."""

    def __init__(self, script: Sequence[Any]) -> None:
        self.script = list(script)
        self.asked: list[str] = []
        self.typing: list[str] = []  # the lines of the item being answered

    def line(self, line: Line, resolve: Any, *, error: str = "") -> Any:
        assert not error, f"refused at {line.message!r}: {error}"
        if not self.typing:
            self.asked.append(line.message)
            item = self.script.pop(0)
            if item is Cancelled:
                raise Cancelled()
            self.typing = [item] if isinstance(item, str) else typed_answer(item)
        typed = self.typing.pop(0)
        if self.confirming(typed, resolve):  # a pass that gave nothing up was not confirmed
            return self.line(line, resolve, error=error)
        try:
            return resolve(typed, None)
        except Refusal as refusal:
            raise AssertionError(f"{typed!r} refused at {line.message!r}: {refusal.text}") \
                from None


    def confirming(self, typed: str, resolve: Any) -> bool:
        """Whether ``typed`` is the "yes" confirming a pass where no confirmation is asked
        (the pass was the only answer, so it gave up nothing)."""
        if typed != "yes" or self.typing:
            return False
        try:
            return resolve(typed, None) is not True
        except Refusal:
            return True


def conversed(talk: Any, typed: Sequence[Any], final: Any = None) -> tuple[Any, Any]:
    """(what the conversation ``talk`` makes of the ``typed`` answers, the ScriptedPrompter
    that typed them: its ``refusals``, ``asked`` and ``keystrokes``), asked by the kit as
    the guide asks it (``Cancelled`` when the script stops it with Ctrl-C); ``final`` checks
    the finished answer (nothing by default)."""
    from referee.table.kit import Table, converse
    from referee.terminal.prompter import ScriptedPrompter

    prompter = ScriptedPrompter(typed)
    said: list[str] = []
    prompter.said = said  # type: ignore[attr-defined]
    try:
        answer = converse(prompter, talk, Table(
            status=lambda: said.append("status"), help=lambda ask: said.append(ask.help),
            final=final or (lambda entry: None), say=said.append))
    except Cancelled:
        return Cancelled, prompter
    return answer, prompter
