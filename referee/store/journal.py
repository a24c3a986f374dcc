"""A TinyDB storage that adds to a session without rewriting it.

TinyDB's own JSON storage rewrites the whole file in place on every insert: slow
for long games and unsafe if the process dies mid-write. This storage keeps the
file as a journal of JSON lines:

* line 1, the snapshot: ``{"journal": "referee-journal", "version": 1, "tables": {...}}``
  (the tables exactly as TinyDB's JSON storage would hold them);
* every later line, one write: ``{"put": {table: {doc_id: document, ...}, ...}}``.

Adding documents appends one line and fsyncs it, so a batch of documents is
acknowledged whole or not at all. A process killed mid-append can leave only an
unterminated last line, which was never acknowledged and is dropped on the next
writable open. Anything other than an addition (a removal, a dropped table)
rewrites the file as a fresh snapshot: temp file, fsync, rename, fsync of the
folder. Documents handed to TinyDB are read-only, so TinyDB cannot change one in
place and the journal always matches memory.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tinydb.storages import Storage

FORMAT = "referee-journal"
VERSION = 1
ENDS_EARLY = "it ends before its last good copy does"

Tables = dict[str, dict[str, Mapping[str, Any]]]


class JournalError(Exception):
    """The file cannot be used as it is. ``line`` is 1-based; 0 means the whole file."""

    def __init__(self, path: Path, line: int, reason: str, *, good_length: int = 0,
                 too_new: bool = False) -> None:
        super().__init__(f"{path}: line {line}: {reason}")
        self.path, self.line, self.reason = path, line, reason
        self.good_length = good_length
        self.too_new = too_new


@dataclass
class Parsed:
    tables: Tables
    good_length: int  # bytes up to the end of the last complete, valid line
    lines: int
    torn_tail: int  # bytes of an unterminated last line (an unacknowledged write)


def parse(path: Path, raw: bytes) -> Parsed:
    """Read a journal; raise JournalError at the first damaged complete line."""
    if not raw:
        raise JournalError(path, 0, "the file is empty")
    offset, lineno, tables = 0, 0, None
    while True:
        end = raw.find(b"\n", offset)
        if end < 0:
            if tables is None:
                raise JournalError(path, 1, "the first line is incomplete")
            return Parsed(tables, offset, lineno, len(raw) - offset)
        lineno += 1
        try:
            record = json.loads(raw[offset:end])
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise JournalError(path, lineno, f"not valid JSON ({exc})",
                               good_length=offset) from None
        if tables is None:
            tables = _snapshot_tables(path, record)
        else:
            _apply(path, lineno, tables, record, offset)
        offset = end + 1


def _snapshot_tables(path: Path, record: Any) -> Tables:
    if not isinstance(record, dict) or record.get("journal") != FORMAT:
        raise JournalError(path, 1, "not a referee session file")
    version = record.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise JournalError(path, 1, f"journal format version {version} is newer than this "
                           f"program reads ({VERSION})", too_new=True)
    raw_tables = record.get("tables")
    if not isinstance(raw_tables, dict):
        raise JournalError(path, 1, "the snapshot has no tables")
    tables: Tables = {}
    for name, docs in raw_tables.items():
        if not isinstance(docs, dict):
            raise JournalError(path, 1, f"table {name!r} is not an object")
        tables[name] = {k: _frozen(v) for k, v in docs.items()}
    return tables


def _apply(path: Path, lineno: int, tables: Tables, record: Any, offset: int) -> None:
    put = record.get("put") if isinstance(record, dict) else None
    if not isinstance(put, dict) or not all(isinstance(d, dict) for d in put.values()):
        raise JournalError(path, lineno, "not a journal record", good_length=offset)
    for name, docs in put.items():
        table = tables.setdefault(name, {})
        for doc_id, doc in docs.items():
            if doc_id in table or not isinstance(doc, dict):
                raise JournalError(path, lineno, f"bad document {name}/{doc_id}",
                                   good_length=offset)
            table[doc_id] = _frozen(doc)


def _frozen(doc: Any) -> Mapping[str, Any]:
    if not isinstance(doc, dict):
        raise TypeError("a document must be a JSON object")
    return MappingProxyType(doc)


def _dumps(value: Any) -> bytes:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=dict)
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        # Text that is not valid Unicode (a lone surrogate, from bytes a terminal could not
        # decode) is kept exactly, as a JSON escape.
        return (json.dumps(value, separators=(",", ":"), default=dict) + "\n").encode()


@contextmanager
def _no_interrupts() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until a write has finished (they are delivered after)."""
    blocked = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: temp file in the same folder, fsync, rename, fsync."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with _no_interrupts():
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, path)
            fsync_dir(path.parent)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def append_durably(path: Path, data: bytes) -> None:
    """Add ``data`` to the end of ``path`` and fsync it (a crash can leave a torn tail)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        with _no_interrupts():
            _write_all(fd, data)
            os.fsync(fd)
    finally:
        os.close(fd)


def snapshot_bytes(tables: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> bytes:
    return _dumps({"journal": FORMAT, "version": VERSION,
                   "tables": {n: {k: dict(v) for k, v in t.items()} for n, t in tables.items()}})


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class JournalStorage(Storage):
    """TinyDB storage over a journal file that must already exist (see ``create``)."""

    def __init__(self, path: str | Path, writable: bool = False, min_length: int = 0) -> None:
        self.path = Path(path)
        raw = self.path.read_bytes()
        parsed = parse(self.path, raw)
        if parsed.good_length < min_length:
            # The file once held ``min_length`` bytes and only ever grows: records were
            # lost (a copy cut short, a disk fault, an edit), this is no unfinished write.
            raise JournalError(self.path, parsed.lines + 1, ENDS_EARLY,
                               good_length=parsed.good_length)
        self._tables = parsed.tables
        self.records = parsed.lines
        self.discarded_tail = parsed.torn_tail
        self._fd: int | None = None
        if writable:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            if parsed.torn_tail:
                # An unterminated line is a write that was never acknowledged.
                os.ftruncate(self._fd, parsed.good_length)
                os.fsync(self._fd)

    @staticmethod
    def create(path: Path, tables: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> None:
        write_atomically(path, snapshot_bytes(tables))

    def read(self) -> Tables:
        # A copy of the outer dict only: TinyDB replaces whole tables, it never edits ours.
        return dict(self._tables)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._fd is None:
            raise PermissionError(f"{self.path} is open read-only")
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
            self._append(_dumps({"put": put}))
        tables = dict(data)
        for name, table in tables.items():
            if table is self._tables.get(name):
                continue
            if rewrite:
                tables[name] = {k: v if isinstance(v, MappingProxyType) else _frozen(dict(v))
                                for k, v in table.items()}
            else:
                for k in put.get(name, ()):
                    table[k] = _frozen(dict(table[k]))
        self._tables = tables

    def append(self, table: str, docs: Mapping[str, Mapping[str, Any]]) -> None:
        """Add documents to ``table`` with one durable line; the cost does not grow
        with the size of the session."""
        if self._fd is None:
            raise PermissionError(f"{self.path} is open read-only")
        existing = self._tables.setdefault(table, {})
        clash = docs.keys() & existing.keys()
        if clash:
            raise ValueError(f"documents already exist in {table}: {sorted(clash)}")
        self._append(_dumps({"put": {table: docs}}))
        # Editing our table in place is safe: TinyDB builds new dicts for its own
        # changes and only iterates ours while it searches.
        existing.update((k, _frozen(dict(v))) for k, v in docs.items())

    def _append(self, line: bytes) -> None:
        assert self._fd is not None
        size = os.fstat(self._fd).st_size
        with _no_interrupts():
            try:
                _write_all(self._fd, line)
                os.fsync(self._fd)
            except OSError:
                # Disk full or similar: leave no partial line behind.
                os.ftruncate(self._fd, size)
                raise
        self.records += 1

    def _rewrite(self, data: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> None:
        write_atomically(self.path, snapshot_bytes(data))
        assert self._fd is not None
        os.close(self._fd)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self.records = 1

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _doc_order(doc_id: str) -> tuple[int, str]:
    return (int(doc_id), doc_id) if doc_id.isdigit() else (0, doc_id)
