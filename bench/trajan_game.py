"""Entries inside a guided Trajan game, early and late: the 4-player scenario's session is
built up to a point, then the next entries are answered through the guided loop
(``referee.table.guide.Guide`` with Trajan's view, output rendered but not shown), from
the same saved state each time. An entry's latency runs from its answer to the next
question: the entry checked, applied, saved, its rulings announced and the next question's
legal answers described.

A window of entries is timed rather than one, so the early and late figures do not hang
on which kind of entry happens to come first; each figure is the median over the window
and the repetitions. The time spent waiting for the disk to confirm the write (``fsync``)
is also taken out, for the referee's own share: on a shared machine that wait varies
tenfold from one minute to the next, and it does not depend on the game's length."""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import folders
from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.table.questions import Command
from referee.terminal.prompter import Choice
from referee.trajan import actions as a
from referee.trajan.ui.table import TRAJAN

SCENARIO = Path(__file__).resolve().parents[1] / "sessions" / "examples" / "scenarios" / \
    "trajan-4-players.json"
EARLY = 40  # the first entry of the early window
WINDOW = 10  # entries timed at each point; the late window ends 10 entries before the end


class DiskClock:
    """Adds up the time spent in ``os.fsync`` while it is installed."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._fsync = os.fsync

    def _timed(self, fd: Any) -> None:
        start = time.perf_counter()
        try:
            self._fsync(fd)
        finally:
            self.spent += time.perf_counter() - start

    def __enter__(self) -> DiskClock:
        os.fsync = self._timed
        return self

    def __exit__(self, *exc: object) -> None:
        os.fsync = self._fsync


class TimedPrompter:
    """Answers with the scripted entries, then quits; notes when each question is asked.

    A sowing is asked in two prompts (the tray, then the colour order, unless its markers
    drop in one order only), a Seaport in two (the way, then the cards, unless drawing or
    taking a pile's top): the entry is given with the last one. An install whose guided
    game asks through the conversation kit is answered at its question line (``line``),
    an older one through ``select`` and ``text``."""

    def __init__(self, script: Sequence[a.Entry], disk: DiskClock) -> None:
        self.script = list(script)
        self.disk = disk
        self.answered_at: tuple[float, float] | None = None  # (clock, disk time so far)
        self.latencies: list[tuple[float, float]] = []  # (whole, waiting for the disk)

    def _next(self) -> a.Entry | None:
        if self.answered_at is not None:
            start, disk = self.answered_at
            self.latencies.append((time.perf_counter() - start, self.disk.spent - disk))
            self.answered_at = None
        return self.script[0] if self.script else None

    def _done(self, answer: Any) -> Any:
        self.script.pop(0)
        self.answered_at = (time.perf_counter(), self.disk.spent)
        return answer

    def select(self, message: str, choices: Sequence[Choice], default: Any = None) -> Any:
        entry = self._next()
        if entry is None:
            return Command.QUIT
        if isinstance(entry, a.Sow):
            return entry.tray  # the colour order follows as text
        return self._done(next(c.value for c in choices if c.value == entry))

    def text(self, message: str, *, default: str = "", validate: Any = None,
             completions: Any = ()) -> str:
        entry = self._next()
        if entry is None:
            return "quit"
        assert isinstance(entry, a.Sow), entry
        return self._done("".join(colour[0] for colour in entry.order))

    def line(self, line: Any, resolve: Any, *, error: str = "") -> Any:
        """The item (by the arrows and Enter) that gives the scripted entry or leads to it;
        the colour order typed as letters; yes to a pass's confirmation."""
        if not line.items and line.message.endswith("(yes/no)"):
            return resolve("yes", None)  # the pass just chosen, confirmed
        entry = self._next()
        if entry is None:
            return Command.QUIT
        if not line.items:
            assert isinstance(entry, a.Sow), entry
            return self._done(resolve("".join(c[0] for c in entry.order), None))
        for index, item in enumerate(line.items):
            if item.disabled:
                continue
            value = resolve("", index)
            if value == entry:
                return self._done(value)
            if (isinstance(entry, a.Sow) and value == entry.tray) or (
                    isinstance(entry, a.Seaport) and value == f"·{entry.mode}"):
                return value
        raise AssertionError(f"no answer gives {entry} at {line.message}")

    def secret(self, message: str, *, validate: Any = None) -> str:
        return self.text(message)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        return True

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        raise AssertionError("the guided game asks no checkbox")


def _session_at(root: Path, entries: list, upto: int) -> str:
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    store = SessionStore(root)
    session, game = sessions.create(TRAJAN, store, TRAJAN.setup_from_json(doc["setup"]), {}, {})
    with session:
        sessions.apply_all(TRAJAN, session, game, entries[:upto])
    return session.id


def _window(root: Path, sid: str, script: Sequence[a.Entry]) -> list[tuple[float, float]]:
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), DiskClock() as disk:
        prompter = TimedPrompter(script, disk)
        with SessionStore(root).open(sid, write=True) as session:
            Guide(TRAJAN, session, sessions.load(TRAJAN, session), prompter).run()
    assert len(prompter.latencies) == len(script), "the scenario left the script"
    return prompter.latencies


def entry_latency(repeats: int) -> dict[str, float]:
    """Median seconds for an entry of the early window (from entry 40) and of the late one
    (ending 10 entries before the end: the last entry also scores the game, which is not
    what a turn costs), whole and without the wait for the disk (``*_referee``)."""
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    entries = [TRAJAN.entry_from_json(raw) for raw in doc["entries"]]
    found: dict[str, float] = {}
    for label, upto in (("early", EARLY), ("late", len(entries) - 10 - WINDOW)):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder) / "sessions"
            sid = _session_at(root, entries, upto)
            folders.keep(root)
            times: list[tuple[float, float]] = []
            for _ in range(repeats):
                folders.restore(root)  # the journal and its backup, as they were
                times += _window(root, sid, entries[upto:upto + WINDOW])
            found[label] = statistics.median(whole for whole, _ in times)
            found[f"{label}_referee"] = statistics.median(whole - disk for whole, disk in times)
    found["entries"] = len(entries)
    return found


if __name__ == "__main__":
    print(entry_latency(7))
