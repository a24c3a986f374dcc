"""An entry inside a guided game, early and late, for a game of the table layer: the
scenario's session is built up to a point, then the next entry is checked, applied and
written as the guided loop does it (``referee.table.session.apply``), from the same saved
state each time."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.store import SessionStore
from referee.table import session as sessions

SCENARIOS = Path(__file__).resolve().parents[1] / "sessions" / "examples" / "scenarios"


def _session_at(root: Path, table: Any, setup: Any, entries: list, upto: int) -> str:
    session, game = sessions.create(table, SessionStore(root), setup, {}, {})
    with session:
        sessions.apply_all(table, session, game, entries[:upto])
    return session.id


def entry_latency(table: Any, scenario: str, points: Mapping[str, int],
                  repeats: int) -> dict[str, float]:
    """Median seconds for the entry after each point; a negative point counts from the end
    (the very last entry also scores the game, which is not what a turn costs)."""
    doc = json.loads((SCENARIOS / scenario).read_text(encoding="utf-8"))
    entries = [table.entry_from_json(raw) for raw in doc["entries"]]
    setup = table.setup_from_json(doc["setup"])
    found: dict[str, float] = {}
    for label, point in points.items():
        upto = point if point >= 0 else len(entries) + point
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            sid = _session_at(root, table, setup, entries, upto)
            keep = {f.name: f.read_bytes() for f in root.iterdir() if f.is_file()}
            times = []
            for _ in range(repeats):
                for name, data in keep.items():  # the journal and its backup, as kept
                    (root / name).write_bytes(data)
                with SessionStore(root).open(sid, write=True) as session:
                    game = sessions.load(table, session)
                    start = time.perf_counter()
                    sessions.apply(table, session, game, entries[upto])
                    times.append(time.perf_counter() - start)
            found[label] = statistics.median(times)
    found["entries"] = len(entries)
    return found
