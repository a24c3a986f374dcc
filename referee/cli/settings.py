"""Options given before the command (language, where sessions live), set once per run."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SESSIONS_ENV = "REFEREE_SESSIONS_DIR"


@dataclass
class Settings:
    sessions_dir: Path = Path("sessions")
    language: str = "en"


_settings = Settings()


def settings() -> Settings:
    return _settings


def configure(*, sessions_dir: Path | None, language: str) -> Settings:
    global _settings
    default = Path(os.environ.get(SESSIONS_ENV) or "sessions")
    _settings = Settings(sessions_dir=sessions_dir or default, language=language)
    return _settings
