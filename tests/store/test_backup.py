"""The ``.bak`` copy: the session as it was when last opened for writing."""

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


def test_backup_is_the_session_as_it_was_opened_for_writing(store):
    with new_session(store) as s:
        sid, path = s.id, s.path
    backup = path.with_name(path.name + ".bak")
    for n in range(4):
        before = path.read_bytes()
        _add(store, sid, n)
        assert backup.read_bytes() == before
    inode = backup.stat().st_ino
    _add(store, sid, 4)
    assert backup.stat().st_ino == inode  # extended with the new lines, not copied again


@pytest.mark.parametrize("stale", [b"", b"not a journal\n", b'{"journal": "referee-jou'])
def test_a_backup_that_is_not_an_earlier_state_is_replaced_whole(store, stale):
    with new_session(store) as s:
        sid, path = s.id, s.path
    _add(store, sid, 0)
    backup = path.with_name(path.name + ".bak")
    backup.write_bytes(stale)
    with store.open(sid, write=True):
        assert backup.read_bytes() == path.read_bytes()

