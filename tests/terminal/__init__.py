"""A real terminal for the end-to-end tests: the installed `referee` under tmux.

Keys go in with send-keys and the screen is read with capture-pane. In CI (CI=true) a
missing tmux or console script is a failure, not a skip: .ci/run installs tmux.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def tool(name: str) -> str:
    """A program on the path, the environment's own first (``.ci/run`` runs the tests with
    ``.venv/bin/python`` and activates nothing, so its ``referee`` is not on the path)."""
    import pytest

    path = shutil.which(name, path=os.pathsep.join([str(Path(sys.executable).parent),
                                                    os.environ.get("PATH", "")]))
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


def referee(tmp_path: Path, *args: str) -> list[str]:
    """A shell command running the installed `referee` on the test's own sessions folder."""
    return ["env", f"REFEREE_SESSIONS_DIR={shlex.quote(str(tmp_path / 'sessions'))}",
            "REFEREE_LANG=en", "TERM=xterm-256color", shlex.quote(tool("referee")), *args]


@contextmanager
def started(tmp_path: Path, command: list[str], width: int = 110,
            height: int = 45) -> Iterator[Terminal]:
    """``command`` (shell words) running in a new tmux server, which is killed afterwards;
    the pane stays open a while after the command ends so its last screen can be read."""
    tmux = tool("tmux")
    socket, name = str(tmp_path / "tmux.sock"), f"referee-{uuid.uuid4().hex[:6]}"
    subprocess.run([tmux, "-S", socket, "new-session", "-d", "-s", name, "-x", str(width),
                    "-y", str(height), " ".join([*command, ";", "sleep", "30"])], check=True)
    try:
        yield Terminal(tmux, socket, name)
    finally:
        subprocess.run([tmux, "-S", socket, "kill-server"], check=False, capture_output=True)
