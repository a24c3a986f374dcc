"""One writer per session: an exclusive lock on a file beside the session.

``flock`` on Linux and macOS, an ``msvcrt`` lock on the file's first byte on Windows (``fcntl``
alone once locked nothing there: the module does not exist). Either way the system releases the
lock when its process dies, and the lock file is opened without following a link. This used to
be the ``filelock`` library; its import alone (``logging``, ``platform``, ``ipaddress`` …) cost
about 11 ms of every command that saves, more than a tenth of a whole ``score``.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from pathlib import Path

from referee.store.files import check_regular_or_absent, open_regular

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

#: seconds between two tries while another process holds the lock
POLL = 0.05
#: what a lock held elsewhere raises: EWOULDBLOCK (flock), EACCES or EDEADLOCK (msvcrt)
_HELD = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", -1)}


class Locked(Exception):
    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder


def _try_lock(fd: int) -> bool:
    try:
        if sys.platform == "win32":
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in _HELD:
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _still_named(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file ``fd`` locked. A holder may remove the lock
    file before it lets go (``delete``, a failed ``create``); whoever was waiting on that
    file then holds a lock nobody else will ever look at, and must open the name again."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


_NOTE_BYTES = 64  # "pid <n>" and spaces: a note never outgrows it


class SessionLock:
    """Held while a session is open for writing; released on close or process death."""

    def __init__(self, path: Path, timeout: float = 2.0) -> None:
        self.path = path
        check_regular_or_absent(path)  # open_regular cannot refuse a link on Windows
        deadline = time.monotonic() + timeout
        while True:
            fd = open_regular(path, os.O_RDWR | os.O_CREAT)
            try:
                locked = _try_lock(fd)
                if locked and _still_named(fd, path):
                    break
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # also lets go of a lock on a file no longer named ``path``
            if locked:  # the name is free now, or names a new file: try that at once
                continue
            if time.monotonic() >= deadline:
                raise Locked(self._holder() or "?")
            time.sleep(POLL)
        self._fd: int | None = fd
        self._note_holder(f"pid {os.getpid()}")

    def _holder(self) -> str:
        try:
            fd = open_regular(self.path, os.O_RDONLY)
        except OSError:
            return ""
        try:
            return os.read(fd, 200).decode("utf-8", "replace").strip()
        except OSError:  # Windows: the holder's lock covers the first byte
            return ""
        finally:
            os.close(fd)

    def _note_holder(self, text: str) -> None:
        """Say who holds the lock, for the message another process shows (best effort:
        Windows may refuse the write, and the lock holds without it). Written over the
        start of the file padded to a fixed width, which costs less than truncating it."""
        try:
            fd = open_regular(self.path, os.O_WRONLY)
        except OSError:
            return
        try:
            os.write(fd, text.encode().ljust(_NOTE_BYTES))
        except OSError:
            pass
        finally:
            os.close(fd)

    def release(self) -> None:
        if self._fd is not None:
            self._note_holder("")
            fd, self._fd = self._fd, None
            try:
                _unlock(fd)
            finally:
                os.close(fd)
