"""Long runs, outside CI (``python -m pytest -m fuzz tests/store/test_endurance.py -s``): every
truncation of a journal's last lines, processes killed at random moments of every command that
writes, and many ``enter`` runs at once. Each prints the figures docs/reliability.md keeps."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from referee.store import SessionStore
from referee.store.errors import SessionDamaged
from tests.robustness.helpers import new_session, recorded, script

pytestmark = pytest.mark.fuzz


def referee(root, *args, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(root)}
    return subprocess.Popen([sys.executable, "-m", "referee", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, **kwargs)


def entry(n: int) -> str:
    return json.dumps(script()[n].to_json())


def test_every_truncation_of_the_last_three_lines_is_found_and_repaired(sessions_dir):
    sid = new_session(sessions_dir, 30)
    store = SessionStore(sessions_dir)
    path = store.path(sid)
    whole = path.read_bytes()
    lines = whole.splitlines(keepends=True)
    start = len(whole) - sum(map(len, lines[-3:]))
    for cut in range(start, len(whole)):
        path.write_bytes(whole[:cut])
        with pytest.raises(SessionDamaged):
            store.open(sid).close()
        store.repair(sid)
        assert path.read_bytes() == whole, cut
        for aside in sessions_dir.glob("*.damaged-*"):
            aside.unlink()
    print(f"\n{len(whole) - start} truncation offsets, each found and repaired byte for byte")


def test_kills_during_enter_undo_new_and_repair_lose_no_acknowledged_write(sessions_dir):
    rng = random.Random(24)
    sid = new_session(sessions_dir, 20)
    held = 20  # entries the game holds, as the acknowledged writes say
    kills = acknowledged = others = 0
    for _ in range(600):
        op = rng.choice(["enter", "enter", "enter", "undo", "new", "repair"])
        args = {"enter": ["tribune", "enter", sid, "--entry", entry(held)],
                "undo": ["sessions", "undo", sid],
                "new": ["tribune", "new", "--player", "Ann", "--player", "Bob", "--edition",
                        "ffg", "--points-variant", "--deck", "virtual", "--thermae", "3",
                        "--no-play"],
                "repair": ["sessions", "repair", sid]}[op]
        before = set(SessionStore(sessions_dir).ids())
        proc = referee(sessions_dir, *args)
        time.sleep(rng.uniform(0.02, 0.3) if rng.random() < 0.5 else rng.uniform(0.3, 1.2))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait()
        done = proc.returncode == 0
        acknowledged += done
        now = [a.to_json() for a in recorded(sessions_dir, sid)]  # opens: intact
        expected = {"enter": (held + 1,) if done else (held, held + 1),
                    "undo": (held - 1,) if done else (held, held - 1)}.get(op, (held,))
        assert len(now) in expected, (op, done, len(now), held)
        assert now == [a.to_json() for a in script()[:len(now)]]
        held = len(now)
        if op == "new":
            made = set(SessionStore(sessions_dir).ids()) - before
            for other in made:  # a new game is whole or absent
                recorded(sessions_dir, other)
            assert made or not done
            others += len(made)
    print(f"\n{kills} SIGKILLs, {acknowledged} acknowledged writes, none lost; "
          f"{held} entries held, {others} new games whole")


def test_many_enters_at_once_record_the_accepted_ones_once_and_in_order(sessions_dir):
    """100 ``enter`` runs at once, each with an entry of the game's next 20 and a key of its
    own: what the runs accepted is what the session holds, each once, and the session replays
    (each entry was checked against the game as the entries before it left it)."""
    sid = new_session(sessions_dir, 10)

    def run(job: int) -> tuple[int, str]:
        proc = referee(sessions_dir, "tribune", "enter", sid, "--entry", entry(10 + job % 20),
                       "--key", f"job-{job}")
        _out, err = proc.communicate(timeout=300)
        return proc.returncode, err

    with ThreadPoolExecutor(max_workers=25) as pool:
        results = list(pool.map(run, range(100)))
    assert {code for code, _err in results} <= {0, 2}
    accepted = {f"job-{job}" for job, (code, _err) in enumerate(results) if code == 0}
    busy = sum("open elsewhere" in err for code, err in results if code == 2)
    with SessionStore(sessions_dir).open(sid) as session:
        keys = [e.key for e in session.entries()[10:]]
    assert sorted(keys) == sorted(accepted)  # each accepted entry recorded, once
    status = subprocess.run([sys.executable, "-m", "referee", "tribune", "status", sid],
                            env={**os.environ, "REFEREE_SESSIONS_DIR": str(sessions_dir)},
                            capture_output=True, text=True, check=False)
    assert status.returncode == 0, status.stderr  # it replays: every entry was legal in turn
    print(f"\n100 concurrent enters: {len(accepted)} accepted, each recorded once in the "
          f"order the lock let them in; {busy} told the session was open elsewhere, "
          f"{100 - len(accepted) - busy} refused by the rules")
