"""An entry inside a guided Trajan game, early and late: the 4-player scenario's session is
built up to a point, then the next entry is checked, applied and written as the guided
loop does it (``referee.table.session.apply``), from the same saved state each time."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from referee.store import SessionStore
from referee.table import session as sessions
from referee.trajan.ui.table import TRAJAN

SCENARIO = Path(__file__).resolve().parents[1] / "sessions" / "examples" / "scenarios" / \
    "trajan-4-players.json"


def _session_at(root: Path, entries: list, upto: int) -> str:
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    store = SessionStore(root)
    session, game = sessions.create(TRAJAN, store, TRAJAN.setup_from_json(doc["setup"]), {}, {})
    with session:
        sessions.apply_all(TRAJAN, session, game, entries[:upto])
    return session.id


def entry_latency(repeats: int) -> dict[str, float]:
    """Median seconds for one entry at entry 40 and 10 entries before the end (the last
    one also scores the game, which is not what a turn costs)."""
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    entries = [TRAJAN.entry_from_json(raw) for raw in doc["entries"]]
    found: dict[str, float] = {}
    for label, upto in (("early", 40), ("late", len(entries) - 10)):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            sid = _session_at(root, entries, upto)
            keep = (root / f"{sid}.json").read_bytes()
            times = []
            for _ in range(repeats):
                (root / f"{sid}.json").write_bytes(keep)
                with SessionStore(root).open(sid, write=True) as session:
                    game = sessions.load(TRAJAN, session)
                    start = time.perf_counter()
                    sessions.apply(TRAJAN, session, game, entries[upto])
                    times.append(time.perf_counter() - start)
            found[label] = statistics.median(times)
    found["entries"] = len(entries)
    return found


if __name__ == "__main__":
    print(entry_latency(7))
