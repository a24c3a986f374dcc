"""End to end at a real terminal: the installed `referee tribune new` under tmux.

Keys go in with send-keys and the screen is read with capture-pane. In CI (CI=true) a
missing tmux or console script is a failure, not a skip: .ci/run installs tmux.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import uuid

import pytest

from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.ui.table import TRIBUNE


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed (CI must install it)")
        pytest.skip(f"{name} is not installed")
    return path


class Terminal:
    """A tmux pane. The program drops keys typed before a question is shown, so ``wait``
    waits for its text to appear once more than it did before the last keys were sent:
    a question asked again is a new occurrence, the old one on the screen does not count."""

    def __init__(self, tmux: str, socket: str, name: str) -> None:
        self.tmux, self.socket, self.name = tmux, socket, name
        self.before = ""

    def run(self, *args: str) -> str:
        return subprocess.run([self.tmux, "-S", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def keys(self, *keys: str) -> None:
        self.before = self.screen()
        self.run("send-keys", "-t", self.name, *keys)

    def type(self, text: str) -> None:
        self.before = self.screen()
        self.run("send-keys", "-t", self.name, "-l", text)
        self.run("send-keys", "-t", self.name, "Enter")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-J", "-S", "-", "-t", self.name)

    def wait(self, text: str, timeout: float = 20) -> str:
        seen = self.before.count(text)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.screen()
            if shown.count(text) > seen:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")


@pytest.fixture
def terminal(tmp_path):
    tmux, referee = _tool("tmux"), _tool("referee")
    socket, name = str(tmp_path / "tmux.sock"), f"referee-{uuid.uuid4().hex[:6]}"
    command = " ".join([
        "env", f"REFEREE_SESSIONS_DIR={shlex.quote(str(tmp_path / 'sessions'))}",
        "REFEREE_LANG=en", "TERM=xterm-256color", shlex.quote(referee), "tribune", "new",
        "--player", "Ann:red", "--player", "Bob:blue", "--edition", "ffg", "--points-variant",
        "--deck", "table",
        ";", "echo", "EXITED-$?", ";", "sleep", "30"])
    subprocess.run([tmux, "-S", socket, "new-session", "-d", "-s", name, "-x", "110", "-y",
                    "45", command], check=True)
    term = Terminal(tmux, socket, name)
    yield term
    subprocess.run([tmux, "-S", socket, "kill-server"], check=False, capture_output=True)


def test_guided_play_at_a_real_terminal(terminal, tmp_path):
    # the setup questions the flags left open
    terminal.wait("Start player:")
    terminal.keys("Down", "Enter")  # Bob
    terminal.wait("How many card fields does the Thermae have on your board?")
    terminal.keys("Enter")  # 2
    terminal.wait("Keep the usual readings where the rules are unclear?")
    terminal.keys("Enter")  # yes
    terminal.wait("Sealed bids (Atrium, chariot):")
    terminal.keys("Enter")  # typed hidden
    terminal.wait("Which card is turned up at Thermae 1?")
    terminal.type("gla3")
    terminal.wait("Which card is turned up at Thermae 2?")
    terminal.type("sne4")  # a typo: refused on the spot, with a suggestion
    terminal.wait("did you mean sen4")
    terminal.keys("BSpace", "BSpace", "BSpace", "BSpace")
    terminal.type("sen4")
    screen = terminal.wait("Which card is turned up at Forum Romanum 1?")
    assert "Thermae: Gladiator 3, Senator 4 face up" in screen
    terminal.type("status")
    screen = terminal.wait("Chariot: —")
    assert "start player: Bob" in screen
    assert "│ Ann (red)  │ 13 " in screen and "│ Bob (blue) │ 12 " in screen
    terminal.type("undo")
    terminal.wait("Undo anyway?")
    terminal.keys("y")  # one key answers
    terminal.wait("Took back: table: Senator 4 turned up")
    terminal.wait("Which card is turned up at Thermae 2?")
    terminal.type("sen5")
    terminal.wait("Which card is turned up at Forum Romanum 1?")
    terminal.type("quit")
    screen = terminal.wait("EXITED-0")
    assert "Continue with: referee tribune resume" in screen

    store = SessionStore(tmp_path / "sessions")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        assert [e.payload["card"] for e in session.entries()] == ["gla3", "sen5"]
        assert sessions.ui_options(session) == {"lang": "en", "bids": "hidden"}
        assert sessions.load(TRIBUNE, session).pending().params["region"] == "forum"
