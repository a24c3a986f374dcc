"""Collect every figure of the benchmark in one run and render it as text or Markdown."""

from __future__ import annotations

import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import engine, entries, late_game, startup
from bench.timing import interleaved, peak_kb, ratio

SHORT, LONG = 50, 1500  # events in the short and the late-game session
TARGETS = {"referee --help": 8, "referee tribune status": 12,
           "referee concordia score --json": 12}
GROWTH_TARGET = 2


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info
                       if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"{platform.python_implementation()} {platform.python_version()}")


def child_env() -> dict[str, str]:
    # Render as for a terminal 100 columns wide: the cost a person at the table pays.
    return {**os.environ, "FORCE_COLOR": "1", "COLUMNS": "100", "TERM": "xterm-256color"}


def collect(quick: bool) -> dict[str, Any]:
    repeats, in_process, games = (5, 7, 10) if quick else (15, 21, 40)
    env = child_env()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        points = {size: late_game.build(folder / f"s{size}", size) for size in (SHORT, LONG)}
        long = points[LONG]
        cmds = startup.commands(long.root, long.session_id, late_game.concordia_input(folder))
        found = interleaved(cmds, repeats, env=env)
        memory = interleaved(cmds, 3, env=env, measure=peak_kb)
        base = found[startup.BASELINE]
        fresh = entries.fresh({SHORT: points[SHORT], LONG: long}, cmds[startup.BASELINE],
                              repeats, env)
        os.environ.update(FORCE_COLOR="1", COLUMNS="100")  # the same terminal, in-process
        guided = entries.guided(points, in_process)
        replays = engine.replay(points, in_process)
    rates = engine.games_per_second(games)
    appends = engine.append_latency([10, 1000, 5000], 20 if quick else 60)
    return {
        "machine": machine(), "date": time.strftime("%Y-%m-%d"), "quick": quick,
        "events": {"short": points[SHORT].events, "long": long.events},
        "baseline": {"seconds": base, "peak_mb": round(memory[startup.BASELINE] / 1024, 1)},
        "startup": [{"command": name, "ratio": ratio(seconds, base),
                     "target": TARGETS.get(name), "peak_mb": round(memory[name] / 1024, 1)}
                    for name, seconds in found.items() if name != startup.BASELINE],
        "entry_fresh_process": _sizes(fresh, fresh["baseline"]),
        "entry_guided": _sizes(guided, base),
        "replay": _sizes(replays, base),
        "games_per_second": {mode: round(rate, 1) for mode, rate in rates.items()},
        "append_ratio_to_10_events": {f"{n} events": ratio(t, appends[10])
                                      for n, t in appends.items()},
    }


def _sizes(times: dict, base: float) -> dict[str, Any]:
    """Milliseconds at each size, the long one as a multiple of a bare start-up, and the
    growth from the short to the long session."""
    return {"short_ms": round(times[SHORT] * 1000, 2), "long_ms": round(times[LONG] * 1000, 2),
            "long_ratio": ratio(times[LONG], base),
            "growth": ratio(times[LONG], times[SHORT])}


def _flag(value: float, target: float | None) -> str:
    if target is None:
        return ""
    return f"(target ≤ {target}×: {'met' if value <= target else 'MISSED'})"


def rows(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(figure, value, note) for every figure, in reading order."""
    ev = report["events"]
    out = [(f"{s['command']} start-up", f"{s['ratio']}× python -c pass",
            f"peak {s['peak_mb']} MB {_flag(s['ratio'], s['target'])}")
           for s in report["startup"]]
    out.append(("python -c pass", f"{report['baseline']['seconds'] * 1000:.0f} ms",
                f"peak {report['baseline']['peak_mb']:.1f} MB"))
    for key, label in (("entry_guided", "entry inside a guided game"),
                       ("entry_fresh_process", "entry as a fresh process"),
                       ("replay", "replay from disk")):
        f = report[key]
        out.append((f"{label}, {ev['long']} events", f"{f['long_ms']} ms",
                    f"{f['long_ratio']}× python -c pass"))
        out.append((f"{label}: growth {ev['short']} → {ev['long']} events",
                    f"{f['growth']}×",
                    _flag(f["growth"], GROWTH_TARGET) if key != "replay" else ""))
    for mode, rate in report["games_per_second"].items():
        out.append((f"simulated 4-player games, {mode} deck", f"{rate} games/s", "engine only"))
    for size, value in report["append_ratio_to_10_events"].items():
        out.append((f"store append at {size}", f"{value}× at 10 events", ""))
    return out


def text(report: dict[str, Any]) -> str:
    head = f"machine: {report['machine']}\ndate: {report['date']}" + (
        "  (quick run)" if report["quick"] else "")
    body = "\n".join(f"  {name:<52} {value:<22} {note}" for name, value, note in rows(report))
    return f"{head}\n\n{body}"


def markdown(report: dict[str, Any]) -> str:
    head = f"Machine: {report['machine']}. Date: {report['date']}" + (
        " (quick run)." if report["quick"] else ".")
    table = ["| figure | value | note |", "|---|---|---|"]
    table += [f"| {name} | {value} | {note} |" for name, value, note in rows(report)]
    return head + "\n\n" + "\n".join(table)
