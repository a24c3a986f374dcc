"""The journal is the one source of truth: a checkpoint is used only when it provably reflects
the journal as it is, and read and written only as a regular file of the sessions folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from referee.table import checkpoint
from tests.store.conftest import place, status


def journal_of(sessions_dir, sid):
    return sessions_dir / f"{sid}.json"


def replayed(tribune, sessions_dir, sid) -> dict:
    checkpoint.path_of(journal_of(sessions_dir, sid)).unlink(missing_ok=True)
    return status(tribune, sid)


def flip_in_line(path, number: int) -> None:
    """One bit of an earlier line flipped in place, the file's times put back."""
    info = path.stat()
    data = bytearray(path.read_bytes())
    start = sum(len(line) for line in bytes(data).splitlines(keepends=True)[:number - 1])
    at = data.index(b'"seq":', start) + 6
    data[at] ^= 1
    with path.open("r+b") as fh:  # the same inode, the same size
        fh.write(data)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))


def test_a_flipped_bit_with_the_time_restored_is_found_by_status(tribune, sessions_dir, game):
    journal = journal_of(sessions_dir, game)
    assert checkpoint.path_of(journal).exists()
    flip_in_line(journal, 3)
    r = tribune("status", game, "--json")
    assert r.code == 2, r.out
    assert [e["type"] for e in json.loads(r.out)["errors"]] == ["SessionDamaged"]


def forge(path, change) -> None:
    """What someone who may write the sessions folder can do without this installation's
    key: change the kept game and recompute every check the file carries, with a key of
    their own."""
    from referee.hashing import keyed

    mac, _, document = path.read_bytes().partition(b"\n")
    raw = json.loads(document)
    change(raw["snapshot"])
    document = json.dumps(raw).encode()
    path.write_bytes(keyed(os.urandom(32), document).encode() + b"\n" + document)


def rich(snapshot) -> None:
    """Ann holds 512: in the position shown, and in the round mark a game goes on from."""
    snapshot["state"]["players"][0]["money"] = 512
    if snapshot.get("mark"):
        snapshot["mark"]["state"]["players"][0]["money"] = 512


def test_a_forged_checkpoint_is_not_shown(tribune, sessions_dir, game):
    truth = replayed(tribune, sessions_dir, game)
    path = checkpoint.path_of(journal_of(sessions_dir, game))
    forge(path, rich)
    r = tribune("status", game, "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out) == truth and truth["players"][0]["money"] != 512
    assert "checkpoint" in r.err.lower()  # said once ...
    again = tribune("status", game, "--json")
    assert json.loads(again.out) == truth and again.err == ""  # ... and rebuilt


def test_enter_does_not_go_on_from_a_forged_checkpoint(tribune, sessions_dir, game):
    path = checkpoint.path_of(journal_of(sessions_dir, game))
    forge(path, rich)
    r = place(tribune, game, "Ann", "forum.1")
    assert r.code == 0, r.err
    after = status(tribune, game)
    assert after == replayed(tribune, sessions_dir, game)
    assert 512 not in [p["money"] for p in after["players"]]


def test_a_checkpoint_copied_from_another_point_of_the_game_is_not_used(tribune, sessions_dir,
                                                                         game):
    path = checkpoint.path_of(journal_of(sessions_dir, game))
    old = path.read_bytes()
    assert place(tribune, game, "Ann", "forum.1").code == 0
    path.write_bytes(old)  # a real checkpoint, made by this installation, of an older state
    assert status(tribune, game) == replayed(tribune, sessions_dir, game)


def run_referee(sessions_dir, *args, timeout=60):
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions_dir)}
    return subprocess.run([sys.executable, "-m", "referee", *args], env=env, timeout=timeout,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)


def test_a_fifo_in_place_of_the_checkpoint_does_not_hang_status(tribune, sessions_dir, game):
    truth = replayed(tribune, sessions_dir, game)
    path = checkpoint.path_of(journal_of(sessions_dir, game))
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    done = run_referee(sessions_dir, "tribune", "status", game, "--json", timeout=30)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == truth and "Traceback" not in done.stderr


def test_a_link_to_dev_zero_in_place_of_the_checkpoint_is_not_read(tribune, sessions_dir, game):
    truth = replayed(tribune, sessions_dir, game)
    path = checkpoint.path_of(journal_of(sessions_dir, game))
    path.unlink(missing_ok=True)
    path.symlink_to("/dev/zero")
    done = run_referee(sessions_dir, "tribune", "status", game, "--json", timeout=30)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == truth and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["{name}.tmp", ".{name}.{pid}.tmp"])
def test_the_checkpoint_is_never_written_through_a_link(tribune, sessions_dir, game, tmp_path,
                                                        name):
    journal = journal_of(sessions_dir, game)
    path = checkpoint.path_of(journal)
    outside = tmp_path / "outside.txt"
    outside.write_text("precious")
    path.unlink()
    trap = path.with_name(name.format(name=path.name, pid=os.getpid()))
    trap.symlink_to(outside)
    status(tribune, game)  # replays, and keeps a checkpoint
    assert outside.read_text() == "precious"
    assert path.is_file() and not path.is_symlink()
