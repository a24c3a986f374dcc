"""One writer per session: an exclusive advisory lock on a file beside the session."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path


class Locked(Exception):
    def __init__(self, holder: str) -> None:
        super().__init__(holder)
        self.holder = holder


class SessionLock:
    """Held while a session is open for writing; released on close or process death."""

    def __init__(self, path: Path, timeout: float = 2.0) -> None:
        self.path = path
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = os.pread(self._fd, 200, 0).decode("utf-8", "replace").strip()
                    os.close(self._fd)
                    raise Locked(holder or "?") from None
                time.sleep(0.05)
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, f"pid {os.getpid()}".encode(), 0)

    def release(self) -> None:
        if self._fd >= 0:
            os.ftruncate(self._fd, 0)
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = -1
