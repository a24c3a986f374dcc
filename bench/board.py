"""The board page under load: 20 viewers connected to one late Tribune game, the time from an
entry recorded by ``referee tribune enter`` (another process) to every viewer having the new
page, and the server's memory.

The server is the installed ``referee board``; each viewer is a plain client on the page's
event stream (as a phone's browser is). An entry's moment is the journal's modification
time: the file system's clock is coarse (it may be a few milliseconds behind), so a figure
can only be late, never early. Arrivals are read on the same wall clock.
"""

from __future__ import annotations

import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

VIEWERS = 20
EVENTS = 1500  # the late-game session of the other figures
TIMEOUT = 20.0


class Viewer:
    """One phone: an open event stream, and when each new page reached it."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.conn = socket.create_connection((parts.hostname, parts.port), timeout=60)
        self.conn.sendall(f"GET {parts.path}events?lang=en HTTP/1.1\r\nHost: {parts.netloc}"
                          "\r\n\r\n".encode())
        self.arrivals: list[tuple[int, str]] = []  # (wall clock ns, version)
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        data = b""
        try:
            while chunk := self.conn.recv(1 << 16):
                data += chunk
                while b"\n\n" in data:
                    block, data = data.split(b"\n\n", 1)
                    if b"event: board" not in block:
                        continue
                    line = next(x for x in block.split(b"\n") if x.startswith(b"data: "))
                    version = json.loads(line[6:])["version"]
                    with self.changed:
                        self.arrivals.append((time.time_ns(), version))
                        self.changed.notify_all()
        except OSError:
            pass

    def wait(self, count: int) -> tuple[int, str]:
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.arrivals) >= count, TIMEOUT):
                raise RuntimeError("a viewer never received the page")
            return self.arrivals[count - 1]

    def close(self) -> None:
        try:
            self.conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.conn.close()


def memory_mb(pid: int) -> dict[str, float]:
    """The server's resident memory now and at its peak (Linux's /proc)."""
    found = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _sep, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        return {}
    return {"rss_mb": found.get("VmRSS", 0.0), "peak_mb": found.get("VmHWM", 0.0)}


def measure(folder: Path, entries: int) -> dict[str, Any]:
    """Median and 95th percentile, over ``entries`` entries, of the time until the last of
    the viewers has the page of each; the median of all viewers' times; the memory."""
    from bench import late_game
    from referee.store import SessionStore
    from referee.table import session as sessions
    from referee.tribune.ui.table import TRIBUNE

    bins = Path(sys.executable).parent  # the environment under test
    point = late_game.build(folder / "board", EVENTS)
    env = {**os.environ, "REFEREE_DATA_DIR": str(folder / "board-data")}
    base = [str(bins / "referee"), "--sessions-dir", str(point.root)]
    server = subprocess.Popen([*base, "board", point.session_id, "--json", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              stdin=subprocess.DEVNULL, env=env, text=True)
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"]
        viewers = [Viewer(url) for _ in range(VIEWERS)]
        for viewer in viewers:
            viewer.wait(1)
        with SessionStore(point.root).open(point.session_id) as session:
            game = sessions.load(TRIBUNE, session)
        rng = random.Random(7)
        every, each, launched = [], [], []
        for n in range(2, entries + 2):
            if game.pending() is None:
                break
            entry = rng.choice(game.legal_entries() or [])
            game.apply(entry)
            start = time.time_ns()
            subprocess.run([*base, "tribune", "enter", point.session_id, "--entry",
                            json.dumps(entry.to_json())], env=env, check=True,
                           stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
            written = point.path.stat().st_mtime_ns
            arrived = [viewer.wait(n)[0] for viewer in viewers]
            every.append((max(arrived) - written) / 1e6)
            each += [(t - written) / 1e6 for t in arrived]
            launched.append((max(arrived) - start) / 1e6)
        memory = memory_mb(server.pid)
        for viewer in viewers:
            viewer.close()
    finally:
        server.terminate()
        server.wait(10)
    return {"viewers": VIEWERS, "events": point.events, "entries": len(every),
            "median_ms": round(statistics.median(every), 1),
            "p95_ms": round(_percentile(every, 95), 1), "max_ms": round(max(every), 1),
            "viewer_median_ms": round(statistics.median(each), 1),
            "from_launch_median_ms": round(statistics.median(launched), 1), **memory}


def _percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value at least p% of them do not exceed."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]
