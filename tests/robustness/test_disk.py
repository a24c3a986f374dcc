"""A full disk or a read-only folder: one clear line, and nothing half-written."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import resource
import signal
import subprocess
import sys

import pytest

from referee.store import files as store_files
from tests.robustness.helpers import entries_if_intact, files, new_session, script
from tests.robustness.writers import ROOT


def one_line(result) -> str:
    assert "Traceback" not in result.err
    [line] = result.err.strip().splitlines()
    return line


def entry(n: int) -> str:
    return json.dumps(script()[n].to_json())


@pytest.fixture
def full_disk(monkeypatch, sessions_dir):
    """``full_disk(".bak")``: writes to the session files whose names end so stop half-way
    with ENOSPC."""
    def fill(suffix: str) -> None:
        real = store_files.write_all

        def write(fd: int, data: bytes) -> None:
            target = os.readlink(f"/proc/self/fd/{fd}")
            if not (target.startswith(str(sessions_dir)) and target.endswith(suffix)):
                return real(fd, data)
            real(fd, data[:len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        monkeypatch.setattr(store_files, "write_all", write)
    return fill


@pytest.mark.parametrize(("where", "entries"), [
    (".json", 21),  # the entry itself
    (".json.bak", 21),  # adding the entry to the backup, after the file
    (".tmp", 20),  # making a lost backup again (a new file, renamed into place)
])
def test_a_full_disk_stops_the_entry_and_keeps_the_session(cli, sessions_dir, full_disk,
                                                           where, entries):
    sid = new_session(sessions_dir, 20)
    if entries == 21:
        assert cli("tribune", "enter", sid, "--entry", entry(20)).code == 0
    else:
        (sessions_dir / f"{sid}.json.bak").unlink()
    before = files(sessions_dir)
    full_disk(where)
    result = cli("tribune", "enter", sid, "--entry", entry(entries))
    line = one_line(result)
    assert result.code == 2 and "No space left on device" in line and sid in line
    assert files(sessions_dir) == before
    assert entries_if_intact(sessions_dir, sid) == entries


def test_a_full_disk_when_starting_a_game_leaves_no_session(cli, sessions_dir, full_disk):
    full_disk(".tmp")
    result = cli("tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
                 "--points-variant", "--deck", "virtual", "--thermae", "3", "--no-play")
    assert result.code == 2 and "No space left on device" in one_line(result)
    assert not [p for p in sessions_dir.iterdir() if p.suffix in (".json", ".tmp")]


def test_a_file_size_limit_from_the_kernel_cuts_no_entry_in_half(sessions_dir):
    """A real short write: the kernel lets the session grow by a few bytes only."""
    sid = new_session(sessions_dir, 20)
    path = sessions_dir / f"{sid}.json"
    path.with_name(path.name + ".bak").write_bytes(path.read_bytes())
    before = files(sessions_dir)

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a plain EFBIG error instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (path.stat().st_size + 40,) * 2)

    done = subprocess.run([sys.executable, "-m", "referee", "--sessions-dir",
                           str(sessions_dir), "tribune", "enter", sid, "--entry", entry(20)],
                          capture_output=True, text=True, cwd=ROOT, preexec_fn=limit,
                          env={**os.environ, "COLUMNS": "10000"}, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "File too large" in line and str(path) in line
    assert files(sessions_dir) == before


@contextlib.contextmanager
def read_only(folder):
    """The folder and its files cannot be changed (for root too, through chattr +i)."""
    paths = [*folder.iterdir(), folder]
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in paths}
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in reversed(modes.items()):
                p.chmod(mode)
        return
    if subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True,
                      check=False).returncode != 0:
        subprocess.run(["chattr", "-i", *map(str, paths)], capture_output=True, check=False)
        pytest.skip("running as root without chattr: nothing is read-only to root")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=True)


def test_a_read_only_folder_refuses_entries_clearly_and_still_reads(cli, sessions_dir):
    sid = new_session(sessions_dir, 20)
    assert cli("tribune", "enter", sid, "--entry", entry(20)).code == 0
    before = files(sessions_dir)
    with read_only(sessions_dir):
        for command in (["tribune", "enter", sid, "--entry", entry(21)],
                        ["sessions", "undo", sid],
                        ["tribune", "new", "--player", "Ann", "--player", "Bob",
                         "--edition", "ffg", "--points-variant", "--deck", "virtual",
                         "--thermae", "3", "--no-play"]):
            result = cli(*command)
            line = one_line(result)
            assert result.code == 2 and str(sessions_dir) in line, command
        # repair of an intact session writes nothing, so it needs no write access
        for command in (["tribune", "status", sid], ["tribune", "log", sid],
                        ["sessions", "list"], ["sessions", "export", sid],
                        ["sessions", "repair", sid]):
            assert cli(*command).code == 0, command
    assert files(sessions_dir) == before
