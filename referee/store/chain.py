"""The integrity check every journal line carries, chained to the line before it.

A sealed line is its record with two fields added at the end::

    {"put": {...}, "n": 7, "h": "<sha256 hex>"}

``n`` is the line's number (1 for the snapshot) and ``h`` is SHA-256 over the previous
line's ``h`` followed by the line's own bytes up to ``"n": 7}`` (the line with ``h``
taken off). Checking a line needs only the line before it, so one damaged line is found
and named on its own: an edit breaks its own ``h``; a dropped or moved line shows in
``n`` and in the next line's link; a cut end shows against the backup, which holds every
acknowledged line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.hashing import sha256
from referee.store.files import backup_path, write_atomically

FORMAT = "referee-journal"  # the snapshot line's "journal"
VERSION = 2  # its "version": sealed lines
GENESIS = ""  # what the first line is chained to
_MARK = b',"h":"'
_HEX = 64
_TAIL = len(_MARK) + _HEX + 2  # ,"h":"<64 hex>"}


def link(previous: str, body: bytes) -> str:
    """The ``h`` of a line with ``body`` after the line whose ``h`` is ``previous``."""
    return sha256(previous.encode("ascii"), body)


def dumps(value: Any) -> bytes:
    """Compact JSON bytes (no newline). Text that is not valid Unicode (a lone surrogate,
    from bytes a terminal could not decode) is kept exactly, as a JSON escape."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=dict)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"), default=dict).encode()


def seal(record: dict[str, Any], number: int, previous: str) -> tuple[bytes, str]:
    """The line (newline included) that records ``record`` as line ``number``, and its ``h``."""
    body = dumps({**record, "n": number})
    digest = link(previous, body)
    return body[:-1] + _MARK + digest.encode("ascii") + b'"}\n', digest


def snapshot_record(tables: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    return {"journal": FORMAT, "version": VERSION,
            "tables": {n: {k: dict(v) for k, v in t.items()} for n, t in tables.items()}}


def journal_bytes(records: list[dict[str, Any]]) -> bytes:
    """A whole sealed journal: the snapshot record first, then ``put`` records."""
    out, digest = [], GENESIS
    for number, record in enumerate(records, start=1):
        line, digest = seal(record, number, digest)
        out.append(line)
    return b"".join(out)


def write_new(path: Path, records: list[dict[str, Any]]) -> None:
    """A new journal and its backup. Until the file is renamed into place there is no
    session; after, it is whole: the backup follows (and is remade if a kill stops it)."""
    data = journal_bytes(records)
    write_atomically(path, data)
    write_atomically(backup_path(path), data)


def unseal(line: bytes) -> tuple[bytes, str] | None:
    """``(body, h)`` of a sealed line (without its newline), or None if it carries no check."""
    if len(line) <= _TAIL or line[-_TAIL:-_TAIL + len(_MARK)] != _MARK or line[-2:] != b'"}':
        return None
    digest = line[-_HEX - 2:-2]
    if digest.strip(b"0123456789abcdef"):
        return None
    return line[:-_TAIL] + b"}", digest.decode("ascii")
