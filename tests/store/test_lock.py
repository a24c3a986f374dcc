"""The session lock: one holder at a time, also when a holder removes the lock file."""

from __future__ import annotations

import pytest

from referee.store import lock
from referee.store.lock import Locked, SessionLock


def test_a_second_lock_waits_its_timeout_then_names_the_holder(tmp_path):
    path = tmp_path / "s.lock"
    held = SessionLock(path)
    with pytest.raises(Locked) as refused:
        SessionLock(path, timeout=0.1)
    assert refused.value.holder.startswith("pid ")
    held.release()
    SessionLock(path, timeout=0).release()  # free again
    assert path.read_text().strip() == ""  # nobody named once it is let go


def test_a_waiter_on_a_lock_file_removed_by_its_holder_takes_the_new_one(tmp_path, monkeypatch):
    # delete and a failed create remove the lock file before letting go of it: a process
    # that opened the file just before then holds a lock on a file without a name, which
    # keeps nobody out. Here the holder lets go between the waiter's open and its lock.
    path = tmp_path / "s.lock"
    holder = [SessionLock(path)]
    try_lock = lock._try_lock

    def holder_lets_go_first(fd: int) -> bool:
        if holder:
            path.unlink()
            holder.pop().release()
        return try_lock(fd)

    monkeypatch.setattr(lock, "_try_lock", holder_lets_go_first)
    waiter = SessionLock(path, timeout=0)
    monkeypatch.undo()
    try:
        with pytest.raises(Locked):
            SessionLock(path, timeout=0)
    finally:
        waiter.release()
