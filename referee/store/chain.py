"""The integrity check every journal line carries, chained to the line before it.

A sealed line is its record with two fields added at the end::

    {"put": {...}, "n": 7, "h": "<64 hex digits>"}

``n`` is the line's number (1 for the snapshot) and ``h`` is a digest over the previous
line's ``h`` followed by the line's own bytes up to ``"n": 7}`` (the line with ``h`` taken
off): BLAKE2b-256 in journal format 3, SHA-256 in format 2 (``referee.hashing``). Checking a
line needs only the line before it, so one damaged line is found and named on its own: an
edit breaks its own ``h``; a dropped or moved line shows in ``n`` and in the next line's
link; a cut end shows against the backup, which holds every acknowledged line. The last
line's ``n`` and ``h`` (the head) therefore stand for every byte of the journal.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import msgspec
from msgspec import Struct

from referee.hashing import Bytes, new_digest, new_sha256
from referee.store.files import backup_path, open_regular, read_regular, write_atomically

FORMAT = "referee-journal"  # the snapshot line's "journal"
VERSION = 3  # its "version": lines sealed with BLAKE2b
SHA256_VERSION = 2  # lines sealed with SHA-256: still read, and added to as they are
GENESIS = ""  # what the first line is chained to
_MARK = b',"h":"'
_HEX = 64
_TAIL = len(_MARK) + _HEX + 2  # ,"h":"<64 hex>"}
_HEX_DIGITS = b"0123456789abcdef"


class ChainHead(Struct, frozen=True):
    """Where a journal stands: how many lines it holds and the check of the last one.

    Two journals with the same head hold the same lines, so a cache of the state a session
    replays to can be kept under it."""

    lines: int
    digest: str


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
    import json  # only to write: reading a journal needs none

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


def sealed_version(first_line: bytes) -> int | None:
    """The format of a sealed journal, from its first line (None when it is not one this
    program seals: not a journal, version 1, or newer than this program)."""
    try:
        record = msgspec.json.decode(first_line)
    except (msgspec.DecodeError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or record.get("journal") != FORMAT:
        return None
    version = record.get("version")
    return version if version in (SHA256_VERSION, VERSION) else None


def head_of(raw: bytes) -> ChainHead | None:
    """The head of a journal every line of which passes its check, found without reading a
    record: each line's number and its ``h`` over the one before. None for anything else
    (a damaged line, an unfinished last line, a version 1 or unknown format), which only
    opening the journal explains. (A status checks the whole chain with it every time: it
    is written for speed, and a test holds it to ``journal.scan``'s verdict.)"""
    end = raw.find(b"\n")
    version = sealed_version(raw[:end]) if end > 0 else None
    if version is None or not raw.endswith(b"\n"):
        return None
    new, view, find, ends = _hasher(version), memoryview(raw), raw.find, raw.endswith
    start, number, previous, mark = 0, 0, b"", len(_MARK)
    while end >= 0:
        number += 1
        tail = end - _TAIL
        if tail <= start or raw[tail:tail + mark] != _MARK or \
                not ends(b',"n":%d' % number, start, tail):
            return None
        hasher = new(previous)
        hasher.update(view[start:tail])
        hasher.update(b"}")  # the line without its "h": up to and including "n": N}
        previous = hasher.hexdigest().encode("ascii")
        if raw[end - _HEX - 2:end] != previous + b'"}':
            return None
        start = end + 1
        end = find(b"\n", start)
    return ChainHead(number, previous.decode("ascii"))


def checked_head(path: Path) -> ChainHead | None:
    """The head of the journal at ``path`` when the journal is whole and its backup agrees
    with it (the backup's bytes are the journal's first whole lines, as an open requires of
    a backup it need not compare line by line); None otherwise, and for a journal or backup
    that is not a regular file of one name, or too big: opening the journal then says what
    is wrong. (Were a write to land between the two reads, the backup would hold more than
    the journal read: None, and the open decides.)"""
    try:
        raw = read_regular(path)
        if not _first_lines_of(raw, backup_path(path)):
            return None
    except OSError:
        return None
    return head_of(raw)


_CHUNK = 1 << 16


def _first_lines_of(raw: bytes, backup: Path) -> bool:
    """Whether the file ``backup`` holds the first whole lines of ``raw``, byte for byte
    (compared a chunk at a time: no second copy of a long journal in memory)."""
    fd = open_regular(backup, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        if not 0 < size <= len(raw) or raw[size - 1:size] != b"\n":
            return False
        chunk, view, done = bytearray(_CHUNK), memoryview(raw), 0
        while done < size:
            got = os.readv(fd, [chunk]) if hasattr(os, "readv") else _read_into(fd, chunk)
            # bytearray against memoryview: compared as buffers, at memcmp's speed
            if got <= 0 or done + got > size or \
                    (chunk if got == _CHUNK else chunk[:got]) != view[done:done + got]:
                return False
            done += got
        return os.read(fd, 1) == b""  # nothing was added to it meanwhile
    finally:
        os.close(fd)


def _read_into(fd: int, chunk: bytearray) -> int:
    data = os.read(fd, len(chunk))
    chunk[:len(data)] = data
    return len(data)
