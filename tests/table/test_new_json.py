"""`new --json` creates the session without asking anything and prints it as `status --json`
shows it, for every game."""

import json
import os
import subprocess
import sys

import pytest

NEW = {
    "tribune": ["--player", "Ann:red", "--player", "Bob:blue", "--edition", "ffg",
                "--points-variant", "--deck", "virtual", "--thermae", "2", "--seed", "1"],
    "concordia": ["--player", "Ann", "--player", "Bob", "--map", "italia", "--seed", "1"],
    "trajan": ["--player", "Ann", "--player", "Bob"],
}


@pytest.mark.parametrize("game", sorted(NEW))
def test_new_json_creates_and_prints_the_session(game, tmp_path):
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(tmp_path), "REFEREE_LANG": "en",
           "REFEREE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "referee", game, "new", *NEW[game], "--json"],
                          capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert [p.stem for p in tmp_path.glob("*.json")] == [shown["id"]]
    status = subprocess.run([sys.executable, "-m", "referee", game, "status", shown["id"],
                             "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout) == shown
