"""A guided game played through a real pseudo-terminal, as a table would play it.

The program runs on a pty (``os.openpty``) 80 columns wide; pyte draws the screen its
output makes, as a terminal would, so a test reads what a player sees. Nothing sleeps:
``wait`` reads the program's output as it comes (``select``) until the text it waits for
appears once more than it did when the keys were sent, and fails after ``timeout``
seconds without it.

``play`` answers a game's questions from its script the way a careless typist would: the
answer, then an extra Enter, then keys meant for nothing, all in one write, so they reach
the program before its next question is drawn (the referee must drop them). Each game
supplies its script of (question, keys) and the JSON twin of the same game; the tests
compare what the guided game recorded with what ``enter`` records from the JSON.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyte

COLUMNS, ROWS = 80, 40
#: what a careless typist adds after each answer: a habitual Enter, then an answer meant
#: for nothing ("1" and Enter would pick the first item of the next list if it got there)
STRAY = "\r1\r"
#: how a question line starts (referee.terminal.asking)
QUESTION = "? "
#: what no screen may show
TRACEBACK = "Traceback (most recent call last)"


class Screen(pyte.HistoryScreen):
    """An 80-column screen that keeps every line scrolled off the top."""

    def __init__(self, columns: int, rows: int) -> None:
        super().__init__(columns, rows, history=100_000, ratio=0.5)

    def all_lines(self) -> list[str]:
        """Every line shown so far, the scrolled-off ones first."""
        def text(row: Any) -> str:
            return "".join(row[x].data for x in range(self.columns)).rstrip()

        return [text(row) for row in self.history.top] + [line.rstrip() for line in
                                                          self.display]


class Terminal:
    """``argv`` running on a pseudo-terminal ``columns`` × ``rows``."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], columns: int = COLUMNS,
                 rows: int = ROWS) -> None:
        import fcntl
        import struct
        import termios

        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave,
                                        env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.fd = master
        self.screen = Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.sent_at = ""
        self.raw = bytearray()

    def text(self) -> str:
        return "\n".join(self.screen.all_lines())

    def pump(self, timeout: float) -> bool:
        """Read what the program wrote within ``timeout`` seconds; False at its end."""
        ready, _w, _x = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the program ended and closed the terminal
            return False
        if not data:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def send(self, keys: str) -> None:
        """``keys`` in one write: they all arrive before the program draws anything more."""
        self.sent_at = self.text()
        os.write(self.fd, keys.encode())

    def wait(self, text: str | None = None, timeout: float = 60) -> str:
        """The screen once ``text`` appears on it once more than when keys were last sent;
        without ``text``, once the next question is drawn (a line starting with the
        question mark of the question line, in any language)."""
        def count(shown: str) -> int:
            if text is None:
                return sum(line.startswith(QUESTION) for line in shown.split("\n"))
            return shown.count(text)

        seen = count(self.sent_at)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.text()
            if count(shown) > seen:
                return shown
            if TRACEBACK in shown:
                raise AssertionError(f"a traceback while waiting for {text!r}:\n{shown}")
            if not self.pump(min(1.0, max(end - time.monotonic(), 0.01))):
                break
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.text()}")

    def finish(self, timeout: float = 60) -> int:
        """Read to the end of the program; its exit code."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.pump(1.0):
            if self.process.poll() is not None:
                while self.pump(0.05) and select.select([self.fd], [], [], 0)[0]:
                    pass
                break
        code = self.process.wait(timeout=max(end - time.monotonic(), 1))
        os.close(self.fd)
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def environment(sessions: Path, lang: str) -> dict[str, str]:
    """The program's environment: its own sessions folder, the language, a plain xterm,
    no cursor-position requests (which would wait for a reply)."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH")}
    return {**keep, "REFEREE_SESSIONS_DIR": str(sessions), "REFEREE_LANG": lang,
            "TERM": "xterm", "COLUMNS": str(COLUMNS), "LINES": str(ROWS),
            "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8"}


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def cut_lines(lines: Sequence[str], columns: int = COLUMNS) -> list[str]:
    """Lines that reach the last column: the terminal cut or broke them there (every line
    the referee prints is folded at spaces to leave that column free)."""
    return [line for line in lines if len(line) >= columns]


class Played:
    """What ``play`` saw: the screen's lines and the program's exit code."""

    def __init__(self, lines: list[str], code: int) -> None:
        self.lines, self.code = lines, code

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def play(argv: Sequence[str], env: dict[str, str],
         script: Sequence[tuple[str | None, str]],
         stray: str = STRAY, end: str = "") -> Played:
    """Run ``argv`` and answer ``script``: for each (question, keys), wait for the question
    (None: the next question, whatever its words) to be drawn, then send the keys, an
    Enter and ``stray`` in one write. ``end``: text to wait for after the last answer. The
    screen never shows a traceback."""
    terminal = Terminal(argv, env)
    try:
        for question, keys in script:
            terminal.wait(question)
            terminal.send(keys + "\r" + stray)
        if end:
            terminal.wait(end)
        code = terminal.finish()
    finally:
        terminal.kill()
    played = Played(terminal.screen.all_lines(), code)
    assert TRACEBACK not in played.text, played.text
    return played


def recorded(sessions: Path) -> list[dict[str, Any]]:
    """The entries of the one session in ``sessions``, as the journal holds them (without
    the question each answered), in order."""
    from referee.store import SessionStore

    store = SessionStore(sessions)
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        return [{k: v for k, v in e.payload.items() if k != "kind"}
                for e in session.entries()]


def entered(sessions: Path, game: str, new: Sequence[str], entries: Sequence[dict[str, Any]],
            ) -> list[dict[str, Any]]:
    """The same game entered as JSON (``new --no-play`` then ``enter``) in ``sessions``:
    what the journal holds."""
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions), "REFEREE_LANG": "en"}
    for args in ([game, "new", *new, "--no-play", "--json"],
                 [game, "enter", "--file", "-", "--json"]):
        stdin = json.dumps(list(entries)) if "enter" in args else None
        done = subprocess.run(referee(*args), input=stdin, capture_output=True, text=True,
                              env=env, check=False)
        assert done.returncode == 0, done.stderr
    return recorded(sessions)
