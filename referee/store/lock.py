"""One writer per session: an exclusive lock on a file beside the session.

``flock`` on Linux and macOS, an ``msvcrt`` lock on the file's first byte on Windows (``fcntl``
alone once locked nothing there: the module does not exist). Either way the system releases the
lock when its process dies. The lock file is opened as every store file is (no link followed,
a regular file with no other name) and nothing is ever written into it: who holds a lock is
asked of the system (``/proc/locks`` on Linux), so a lock file that is a second name for some
other file cannot be used to change that file. The store's own lock replaces the ``filelock``
library, whose imports (``logging``, ``platform``, ``ipaddress`` …) a saving command need not
pay for.
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


#: the lock file is only ever locked, never written: read access is enough for ``flock``
_OPEN = (os.O_RDWR if sys.platform == "win32" else os.O_RDONLY) | os.O_CREAT


class SessionLock:
    """Held while a session is open for writing; released on close or process death."""

    def __init__(self, path: Path, timeout: float = 2.0) -> None:
        self.path = path
        check_regular_or_absent(path)  # open_regular cannot refuse a link on Windows
        deadline = time.monotonic() + timeout
        while True:
            fd = open_regular(path, _OPEN)
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

    def _holder(self) -> str:
        """Who holds the lock, as the system tells it: ``pid N`` (Linux), else empty."""
        try:
            info = os.stat(self.path, follow_symlinks=False)
            file_id = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
            with open("/proc/locks", encoding="ascii", errors="replace") as table:
                for line in table:
                    # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF"
                    fields = line.split()
                    if len(fields) > 5 and fields[1] == "FLOCK" and fields[5] == file_id:
                        return f"pid {fields[4]}"
        except (OSError, ValueError):
            pass
        return ""

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                _unlock(fd)
            finally:
                os.close(fd)
