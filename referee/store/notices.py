"""What the store did on its own that the user should hear about (sealing an old file,
cutting off an unfinished write, skipping what is no file of its own, not trusting a
checkpoint).

The store only records a notice; the command line prints them after the command, on
standard error, so ``--json`` output stays one document.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import N_

SEALED = N_("Session file {path} was converted to journal format {version}: every line now "
            "carries an integrity check. Older referee versions cannot open it "
            "(docs/sessions.md).")
TRIMMED = N_("Session file {path} ended in an unfinished write that was never saved (the program "
             "was stopped or the disk was full); it was cut off. Every saved entry is kept.")

SKIPPED = N_("Skipped {path}: it is named like a session's file but is not a regular file "
             "(a folder, a link, a FIFO or a device).")
CHECKPOINT_DISTRUSTED = N_("Checkpoint {path} was ignored: it was not made by this "
                           "installation for the session as it is (changed, damaged, or copied "
                           "from elsewhere). The game was read from its journal, and the "
                           "checkpoint made again.")

USED_LATEST = N_("Session {id}: the {game} game written last.")

_pending: list[tuple[str, dict[str, Any]]] = []
_on_success: list[tuple[str, dict[str, Any]]] = []


def tell(message: str, *, on_success: bool = False, **params: Any) -> None:
    """Note ``message`` for the end of the command, once however often it is told.
    ``on_success``: only if the command succeeds (a refusal stays one line)."""
    pending = _on_success if on_success else _pending
    if (message, params) not in pending:
        pending.append((message, params))


def drain(failed: bool = False) -> list[tuple[str, dict[str, Any]]]:
    out = list(_pending) if failed else [*_on_success, *_pending]
    _pending.clear()
    _on_success.clear()
    return out
