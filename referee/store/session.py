"""An open session: its header, its events, and the only ways to add to them.

Nothing is ever removed from a session. Undo and corrections append an ``undo``
event that withdraws earlier events; :meth:`Session.effective_events` is what the
game replays, so the current state is always what replaying the log gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from referee.errors import SessionError
from referee.i18n import N_, translator
from referee.store.chain import ChainHead
from referee.store.errors import (
    NothingToUndo,
    SessionDamaged,
    SessionMisnamed,
    SessionRefused,
    SessionTooNew,
    StorageFailure,
)
from referee.store.journal import UNSAFE, JournalError, JournalStorage
from referee.store.lock import SessionLock
from referee.store.model import FORMAT, FORMAT_VERSION, UNDO, Event, EventDraft, Header, number
from referee.store.names import EVENTS_TABLE, HEADER_TABLE

UNEXPECTED = N_("its content is not a session's ({detail})")


def open_journal(path: Path, writable: bool, session_id: str) -> Any:
    """A TinyDB over the journal, with journal problems turned into session errors."""
    from referee.store.tables import JournalDB

    try:
        return JournalDB(path, storage=JournalStorage, writable=writable)
    except JournalError as exc:
        raise session_error(exc, session_id) from None
    except OSError as exc:
        raise StorageFailure(str(path), exc.strerror or str(exc)) from None


def session_error(exc: JournalError, session_id: str) -> SessionError:
    if exc.too_new:
        return SessionTooNew(str(exc.path), translator("core")(exc.reason, **exc.params))
    if exc.reason in UNSAFE.values():
        return SessionRefused(str(exc.path), exc.reason, exc.params)
    return SessionDamaged(str(exc.path), exc.line, exc.reason, exc.params, session_id)


class Session:
    """``written``: called after each addition that reached the disk (the store notes which
    session was written last)."""

    def __init__(self, path: Path, *, writable: bool, lock: SessionLock | None = None,
                 written: Callable[[], None] | None = None) -> None:
        self.path = path
        self._lock = lock
        self._written = written
        self._db: Any = None
        session_id = path.name.removesuffix(".json")
        try:
            self._db = open_journal(path, writable, session_id)
            self.header = self._read_header()
            if self.header.id != session_id:  # another session's file under this name
                raise SessionMisnamed(str(path), session_id, self.header.id)
            # The stored documents as the journal read them: TinyDB's table.all() would wrap
            # each in a Document first, only for it to become an Event here.
            docs = self._db.storage.read().get(EVENTS_TABLE, {}).values()
            self.events: list[Event] = sorted((Event.from_json(d) for d in docs),
                                              key=lambda e: e.seq)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            self.close()
            raise SessionDamaged(str(path), 0, UNEXPECTED, {"detail": repr(exc)[:80]},
                                 session_id) from None
        except BaseException:
            self.close()
            raise
        self._effective: list[Event] | None = None
        self._keys: dict[str, Event] | None = None

    def _read_header(self) -> Header:
        doc = self._db.table(HEADER_TABLE).get(doc_id=1)
        if doc is None or doc.get("format") != FORMAT:
            raise ValueError("no session header")
        if doc.get("format_version", 0) > FORMAT_VERSION:
            raise SessionTooNew(str(self.path), f"session format {doc['format_version']}")
        return Header.from_json(doc)

    # -- reading ---------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.header.id

    @property
    def discarded_tail(self) -> int:
        """Bytes of an unfinished last write, ignored, and cut off by the first write."""
        return self._db.storage.discarded_tail

    @property
    def head(self) -> ChainHead:
        """The journal's line count and last integrity check: equal heads, equal sessions."""
        return self._db.storage.head

    @property
    def sealed_old_format(self) -> bool:
        """True once a write converted a version 1 file (see docs/sessions.md)."""
        return self._db.storage.sealed_old_file

    def recorded(self, key: str) -> Event | None:
        """The entry recorded with idempotency key ``key``, if one was."""
        if self._keys is None:
            self._keys = {e.key: e for e in self.events if e.key is not None}
        return self._keys.get(key)

    def effective_events(self) -> list[Event]:
        """Events not withdrawn by an undo or a correction, in order."""
        if self._effective is None:
            withdrawn: set[int] = set()
            for event in self.events:
                if event.type == UNDO:
                    withdrawn.update(event.payload.get("withdraws", ()))
            self._effective = [e for e in self.events
                               if e.type != UNDO and e.seq not in withdrawn]
        return self._effective

    def entries(self) -> list[Event]:
        """Effective events entered at the table (what a replay feeds the engine)."""
        return [e for e in self.effective_events() if e.is_entry]

    def last_effective(self, event_type: str) -> Event | None:
        return next((e for e in reversed(self.effective_events()) if e.type == event_type), None)

    # -- adding ------------------------------------------------------------------
    def append(self, drafts: Sequence[EventDraft], *, key: str | None = None) -> list[Event]:
        """Record a batch of events at once: all are saved, or none.

        Each derived event is linked (``cause``) to the entry before it in the batch,
        so undoing that entry withdraws what it caused. ``key`` (an idempotency key) is
        kept on the first event: a retry of the same submission finds it with
        :meth:`recorded` and records nothing.
        """
        if key is not None and self.recorded(key) is not None:
            raise ValueError(f"key {key!r} is already recorded")
        batch = number(drafts, self.events[-1].seq + 1 if self.events else 1)
        if not batch:
            return []
        if key is not None:
            batch[0] = replace(batch[0], key=key)
        from tinydb.table import Document

        try:
            self._db.table(EVENTS_TABLE).insert_multiple(
                Document(e.to_json(), doc_id=e.seq) for e in batch)
        except OSError as exc:
            raise StorageFailure(str(self.path), exc.strerror or str(exc)) from None
        self.events.extend(batch)
        self._effective = None
        if self._written is not None:
            self._written()
        if key is not None and self._keys is not None:
            self._keys[key] = batch[0]
        return batch

    def undo(self, count: int = 1, *, actor: str = "table", reason: str | None = None) -> Event:
        """Withdraw the last ``count`` entries and everything they caused."""
        entries = self.entries()
        if count < 1 or len(entries) < count:
            raise NothingToUndo()
        targets = {e.seq for e in entries[-count:]}
        return self.withdraw(targets, actor=actor, reason=reason)[0]

    def withdraw(self, targets: set[int], *, actor: str = "table", reason: str | None = None,
                 then: Sequence[EventDraft] = ()) -> list[Event]:
        """Withdraw ``targets`` (and what they caused), then record ``then``, in one write.

        A correction of an earlier entry is one call: withdraw it and every later
        entry, then record the corrected entry and the later ones again.
        """
        caused = {e.seq for e in self.effective_events() if e.cause in targets}
        undo = EventDraft(type=UNDO, actor=actor, source="correction",
                          payload={"withdraws": sorted(targets | caused), "reason": reason})
        return self.append([undo, *then])

    def close(self) -> None:
        if getattr(self, "_db", None) is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
