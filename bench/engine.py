"""The engine and the store without the command line: replay from disk, simulated games,
and the cost of appending to a journal."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from bench.late_game import Point
from referee.store import EventDraft, Header, SessionStore
from referee.table import session as sessions
from referee.tribune import simulate as sim
from referee.tribune.ui.table import TRIBUNE


def replay_once(point: Point) -> float:
    """Open the saved session and rebuild the game's current state from its events."""
    start = time.perf_counter()
    with SessionStore(point.root).open(point.session_id) as session:
        sessions.load(TRIBUNE, session)
    return time.perf_counter() - start


def replay(points: Mapping[int, Point], repeats: int) -> dict[int, float]:
    times: dict[int, list[float]] = {name: [] for name in points}
    for _ in range(repeats):
        for name, point in points.items():
            times[name].append(replay_once(point))
    return {name: statistics.median(t) for name, t in times.items()}


def games_per_second(games: int, seed: int = 7) -> dict[str, float]:
    """Complete 4-player games (engine only, no invariant checks) for each deck mode.

    A table-mode game also plays its virtual twin (the physical table), so it costs about
    two engines.
    """
    rates = {}
    for mode in sim.MODES:
        summary = sim.simulate(4, games, seed, modes=(mode,), editions=("ffg",),
                               variants=("card",), check=False)
        if summary["finished"] != games:
            raise RuntimeError(f"{mode}: only {summary['finished']} of {games} games ended")
        rates[mode] = games / summary["seconds"]
    return rates


def append_latency(sizes: list[int], samples: int) -> dict[int, float]:
    """Median time to append one entry to a bare session of each size."""
    payload = {"card": "sen4", "space": "forum.3", "player": "Ann"}
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = SessionStore(Path(tmp))
        with store.create(Header.new(game="tribune", edition="ffg", players=["Ann", "Bob"])) \
                as session:
            for size in sizes:
                while len(session.events) < size:
                    session.append([EventDraft("place", payload)])
                took = []
                for _ in range(samples):
                    start = time.perf_counter()
                    session.append([EventDraft("place", payload)])
                    took.append(time.perf_counter() - start)
                results[size] = statistics.median(took)
    return results
