"""The benchmark suite runs end to end and reports every figure.

Speed itself is judged in bench/ and docs/performance.md, never here: this test only keeps
the benchmark working as the code it drives changes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.slow
def test_quick_benchmark_reports_every_figure():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "run"), "--quick", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [s["command"] for s in report["startup"]] == [
        "referee --help", "referee tribune status", "referee concordia score --json"]
    assert all(s["ratio"] > 0 and s["peak_mb"] > 0 for s in report["startup"])
    assert report["events"]["long"] >= 1500 and report["events"]["short"] >= 50
    for figure in ("entry_fresh_process", "entry_guided", "replay"):
        assert report[figure]["growth"] > 0 and report[figure]["long_ms"] > 0
    assert set(report["games_per_second"]) == {"table", "virtual"}
    assert all(v > 0 for v in report["games_per_second"].values())
