"""Starting and stopping ``tribune_writer`` processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def start(root: Path, session_id: str, count: int, mode: str,
          hold: bool = False) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.robustness.tribune_writer", str(root), session_id,
         str(count), mode, *(["hold"] if hold else [])],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=ROOT)


def read_until(proc: subprocess.Popen, stop) -> list[str]:
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if stop(lines[-1]):
            break
    return lines


def acknowledged(lines: list[str]) -> int:
    """The number of entries the writer last reported as saved (0 if none)."""
    return max((int(x.split()[1]) for x in lines if x.startswith("ack ")), default=0)


def kill(proc: subprocess.Popen, lines: list[str]) -> list[str]:
    """SIGKILL it, and add what it printed before the signal landed (it kept working)."""
    proc.kill()
    proc.wait()
    return lines + [line.strip() for line in proc.stdout]
