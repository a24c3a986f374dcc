"""A writer killed with SIGKILL at random moments while real Tribune entries go through
the command line (guided play, or one ``enter`` per entry): the session always opens and
holds every acknowledged entry, exactly as an uninterrupted recording would hold it."""

from __future__ import annotations

import random
import time

import pytest

from tests.robustness import writers
from tests.robustness.helpers import entries_if_intact, new_session, script


def survive(cli, root, sid, acknowledged: int) -> int:
    """The checks after every kill; returns the entries now in the session."""
    status = cli("tribune", "status", sid, "--json")  # opens through the command line
    assert status.code == 0, status.err
    held = entries_if_intact(root, sid)
    # Every acknowledged entry is there; at most the one being saved at the kill is extra.
    assert acknowledged <= held <= acknowledged + 1
    return held


def kill_at_random(cli, root, sid, rng, target: int, most: int) -> None:
    """Start writers and kill each at a random moment, ``most`` entries in at most, until
    ``target`` entries are saved. Whatever moment a kill lands on, the checks must hold:
    nothing here depends on where it lands."""
    held = entries_if_intact(root, sid)
    while held < target:
        mode = rng.choice(["guided", "guided", "enter"])
        proc = writers.start(root, sid, len(script()) - held, mode)  # killed before the end
        goal = held + rng.randint(1, most)
        lines = writers.read_until(proc, lambda line, goal=goal: line.startswith("exit") or (
            line.startswith("ack ") and int(line.split()[1]) >= goal))
        if not lines or not lines[-1].startswith("exit"):
            time.sleep(rng.random() / 50)  # let it get into the next write
            lines = writers.kill(proc, lines)
        else:
            proc.wait()
            assert lines[-1] == "exit 0", proc.stderr.read()
        held = survive(cli, root, sid, max(held, writers.acknowledged(lines)))


@pytest.mark.parametrize("seed", range(2))
def test_killed_writers_never_lose_an_acknowledged_entry(cli, sessions_dir, seed):
    sid = new_session(sessions_dir, 3)
    kill_at_random(cli, sessions_dir, sid, random.Random(seed), 40, 12)
    assert cli("tribune", "log", sid, "--json").code == 0


@pytest.mark.fuzz
def test_500_entries_under_repeated_sigkill(cli, sessions_dir):
    sid = new_session(sessions_dir)
    kill_at_random(cli, sessions_dir, sid, random.Random(500), 500, 60)
    repaired = cli("sessions", "repair", sid, "--json")  # the file itself is intact too
    assert repaired.code == 0 and repaired.json()["action"] in ("none",
                                                                "dropped_unfinished_write")
    assert entries_if_intact(sessions_dir, sid) >= 500
