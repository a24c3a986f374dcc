"""Wall time and peak memory of whole commands, as medians over interleaved runs.

The machine is shared, so every figure is compared with a baseline measured in the same
run, and commands are run in turn (A B C A B C …) so a burst of load hits all of them alike.
"""

from __future__ import annotations

import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PEAK = Path(__file__).with_name("peak.py")
#: Commands run outside the repository, so that nothing there can be imported by accident.
ELSEWHERE = tempfile.gettempdir()


def wall(cmd: Sequence[str], env: Mapping[str, str] | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          stdin=subprocess.DEVNULL, cwd=ELSEWHERE, env=env, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"exit code {done.returncode}: {' '.join(cmd)}")
    return seconds


def peak_kb(cmd: Sequence[str], env: Mapping[str, str] | None = None) -> int:
    """Peak memory of ``cmd``, taken by a bare interpreter of the same environment (the
    command's first word is that environment's ``python`` or a script beside it)."""
    python = str(Path(cmd[0]).with_name("python"))
    done = subprocess.run([python, str(PEAK), *cmd], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, cwd=ELSEWHERE, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"exit code {done.returncode}: {' '.join(cmd)}")
    return int(done.stdout)


def interleaved(commands: Mapping[Any, Sequence[str]], repeats: int, *,
                env: Mapping[str, str] | None = None,
                before: Callable[[Any], None] | None = None,
                measure: Callable[..., float] = wall) -> dict[Any, float]:
    """The median of ``measure`` for each command; ``before(name)`` resets state untimed."""
    found: dict[Any, list[float]] = {name: [] for name in commands}
    for _ in range(repeats):
        for name, cmd in commands.items():
            if before is not None:
                before(name)
            found[name].append(measure(cmd, env))
    return {name: statistics.median(values) for name, values in found.items()}
