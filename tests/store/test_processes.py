"""Real processes: SIGKILL mid-write loses no acknowledged entry; one writer at a time."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from referee.store import SessionStore
from tests.robustness.writers import read_until
from tests.store.helpers import new_session

WRITER = Path(__file__).with_name("writer.py")


def start_writer(root: Path, sid: str, count: int, pad: int = 0) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(WRITER), str(root), sid, str(count), str(pad)],
                            stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parents[2])


def drain(proc: subprocess.Popen) -> list[str]:
    """What a killed writer printed after the line we stopped at: it kept writing (and
    acknowledging) until the signal landed."""
    return [line.strip() for line in proc.stdout]


def acked(lines: list[str]) -> list[int]:
    return [int(x.split()[1]) for x in lines if x.startswith("ack ")]


@pytest.mark.parametrize("seed", range(4))
def test_sigkill_at_random_points_never_loses_an_acknowledged_entry(tmp_path, seed):
    rng = random.Random(seed)
    store = SessionStore(tmp_path)
    with new_session(store) as s:
        sid = s.id
    expected: list[int] = []
    for _round in range(3):
        target = rng.randint(1, 40)
        proc = start_writer(tmp_path, sid, 200, pad=rng.choice([0, 3000, 60000]))
        goal = f"ack {len(expected) + target}"
        lines = read_until(proc, lambda line, goal=goal: line == goal)
        proc.send_signal(signal.SIGKILL)  # killed while it goes on writing
        proc.wait()
        expected += acked(lines + drain(proc))
        with store.open(sid, write=True) as session:  # always opens; drops a torn tail
            got = [e.payload["n"] for e in session.entries()]
            # Every acknowledged entry is there, in order; at most the one in flight extra.
            assert got[:len(expected)] == expected
            assert len(got) - len(expected) <= 1
            expected = got
            assert all(e.cause is not None for e in session.events if e.source == "derived")


def test_second_writer_gets_open_elsewhere_and_nothing_is_lost(tmp_path):
    store = SessionStore(tmp_path)
    with new_session(store) as s:
        sid = s.id
    holder = store.open(sid, write=True)
    try:
        other = start_writer(tmp_path, sid, 5)
        out = other.communicate(timeout=30)[0]
        assert other.returncode == 3 and out.strip() == "locked"
        holder.append([])  # the holder can still write
    finally:
        holder.close()
    proc = start_writer(tmp_path, sid, 5)
    assert proc.communicate(timeout=30)[0].split("\n")[-2] == "done"
    with store.open(sid) as session:
        assert [e.payload["n"] for e in session.entries()] == [0, 1, 2, 3, 4]


def test_reader_sees_a_consistent_session_while_another_process_writes(tmp_path):
    store = SessionStore(tmp_path)
    with new_session(store) as s:
        sid = s.id
    proc = start_writer(tmp_path, sid, 300, pad=2000)
    try:
        seen = 0
        for _ in range(30):
            with store.open(sid) as snapshot:
                numbers = [e.payload["n"] for e in snapshot.entries()]
                assert numbers == list(range(len(numbers)))  # a prefix, never a torn view
                assert len(snapshot.events) % 2 == 0  # entry and its payout arrive together
                assert len(numbers) >= seen
                seen = len(numbers)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == 0


@pytest.mark.fuzz
def test_500_entries_under_repeated_sigkill_all_acknowledged_entries_survive(tmp_path):
    """Kill the writer at random moments until 500 entries are acknowledged."""
    rng = random.Random(500)
    store = SessionStore(tmp_path)
    with new_session(store) as s:
        sid = s.id
    expected: list[int] = []
    while len(expected) < 500:
        proc = start_writer(tmp_path, sid, 500 - len(expected), pad=rng.choice([0, 500, 20000]))
        stop_after = rng.randint(1, 60)
        last = len(expected) + stop_after
        lines = read_until(proc, lambda line, last=last: line == "done" or (
            line.startswith("ack ") and int(line.split()[1]) >= last))
        if lines[-1] != "done":
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        expected += acked(lines + drain(proc))
        with store.open(sid) as session:
            got = [e.payload["n"] for e in session.entries()]
        assert got[:len(expected)] == expected and len(got) - len(expected) <= 1
        expected = got
    with store.open(sid, write=True) as session:
        assert [e.payload["n"] for e in session.entries()] == list(range(len(expected)))
