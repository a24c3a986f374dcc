"""The only ways the store touches files: regular files it names itself, never a link.

A session folder can hold anything a user (or someone else) put there: a symbolic link
to a file elsewhere, a hard link to one (a second name for the same file, so that whatever
is written to one name shows under the other), a FIFO that would block a reader forever,
``/dev/zero`` that never ends. Every open here refuses to follow a link, opens without
blocking, and checks that what it opened is a regular file with no other name before reading
or writing a byte of it. A new file is written under a temporary name of its own, created
afresh (never opened through a link), then renamed into place.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: the largest session (or backup) file the store reads; a long game is well under 10 MB
MAX_FILE_BYTES = 64 * 1024 * 1024

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class UnsafeFile(OSError):
    """``path`` is not a regular file (a link, a FIFO, a device, a folder), has another name
    (a hard link), or is too big."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(errno.EINVAL, kind, str(path))
        self.path, self.kind = path, kind


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "special"


def open_regular(path: Path, flags: int, mode: int = 0o644) -> int:
    """``os.open`` that never follows a link and refuses anything but a regular file with
    one name, without blocking on a FIFO or a device."""
    try:
        if not _NOFOLLOW and path.is_symlink():  # Windows: no O_NOFOLLOW, check first
            raise UnsafeFile(path, "link")
        fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK | _BINARY, mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.EISDIR):
            raise UnsafeFile(path, "folder" if exc.errno == errno.EISDIR else "link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(path, _kind(info.st_mode))
        if info.st_nlink > 1:
            raise UnsafeFile(path, "hard link")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file no larger than ``limit`` (``UnsafeFile`` otherwise)."""
    fd = open_regular(path, os.O_RDONLY)
    try:
        if os.fstat(fd).st_size > limit:
            raise UnsafeFile(path, "too big")
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # grew while we read
                raise UnsafeFile(path, "too big")
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_regular_or_absent(path: Path) -> None:
    """Refuse ``path`` if it exists and is not a regular file (a link, a FIFO, a device)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise UnsafeFile(path, _kind(mode))


@contextmanager
def no_interrupts() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until a write has finished (they are delivered after)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield
        return
    blocked = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def fsync_dir(path: Path) -> None:
    if os.name == "nt":  # folders cannot be opened (or fsynced) on Windows
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backup_path(path: Path) -> Path:
    """The session file's backup, beside it (``<id>.json.bak``)."""
    return path.with_name(path.name + ".bak")


def tmp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_atomically(path: Path, data: bytes, *, durable: bool = True,
                     replace_any: bool = False, mode: int = 0o644) -> None:
    """Replace ``path`` with ``data``: temp file in the same folder, fsync, rename, fsync.

    ``path`` must be a regular file or absent: renaming over a device or a FIFO would
    replace it, and over a link would silently cut the link. ``replace_any``: a name of the
    program's own whose file is derived data (a checkpoint) takes the new file whatever
    stands there now (the rename replaces the name, never writes through it). Without
    ``durable`` nothing waits for the disk: for derived data that is checked when read.
    The temp file is created new (``O_EXCL``, never through a link): whatever stood under
    its name, a leftover of a killed run or a link planted there, is removed first.
    """
    if not replace_any:
        check_regular_or_absent(path)
    tmp = tmp_path(path)
    try:
        with no_interrupts():
            tmp.unlink(missing_ok=True)  # the file or link there, never what it names
            create_new(tmp, data, mode, durable=durable)
            os.replace(tmp, path)
            if durable:
                fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise


def create_new(path: Path, data: bytes, mode: int = 0o644, *, durable: bool = True) -> None:
    """A new file at ``path`` holding ``data``: created only where nothing stands under that
    name (``O_EXCL``, so never through a link), and fsynced unless not ``durable``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY, mode)
    try:
        write_all(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def append_durably(fd: int, data: bytes) -> None:
    """Add ``data`` at the end of an ``O_APPEND`` file and fsync it; if that fails (a full
    disk), cut the file back so no partial line stays behind."""
    size = os.fstat(fd).st_size
    with no_interrupts():
        try:
            write_all(fd, data)
            os.fsync(fd)
        except OSError:
            os.ftruncate(fd, size)
            raise
