"""Session store errors, each naming the session file and what to do about it."""

from __future__ import annotations

from referee.errors import SessionError
from referee.i18n import N_


class SessionNotFound(SessionError):
    def __init__(self, ref: str) -> None:
        super().__init__(N_("No session matches {ref!r}; see 'referee sessions list'."), ref=ref)


class SessionAmbiguous(SessionError):
    def __init__(self, ref: str, candidates: list[str]) -> None:
        super().__init__(N_("{ref!r} matches several sessions: {candidates}"), ref=ref,
                         candidates=", ".join(candidates))


class SessionLocked(SessionError):
    def __init__(self, session_id: str, holder: str) -> None:
        super().__init__(N_("Session {id} is open elsewhere ({holder}); close it there first."),
                         id=session_id, holder=holder)


class SessionDamaged(SessionError):
    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(N_("Session file {path} is damaged at line {line} ({reason}); "
                            "run 'referee sessions repair' to recover the last good copy."),
                         path=path, line=line, reason=reason)


class SessionTooNew(SessionError):
    def __init__(self, path: str, reason: str) -> None:
        super().__init__(N_("Session file {path} was written by a newer referee ({reason}); "
                            "upgrade referee to open it."), path=path, reason=reason)


class StorageFailure(SessionError):
    def __init__(self, path: str, reason: str) -> None:
        super().__init__(N_("Cannot write {path}: {reason}. Nothing was saved from this "
                            "entry; everything before it is safe."), path=path, reason=reason)


class NothingToUndo(SessionError):
    def __init__(self) -> None:
        super().__init__(N_("There is no entry left to undo."))
