"""Session store errors, each naming the session file and what to do about it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import SessionError
from referee.i18n import N_, translator


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
    """``reason`` is a msgid of ``referee.store.journal``, filled in with ``details``."""

    def __init__(self, path: str, line: int, reason: str, details: Mapping[str, Any] | None = None,
                 session_id: str = "ID") -> None:
        text = translator("core")(reason, **dict(details or {}))
        if line:
            super().__init__(N_("Session file {path} is damaged at line {line}: {reason}. "
                                "Nothing was written; 'referee sessions repair {id}' recovers "
                                "every entry it can and keeps the damaged file aside."),
                             path=path, line=line, reason=text, id=session_id)
        else:
            super().__init__(N_("Session file {path} is damaged: {reason}. Nothing was "
                                "written; 'referee sessions repair {id}' recovers every entry "
                                "it can and keeps the damaged file aside."),
                             path=path, line=0, reason=text, id=session_id)


class SessionRefused(SessionError):
    """A file of the sessions folder is a link, a FIFO, a device, a folder or too big."""

    def __init__(self, path: str, reason: str, details: Mapping[str, Any] | None = None) -> None:
        super().__init__(N_("Refusing to use {path}: {reason}. Move it out of the sessions "
                            "folder."), path=path, reason=translator("core")(reason,
                                                                            **dict(details or {})))


class SessionMisnamed(SessionError):
    """A session file whose header names another session: copied or renamed by hand."""

    def __init__(self, path: str, session_id: str, held: str) -> None:
        super().__init__(N_("Refusing to use {path}: it holds session {held}, not {id} as its "
                            "name says (a file copied or renamed by hand). Move it out of the "
                            "sessions folder, or give it its own name ({held}.json)."),
                         path=path, id=session_id, held=held)


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


class DuplicateSession(SessionError):
    def __init__(self, path: str) -> None:
        super().__init__(N_("Session file {path} already exists; nothing was written."),
                         path=path)
