"""The secret part of a board's address: one token per game, kept so the address stays the
same when the board is started again (a phone that scanned it keeps working).

Tokens are 192 random bits (``secrets.token_urlsafe``), kept in ``board-tokens.json`` in the
user's data folder, readable by the user alone. A folder that cannot be written gives a
token for this run only.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path

from referee.paths import data_dir
from referee.store.files import UnsafeFile, read_regular

FILE = "board-tokens.json"
TOKEN_BYTES = 24
#: what a kept token must look like to be used (anything else is replaced)
SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}\Z")


def path() -> Path:
    return data_dir() / FILE


def _kept(where: Path) -> dict[str, str]:
    try:
        raw = json.loads(read_regular(where, 1 << 20))
    except (OSError, UnsafeFile, ValueError, RecursionError):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)
            and SHAPE.match(v)}


def token(session_id: str) -> str:
    """The board token of ``session_id``: the kept one, or a new one (kept if possible)."""
    where = path()
    known = _kept(where)
    found = known.get(session_id)
    if found is not None:
        return found
    found = secrets.token_urlsafe(TOKEN_BYTES)
    known[session_id] = found
    with contextlib.suppress(OSError):
        _write(where, json.dumps(known, indent=1, sort_keys=True).encode())
    return found


def _write(where: Path, data: bytes) -> None:
    """Replace the file whole, readable by the user alone, never through a link."""
    where.parent.mkdir(parents=True, exist_ok=True)
    tmp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if where.is_symlink():
            raise UnsafeFile(where, "link")
        os.replace(tmp, where)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
