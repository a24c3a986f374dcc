"""What the store did on its own that the user should hear about (sealing an old file,
cutting off an unfinished write).

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

_pending: list[tuple[str, dict[str, Any]]] = []


def tell(message: str, **params: Any) -> None:
    _pending.append((message, params))


def drain() -> list[tuple[str, dict[str, Any]]]:
    out = list(_pending)
    _pending.clear()
    return out
