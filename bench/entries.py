"""Entry latency inside a running guided Tribune game (the fresh process is timed from
outside, by bench/startup.py).

Both record the same entry (a follower placement) at a short and at a long session, from
the same saved state each time, so the difference is what the session's length costs.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bench.late_game import Point
from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.table.questions import Command
from referee.terminal.prompter import Choice
from referee.tribune.actions import Entry
from referee.tribune.ui.questions import typed_answer
from referee.tribune.ui.table import TRIBUNE

QUIT = "quit"


class TimedPrompter:
    """Answers with the scripted entries, then quits; notes when each question is asked.

    The latency of entry i is the time from its answer to the next question: the referee
    records it, announces the rulings and prepares what to ask next.
    """

    def __init__(self, script: list[Entry]) -> None:
        self.script = list(script)
        self.answered_at: float | None = None
        self.latencies: list[float] = []

    def _next(self) -> Entry | None:
        if self.answered_at is not None:
            self.latencies.append(time.perf_counter() - self.answered_at)
        return self.script.pop(0) if self.script else None

    def _done(self, answer: Any) -> Any:
        self.answered_at = time.perf_counter()
        return answer

    def select(self, message: str, choices: Sequence[Choice], default: Any = None) -> Any:
        action = self._next()
        if action is None:
            return Command.QUIT
        return self._done(next(c.value for c in choices if c.value == action))

    def text(self, message: str, *, default: str = "", validate: Any = None,
             completions: Any = ()) -> str:
        action = self._next()
        return QUIT if action is None else self._done(typed_answer(action))

    def line(self, line: Any, resolve: Any, *, error: str = "") -> Any:
        """A question of the conversation kit: the item that gives the scripted entry (an
        install whose guided game asks through the kit; older ones call ``select``)."""
        action = self._next()
        if action is None:
            return Command.QUIT
        for index, item in enumerate(line.items):
            if not item.disabled and resolve("", index) == action:
                return self._done(action)
        raise AssertionError(f"no item gives {action} at {line.message}")

    def secret(self, message: str, *, validate: Any = None) -> str:
        return self.text(message)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        return True

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        raise AssertionError("the guided game asks no checkbox")


def guided_once(point: Point) -> float:
    """One placement recorded inside a running guided game (output rendered, not shown)."""
    point.restore()
    prompter = TimedPrompter([point.next_entry])
    store = SessionStore(point.root)
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        with store.open(point.session_id, write=True) as session:
            Guide(TRIBUNE, session, sessions.load(TRIBUNE, session), prompter).run()
    [latency] = prompter.latencies
    return latency


def guided(points: Mapping[int, Point], repeats: int) -> dict[int, float]:
    """Median in-process latency at each point, measured in turn."""
    times: dict[int, list[float]] = {name: [] for name in points}
    for _ in range(repeats):
        for name, point in points.items():
            times[name].append(guided_once(point))
    return {name: statistics.median(t) for name, t in times.items()}
