"""Ctrl-C at any point of a run, start-up included, ends it with exit code 130 and one line.

The installed ``referee`` script is run with a ``sitecustomize`` (on ``PYTHONPATH``) that
sends the process SIGINT just as a chosen module starts to load, so each point of the
start-up is hit every time, not by luck.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("referee")

HOOK = """\
import os, signal, sys

class _InterruptAt:
    def find_spec(self, name, path=None, target=None):
        if name == os.environ.get("REFEREE_TEST_INTERRUPT_AT"):
            sys.meta_path.remove(self)
            signal.raise_signal(signal.SIGINT)
        return None

sys.meta_path.insert(0, _InterruptAt())
"""

pytestmark = [
    pytest.mark.skipif(not SCRIPT.exists(), reason="the referee script is not installed"),
    pytest.mark.skipif(os.name == "nt", reason="POSIX signals"),
]


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("interrupt")
    (folder / "hook").mkdir()
    (folder / "hook" / "sitecustomize.py").write_text(HOOK)
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(folder / "sessions"),
           "REFEREE_DATA_DIR": str(folder / "data")}
    subprocess.run([str(SCRIPT), "tribune", "new", "--player", "Ann", "--player", "Bob",
                    "--edition", "ffg", "--points-variant", "--deck", "virtual", "--seed",
                    "3", "--thermae", "2", "--no-play"], env=env, check=True,
                   capture_output=True, stdin=subprocess.DEVNULL)
    return folder, env


def as_at_a_terminal() -> None:
    """Ctrl-C as a terminal delivers it: a test run started in the background ignores SIGINT,
    and so would the script it starts (which then leaves it ignored, as it should)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(saved_game, module: str, *args: str) -> subprocess.CompletedProcess:
    """The script run with SIGINT as ``module`` starts to load, the session not read before
    (no checkpoint: the run replays it, and loads everything a replay needs)."""
    folder, env = saved_game
    for kept in (folder / "sessions").glob("*.checkpoint"):
        kept.unlink()
    env = {**env, "PYTHONPATH": str(folder / "hook"), "REFEREE_TEST_INTERRUPT_AT": module}
    return subprocess.run([str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL, preexec_fn=as_at_a_terminal)


def assert_cancelled(done: subprocess.CompletedProcess) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, \
        done.stderr
    assert done.returncode == 130 and len(lines) == 1, (done.returncode, done.stderr)


@pytest.mark.parametrize("module", [
    "referee.i18n", "gettext", "typer", "referee.cli.app", "referee.cli.framework",
    "msgspec", "referee.cli.table", "referee.store.chain", "referee.tribune.ui.position",
    "rich.console", "tinydb", "referee.store.session",
])
def test_ctrl_c_while_loading_exits_130_with_one_line(saved_game, module):
    assert_cancelled(interrupted(saved_game, module, "tribune", "status"))


@pytest.mark.parametrize("module", ["referee.i18n", "typer", "referee.cli.app"])
def test_ctrl_c_while_loading_help_exits_130_with_one_line(saved_game, module):
    assert_cancelled(interrupted(saved_game, module, "--help"))


#: what Python itself says of a KeyboardInterrupt while it starts, before the script runs
PYTHON_START_UP = ("Fatal Python error", "Error processing line",
                   "Failed checking if argv[0] is an import path entry")


@pytest.mark.fuzz
def test_ctrl_c_at_random_moments_never_prints_a_traceback_of_the_program(saved_game):
    """Outside CI: SIGINT at random moments of 300 runs of ``tribune status``. Counted apart:
    a signal that lands while Python itself starts, before the script's first line (Python
    ends the process by the signal, or reports it from its ``site`` import, or from a ``.pth``
    file such as an editable install's), and one
    that lands while the script imports ``referee.cli.main`` (Python's traceback of that
    import, before ``run`` has started)."""
    folder, env = saved_game
    rng = random.Random()
    outcomes: dict[str, int] = {}
    for _ in range(300):
        proc = subprocess.Popen([str(SCRIPT), "tribune", "status", "--json"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True,
                                preexec_fn=as_at_a_terminal)
        time.sleep(rng.uniform(0, 0.2))
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        if proc.returncode == -signal.SIGINT:
            kind = "ended by the signal before Python could handle it"
        elif any(words in err for words in PYTHON_START_UP):
            kind = "Python's own start-up (its site import, a .pth file)"
        elif "Traceback" in err:  # Python's own handler: run had not started
            assert "from referee.cli.main import run" in err or \
                "Exception ignored in: <function _get_module_lock" in err, err
            kind = "the script's import of referee.cli.main"
        elif proc.returncode == 0:
            json.loads(out)
            kind = "finished"
        else:
            lines = [line for line in err.splitlines() if line.strip()]
            assert proc.returncode == 130 and len(lines) == 1, (proc.returncode, err)
            kind = "exit 130, one line"
        outcomes[kind] = outcomes.get(kind, 0) + 1
    print(outcomes)


def test_a_ctrl_c_ignored_when_the_run_starts_stays_ignored(saved_game):
    """A job started in the background ignores Ctrl-C; the script leaves it so."""
    folder, env = saved_game
    env = {**env, "PYTHONPATH": str(folder / "hook"), "REFEREE_TEST_INTERRUPT_AT": "typer"}
    done = subprocess.run([str(SCRIPT), "tribune", "status", "--json"], env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"]
