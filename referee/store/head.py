"""Where a sealed journal's last line says it stands, read from its last bytes alone.

A change detector, never a proof: ``referee board`` polls it a few times a second to notice
that a session was written, then opens the session, which checks its whole chain. Nothing
that decides what a game holds trusts it (a checkpoint is proved against the whole chain:
``referee.table.checkpoint``). The line format is ``referee.store.chain``'s.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from msgspec import Struct

from referee.store.chain import ChainHead
from referee.store.files import open_regular

_LAST = re.compile(rb',"n":([1-9][0-9]{0,17}),"h":"([0-9a-f]{64})"\}\n\Z')
_LAST_BYTES = 128  # more than the longest ,"n":<18 digits>,"h":"<64 hex>"}<newline>


class WrittenHead(Struct, frozen=True):
    """The head a journal's last line claims, and the file's identity as the system sees it
    (size, modification time, inode). Nothing is checked: opening the journal does that."""

    head: ChainHead
    size: int
    mtime_ns: int
    inode: int


def written_head(path: Path) -> WrittenHead | None:
    """Read from the last bytes of a sealed journal alone, so the cost does not grow with
    the game; None when the file is missing, not a regular file of one name, not sealed
    (version 1) or ends in an unfinished line."""
    try:
        fd = open_regular(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        os.lseek(fd, max(0, info.st_size - _LAST_BYTES), os.SEEK_SET)
        tail = os.read(fd, _LAST_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)
    found = _LAST.search(tail)
    if found is None:
        return None
    head = ChainHead(int(found[1]), found[2].decode("ascii"))
    return WrittenHead(head, info.st_size, info.st_mtime_ns, info.st_ino)
