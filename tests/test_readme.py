"""The README's two lines (set up and run; run the tests) are what CI runs, and they work
as written on a fresh copy with only Python and its venv module."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def readme_line(section: str) -> str:
    """The one command of the first code block under the README's heading ``section``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split(f"## {section}\n", 1)[1]
    block = re.search(r"```\n(.*?)```", after, re.S)
    assert block is not None, f"no code block under {section!r}"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 1, f"{section!r} must be one line, not {lines}"
    return lines[0]


SET_UP = readme_line("Set up and run")
TESTS = readme_line("Run the tests")


def test_ci_runs_exactly_the_readme_lines():
    commands = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-2:] == [SET_UP, TESTS]


def test_the_lines_need_no_python_command_and_no_activated_environment():
    # stock Debian has python3 but no `python`; pip outside a virtual environment refuses
    # to install (externally-managed-environment)
    assert SET_UP.startswith("python3 -m venv .venv && .venv/bin/pip install ")
    assert SET_UP.endswith(" && .venv/bin/referee")  # the main job: the table's companion
    assert not re.search(r"(^|\s)(python|pip)\s", f"{SET_UP} && {TESTS}")
    assert TESTS.startswith(".venv/bin/python -m pytest")


def _fresh_copy(target: Path) -> Path:
    """The repository's files as a clone has them (tracked, and new ones not ignored)."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.mark.slow
def test_the_readme_lines_work_as_written_in_a_fresh_copy(tmp_path):
    """Set-up as written: a new virtual environment, the package and its test extra
    installed from PyPI, `referee` (with no terminal here: its help, exit code 0). The test
    line as written then collects the whole suite and runs one file of it (PYTEST_ADDOPTS
    narrows what it runs, not the line)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clone = _fresh_copy(tmp_path / "referee")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH", "PYTEST_"))}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(sys.prefix))
    set_up = subprocess.run(["bash", "-c", SET_UP], cwd=clone, env=env, capture_output=True,
                            text=True, stdin=subprocess.DEVNULL, timeout=900)
    assert set_up.returncode == 0, set_up.stderr[-3000:]
    assert "Usage: referee" in set_up.stdout and "tribune" in set_up.stdout
    assert (clone / ".venv" / "bin" / "referee").exists()

    collected = subprocess.run(["bash", "-c", TESTS], cwd=clone, capture_output=True,
                               text=True, stdin=subprocess.DEVNULL, timeout=600,
                               env={**env, "PYTEST_ADDOPTS": "--collect-only -q"})
    assert collected.returncode == 0, collected.stdout[-3000:]
    count = re.search(r"(\d+)(?:/\d+)? tests collected", collected.stdout)
    assert count is not None and int(count.group(1)) > 1000, collected.stdout[-500:]

    ran = subprocess.run(["bash", "-c", TESTS], cwd=clone, capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, timeout=600,
                         env={**env, "PYTEST_ADDOPTS": "tests/test_paths.py"})
    assert ran.returncode == 0, ran.stdout[-3000:]
    assert re.search(r"\d+ passed", ran.stdout)
