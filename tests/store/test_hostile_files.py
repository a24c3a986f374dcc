"""Whatever else lies in the sessions folder, the store writes only through files it owns
alone: a file with another name (a hard link) is refused, and the lock file is never written."""

from __future__ import annotations

import os

import pytest

from tests.store.conftest import place


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

