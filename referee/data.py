"""Box data that the rulebooks do not confirm lives in JSON files the user can correct.

Each game ships its defaults in ``referee/<game>/data/<name>.json``. A user override
is a JSON file with the same name in ``<data folder>/<game>/`` (``referee.paths``: the
platform's user data folder, or ``$REFEREE_DATA_DIR``); its keys replace
the shipped ones (objects are merged key by key, everything else is replaced), so an
override can correct a single number without copying the whole file.

Rules cores look values up while they play (Trajan several times an entry), so each shipped
file is parsed once per process and an override again only when its file changed. Callers
get their own copy: some add tags to what they are given.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import msgspec

from referee.paths import data_dir
from referee.values import Value

#: Confidence tags of the fact sheets. RULEBOOK and CONFIRMED (two outside sources agree)
#: are trusted; a ruling resting on SINGLE, CONFLICT or UNKNOWN data, or on a value the
#: user overrode (tagged USER), says so.
CONFIRMED_TAGS = frozenset({"RULEBOOK", "CONFIRMED"})
USER = "USER"


def is_confirmed(tag: str) -> bool:
    return tag in CONFIRMED_TAGS


class Fact(Value):
    """A value from a data file with the confidence tag it carries (USER once overridden)."""

    value: Any
    tag: str

    @property
    def confirmed(self) -> bool:
        return is_confirmed(self.tag)


def confirmed_by(*facts: Fact | bool) -> bool:
    """Whether a ruling resting on ``facts`` (box data, or flags already worked out) rests on
    confirmed data only."""
    return all(f if isinstance(f, bool) else f.confirmed for f in facts)


def override_path(game: str, name: str) -> Path:
    return data_dir() / game / f"{name}.json"


def load(game: str, name: str) -> dict[str, Any]:
    """The shipped data merged with the user's override, if there is one (a fresh copy)."""
    merged: dict[str, Any] = _thawed(_merged(game, name))
    return merged


def entry(game: str, name: str, *keys: str) -> tuple[Any, bool]:
    """The value at ``keys`` (a path into the file) merged with the user's override, as a
    copy, and whether the override changed it: a lookup during play that copies no more than
    the value asked for."""
    merged, shipped = _merged(game, name), _shipped(game, name)
    for key in keys:
        merged, shipped = merged[key], shipped.get(key) if isinstance(shipped, dict) else None
    return _thawed(merged), not (merged is shipped or merged == shipped)


_shipped_files: dict[tuple[str, str], Any] = {}
#: (game, name) → the override's path, its (mtime_ns, size) when read, the data merged with it
_overrides: dict[tuple[str, str], tuple[str, tuple[int, int], Any]] = {}
#: A file changed less than this long before it was read may change again within the same
#: tick of the file system's clock, leaving its stamp as it was: such a read is not kept.
_SETTLED_NS = 2_000_000_000


def _shipped(game: str, name: str) -> Any:
    key = (game, name)
    if key not in _shipped_files:
        # Read beside this file, not through importlib.resources: that imports zipfile and
        # more for a package that is always a folder on disk (docs/performance.md).
        shipped = os.path.join(os.path.dirname(__file__), game, "data", f"{name}.json")
        with open(shipped, encoding="utf-8") as file:
            # msgspec is loaded already; json would be one more module for every command
            _shipped_files[key] = msgspec.json.decode(file.read())
    return _shipped_files[key]


def _merged(game: str, name: str) -> Any:
    path = os.path.join(data_dir(), game, f"{name}.json")  # override_path, without pathlib
    try:
        found = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return _shipped(game, name)
    except OSError:
        found = None  # read_json says what is wrong with it
    stamp = (found.st_mtime_ns, found.st_size) if found else (-1, -1)
    kept = _overrides.get((game, name))
    if kept is not None and kept[0] == path and kept[1] == stamp:
        return kept[2]
    merged = merge(_shipped(game, name), read_json(Path(path)))
    if found and time.time_ns() - found.st_mtime_ns > _SETTLED_NS:
        _overrides[(game, name)] = (path, stamp, merged)
    return merged


def _thawed(node: Any) -> Any:
    """A copy of a JSON tree that shares nothing that can change with the original."""
    if isinstance(node, dict):
        return {key: _thawed(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_thawed(value) for value in node]
    return node


def read_json(path: Path) -> Any:
    """Read a user's JSON file, turning every failure into one clear InputError (bounded in
    size, nesting and number length: ``referee.limits``)."""
    from referee.limits import read_json as bounded

    return bounded(path)


def merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    return override
