"""``referee sessions repair``: put back the copy of a session that holds the most entries.

Two copies exist: the file and its backup. Each is read up to its first damaged line;
from the file, the complete lines after the damage are kept too when they can still be
trusted (a line whose own integrity check fails with an intact line before it was
edited, and is dropped; a line after a gap cannot be checked, and is kept, so that the
game can decide by replaying it: ``referee tribune repair``). Whichever copy holds more
entries becomes both the file and the backup. A file that is replaced by something that
does not contain it is first kept aside as ``<name>.damaged-<time>``: repair never
destroys a copy that holds entries it does not keep.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.i18n import translator
from referee.store.chain import VERSION, journal_bytes, link, seal, unseal
from referee.store.files import backup_path, write_all, write_atomically
from referee.store.journal import (
    LEGACY,
    JournalError,
    Scan,
    Tables,
    compare_with_backup,
    read,
    read_backup,
    scan,
)
from referee.store.names import EVENTS_TABLE


def repair_files(path: Path, session_id: str) -> dict[str, Any]:
    saved_raw = read_backup(path)
    raw = read(path)
    found = scan(raw)
    if found.too_new:
        raise found.error(path)
    damage = found.error(path) if found.problem else None
    if damage is None:
        try:
            compare_with_backup(path, found, saved_raw)
        except JournalError as exc:
            if exc.params.get("mb"):  # an unusable backup (a link, a FIFO): say so
                raise
            damage = exc
    if damage is None:
        if not found.torn_tail:
            return {"action": "none", "records": found.lines}
        write_atomically(path, raw[:found.good_length])
        return {"action": "dropped_unfinished_write", "records": found.lines,
                "bytes_dropped": found.torn_tail}
    own, own_entries, dropped = _from_file(raw, found)
    saved, saved_entries = _from_backup(saved_raw or b"")
    restored = bool(saved) and saved_entries >= own_entries  # every line of it passed its check
    keep = saved if restored else own
    if not keep:
        raise damage
    aside = _replace(path, raw, keep, always=True)  # kept for a look, even if contained
    backup, old_backup = backup_path(path), saved_raw or b""
    if old_backup and not keep.startswith(old_backup[:scan(old_backup).good_length]):
        _replace(backup, old_backup, keep)
    else:
        write_atomically(backup, keep)
    reason = translator("core")(damage.reason, **damage.params)
    return {"action": "restored_backup" if restored else "kept_valid_part",
            "records": scan(keep).lines, "entries": max(saved_entries, own_entries),
            "damaged_line": damage.line, "reason": reason, "dropped_lines": dropped,
            "damaged_copy": str(aside) if aside else None}


def _events(tables: Tables) -> int:
    return len(tables.get(EVENTS_TABLE, {}))


def _from_backup(saved: bytes) -> tuple[bytes, int]:
    copy = scan(saved)
    if copy.lines == 0 or copy.too_new:
        return b"", 0
    return saved[:copy.good_length], _events(copy.tables)


def _from_file(raw: bytes, found: Scan) -> tuple[bytes, int, list[int]]:
    """The file's valid lines and the trusted lines after its damage, sealed as one
    journal; the number of entries it holds; the numbers of the lines left out."""
    if found.lines == 0:
        return b"", 0, []
    tables = {name: dict(docs) for name, docs in found.tables.items()}
    rest = raw[found.good_length:].split(b"\n")[:-1]  # the last piece has no newline
    later, dropped = [], []
    previous: tuple[int, str] | None = (found.lines, found.digests[-1])
    for number, line in enumerate(rest, start=found.lines + 1):
        record, previous = _trusted(line, previous, found.version)
        if record is None or not _add(tables, record):
            dropped.append(number)
            continue
        later.append(record)
    good = raw[:found.good_length]
    if found.version == LEGACY:
        records = [json.loads(line) for line in good.splitlines()]
        records[0]["version"] = VERSION
        return journal_bytes(records + later), _events(tables), dropped
    digest = found.digests[-1]
    for number, record in enumerate(later, start=found.lines + 1):
        line, digest = seal(record, number, digest, found.version)
        good += line
    return good, _events(tables), dropped


def _trusted(line: bytes, previous: tuple[int, str] | None,
             version: int) -> tuple[dict[str, Any] | None, tuple[int, str] | None]:
    """The ``put`` record of a line after the damage, or None when it cannot be used;
    and what the next line is checked against."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(record, dict) or not isinstance(record.get("put"), dict):
        return None, None
    put = {"put": record["put"]}
    if version == LEGACY:
        return put, None
    sealed, written_as = unseal(line), record.get("n")
    if sealed is None or not isinstance(written_as, int):
        return None, None
    body, digest = sealed
    if previous is not None and written_as == previous[0] + 1 \
            and link(previous[1], body, version) != digest:
        return None, (written_as, digest)  # edited: its neighbours are fine, it is not
    return put, (written_as, digest)


def _add(tables: dict[str, dict[str, Any]], record: dict[str, Any]) -> bool:
    put = record["put"]
    if not all(isinstance(d, dict) and all(isinstance(v, dict) for v in d.values())
               for d in put.values()):
        return False
    if any(k in tables.get(name, {}) for name, docs in put.items() for k in docs):
        return False
    for name, docs in put.items():
        tables.setdefault(name, {}).update(docs)
    return True


def _replace(path: Path, old: bytes, new: bytes, always: bool = False) -> Path | None:
    """Put ``new`` in place of ``path``, first keeping ``old`` aside unless ``new``
    holds all of it."""
    aside = None
    if always or not new.startswith(old):
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o644)
        try:
            write_all(fd, old)
            os.fsync(fd)
        finally:
            os.close(fd)
    write_atomically(path, new)
    return aside

