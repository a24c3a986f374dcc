"""All sessions in one folder: one journal file per session, plus its lock and backup.

``<id>.json``        the session (a TinyDB journal, see ``journal.py``)
``<id>.json.bak``    the last good copy, taken each time the session is opened for writing
``<id>.lock``        held by the one process writing the session
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.store.errors import (
    SessionAmbiguous,
    SessionDamaged,
    SessionLocked,
    SessionNotFound,
    SessionTooNew,
    StorageFailure,
)
from referee.store.journal import (
    ENDS_EARLY,
    JournalError,
    append_durably,
    parse,
    snapshot_bytes,
    write_atomically,
)
from referee.store.lock import Locked, SessionLock
from referee.store.model import Header
from referee.store.session import EVENTS_TABLE, HEADER_TABLE, Session

OUTCOME = "outcome"  # the derived event a game records when it ends


@dataclass(frozen=True)
class Summary:
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
        return dict(self.__dict__)


class SessionStore:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, session_id: str) -> Path:
        return self.root / f"{session_id}.json"

    def _lock(self, session_id: str) -> SessionLock:
        try:
            return SessionLock(self.root / f"{session_id}.lock")
        except Locked as exc:
            raise SessionLocked(session_id, exc.holder) from None
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
            with self.path(session_id).open("rb") as fh:
                first = json.loads(fh.readline())
            header = first["tables"][HEADER_TABLE]["1"]
            return header if isinstance(header, dict) else {}
        except (OSError, ValueError, KeyError, TypeError):
            return {}

    # -- opening ---------------------------------------------------------------------
    def create(self, header: Header) -> Session:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageFailure(str(self.root), exc.strerror or str(exc)) from None
        lock = self._lock(header.id)
        try:
            write_atomically(self.path(header.id), snapshot_bytes(
                {HEADER_TABLE: {"1": header.to_json()}, EVENTS_TABLE: {}}))
            return Session(self.path(header.id), writable=True, lock=lock)
        except OSError as exc:
            lock.release()
            raise StorageFailure(str(self.path(header.id)), exc.strerror or str(exc)) from None
        except BaseException:
            lock.release()
            raise

    def open(self, ref: str, *, write: bool = False) -> Session:
        session_id = self.find(ref)
        path = self.path(session_id)
        lock = self._lock(session_id) if write else None
        try:
            session = Session(path, writable=write, lock=lock,
                              min_length=_backup_size(path))
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        if write:
            self._backup(session)
        return session

    def _backup(self, session: Session) -> None:
        """Make ``.bak`` a copy of the session as it is now.

        The journal only grows, so the backup is usually an earlier state of it: then only
        the new lines are added, instead of rewriting the whole file on every open.
        """
        backup = _backup_path(session.path)
        try:
            data = session.path.read_bytes()
            old = backup.read_bytes() if backup.exists() else b""
            if old and data.startswith(old):
                if len(data) > len(old):
                    append_durably(backup, data[len(old):])
            else:  # none yet, or not an earlier state of this file (a repair rewrote it)
                write_atomically(backup, data)
        except OSError as exc:
            session.close()
            raise StorageFailure(str(session.path), exc.strerror or str(exc)) from None

    # -- listing, deleting, repairing -----------------------------------------------
    def summaries(self, game: str | None = None) -> list[Summary]:
        found = []
        for session_id in self.ids():
            try:
                path = self.path(session_id)
                with Session(path, writable=False, min_length=_backup_size(path)) as s:
                    h, events = s.header, s.events
                    finished = any(e.type == OUTCOME for e in s.effective_events())
            except (SessionDamaged, SessionTooNew) as exc:
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
            for path in (self.path(session_id), self.root / f"{session_id}.json.bak"):
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
                    write_atomically(other.root / name, (self.root / name).read_bytes())
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
        """Bring a damaged session back to its last good state; keep the damaged file aside.

        The candidates are the valid part of the file (every line before the first
        damaged one, or before an unfinished write) and the backup; whichever holds more
        lines wins.
        """
        session_id = self.find(ref)
        path = self.path(session_id)
        lock = self._lock(session_id)
        try:
            return self._repair(path)
        except OSError as exc:
            raise StorageFailure(str(path), exc.strerror or str(exc)) from None
        finally:
            lock.release()

    def _repair(self, path: Path) -> dict[str, Any]:
        raw = path.read_bytes()
        damage: JournalError | None = None
        try:
            parsed = parse(path, raw)
        except JournalError as exc:
            if exc.too_new:
                raise SessionTooNew(str(path), exc.reason) from None
            damage, records, valid = exc, exc.line - 1, raw[:exc.good_length]
        else:
            records, valid = parsed.lines, raw[:parsed.good_length]
        backup = _backup_path(path)
        try:
            saved = backup.read_bytes()
            saved_records = parse(backup, saved).lines
        except (OSError, JournalError):
            saved, saved_records = b"", 0
        if saved_records > records:
            line, reason = (damage.line, damage.reason) if damage else (records + 1, ENDS_EARLY)
            return self._replace(path, raw, saved, "restored_backup", saved_records, line,
                                 reason)
        if damage is not None:
            if records < 1:
                raise SessionDamaged(str(path), damage.line, damage.reason)
            report = self._replace(path, raw, valid, "kept_valid_part", records, damage.line,
                                   damage.reason)
        elif parsed.torn_tail:
            write_atomically(path, valid)
            report = {"action": "dropped_unfinished_write", "records": records,
                      "bytes_dropped": parsed.torn_tail}
        else:
            report = {"action": "none", "records": records}
        if damage is not None or len(saved) > len(valid):
            # The backup holds less than the repaired file (or is unreadable, and would make
            # the file look cut short): the repaired file is the good copy now.
            write_atomically(backup, valid)
        return report

    @staticmethod
    def _replace(path: Path, raw: bytes, data: bytes, action: str, records: int, line: int,
                 reason: str) -> dict[str, Any]:
        """Set the damaged file aside, then put ``data`` in its place."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        write_atomically(aside, raw)
        write_atomically(path, data)
        return {"action": action, "records": records, "damaged_line": line, "reason": reason,
                "damaged_copy": str(aside)}


def _backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _backup_size(path: Path) -> int:
    try:
        return _backup_path(path).stat().st_size
    except FileNotFoundError:
        return 0
