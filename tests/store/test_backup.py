"""The ``.bak`` copy holds every acknowledged line, and nothing refused touches it."""

from __future__ import annotations

import pytest

from referee.store import SessionStore
from tests.store.helpers import entry, new_session


@pytest.fixture
def store(tmp_path):
    return SessionStore(tmp_path)


def _add(store, sid, n):
    with store.open(sid, write=True) as s:
        s.append([entry(n)])


def test_backup_holds_every_acknowledged_entry(store):
    with new_session(store) as s:
        sid, path = s.id, s.path
        backup = path.with_name(path.name + ".bak")
        assert backup.read_bytes() == path.read_bytes()
        s.append([entry(0)])
        assert backup.read_bytes() == path.read_bytes()  # before the next command
    inode = backup.stat().st_ino
    for n in range(1, 4):
        _add(store, sid, n)
        assert backup.read_bytes() == path.read_bytes()
    assert backup.stat().st_ino == inode  # extended line by line, never copied again


def test_opening_for_writing_without_writing_leaves_the_backup_alone(store):
    with new_session(store) as s:
        sid, path = s.id, s.path
    backup = path.with_name(path.name + ".bak")
    before, stamp = backup.read_bytes(), backup.stat().st_mtime_ns
    with store.open(sid, write=True):
        pass  # what a refused entry does: open, check, write nothing
    assert backup.read_bytes() == before and backup.stat().st_mtime_ns == stamp


@pytest.mark.parametrize("stale", [b"", b"not a journal\n", b'{"journal": "referee-jou'])
def test_a_backup_that_is_not_an_earlier_state_is_replaced_whole_by_the_next_write(store,
                                                                                 stale):
    with new_session(store) as s:
        sid, path = s.id, s.path
    _add(store, sid, 0)
    backup = path.with_name(path.name + ".bak")
    backup.write_bytes(stale)
    with store.open(sid, write=True):
        assert backup.read_bytes() == stale  # opening writes nothing: a refusal keeps it
    _add(store, sid, 1)
    assert backup.read_bytes() == path.read_bytes()


def test_a_backup_behind_the_file_is_caught_up_in_place_by_the_next_write(store):
    with new_session(store) as s:
        sid, path = s.id, s.path
    backup = path.with_name(path.name + ".bak")
    behind = backup.read_bytes()
    _add(store, sid, 0)
    backup.write_bytes(behind)  # as a kill between the two appends leaves it
    inode = backup.stat().st_ino
    with store.open(sid, write=True):
        assert backup.read_bytes() == behind  # opening writes nothing: a refusal keeps it
    _add(store, sid, 1)
    assert backup.read_bytes() == path.read_bytes()
    assert backup.stat().st_ino == inode  # the missing line appended, not copied whole
