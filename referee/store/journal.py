"""A TinyDB storage that adds to a session without rewriting it, and finds any damage.

TinyDB's own JSON storage rewrites the whole file in place on every insert: slow
for long games and unsafe if the process dies mid-write. This storage keeps the
file as a journal of JSON lines, each sealed by ``chain.py``:

* line 1, the snapshot: ``{"journal": "referee-journal", "version": 3, "tables": {...},
  "n": 1, "h": ...}`` (the tables exactly as TinyDB's JSON storage would hold them);
* every later line, one write: ``{"put": {table: {doc_id: document, ...}}, "n": .., "h": ..}``.

Adding documents appends one line to the file and then to its backup, fsyncing each,
so a batch is acknowledged whole or not at all and the backup holds every acknowledged
line. A process killed mid-append can leave only an unterminated last line, which was
never acknowledged: readers ignore it, and the first write after it cuts it off. Anything
other than an
addition rewrites the file as a fresh snapshot. Documents handed to TinyDB are
read-only, so TinyDB cannot change one in place and the journal always matches memory.

Version 1 files (no ``n``/``h``) are read as they are and sealed by the first write that
adds to them; version 2 files (sealed with SHA-256) are read and added to as they are.
Opening for writing changes nothing (no sealing, no cut, no backup catch-up: see
``_Repairs``), so a refused entry leaves the file and its backup byte for byte as they were.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec import Struct, field
from tinydb.storages import Storage

from referee.i18n import N_
from referee.store import notices
from referee.store.chain import (
    FORMAT,
    GENESIS,
    VERSION,
    ChainHead,
    journal_bytes,
    link,
    seal,
    snapshot_record,
    unseal,
)
from referee.store.files import (
    MAX_FILE_BYTES,
    UnsafeFile,
    append_durably,
    backup_path,
    open_regular,
    read_regular,
    write_atomically,
)

LEGACY = 1  # unsealed lines; still read, sealed on the first write

Tables = dict[str, dict[str, Mapping[str, Any]]]

# Why a line is refused (msgids, translated where the error is shown).
EMPTY = N_("the file is empty")
FIRST_CUT = N_("its first line is incomplete")
NOT_SESSION = N_("it is not a referee session file")
NOT_JSON = N_("it is not valid JSON")
NOT_RECORD = N_("it is not a journal record")
TWICE = N_("it records a document a second time")
UNSEALED = N_("it carries no integrity check")
MISSING = N_("lines are missing before it (it was written as line {n})")
MOVED = N_("it is out of place (it was written as line {n})")
CHANGED = N_("it was changed after it was written (its integrity check fails)")
ENDS_EARLY = N_("it is missing: the file ends before its backup does ({lines} lines)")
CUT = N_("it was cut short, but its backup holds it whole")
DIVERGES = N_("it differs from the same line of the backup")
TOO_NEW = N_("journal format {version} is newer than this program reads ({known})")
UNSAFE = {
    "link": N_("it is a symbolic link, which the store does not follow"),
    "folder": N_("it is a folder, not a file"),
    "special": N_("it is not a regular file (a FIFO, a device or a socket)"),
    "too big": N_("it is larger than the {mb} MB a session file may hold"),
    "hard link": N_("it has another name elsewhere (a hard link), so whatever the store "
                    "wrote to it would change that file too"),
}


class JournalError(Exception):
    """The file cannot be used as it is. ``line`` is 1-based; 0 means the whole file.
    ``reason`` is a msgid, filled in with ``params``."""

    def __init__(self, path: Path, line: int, reason: str, params: Mapping[str, Any] | None = None,
                 *, too_new: bool = False) -> None:
        self.path, self.line, self.reason = path, line, reason
        self.params = dict(params or {})
        self.too_new = too_new
        super().__init__(f"{path}: line {line}: {reason.format(**self.params)}")

    @classmethod
    def unsafe(cls, error: UnsafeFile) -> JournalError:
        return cls(error.path, 0, UNSAFE[error.kind], {"mb": MAX_FILE_BYTES >> 20})


class Scan(Struct):
    """What reading a journal found: the valid lines, and the first problem if any."""

    version: int = VERSION
    tables: Tables = field(default_factory=dict)
    lines: int = 0  # complete, valid lines
    good_length: int = 0  # bytes up to the end of the last valid line
    torn_tail: int = 0  # bytes of an unterminated last line (an unacknowledged write)
    digests: list[str] = field(default_factory=list)
    problem: tuple[int, str, dict[str, Any]] | None = None  # line, reason, params
    too_new: bool = False

    @property
    def head(self) -> ChainHead:
        return ChainHead(self.lines, self.digests[-1] if self.digests else GENESIS)

    def error(self, path: Path) -> JournalError:
        assert self.problem is not None
        line, reason, params = self.problem
        return JournalError(path, line, reason, params, too_new=self.too_new)


class _Bad(Exception):
    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason, self.params = reason, params


def scan(raw: bytes) -> Scan:
    """Read a journal up to its first damaged complete line (never raises)."""
    found = Scan()
    if not raw:
        found.problem = (0, EMPTY, {})
        return found
    offset = 0
    while True:
        end = raw.find(b"\n", offset)
        if end < 0:
            if found.lines == 0:
                found.problem = (1, FIRST_CUT, {})
            found.torn_tail = len(raw) - offset
            return found
        number = found.lines + 1
        try:
            _read_line(found, raw[offset:end], number)
        except _Bad as bad:
            found.problem = (number, bad.reason, bad.params)
            return found
        found.lines = number
        offset = found.good_length = end + 1


_DECODE = msgspec.json.Decoder().decode


def _loads(line: bytes) -> Any:
    try:
        # msgspec reads a record about twice as fast as json, and whatever it reads, it reads
        # as json does (the same numbers, the same 4,300-digit limit on integers, the last of
        # two equal keys). What it refuses (a lone surrogate's escape, a number beyond a
        # float, NaN, bad UTF-8, deep nesting) goes to json, whose answer stands.
        return _DECODE(line)
    except (ValueError, RecursionError):  # msgspec.DecodeError and bad UTF-8 are ValueErrors
        pass
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, huge numbers, deep nesting
        raise _Bad(NOT_JSON) from None


def _read_line(found: Scan, line: bytes, number: int) -> None:
    record = _loads(line)
    if not isinstance(record, dict):
        raise _Bad(NOT_SESSION if number == 1 else NOT_RECORD)
    if number == 1:
        if record.get("journal") != FORMAT:
            raise _Bad(NOT_SESSION)
        version = record.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < LEGACY:
            raise _Bad(NOT_SESSION)
        if version > VERSION:
            found.too_new = True
            raise _Bad(TOO_NEW, version=version, known=VERSION)
        found.version = version
    previous = found.digests[-1] if found.digests else GENESIS
    if found.version == LEGACY:
        digest = link(previous, line)  # not stored; lets a copy be compared line by line
    else:
        digest = _check_seal(line, record, number, previous, found.version)
    if number == 1:
        found.tables = _snapshot_tables(record)
    else:
        _apply(found.tables, record)
    found.digests.append(digest)


def _check_seal(line: bytes, record: dict[str, Any], number: int, previous: str,
                version: int) -> str:
    sealed = unseal(line)
    written_as = record.get("n")
    if sealed is None or not isinstance(written_as, int) or isinstance(written_as, bool):
        raise _Bad(UNSEALED)
    body, digest = sealed
    if written_as > number:
        raise _Bad(MISSING, n=written_as)
    if written_as < number:
        raise _Bad(MOVED, n=written_as)
    if link(previous, body, version) != digest:
        raise _Bad(CHANGED)
    return digest


def _snapshot_tables(record: dict[str, Any]) -> Tables:
    raw_tables = record.get("tables")
    if not isinstance(raw_tables, dict):
        raise _Bad(NOT_SESSION)
    tables: Tables = {}
    for name, docs in raw_tables.items():
        if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
            raise _Bad(NOT_SESSION)
        tables[name] = {k: MappingProxyType(v) for k, v in docs.items()}
    return tables


def _apply(tables: Tables, record: dict[str, Any]) -> None:
    put = record.get("put")
    if not isinstance(put, dict) or not all(isinstance(d, dict) for d in put.values()):
        raise _Bad(NOT_RECORD)
    for name, docs in put.items():
        table = tables.get(name, {})
        if not table.keys().isdisjoint(docs) or \
                not all(isinstance(d, dict) for d in docs.values()):
            raise _Bad(TWICE)
    for name, docs in put.items():
        table = tables.setdefault(name, {})
        for k, d in docs.items():
            table[k] = MappingProxyType(d)


def sealed_copy(raw: bytes, found: Scan) -> bytes:
    """The valid lines of a version 1 journal, sealed in the current format (same content)."""
    records = [json.loads(line) for line in raw[:found.good_length].splitlines()]
    records[0]["version"] = VERSION
    return journal_bytes(records)


def read(path: Path) -> bytes:
    try:
        return read_regular(path)
    except UnsafeFile as error:
        raise JournalError.unsafe(error) from None


def read_backup(path: Path) -> bytes | None:
    """The backup's bytes (None if there is none). Read it before the file: the file is
    written first, so the file read after it holds at least what the backup held."""
    try:
        return read_regular(backup_path(path))
    except FileNotFoundError:
        return None
    except UnsafeFile as error:
        raise JournalError.unsafe(error) from None


def compare_with_backup(path: Path, found: Scan, saved: bytes | None) -> Scan | None:
    """Check a journal against its backup; raise JournalError where the file has lost or
    changed a line the backup holds. Returns the backup's scan (None if absent).

    A healthy backup is the file or a shorter copy of it: its valid lines are the file's
    first lines.
    """
    if saved is None:
        return None
    copy = scan(saved)
    if copy.version != found.version:
        return copy  # a copy from before the file was sealed: replaced on write
    common = min(copy.lines, found.lines)
    differ = next((i for i in range(common) if copy.digests[i] != found.digests[i]), None)
    if differ is not None:
        raise JournalError(path, differ + 1, DIVERGES)
    more = copy.lines if copy.lines > found.lines else \
        _intact_after_damage(saved, copy, found) if copy.problem else None
    if more is not None and more <= found.lines:
        raise JournalError(path, more, DIVERGES)
    if more is not None:
        reason = CUT if found.torn_tail else ENDS_EARLY
        raise JournalError(path, found.lines + 1, reason, {"lines": max(more, copy.lines)})
    return copy


def _intact_after_damage(saved: bytes, copy: Scan, found: Scan) -> int | None:
    """A line the backup holds whole after its own damage that the file lacks (or holds
    otherwise): its number, or None. Each whole line past the damage is checked against
    the ``h`` the line before it claims, which a changed byte elsewhere in that line leaves
    as it was; so a backup damaged in an earlier line still vouches for its later lines, and
    the file is never taken for whole (and the backup never rewritten from it) while the
    backup holds an acknowledged line the file has lost."""
    previous: str | None = copy.digests[-1] if copy.digests else GENESIS
    lines = saved.split(b"\n")[:-1]  # whole lines: the last piece has no newline
    for number in range(copy.lines + 1, len(lines) + 1):
        sealed = unseal(lines[number - 1])
        if sealed is None or not sealed[0].endswith(b',"n":%d}' % number):
            previous = None
            continue
        body, claimed = sealed
        intact = previous is not None and link(previous, body, copy.version) == claimed
        if intact and (number > found.lines or claimed != found.digests[number - 1]):
            return number
        previous = claimed
    return None


def _whole_lines_of(raw: bytes, found: Scan, saved: bytes) -> bool:
    """Whether ``saved`` is the first complete, valid lines of the file ``raw``, byte for
    byte: then ``compare_with_backup`` would find nothing, since its lines are the file's."""
    return len(saved) <= found.good_length and saved.endswith(b"\n") and raw.startswith(saved)


class _Repairs(Struct):
    """What a writable open found to put right, done just before the first write."""

    file: bytes | None = None  # the whole file: sealed, or without its unfinished line
    backup: bytes | None = None  # the whole backup, remade
    backup_tail: bytes = b""  # or the lines the backup lacks, appended
    notices: list[str] = field(default_factory=list)


class JournalStorage(Storage):
    """TinyDB storage over a journal file that must already exist (``chain.write_new``)."""

    def __init__(self, path: str | Path, writable: bool = False) -> None:
        self.path = Path(path)
        self.backup = backup_path(self.path)
        saved = read_backup(self.path)
        raw = read(self.path)
        found = scan(raw)
        if found.problem is not None:
            raise found.error(self.path)
        # A backup that is the file's first lines byte for byte (the usual case) has nothing
        # the file lacks: reading it line by line as well doubled the cost of every open.
        copy = None if saved is not None and _whole_lines_of(raw, found, saved) else \
            compare_with_backup(self.path, found, saved)
        self._tables = found.tables
        self.head = found.head
        self.version = VERSION if found.version == LEGACY else found.version
        self.discarded_tail = found.torn_tail
        self.sealed_old_file = False  # True once a write sealed a version 1 file
        self._fds: list[int] = []
        self._repairs: _Repairs | None = None  # until the first write
        if writable:
            self._open_for_append(raw, found, saved, copy)

    def _open_for_append(self, raw: bytes, found: Scan, saved: bytes | None,
                         copy: Scan | None) -> None:
        # Nothing is written here, only noted: a session opened for an entry that is then
        # refused keeps every byte of the file and of its backup.
        good = raw[:found.good_length]
        todo = _Repairs()
        if found.torn_tail:
            # An unterminated line is a write that was never acknowledged.
            todo.file = good
            todo.notices.append(notices.TRIMMED)
        if found.version == LEGACY:
            todo.file = todo.backup = sealed_copy(raw, found)
            todo.notices.append(notices.SEALED)
        elif saved is None or (copy is not None and (copy.torn_tail or copy.problem)) \
                or not good.startswith(saved):
            todo.backup = good
        elif len(saved) < len(good):
            todo.backup_tail = good[len(saved):]
        if todo.file is None and todo.backup is None and not todo.backup_tail:
            self._open_fds()
        else:
            self._repairs = todo

    def _open_fds(self) -> None:
        self._fds = [open_regular(p, os.O_WRONLY | os.O_APPEND) for p in (self.path, self.backup)]

    @staticmethod
    def _catch_up(backup: Path, missing: bytes) -> None:
        fd = open_regular(backup, os.O_WRONLY | os.O_APPEND)
        try:
            append_durably(fd, missing)
        finally:
            os.close(fd)

    def _repair(self) -> None:
        """Put right what the writable open found, before the first addition, and say so."""
        todo = self._repairs
        if todo is None:
            return
        if todo.file is not None:
            write_atomically(self.path, todo.file)
        if todo.backup is not None:
            write_atomically(self.backup, todo.backup)
        elif todo.backup_tail:
            self._catch_up(self.backup, todo.backup_tail)
        if todo.file is not None:
            self.head = scan(todo.file).head
        self._open_fds()
        self._done(todo)

    def _done(self, todo: _Repairs) -> None:
        self._repairs = None
        self.sealed_old_file = notices.SEALED in todo.notices
        for notice in todo.notices:
            if notice == notices.SEALED:
                notices.tell(notice, path=str(self.path), version=VERSION)
            else:
                notices.tell(notice, path=str(self.path))

    def _check_writable(self) -> None:
        if not self._fds and self._repairs is None:
            raise PermissionError(f"{self.path} is open read-only")

    def read(self) -> Tables:
        # A copy of the outer dict only: TinyDB replaces whole tables, it never edits ours.
        return dict(self._tables)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self._check_writable()
        put: dict[str, dict[str, Any]] = {}
        rewrite = bool(self._tables.keys() - data.keys())
        for name, table in data.items():
            old = self._tables.get(name, {})
            if table is old:
                continue
            if old.keys() - table.keys():
                rewrite = True
            added = table.keys() - old.keys()
            if added:
                put[name] = {k: table[k] for k in sorted(added, key=_doc_order)}
        if rewrite:
            self._rewrite(data)
        elif put:
            self._append({"put": put})
        tables = dict(data)
        for name, table in tables.items():
            if table is self._tables.get(name):
                continue
            if rewrite:
                tables[name] = {k: v if isinstance(v, MappingProxyType) else
                                MappingProxyType(dict(v)) for k, v in table.items()}
            else:
                for k in put.get(name, ()):
                    table[k] = MappingProxyType(dict(table[k]))
        self._tables = tables

    def append(self, table: str, docs: Mapping[str, Mapping[str, Any]]) -> None:
        """Add documents to ``table`` with one durable line; the cost does not grow
        with the size of the session."""
        self._check_writable()
        existing = self._tables.setdefault(table, {})
        clash = docs.keys() & existing.keys()
        if clash:
            raise ValueError(f"documents already exist in {table}: {sorted(clash)}")
        self._append({"put": {table: docs}})
        # Editing our table in place is safe: TinyDB builds new dicts for its own
        # changes and only iterates ours while it searches.
        existing.update((k, MappingProxyType(dict(v))) for k, v in docs.items())

    def _append(self, record: dict[str, Any]) -> None:
        self._repair()
        line, digest = seal(record, self.head.lines + 1, self.head.digest, self.version)
        main, backup = self._fds
        append_durably(main, line)
        try:
            append_durably(backup, line)
        except OSError:
            # Not acknowledged, so not kept: the file never holds a line its backup lacks
            # because of a failed write.
            os.ftruncate(main, os.fstat(main).st_size - len(line))
            os.fsync(main)
            raise
        self.head = ChainHead(self.head.lines + 1, digest)

    def _rewrite(self, data: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> None:
        raw = journal_bytes([snapshot_record(data)])
        if self._repairs is not None:  # the fresh snapshot and backup put everything right
            self._done(self._repairs)
        self.close()
        write_atomically(self.path, raw)
        write_atomically(self.backup, raw)
        self.head, self.version = scan(raw).head, VERSION
        self._open_fds()

    def close(self) -> None:
        for fd in self._fds:
            os.close(fd)
        self._fds = []


def _doc_order(doc_id: str) -> tuple[int, str]:
    return (int(doc_id), doc_id) if doc_id.isdigit() else (0, doc_id)


__all__ = ["LEGACY", "JournalError", "JournalStorage", "Scan", "Tables", "compare_with_backup",
           "read", "read_backup", "scan", "sealed_copy"]
