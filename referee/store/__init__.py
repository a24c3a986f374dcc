"""Crash-safe session storage on TinyDB (see docs/sessions.md for the file format).

The names below are imported when first asked for: a command that only reads a checkpoint
needs the store's paths and the journal's chain (``chain.checked_head``), not the session,
the journal or TinyDB.
"""

from importlib import import_module
from typing import Any

_HOME = {"Event": "model", "EventDraft": "model", "Header": "model", "Player": "model",
         "Session": "session", "OUTCOME": "names", "SessionStore": "store",
         "Summary": "store"}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOME[name]}"), name)
