"""The journal is the one source of truth: ``status`` checks its whole chain every time, so no
checkpoint hides a change to it."""

from __future__ import annotations

import json
import os

from referee.table import checkpoint


def journal_of(sessions_dir, sid):
    return sessions_dir / f"{sid}.json"


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

