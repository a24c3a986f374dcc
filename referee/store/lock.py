"""One writer per session: an exclusive lock on a file beside the session.

The lock is ``filelock``'s: ``flock`` where the system has it, ``msvcrt`` byte locks on
Windows. ``fcntl`` alone locked nothing on Windows (the module does not exist there), so
two terminals could write one session at once. Either way the lock is released when its
process dies, and the lock file is opened without following a link.
"""

from __future__ import annotations

import os
from pathlib import Path

from filelock import FileLock, Timeout

from referee.store.files import check_regular_or_absent, open_regular


class Locked(Exception):
    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder


class SessionLock:
    """Held while a session is open for writing; released on close or process death."""

    def __init__(self, path: Path, timeout: float = 2.0) -> None:
        self.path = path
        check_regular_or_absent(path)  # filelock opens with O_NOFOLLOW; Windows has none
        self._lock: FileLock | None = FileLock(str(path), timeout=timeout, thread_local=False)
        try:
            self._lock.acquire()
        except Timeout:
            self._lock = None
            raise Locked(self._holder() or "?") from None
        self._note_holder(f"pid {os.getpid()}")

    def _holder(self) -> str:
        try:
            fd = open_regular(self.path, os.O_RDONLY)
        except OSError:
            return ""
        try:
            return os.read(fd, 200).decode("utf-8", "replace").strip()
        finally:
            os.close(fd)

    def _note_holder(self, text: str) -> None:
        """Say who holds the lock, for the message another process shows (best effort:
        Windows may refuse the write, and the lock holds without it)."""
        try:
            fd = open_regular(self.path, os.O_WRONLY)
        except OSError:
            return
        try:
            os.ftruncate(fd, 0)
            os.write(fd, text.encode())
        except OSError:
            pass
        finally:
            os.close(fd)

    def release(self) -> None:
        if self._lock is not None:
            self._note_holder("")
            self._lock.release()
            self._lock = None
