"""Damaged files: clear errors, never a traceback, and recovery of the last good copy."""

from __future__ import annotations

import pytest

from referee.store import notices
from referee.store.errors import SessionDamaged
from tests.store.helpers import entry, session_with


def _session_with(store, n):
    sid = session_with(store, n)
    return sid, store.path(sid)


def test_unfinished_last_write_is_dropped_by_the_first_write(store):
    sid, path = _session_with(store, 3)
    with path.open("ab") as fh:
        fh.write(b'{"put":{"events":{"4":{"seq":4,"ti')
    torn = path.read_bytes()
    with store.open(sid) as s:  # readers simply ignore it
        assert len(s.events) == 3
    with store.open(sid, write=True) as s:  # as for a refused entry
        assert s.discarded_tail > 0
    assert path.read_bytes() == torn and notices.drain() == []
    with store.open(sid, write=True) as s:
        s.append([entry(99)])
    assert notices.drain() == [(notices.TRIMMED, {"path": str(path)})]
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == [0, 1, 2, 99]


@pytest.mark.parametrize("damage", [
    lambda raw: b"",
    lambda raw: raw[:20],
    lambda raw: b"this is not json\n",
    lambda raw: b'{"some": "other json"}\n',
])
def test_unreadable_file_gives_a_clear_error_naming_the_file(store, damage):
    sid, path = _session_with(store, 2)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(SessionDamaged) as err:
        store.open(sid)
    assert str(path) in err.value.params["path"]


def _backup(path):
    return path.with_name(path.name + ".bak")


def test_damaged_middle_line_is_restored_from_the_backup_and_kept_aside(store):
    sid, path = _session_with(store, 5)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[3] = b"garbage\n"
    original = b"".join(lines)
    path.write_bytes(original)
    with pytest.raises(SessionDamaged) as err:
        store.open(sid)
    assert err.value.params["line"] == 4
    report = store.repair(sid)
    assert report["action"] == "restored_backup" and report["records"] == 6
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == [0, 1, 2, 3, 4]
    aside = list(store.root.glob(f"{sid}.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == original


def test_without_a_backup_repair_keeps_every_line_but_the_damaged_one(store):
    sid, path = _session_with(store, 5)
    _backup(path).unlink()
    lines = path.read_bytes().splitlines(keepends=True)
    lines[3] = b"garbage\n"
    path.write_bytes(b"".join(lines))
    report = store.repair(sid)
    assert report["action"] == "kept_valid_part" and report["dropped_lines"] == [4]
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == [0, 1, 3, 4]


def test_damaged_header_is_restored_from_backup(store):
    sid, path = _session_with(store, 2)
    with store.open(sid, write=True) as s:
        s.append([entry(2)])
    path.write_bytes(b"\x00\x01 broken")
    report = store.repair(sid)
    assert report["action"] == "restored_backup"
    with store.open(sid) as s:  # the backup holds every acknowledged entry
        assert [e.payload["n"] for e in s.events] == [0, 1, 2]


def test_repair_of_an_intact_session_changes_nothing(store):
    sid, path = _session_with(store, 2)
    before = path.read_bytes()
    assert store.repair(sid)["action"] == "none"
    assert path.read_bytes() == before


def test_unrecoverable_file_without_backup_is_reported_not_hidden(store):
    sid, path = _session_with(store, 1)
    _backup(path).unlink()
    path.write_bytes(b"junk")
    with pytest.raises(SessionDamaged):
        store.repair(sid)
    assert path.read_bytes() == b"junk"


def test_damaged_session_is_listed_as_damaged_not_fatal(store):
    good, _ = _session_with(store, 1)
    bad, path = _session_with(store, 1)
    path.write_bytes(b"junk")
    summaries = {s.id: s for s in store.summaries()}
    assert summaries[good].problem is None
    assert summaries[bad].problem and "junk" not in summaries[bad].problem


def test_disk_full_leaves_no_partial_line_and_keeps_earlier_entries(store, monkeypatch):
    import errno
    import os as real_os

    from referee.store import journal
    from referee.store.errors import StorageFailure

    sid, path = _session_with(store, 2)
    before = path.read_bytes()
    with store.open(sid, write=True) as s:
        calls = {"n": 0}
        real_write = real_os.write

        def full_disk(fd, data):
            calls["n"] += 1
            written = real_write(fd, bytes(data[:10]))  # part of it lands, then the disk is full
            if calls["n"] > 1 or written < len(data):
                raise OSError(errno.ENOSPC, "No space left on device")
            return written

        monkeypatch.setattr(journal.os, "write", full_disk)
        with pytest.raises(StorageFailure):
            s.append([entry(3)])
        monkeypatch.undo()
        assert len(s.events) == 2
    assert path.read_bytes() == before
