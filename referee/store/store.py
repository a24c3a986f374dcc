"""All sessions in one folder: one journal file per session, plus its lock and backup.

``<id>.json``        the session (a TinyDB journal, see ``journal.py``)
``<id>.json.bak``    a copy that holds every acknowledged line (written after the file)
``<id>.lock``        held by the one process writing the session
``.recent``          the ids of the sessions written last, newest first (which one "latest"
                     means: the clock, and so the ids, may go back)

The store opens nothing else, and none of these if it is a link, not a regular file, or a
file with another name (a hard link). Anything else in the folder is left alone; what is
named like a session or a temp file but is no regular file is skipped with a warning.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import asdict

from referee.errors import SessionError
from referee.store.files import (
    UnsafeFile,
    backup_path,
    open_regular,
    read_regular,
    write_atomically,
)
from referee.store.names import EVENTS_TABLE, HEADER_TABLE, OUTCOME

if TYPE_CHECKING:
    from referee.store.lock import SessionLock
    from referee.store.model import EventDraft, Header
    from referee.store.session import Session

# The journal, the session and TinyDB behind them are imported where a session is opened,
# the errors where one is raised: finding a session and the path of its file (all a
# checkpoint's reader asks) need none of them.

TMP_SUFFIX = ".tmp"  # see files.tmp_path: ".<file name>.<pid>.tmp"
RECENT = ".recent"  # the sessions written last, newest first
_RECENT_KEPT = 64  # ids the list keeps
_ID_DRAWS = 8  # tails a new session tries before it reports the id taken
_FIRST_LINE_LIMIT = 1 << 20  # a header line is a few kB; a longer first line is no session

__all__ = ["SessionStore", "Summary"]


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
            raise _errors().SessionLocked(session_id, exc.holder) from None
        except UnsafeFile as exc:
            raise _unsafe(exc, session_id) from None
        except OSError as exc:
            raise _errors().StorageFailure(str(self.root), exc.strerror or str(exc)) from None

    # -- finding -------------------------------------------------------------------
    def ids(self, *, warn: bool = False) -> list[str]:
        """The sessions of the folder: its regular ``<id>.json`` files. Anything else with
        such a name (a folder, a link, a FIFO) is skipped, with a warning when ``warn``."""
        return sorted(name[:-5] for name in self._names(warn))

    def _names(self, warn: bool) -> Iterator[str]:
        """The names of the folder's regular ``<id>.json`` files (none starts with a dot)."""
        try:
            entries = list(os.scandir(self.root))
        except OSError:
            return
        for entry in entries:
            name = entry.name
            if name.startswith(".") or not name.endswith(".json"):
                continue
            try:
                regular = entry.is_file(follow_symlinks=False)
            except OSError:
                regular = False
            if regular:
                yield name
            elif warn:
                _skipped(self.root / name)

    def find(self, ref: str) -> str:
        """The id of the session ``ref`` names: a full id or an unambiguous prefix. A full id
        names its file whatever it is, so that opening it says what is wrong with it."""
        if ref and "/" not in ref and os.sep not in ref and os.path.lexists(self.path(ref)):
            return ref
        ids = self.ids()
        matches = [i for i in ids if i.startswith(ref)] if ref else []
        if not matches:
            raise _errors().SessionNotFound(ref)
        if len(matches) > 1:
            raise _errors().SessionAmbiguous(ref, matches)
        return matches[0]

    def latest(self, game: str | None = None) -> str | None:
        """The game played with the referee (a typed-in final score is no game to resume)
        that was written last: first as the folder's ``.recent`` list says, then by the
        files' modification times. Never by id: an id is the clock at the start, and a
        clock set back would make a new game look old."""
        for session_id in self._recent_first():
            header = self._peek_header(session_id)
            if header.get("id") == session_id and header.get("mode") != "scored" and \
                    (game is None or header.get("game") == game):
                return session_id
        return None

    def _recent_first(self) -> list[str]:
        ids = self.ids()
        known = set(ids)
        recent = [i for i in dict.fromkeys(self._recent()) if i in known]

        def written_at(session_id: str) -> tuple[int, str]:
            try:
                return os.lstat(self.path(session_id)).st_mtime_ns, session_id
            except OSError:
                return 0, session_id

        rest = sorted(known.difference(recent), key=written_at, reverse=True)
        return recent + rest

    def _recent(self) -> list[str]:
        try:
            text = read_regular(self.root / RECENT, limit=64 * 1024)
        except OSError:
            return []
        return text.decode("utf-8", "replace").split()

    def written(self, session_id: str) -> None:
        """Note ``session_id`` as the session written last (best effort: a list that cannot
        be written leaves "latest" to the files' times)."""
        recent = self._recent()
        if recent[:1] == [session_id]:
            return
        self._keep_recent([session_id, *(i for i in recent if i != session_id)])

    def _keep_recent(self, ids: list[str]) -> None:
        path = self.root / RECENT
        with contextlib.suppress(OSError):
            if ids:
                text = "\n".join(ids[:_RECENT_KEPT]) + "\n"
                write_atomically(path, text.encode("utf-8"), durable=False)
            else:
                path.unlink(missing_ok=True)

    def _forget(self, session_id: str) -> None:
        """Take a session deleted or moved away off the list of those written last."""
        recent = self._recent()
        if session_id in recent:
            self._keep_recent([i for i in recent if i != session_id])

    def _peek_header(self, session_id: str) -> dict[str, Any]:
        """The header a session's first line holds, read without the rest of the file."""
        try:
            import json  # not loaded for a status, which never peeks at a header

            first = json.loads(_first_line(self.path(session_id)))
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
        session = self._new(header, lambda h: [_snapshot(h, events)], keep_open=True)
        assert not isinstance(session, str)
        return session

    def record(self, header: Header, events: Sequence[EventDraft], *,
               keep_id: bool = False) -> str:
        """A new session holding ``header``, then ``events`` on the line after: the file
        ``create`` and one ``Session.append`` leave, written in one go (all or nothing, as
        ``create``) without opening the journal, for a session nothing is added to later (a
        final score typed in): it needs neither TinyDB nor the session's reading. Returns the
        session's id; ``keep_id`` refuses a taken id instead of drawing another tail."""
        from referee.store.model import number

        put = {"put": {EVENTS_TABLE: {str(e.seq): e.to_json() for e in number(events, 1)}}}
        made = self._new(header, lambda h: [_snapshot(h, ()), put], keep_open=False,
                         keep_id=keep_id)
        assert isinstance(made, str)
        return made

    def _new(self, header: Header, records: Callable[[Header], list[dict[str, Any]]], *,
             keep_open: bool, keep_id: bool = False) -> Session | str:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _errors().StorageFailure(str(self.root), exc.strerror or str(exc)) from None
        self.sweep()
        # Two sessions started in the same second may draw the same random tail: a fresh
        # session draws another rather than fail; an imported one keeps its id.
        for _ in range(_ID_DRAWS):
            if keep_id or not os.path.lexists(self.path(header.id)):
                break
            header = header.retailed()
        return self._write_new(header, records(header), keep_open=keep_open)

    def _write_new(self, header: Header, records: list[dict[str, Any]], *,
                   keep_open: bool) -> Session | str:
        from referee.store.chain import write_new  # its hashing: not loaded to find a session

        lock = self._lock(header.id)
        path = self.path(header.id)
        made = False
        try:
            if os.path.lexists(path):
                raise _errors().DuplicateSession(str(path))
            made = True
            write_new(path, records)
            if keep_open:
                from referee.store.session import Session

                self.written(header.id)
                return Session(path, writable=True, lock=lock,
                               written=lambda: self.written(header.id))
        except BaseException as exc:
            if made:
                for leftover in (path, backup_path(path)):
                    leftover.unlink(missing_ok=True)
                lock.path.unlink(missing_ok=True)
            lock.release()
            if isinstance(exc, UnsafeFile):
                raise _unsafe(exc, header.id) from None
            if isinstance(exc, OSError):
                raise _errors().StorageFailure(str(path), exc.strerror or str(exc)) from None
            raise
        lock.release()
        return header.id

    def open(self, ref: str, *, write: bool = False) -> Session:
        from referee.store.session import Session

        session_id = self.find(ref)
        lock = self._lock(session_id) if write else None
        written = (lambda: self.written(session_id)) if write else None
        try:
            session = Session(self.path(session_id), writable=write, lock=lock, written=written)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return session

    def sweep(self) -> None:
        """Remove temp files a killed write left behind, and the lock of a session whose
        creation was killed: only where no process holds that session's lock. A folder, a
        link or a FIFO named like a temp file is left alone, with a warning."""
        from referee.store.lock import Locked, SessionLock

        try:  # names first: a Path for each of a thousand sessions costs a saved score 1 ms
            strays = [name for name in os.listdir(self.root)
                      if name.startswith(".") and name.endswith(TMP_SUFFIX)]
        except OSError:
            return
        owned: dict[str, list[Path]] = {}
        for name in strays:
            path = self.root / name
            try:
                regular = stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                continue
            if not regular:
                _skipped(path)
            elif name.startswith(f".{RECENT}."):  # the list of recent sessions: no lock
                with contextlib.suppress(OSError):
                    path.unlink()
            else:
                owned.setdefault(name[1:].split(".json", 1)[0], []).append(path)
        for session_id, paths in sorted(owned.items()):
            try:
                lock = SessionLock(self.root / f"{session_id}.lock", timeout=0)
            except (Locked, OSError):
                continue
            try:
                for stray in paths:
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
        for session_id in self.ids(warn=True):
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
        self._forget(session_id)
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
            where = str(exc.filename or self.root)
            raise _errors().StorageFailure(where, exc.strerror or str(exc)) from None
        finally:
            lock.release()
            (self.root / f"{session_id}.lock").unlink(missing_ok=True)
        self._forget(session_id)
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
            raise _errors().StorageFailure(str(path), exc.strerror or str(exc)) from None
        finally:
            lock.release()


def _snapshot(header: Header, events: Sequence[EventDraft]) -> dict[str, Any]:
    """The first line of a new session: its header and first events."""
    from referee.store.chain import snapshot_record
    from referee.store.model import number

    return snapshot_record({HEADER_TABLE: {"1": header.to_json()},
                            EVENTS_TABLE: {str(e.seq): e.to_json() for e in number(events, 1)}})


def _errors() -> Any:
    from referee.store import errors

    return errors


def _first_line(path: Path) -> bytes:
    """The first line of the file at ``path`` (opened as every store file is), without
    reading the rest."""
    fd = open_regular(path, os.O_RDONLY)
    try:
        chunks: list[bytes] = []
        size = 0
        while size < _FIRST_LINE_LIMIT and (chunk := os.read(fd, 1 << 16)):
            end = chunk.find(b"\n")
            if end >= 0:
                chunks.append(chunk[:end])
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _skipped(path: Path) -> None:
    from referee.store import notices

    notices.tell(notices.SKIPPED, path=str(path))


def _unsafe(error: UnsafeFile, session_id: str) -> SessionError:
    """The session error for a file the store will not open (the journal's wording)."""
    from referee.store.journal import JournalError
    from referee.store.session import session_error

    return session_error(JournalError.unsafe(error), session_id)
