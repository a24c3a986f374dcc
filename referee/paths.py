"""Where the user's files live: the platform's user data folder, unless the user says.

``REFEREE_DATA_DIR`` moves the whole data folder (box data corrections, the player alias
table, and the sessions unless they are moved on their own); ``REFEREE_SESSIONS_DIR`` or
``--sessions-dir`` moves just the sessions.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_ENV = "REFEREE_DATA_DIR"
SESSIONS_ENV = "REFEREE_SESSIONS_DIR"
APP = "referee"


def data_dir() -> Path:
    given = os.environ.get(DATA_ENV)
    if given:
        return Path(given)
    from platformdirs import user_data_path

    return user_data_path(APP, appauthor=False)


def sessions_dir() -> Path:
    given = os.environ.get(SESSIONS_ENV)
    return Path(given) if given else data_dir() / "sessions"


def aliases_file() -> Path:
    return data_dir() / "players.json"
