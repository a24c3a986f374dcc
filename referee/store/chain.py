"""The integrity check every journal line carries, chained to the line before it.

A sealed line is its record with two fields added at the end::

    {"put": {...}, "n": 7, "h": "<64 hex digits>"}

``n`` is the line's number (1 for the snapshot) and ``h`` is a digest over the previous
line's ``h`` followed by the line's own bytes up to ``"n": 7}`` (the line with ``h`` taken
off): BLAKE2b-256 in journal format 3, SHA-256 in format 2 (``referee.hashing``). Checking a
line needs only the line before it, so one damaged line is found and named on its own: an
edit breaks its own ``h``; a dropped or moved line shows in ``n`` and in the next line's
link; a cut end shows against the backup, which holds every acknowledged line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from referee.hashing import Bytes, new_digest, new_sha256
from referee.store.files import backup_path, write_atomically

FORMAT = "referee-journal"  # the snapshot line's "journal"
VERSION = 3  # its "version": lines sealed with BLAKE2b
SHA256_VERSION = 2  # lines sealed with SHA-256: still read, and added to as they are
GENESIS = ""  # what the first line is chained to
_MARK = b',"h":"'
_HEX = 64
_TAIL = len(_MARK) + _HEX + 2  # ,"h":"<64 hex>"}
_HEX_DIGITS = b"0123456789abcdef"


def _hasher(version: int) -> Callable[[bytes], Any]:
    return new_sha256 if version == SHA256_VERSION else new_digest


def link(previous: str, body: Bytes, version: int = VERSION) -> str:
    """The ``h`` of a line with ``body`` after the line whose ``h`` is ``previous``."""
    hasher = _hasher(version)(previous.encode("ascii"))
    hasher.update(body)
    return str(hasher.hexdigest())


def dumps(value: Any) -> bytes:
    """Compact JSON bytes (no newline). Text that is not valid Unicode (a lone surrogate,
    from bytes a terminal could not decode) is kept exactly, as a JSON escape."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=dict)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":"), default=dict).encode()


def seal(record: dict[str, Any], number: int, previous: str,
         version: int = VERSION) -> tuple[bytes, str]:
    """The line (newline included) that records ``record`` as line ``number``, and its ``h``."""
    body = dumps({**record, "n": number})
    check = link(previous, body, version)
    return body[:-1] + _MARK + check.encode("ascii") + b'"}\n', check


def snapshot_record(tables: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    return {"journal": FORMAT, "version": VERSION,
            "tables": {n: {k: dict(v) for k, v in t.items()} for n, t in tables.items()}}


def journal_bytes(records: list[dict[str, Any]]) -> bytes:
    """A whole sealed journal: the snapshot record first (its ``version`` says how the lines
    are sealed), then ``put`` records."""
    version = records[0].get("version", VERSION) if records else VERSION
    out, check = [], GENESIS
    for number, record in enumerate(records, start=1):
        line, check = seal(record, number, check, version)
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
    check = line[-_HEX - 2:-2]
    if check.strip(_HEX_DIGITS):
        return None
    return line[:-_TAIL] + b"}", check.decode("ascii")
