"""The environment under test: a clean, non-editable install made for the run, or one the
caller names. Standard library only (the driver never imports referee itself)."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

from bench.timing import ROOT


def create(folder: Path) -> Path:
    """A fresh virtual environment in ``folder`` with the repository installed into it as a
    user installs it (``pip install .``: built as a wheel, no link back to the sources)."""
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    python = folder / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    str(ROOT)], check=True, stdout=subprocess.DEVNULL)
    return folder


def bin_dir(folder: Path) -> Path:
    found = folder / "bin"
    if not (found / "python").exists() or not (found / "referee").exists():
        sys.exit(f"bench: {folder} is not a virtual environment with referee installed")
    return found


def run_worker(bins: Path, *args: str) -> dict:
    """bench/worker.py run by the environment's interpreter; its JSON answer."""
    done = subprocess.run([str(bins / "python"), str(ROOT / "bench" / "worker.py"), *args],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"bench/worker.py {' '.join(args)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def describe(installed: dict, made_here: bool) -> dict:
    """What was measured: the interpreter, and whether referee was a clean installed copy."""
    inside = Path(installed["referee"]).is_relative_to(installed["prefix"])
    kind = ("clean non-editable install made for this run" if made_here
            else "given environment, installed copy" if inside
            else "given environment, EDITABLE (sources in place): not a clean install")
    return {**installed, "kind": kind, "clean": inside}
