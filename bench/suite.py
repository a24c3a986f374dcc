"""Collect every figure of the benchmark in one run, judge it against the issue's targets,
and render it as text or Markdown. Standard library only: everything that imports referee
runs in the environment under test (bench/worker.py, or the installed ``referee``)."""

from __future__ import annotations

import os
import platform
import subprocess
import time
from pathlib import Path
from typing import Any

from bench import environment, folders, startup
from bench.startup import BASELINE, LONG, SHORT
from bench.timing import interleaved, peak_kb

#: (figure, limit, "max" or "min"): a figure above a max or below a min misses its target.
START_MAX = 9.0
TARGETS: list[tuple[str, float, str]] = [
    ("referee --help start-up (× python -c pass)", 6.0, "max"),
    ("referee tribune status, long session (× python -c pass)", START_MAX, "max"),
    ("referee tribune enter, long session (× python -c pass)", START_MAX, "max"),
    ("referee concordia score --json (× python -c pass)", START_MAX, "max"),
    ("referee trajan score --json (× python -c pass)", START_MAX, "max"),
    ("tribune status growth, short → long session (×)", 1.2, "max"),
    ("tribune enter growth, short → long session (×)", 1.2, "max"),
    ("Tribune entry inside a guided game, long session (ms)", 2.0, "max"),
    ("Trajan entry inside a guided game, late (ms)", 2.0, "max"),
    ("simulated 4-player Tribune games, virtual deck (games/s)", 100.0, "min"),
    ("largest peak memory of a command (MB)", 60.0, "max"),
    ("board: tribune enter → all 20 viewers, 95th percentile (ms)", 200.0, "max"),
]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info
                       if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        load = f" load {os.getloadavg()[0]:.1f} at the start"
    except OSError:
        load = ""
    return f"{cpu}, {os.cpu_count()} cores,{load}, {platform.system()} {platform.release()}"


def child_env(folder: Path) -> dict[str, str]:
    # Render as for a terminal 100 columns wide: the cost a person at the table pays. A
    # score keeps its result in the user's data folder: this run's own, not the user's (it
    # would fill with every run's scores, and a fuller folder is slower to sweep).
    return {**os.environ, "FORCE_COLOR": "1", "COLUMNS": "100", "TERM": "xterm-256color",
            "REFEREE_DATA_DIR": str(folder / "data")}


def collect(venv: Path, made_here: bool, folder: Path, quick: bool) -> dict[str, Any]:
    repeats = 7 if quick else 21
    bins = environment.bin_dir(venv)
    built = environment.run_worker(bins, "build", str(folder))
    cmds = startup.commands(bins, built)
    env = child_env(folder)
    roots = {name: Path(built["points"][size]["root"])
             for size in (SHORT, LONG) for name in (startup.enter(size), startup.status(size))}
    for size in (SHORT, LONG):  # a first read, so any state derived from the journal exists
        environment_run(cmds[startup.status(size)], env)
        folders.keep(Path(built["points"][size]["root"]))

    def reset(name: str) -> None:
        if name in roots:
            folders.restore(roots[name])

    times = interleaved(cmds, repeats, env=env, before=reset)
    peaks = interleaved(cmds, 3, env=env, before=reset, measure=peak_kb)
    for root in set(roots.values()):
        folders.restore(root)
    inner = environment.run_worker(bins, "measure", str(folder), *(["--quick"] if quick else []))
    base = times[BASELINE]
    report: dict[str, Any] = {
        "machine": machine(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "quick": quick, "environment": environment.describe(built["installed"], made_here),
        "events": {size: built["points"][size]["events"] for size in (SHORT, LONG)},
        "commands": [{"command": name, "ms": round(t * 1000, 1),
                      "ratio": round(t / base, 2), "peak_mb": round(peaks[name] / 1024, 1)}
                     for name, t in times.items()],
        "growth": {"status": round(times[startup.status(LONG)] / times[startup.status(SHORT)], 2),
                   "enter": round(times[startup.enter(LONG)] / times[startup.enter(SHORT)], 2)},
        "guided_ms": {size: round(inner["guided"][size] * 1000, 2) for size in (SHORT, LONG)},
        "replay_ms": {size: round(inner["replay"][size] * 1000, 2) for size in (SHORT, LONG)},
        "games_per_second": {m: round(r, 1) for m, r in inner["games_per_second"].items()},
        "append_ratio_to_10_events": {n: round(t / inner["append"]["10"], 2)
                                      for n, t in inner["append"].items()},
        "trajan_entry_ms": {k: round(v * 1000, 2) for k, v in inner["trajan_entry"].items()
                            if k != "entries"},
        "concordia_entry_ms": {k: round(v * 1000, 2)
                               for k, v in inner.get("concordia_entry", {}).items()
                               if k != "entries"},
        "board": inner.get("board", {}),
    }
    report["targets"] = verdicts(report)
    return report


def environment_run(cmd: list[str], env: dict[str, str]) -> None:
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def figures(report: dict[str, Any]) -> dict[str, float | None]:
    """The value of every figure that has a target, by the target's name."""
    ratio = {c["command"]: c["ratio"] for c in report["commands"]}
    return {
        TARGETS[0][0]: ratio["referee --help"],
        TARGETS[1][0]: ratio[startup.status(LONG)],
        TARGETS[2][0]: ratio[startup.enter(LONG)],
        TARGETS[3][0]: ratio["referee concordia score --json"],
        TARGETS[4][0]: ratio["referee trajan score --json"],
        TARGETS[5][0]: report["growth"]["status"],
        TARGETS[6][0]: report["growth"]["enter"],
        TARGETS[7][0]: report["guided_ms"][LONG],
        TARGETS[8][0]: report.get("trajan_entry_ms", {}).get("late"),
        TARGETS[9][0]: report["games_per_second"]["virtual"],
        TARGETS[10][0]: max(c["peak_mb"] for c in report["commands"]),
        TARGETS[11][0]: report.get("board", {}).get("p95_ms"),
    }


def verdicts(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target with its value and whether it is met (None: not measured, an install
    without that part)."""
    values = figures(report)
    return [{"figure": name, "value": values[name], "limit": limit, "kind": kind,
             "met": None if values[name] is None
             else values[name] <= limit if kind == "max" else values[name] >= limit}
            for name, limit, kind in TARGETS]


def missed(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for t in report["targets"] if t["met"] is not True]


def _rows(report: dict[str, Any]) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """(target rows, other figure rows)."""
    targets = [(t["figure"], f"{t['value']}",
                f"{'≤' if t['kind'] == 'max' else '≥'} {t['limit']:g}",
                {True: "met", False: "MISSED", None: "not measured"}[t["met"]])
               for t in report["targets"]]
    base = next(c for c in report["commands"] if c["command"] == BASELINE)
    other = [(c["command"], f"{c['ms']} ms", f"{c['ratio']}×", f"{c['peak_mb']} MB")
             for c in report["commands"]]
    ev = report["events"]
    for key, label in (("guided_ms", "Tribune entry inside a guided game"),
                       ("replay_ms", "Tribune open + replay from disk, in-process")):
        for size in (SHORT, LONG):
            ms = report[key][size]
            other.append((f"{label}, {ev[size]} events", f"{ms} ms",
                          f"{round(ms / base['ms'], 2)}×", ""))
    for mode, rate in report["games_per_second"].items():
        other.append((f"simulated 4-player Tribune games, {mode} deck", f"{rate} games/s",
                      "", ""))
    for n, value in report["append_ratio_to_10_events"].items():
        other.append((f"store append at {n} events", f"{value}× the append at 10", "", ""))
    trajan = report.get("trajan_entry_ms", {})
    for point, label in (("early", "entries 40–49"),
                         ("late", "the 10 entries before the last 10")):
        for key, what in ((point, ""), (f"{point}_referee", ", without the wait for fsync")):
            if key in trajan:
                other.append((f"Trajan entry inside a guided 4-player game, {label}{what}",
                              f"{trajan[key]} ms", "", ""))
    concordia = report.get("concordia_entry_ms", {})
    for point, label in (("early", "entry 10"), ("late", "10 entries before the end")):
        if point in concordia:
            other.append((f"Concordia entry inside a guided 3-player game, {label}",
                          f"{concordia[point]} ms", "", ""))
    if concordia.get("early"):
        other.append(("Concordia entry growth, early → late game",
                      f"{round(concordia['late'] / concordia['early'], 2)}×", "", ""))
    board = report.get("board", {})
    if board:
        what = (f"{board['viewers']} viewers, {board['entries']} entries, "
                f"{board['events']} events")
        other += [
            (f"board: enter → all viewers, median ({what})", f"{board['median_ms']} ms",
             "", ""),
            ("board: enter → all viewers, 95th percentile / worst",
             f"{board['p95_ms']} / {board['max_ms']} ms", "", ""),
            ("board: enter → one viewer, median", f"{board['viewer_median_ms']} ms", "", ""),
            ("board: enter launched → all viewers, median",
             f"{board['from_launch_median_ms']} ms", "", ""),
            ("board: server memory with the viewers (now / peak)",
             f"{board.get('rss_mb')} / {board.get('peak_mb')} MB", "", "")]
    return targets, other


def _head(report: dict[str, Any]) -> list[str]:
    e, ev = report["environment"], report["events"]
    return [f"machine: {report['machine']}",
            f"date: {report['date']}" + ("  (quick run)" if report["quick"] else ""),
            f"environment: {e['kind']}",
            f"baseline interpreter: {e['python']} (Python {e['python_version']}, "
            f"from {e['base_prefix']}); referee {e['version']} from {e['referee']}",
            f"sessions: Tribune, 4 players, virtual deck, {ev[SHORT]} and {ev[LONG]} events"]


def text(report: dict[str, Any]) -> str:
    targets, other = _rows(report)
    lines = _head(report) + ["", "targets:"]
    lines += [f"  {a:<62} {b:>8}  {c:<7} {d}" for a, b, c, d in targets]
    lines += ["", "figures (wall time median, × python -c pass, peak memory):"]
    lines += [f"  {a:<62} {b:<26} {c:<8} {d}" for a, b, c, d in other]
    return "\n".join(lines)


def markdown(report: dict[str, Any]) -> str:
    targets, other = _rows(report)
    out = [line + "  " for line in _head(report)]
    out += ["", "| target | value | limit | verdict |", "|---|---|---|---|"]
    out += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in targets]
    out += ["", "| figure | value | × python -c pass | peak memory |", "|---|---|---|---|"]
    out += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in other]
    return "\n".join(out)
