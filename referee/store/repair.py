"""``referee sessions repair``: one journal made of the trustworthy lines of both copies.

Two copies exist: the file and its backup. Repair reads both whole lines by whole lines and
builds the journal line by line, by the number each line was sealed as (``n``): for every
number it takes a copy's line whose integrity check passes against the line kept before it;
a line after a gap (no copy holds the line before it) cannot be checked, and is kept for the
game to decide by replaying it (``referee tribune repair``); a line whose check fails while
the line before it is known was changed, and is left out, as is a line no copy holds in a
usable form. A last line that neither copy holds whole was a write never acknowledged.

Every file replaced by something that does not contain it is first kept aside as
``<name>.damaged-<time>``: repair never destroys a copy of an entry it does not keep.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeGuard

from msgspec import Struct, field

from referee.i18n import translator
from referee.store.chain import FORMAT, GENESIS, VERSION, journal_bytes, link, seal, unseal
from referee.store.files import backup_path, create_new, write_atomically
from referee.store.journal import (
    LEGACY,
    JournalError,
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
            damage = exc
    if damage is None:
        if not found.torn_tail:
            return {"action": "none", "records": found.lines}
        # an unfinished write: no copy holds that line whole (the backup would be damage)
        write_atomically(path, raw[:found.good_length])
        return {"action": "dropped_unfinished_write", "records": found.lines,
                "bytes_dropped": found.torn_tail}
    merged = merge(raw, saved_raw or b"")
    if not merged.records:
        raise damage
    keep = merged.journal()
    # The damaged file is kept for a look even when the result holds all of it; a backup
    # only when it holds something the result does not.
    aside = _replace(path, raw, keep, always=True) if raw != keep else None
    backup, old_backup = backup_path(path), saved_raw or b""
    backup_aside = _replace(backup, old_backup, keep) if old_backup != keep else None
    action = "restored_backup" if keep == _whole_lines(old_backup) else \
        "kept_valid_part" if not merged.from_backup else "merged"
    reason = translator("core")(damage.reason, **damage.params)
    return {"action": action, "records": len(merged.records), "entries": merged.entries,
            "damaged_line": damage.line, "reason": reason, "dropped_lines": merged.dropped,
            "unfinished_write": merged.unfinished,
            "damaged_copy": str(aside) if aside else None,
            "damaged_backup": str(backup_aside) if backup_aside else None}


class Merged(Struct):
    """The journal repair builds: its records in order, and what it left out."""

    version: int = VERSION
    records: list[dict[str, Any]] = field(default_factory=list)
    lines: list[bytes] = field(default_factory=list)  # as written, while nothing differs
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    last: int = 0  # the number (n, or place) of the last line kept
    dropped: list[int] = field(default_factory=list)  # numbers no usable line was kept for
    from_backup: bool = False  # a line came from the backup
    unfinished: bool = False  # a last line no copy holds whole was left out

    @property
    def entries(self) -> int:
        return len(self.tables.get(EVENTS_TABLE, {}))

    def journal(self) -> bytes:
        """The lines kept as they were written, then the rest sealed again after them (a
        version 1 journal is sealed whole in the current format, as a write would)."""
        if self.version == LEGACY:
            records = [dict(r) for r in self.records]
            records[0]["version"] = VERSION
            return journal_bytes(records)
        out, previous = [*self.lines], GENESIS
        if self.lines:
            sealed = unseal(self.lines[-1].rstrip(b"\n"))
            assert sealed is not None
            previous = sealed[1]
        for number in range(len(self.lines) + 1, len(self.records) + 1):
            line, previous = seal(self.records[number - 1], number, previous, self.version)
            out.append(line)
        return b"".join(out)


class _Line(Struct):
    raw: bytes  # with its newline
    record: dict[str, Any] | None  # None: not JSON, or not a record
    body: bytes = b""  # what its check covers
    claimed: str | None = None  # its "h"; None when it carries no check
    backup: bool = False


def merge(raw: bytes, saved: bytes) -> Merged:
    """The trustworthy lines of the file ``raw`` and its backup ``saved`` as one journal."""
    copies = [_whole_lines(raw), _whole_lines(saved)]
    merged = Merged(version=_version(copies))
    places = [_candidates(data, i == 1, merged.version) for i, data in enumerate(copies)]
    if merged.version == LEGACY:
        _merge_unsealed(merged, places)
    else:
        _merge_sealed(merged, places)
    # an unterminated last line that no copy holds whole: a write never acknowledged
    merged.unfinished = any(data != whole and whole.count(b"\n") + 1 > merged.last
                            for data, whole in zip((raw, saved), copies, strict=True))
    return merged


def _whole_lines(data: bytes) -> bytes:
    return data[:data.rfind(b"\n") + 1]


def _version(copies: list[bytes]) -> int:
    for data in copies:
        found = scan(data)
        if found.lines:
            return found.version
    return VERSION


def _candidates(data: bytes, backup: bool, version: int) -> dict[int, list[_Line]]:
    """The whole lines of one copy by the number each was sealed as (a line that carries
    no number counts as the one its place in the file gives it)."""
    out: dict[int, list[_Line]] = {}
    for place, text in enumerate(data.splitlines(keepends=True), start=1):
        line = _read(text, backup)
        number = place
        if version != LEGACY and line.record is not None and line.claimed is not None:
            written_as = line.record.get("n")
            if isinstance(written_as, int) and not isinstance(written_as, bool) \
                    and written_as > 0:
                number = written_as
        out.setdefault(number, []).append(line)
    return out


def _read(text: bytes, backup: bool) -> _Line:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return _Line(text, None, backup=backup)
    if not isinstance(record, dict):
        return _Line(text, None, backup=backup)
    sealed = unseal(text.rstrip(b"\n"))
    if sealed is None:
        return _Line(text, record, backup=backup)
    return _Line(text, record, sealed[0], sealed[1], backup)


def _merge_sealed(merged: Merged, places: list[dict[int, list[_Line]]]) -> None:
    version = merged.version
    previous: set[str] | None = None  # what the next line may be chained to (None: unknown)
    before = 0  # the number looked at last
    verbatim = True  # every line so far kept as written, none left out
    for number in sorted({n for p in places for n in p}):
        if number == 1:
            previous = {GENESIS}
        elif number != before + 1:
            previous, verbatim = None, False  # a gap: no copy holds the line before
        before = number
        lines = [line for p in places for line in p.get(number, [])]
        sealed = [line for line in lines if line.claimed is not None]
        checked = [line for line in sealed if previous is not None and
                   any(link(p, line.body, version) == line.claimed for p in previous)]
        # after a gap nothing can be checked: a sealed line is kept for the game to judge
        trusted = checked if previous is not None else sealed
        kept = next((line for line in trusted if _usable(merged, line)), None)
        if kept is None:
            merged.dropped.append(number)
            verbatim = False
            previous = {line.claimed for line in sealed if line.claimed is not None} or None
            continue
        verbatim = verbatim and kept in checked
        _keep(merged, kept, number)
        if verbatim:
            merged.lines.append(kept.raw)
        previous = {kept.claimed} if kept.claimed is not None else None


def _merge_unsealed(merged: Merged, places: list[dict[int, list[_Line]]]) -> None:
    """Version 1 copies carry no checks: each line is taken from the file, or from the
    backup where the file's is unusable."""
    for number in sorted({n for p in places for n in p}):
        lines = [line for p in places for line in p.get(number, [])]
        kept = next((line for line in lines if _usable(merged, line)), None)
        if kept is None:
            merged.dropped.append(number)
        else:
            _keep(merged, kept, number)


def _keep(merged: Merged, line: _Line, number: int) -> None:
    assert line.record is not None
    merged.records.append(_without_seal(line.record))
    merged.from_backup |= line.backup
    merged.last = number


def _without_seal(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("n", "h")}


def _usable(merged: Merged, line: _Line) -> bool:
    """Whether ``line`` can be the next line of the journal (a snapshot first, then records
    that add documents not there yet); if so its documents are added to the tables."""
    record, tables = line.record, merged.tables
    if record is None:
        return False
    if not merged.records:
        docs = record.get("tables")
        if record.get("journal") != FORMAT or record.get("version") != merged.version or \
                not _documents(docs):
            return False
        tables.update({name: dict(t) for name, t in docs.items()})
        return True
    put = record.get("put")
    if not _documents(put) or any(k in tables.get(name, {}) for name, docs in put.items()
                                  for k in docs):
        return False
    for name, docs in put.items():
        tables.setdefault(name, {}).update(docs)
    return True


def _documents(value: Any) -> TypeGuard[dict[str, dict[str, Any]]]:
    """Whether ``value`` is {table: {id: document}}, as a snapshot's tables and a put are."""
    return isinstance(value, dict) and all(
        isinstance(t, dict) and all(isinstance(d, dict) for d in t.values())
        for t in value.values())


def _replace(path: Path, old: bytes, new: bytes, always: bool = False) -> Path | None:
    """Put ``new`` in place of ``path``, first keeping ``old`` aside unless ``new`` holds
    all of it (``old`` is its first whole lines)."""
    aside = None
    if always or (old and not (new.startswith(old) and old.endswith(b"\n"))):
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        create_new(aside, old)
    write_atomically(path, new)
    return aside
