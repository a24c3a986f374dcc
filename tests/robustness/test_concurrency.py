"""Two processes at one session: one writer at a time, and readers never see half a write."""

from __future__ import annotations

import json

from tests.robustness import writers
from tests.robustness.helpers import entries_if_intact, new_session, recorded, script


def hold(sessions_dir, sid, count):
    """A guided game in another process that has recorded ``count`` entries and keeps the
    session open (and locked) until told to stop."""
    proc = writers.start(sessions_dir, sid, count, "guided", hold=True)
    lines = writers.read_until(proc, lambda line: line == "holding" or line.startswith("exit"))
    assert lines[-1] == "holding", proc.stderr.read()
    return proc


def release(proc) -> None:
    out, err = proc.communicate("\n", timeout=60)
    assert out.strip().splitlines()[-1] == "exit 0", err


def test_a_second_writer_is_told_the_session_is_open_elsewhere(cli, sessions_dir):
    sid = new_session(sessions_dir, 4)
    holder = hold(sessions_dir, sid, 6)
    try:
        before = recorded(sessions_dir, sid)
        nxt = json.dumps(script()[10].to_json())
        result = cli("tribune", "enter", sid, "--entry", nxt)
        assert result.code == 2
        [line] = result.err.strip().splitlines()
        assert "open elsewhere" in line and sid in line
        other = writers.start(sessions_dir, sid, 3, "enter")  # a whole second process
        out, err = other.communicate(timeout=60)
        assert out.strip().splitlines() == ["exit 2"] and "open elsewhere" in err
        assert recorded(sessions_dir, sid) == before
    finally:
        release(holder)
    assert entries_if_intact(sessions_dir, sid) == 10  # the holder's entries, nothing lost
    assert cli("tribune", "enter", sid, "--entry", nxt).code == 0  # free again


def test_readers_always_see_whole_entries_while_another_process_writes(cli, sessions_dir):
    sid = new_session(sessions_dir, 2)
    proc = writers.start(sessions_dir, sid, 150, "guided")
    seen, looks, midway = 2, 0, 0
    try:
        while proc.poll() is None:
            held = entries_if_intact(sessions_dir, sid)  # whole batches, a prefix of the game
            assert held >= seen
            seen, looks, midway = held, looks + 1, midway + (2 < held < 152)
            if looks % 5 == 0:  # and through the command line
                status = cli("tribune", "status", sid, "--json")
                assert status.code == 0, status.err
    finally:
        out, err = proc.communicate(timeout=60)
    assert out.strip().splitlines()[-1] == "exit 0", err
    assert midway >= 3 and entries_if_intact(sessions_dir, sid) == 152
