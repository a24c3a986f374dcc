"""Whatever else lies in the sessions folder (or in the working folder's old ./sessions), the
store writes only through files it owns alone, never blocks on a probe, and skips what is not
a regular file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from referee.store import SessionStore
from tests.store.conftest import place, start_game, status


def test_a_hard_linked_lock_file_is_never_written_through(tribune, sessions_dir, game,
                                                         tmp_path):
    lock = sessions_dir / f"{game}.lock"
    lock.unlink(missing_ok=True)
    outside = tmp_path / "outside.txt"
    outside.write_text("precious contents, longer than sixty-four bytes of anything at all\n")
    before = outside.read_bytes()
    os.link(outside, lock)
    r = place(tribune, game, "Ann", "forum.1")
    assert outside.read_bytes() == before
    assert r.code == 2 and "link" in r.err


@pytest.mark.parametrize("suffix", [".json", ".json.bak"])
def test_a_hard_linked_journal_or_backup_is_refused_not_written_through(
        tribune, sessions_dir, game, tmp_path, suffix):
    outside = tmp_path / "outside"
    os.link(sessions_dir / f"{game}{suffix}", outside)
    before = outside.read_bytes()
    journal_before = (sessions_dir / f"{game}.json").read_bytes()
    r = place(tribune, game, "Ann", "forum.1")
    assert r.code == 2 and "link" in r.err
    assert outside.read_bytes() == before
    assert (sessions_dir / f"{game}.json").read_bytes() == journal_before


def test_the_lock_is_taken_without_writing_into_it(tribune, sessions_dir, game):
    lock = sessions_dir / f"{game}.lock"
    lock.write_bytes(b"")
    assert place(tribune, game, "Ann", "forum.1").code == 0
    assert lock.read_bytes() == b""


@pytest.mark.parametrize("name", [".x.json.1.tmp", "y.json", ".z.json.checkpoint.7.tmp"])
def test_a_folder_in_the_sessions_folder_is_skipped_with_a_warning(cli, tribune, sessions_dir,
                                                                   name):
    sid = start_game(tribune, sessions_dir)
    (sessions_dir / name).mkdir()
    r = cli("sessions", "list", "--json")
    assert r.code == 0, r.err
    assert [s["id"] for s in r.json()] == [sid]
    assert name in r.err
    r = tribune("new", "--player", "Cid", "--player", "Dee", "--edition", "ffg",
                "--points-variant", "--deck", "table", "--thermae", "2", "--no-play")
    assert r.code == 0, r.err
    assert (sessions_dir / name).is_dir()


def test_a_fifo_in_the_sessions_folder_is_skipped_without_blocking(tribune, sessions_dir):
    sid = start_game(tribune, sessions_dir)
    os.mkfifo(sessions_dir / "fifo.json")
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions_dir)}
    done = subprocess.run([sys.executable, "-m", "referee", "sessions", "list", "--json"],
                          env=env, capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert [s["id"] for s in json.loads(done.stdout)] == [sid]
    assert "fifo.json" in done.stderr


def test_a_fifo_in_the_old_sessions_folder_does_not_hang_any_command(tmp_path):
    work = tmp_path / "work"
    (work / "sessions").mkdir(parents=True)
    os.mkfifo(work / "sessions" / "x.json")
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_SESSIONS_DIR"}
    env["REFEREE_DATA_DIR"] = str(tmp_path / "data")
    for args in (["sessions", "list", "--json"], ["tribune", "status"]):
        done = subprocess.run([sys.executable, "-m", "referee", *args], cwd=work, env=env,
                              capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL)
        assert "Traceback" not in done.stderr
        assert done.returncode in (0, 2), done.stderr


def test_a_fifo_as_the_kept_folders_list_does_not_hang(tmp_path):
    work = tmp_path / "work"
    (work / "sessions").mkdir(parents=True)
    store = SessionStore(work / "sessions")
    from tests.store.helpers import new_session

    with new_session(store):
        pass
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "kept-session-folders.json")
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_SESSIONS_DIR"}
    env["REFEREE_DATA_DIR"] = str(data)
    done = subprocess.run([sys.executable, "-m", "referee", "sessions", "list", "--json"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_status_still_reads_a_game_after_a_folder_was_skipped(tribune, sessions_dir, game):
    (sessions_dir / ".x.json.1.tmp").mkdir()
    assert status(tribune, game)["id"] == game
