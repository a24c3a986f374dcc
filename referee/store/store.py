"""All sessions in one folder: one journal file per session, plus its lock and backup.

``<id>.json``        the session (a TinyDB journal, see ``journal.py``)
``<id>.json.bak``    a copy that holds every acknowledged line (written after the file)
``<id>.lock``        held by the one process writing the session

The store opens nothing else, and none of these if it is a link or not a regular file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import asdict

from referee.errors import SessionError
from referee.store.errors import (
    DuplicateSession,
    SessionAmbiguous,
    SessionLocked,
    SessionNotFound,
    StorageFailure,
)
from referee.store.files import UnsafeFile, backup_path, read_regular, write_atomically
from referee.store.names import EVENTS_TABLE, HEADER_TABLE, OUTCOME

if TYPE_CHECKING:
    from referee.store.lock import SessionLock
    from referee.store.model import EventDraft, Header
    from referee.store.session import Session

# The journal, the session and TinyDB behind them are imported where a session is opened:
# finding one and the path of its file (all a checkpoint's reader asks) need none of them.

TMP_SUFFIX = ".tmp"  # see files.tmp_path: ".<file name>.<pid>.tmp"

__all__ = ["EVENTS_TABLE", "HEADER_TABLE", "OUTCOME", "SessionStore", "Summary"]


class Summary(Struct, frozen=True):
    id: str
    game: str | None
    edition: str | None
    players: list[str]
    started_at: str | None
    events: int
    last_activity: str | None
    finished: bool
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class SessionStore:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, session_id: str) -> Path:
        return self.root / f"{session_id}.json"

    def _lock(self, session_id: str, timeout: float = 2.0) -> SessionLock:
        from referee.store.lock import Locked, SessionLock

        try:
            return SessionLock(self.root / f"{session_id}.lock", timeout)
        except Locked as exc:
            raise SessionLocked(session_id, exc.holder) from None
        except UnsafeFile as exc:
            raise _unsafe(exc, session_id) from None
        except OSError as exc:
            raise StorageFailure(str(self.root), exc.strerror or str(exc)) from None

    # -- finding -------------------------------------------------------------------
    def ids(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name[:-5] for p in self.root.glob("*.json") if not p.name.startswith("."))

    def find(self, ref: str) -> str:
        """The id of the session ``ref`` names: a full id or an unambiguous prefix."""
        ids = self.ids()
        if ref in ids:
            return ref
        matches = [i for i in ids if i.startswith(ref)] if ref else []
        if not matches:
            raise SessionNotFound(ref)
        if len(matches) > 1:
            raise SessionAmbiguous(ref, matches)
        return matches[0]

    def latest(self, game: str | None = None) -> str | None:
        """The newest game played with the referee (a typed-in final score is no game to
        resume)."""
        for session_id in reversed(self.ids()):
            header = self._peek_header(session_id)
            if (game is None or header.get("game") == game) and header.get("mode") != "scored":
                return session_id
        return None

    def _peek_header(self, session_id: str) -> dict[str, Any]:
        try:
            raw = read_regular(self.path(session_id))
            first = json.loads(raw[:raw.find(b"\n")])
            header = first["tables"][HEADER_TABLE]["1"]
            return header if isinstance(header, dict) else {}
        except (OSError, ValueError, RecursionError, KeyError, TypeError):
            return {}

    # -- opening ---------------------------------------------------------------------
    def create(self, header: Header, events: Sequence[EventDraft] = ()) -> Session:
        """A new session holding ``header`` and ``events``, open for writing.

        All or nothing: the file appears whole (header and first events in one rename), or
        not at all; a failed creation leaves no file, temp file or lock behind.
        """
        session = self._new(header, [_snapshot(header, events)], keep_open=True)
        assert session is not None
        return session

    def record(self, header: Header, events: Sequence[EventDraft]) -> None:
        """A new session holding ``header``, then ``events`` on the line after: the file
        ``create`` and one ``Session.append`` leave, written in one go (all or nothing, as
        ``create``) without opening the journal, for a session nothing is added to later (a
        final score typed in): it needs neither TinyDB nor the session's reading."""
        from referee.store.model import number

        put = {"put": {EVENTS_TABLE: {str(e.seq): e.to_json() for e in number(events, 1)}}}
        self._new(header, [_snapshot(header, ()), put], keep_open=False)

    def _new(self, header: Header, records: list[dict[str, Any]], *,
             keep_open: bool) -> Session | None:
        from referee.store.chain import write_new  # its hashing: not loaded to find a session

        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageFailure(str(self.root), exc.strerror or str(exc)) from None
        self.sweep()
        lock = self._lock(header.id)
        path = self.path(header.id)
        made = False
        try:
            if os.path.lexists(path):
                raise DuplicateSession(str(path))
            made = True
            write_new(path, records)
            if keep_open:
                from referee.store.session import Session

                return Session(path, writable=True, lock=lock)
        except BaseException as exc:
            if made:
                for leftover in (path, backup_path(path)):
                    leftover.unlink(missing_ok=True)
                lock.path.unlink(missing_ok=True)
            lock.release()
            if isinstance(exc, UnsafeFile):
                raise _unsafe(exc, header.id) from None
            if isinstance(exc, OSError):
                raise StorageFailure(str(path), exc.strerror or str(exc)) from None
            raise
        lock.release()
        return None

    def open(self, ref: str, *, write: bool = False) -> Session:
        from referee.store.session import Session

        session_id = self.find(ref)
        lock = self._lock(session_id) if write else None
        try:
            session = Session(self.path(session_id), writable=write, lock=lock)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return session

    def sweep(self) -> None:
        """Remove temp files a killed write left behind, and the lock of a session whose
        creation was killed: only where no process holds that session's lock."""
        from referee.store.lock import Locked, SessionLock

        try:  # names first: a Path for each of a thousand sessions cost a saved score 1 ms
            strays = [self.root / name for name in os.listdir(self.root)
                      if name.startswith(".") and name.endswith(TMP_SUFFIX)]
        except OSError:
            return
        for session_id in sorted({p.name[1:].split(".json", 1)[0] for p in strays}):
            try:
                lock = SessionLock(self.root / f"{session_id}.lock", timeout=0)
            except (Locked, OSError):
                continue
            try:
                for stray in strays:
                    if stray.name[1:].split(".json", 1)[0] == session_id:
                        stray.unlink(missing_ok=True)
                if not os.path.lexists(self.path(session_id)):
                    lock.path.unlink(missing_ok=True)
            finally:
                lock.release()

    # -- listing, deleting, repairing -----------------------------------------------
    def summaries(self, game: str | None = None) -> list[Summary]:
        from referee.store.session import Session

        self.sweep()
        found = []
        for session_id in self.ids():
            try:
                with Session(self.path(session_id), writable=False) as s:
                    h, events = s.header, s.events
                    finished = any(e.type == OUTCOME for e in s.effective_events())
            except SessionError as exc:  # damaged, refused, too new: listed, never fatal
                found.append(Summary(session_id, None, None, [], None, 0, None, False,
                                     problem=str(exc)))
                continue
            if game is None or h.game == game:
                found.append(Summary(h.id, h.game, h.edition, h.player_names, h.started_at,
                                     len(events), events[-1].time if events else h.started_at,
                                     finished))
        return found

    def delete(self, ref: str) -> str:
        session_id = self.find(ref)
        lock = self._lock(session_id)  # never delete a session open in another terminal
        try:
            for path in (self.path(session_id), backup_path(self.path(session_id))):
                path.unlink(missing_ok=True)
        finally:
            lock.release()
            (self.root / f"{session_id}.lock").unlink(missing_ok=True)
        return session_id

    def move_to(self, other: SessionStore, ref: str) -> str:
        """Move a session and its backup into another folder. The copies are complete
        before the originals go, so a crash leaves the session in both places, never in
        neither; a session open for writing is refused, as for ``delete``."""
        session_id = self.find(ref)
        lock = self._lock(session_id)
        names = (f"{session_id}.json", f"{session_id}.json.bak")
        try:
            other.root.mkdir(parents=True, exist_ok=True)
            for name in names:
                if (self.root / name).exists():
                    write_atomically(other.root / name, read_regular(self.root / name))
            for name in names:
                (self.root / name).unlink(missing_ok=True)
        except OSError as exc:
            raise StorageFailure(str(exc.filename or self.root), exc.strerror or str(exc)) \
                from None
        finally:
            lock.release()
            (self.root / f"{session_id}.lock").unlink(missing_ok=True)
        return session_id

    def repair(self, ref: str) -> dict[str, Any]:
        """Bring a damaged session back to the copy that holds the most entries; every
        file replaced is kept aside first (see ``repair.py``)."""
        from referee.store.journal import JournalError
        from referee.store.repair import repair_files
        from referee.store.session import session_error

        session_id = self.find(ref)
        path = self.path(session_id)
        lock = self._lock(session_id)
        try:
            return repair_files(path, session_id)
        except JournalError as exc:
            raise session_error(exc, session_id) from None
        except OSError as exc:
            raise StorageFailure(str(path), exc.strerror or str(exc)) from None
        finally:
            lock.release()


def _snapshot(header: Header, events: Sequence[EventDraft]) -> dict[str, Any]:
    """The first line of a new session: its header and first events."""
    from referee.store.chain import snapshot_record
    from referee.store.model import number

    return snapshot_record({HEADER_TABLE: {"1": header.to_json()},
                            EVENTS_TABLE: {str(e.seq): e.to_json() for e in number(events, 1)}})


def _unsafe(error: UnsafeFile, session_id: str) -> SessionError:
    """The session error for a file the store will not open (the journal's wording)."""
    from referee.store.journal import JournalError
    from referee.store.session import session_error

    return session_error(JournalError.unsafe(error), session_id)
