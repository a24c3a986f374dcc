"""Options given before the command (language, where sessions live), set once per run."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from referee import paths
from referee.paths import SESSIONS_ENV

__all__ = ["SESSIONS_ENV", "Settings", "configure", "settings"]


class Settings(NamedTuple):  # not a Struct: the root help would load msgspec for it
    sessions_dir: Path
    language: str = "en"


_settings: Settings | None = None


def _default_dir() -> Path:
    return paths.sessions_dir()


def settings() -> Settings:
    # Shell completion runs before the root options are parsed: fall back to the environment.
    return _settings or Settings(sessions_dir=_default_dir())


def configure(*, sessions_dir: Path | None, language: str) -> Settings:
    global _settings
    _settings = Settings(sessions_dir=sessions_dir or _default_dir(), language=language)
    return _settings


def store():
    """The session store in the folder this run uses."""
    from referee.store import SessionStore

    return SessionStore(settings().sessions_dir)


def complete_id(incomplete: str) -> list[str]:
    """Session ids for shell completion. Kept here, not in ``referee.cli.sessions``: every
    game's table commands take an id, and importing the ``sessions`` command group only for
    its completer cost each of them its import (``docs/performance.md``)."""
    return [i for i in store().ids() if i.startswith(incomplete)]
