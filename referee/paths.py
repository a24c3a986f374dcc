"""Where the user's files live: the platform's user data folder, unless the user says.

``REFEREE_DATA_DIR`` moves the whole data folder (box data corrections, the player alias
table, and the sessions unless they are moved on their own); ``REFEREE_SESSIONS_DIR`` or
``--sessions-dir`` moves just the sessions. The installation's secret (the key checkpoints
are proved with) lives apart from all of them, in the user's configuration folder, so that a
data folder copied, synced or shared never carries it; ``REFEREE_KEY_FILE`` names another.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

DATA_ENV = "REFEREE_DATA_DIR"
SESSIONS_ENV = "REFEREE_SESSIONS_DIR"
KEY_ENV = "REFEREE_KEY_FILE"
APP = "referee"
KEY_NAME = "checkpoint.key"


def data_dir() -> Path:
    given = os.environ.get(DATA_ENV)
    if given:
        return Path(given)
    return _platform_data_dir(*(os.environ.get(name) for name in _PLATFORM_ENV))


#: What the platform's data folder is found from (``_linux_data_dir``, else ``platformdirs``):
#: asked for on every box data lookup, so it is worked out once for each value these take.
_PLATFORM_ENV = ("APPDATA", "LOCALAPPDATA", "USERPROFILE") if sys.platform == "win32" \
    else ("HOME", "XDG_DATA_HOME")


@lru_cache(maxsize=8)
def _platform_data_dir(*_env: str | None) -> Path:
    found = _linux_data_dir()
    if found is not None:
        return found
    from platformdirs import user_data_path

    return user_data_path(APP, appauthor=False)


def _linux_data_dir() -> Path | None:
    """The folder platformdirs names on Linux wherever every version of it (4.x) names the
    same one, found without importing it (tempfile, random …; ``docs/performance.md``):
    an absolute ``$XDG_DATA_HOME``, or ``~/.local/share`` when that is unset or empty and
    ``HOME`` is absolute. None for platformdirs to answer: Android, other systems, a relative
    ``HOME`` or ``XDG_DATA_HOME`` (read differently by its versions)."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel") \
            or "ANDROID_DATA" in os.environ:
        return None
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg, APP)
    if xdg or not os.path.isabs(os.environ.get("HOME", "")):
        return None
    return Path(os.path.expanduser("~/.local/share"), APP)


def sessions_dir() -> Path:
    given = os.environ.get(SESSIONS_ENV)
    return Path(given) if given else data_dir() / "sessions"


def aliases_file() -> Path:
    return data_dir() / "players.json"


def key_file() -> Path:
    """The installation's secret: ``$XDG_CONFIG_HOME/referee/checkpoint.key`` on Linux
    (``~/.config/referee/...``), the platform's user configuration folder elsewhere."""
    given = os.environ.get(KEY_ENV)
    if given:
        return Path(given)
    names = (*_PLATFORM_ENV, "XDG_CONFIG_HOME")
    return _config_dir(*(os.environ.get(name) for name in names)) / KEY_NAME


@lru_cache(maxsize=8)
def _config_dir(*_env: str | None) -> Path:
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel") \
            and "ANDROID_DATA" not in os.environ:
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        if os.path.isabs(xdg):
            return Path(xdg, APP)
        if not xdg and os.path.isabs(os.environ.get("HOME", "")):
            return Path(os.path.expanduser("~/.config"), APP)
    from platformdirs import user_config_path

    return user_config_path(APP, appauthor=False)
