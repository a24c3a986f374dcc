"""The installation's secret: the key a checkpoint's proof is made with.

32 random bytes in a file of its own (``referee.paths.key_file``), outside the data folder,
readable by its owner only. It is made the first time a checkpoint is kept, and never
replaced: a key that cannot be read as one (missing, a link, another owner's, readable by
others, the wrong size) only means that no checkpoint is trusted and none is kept.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from referee.store.files import create_new, open_regular, tmp_path

KEY_BYTES = 32


def key(*, create: bool = False) -> bytes | None:
    """The installation's key; made first when ``create`` and there is none yet."""
    from referee.paths import key_file

    path = key_file()
    try:
        return _read(path)
    except FileNotFoundError:
        if not create:
            return None
    except OSError:
        return None
    with contextlib.suppress(OSError):
        _make(path)
    try:
        return _read(path)
    except OSError:
        return None


def _read(path: Path) -> bytes | None:
    fd = open_regular(path, os.O_RDONLY)
    try:
        info = os.fstat(fd)
        if os.name == "posix" and (info.st_uid != os.getuid() or
                                   stat.S_IMODE(info.st_mode) & 0o077):
            return None  # someone else's, or readable by others: no secret
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    return data if len(data) == KEY_BYTES else None


def _make(path: Path) -> None:
    """A new key, put in place only if there is still none: two commands making one at
    once keep the same one (a link fails where the name is taken)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    made = tmp_path(path)
    made.unlink(missing_ok=True)
    try:
        create_new(made, os.urandom(KEY_BYTES), 0o600)
        with contextlib.suppress(FileExistsError):
            os.link(made, path)
    finally:
        made.unlink(missing_ok=True)
