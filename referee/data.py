"""Box data that the rulebooks do not confirm lives in JSON files the user can correct.

Each game ships its defaults in ``referee/<game>/data/<name>.json``. A user override
is a JSON file with the same name in ``<data folder>/<game>/`` (``referee.paths``: the
platform's user data folder, or ``$REFEREE_DATA_DIR``); its keys replace
the shipped ones (objects are merged key by key, everything else is replaced), so an
override can correct a single number without copying the whole file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from referee.errors import InputError
from referee.i18n import N_
from referee.paths import data_dir

#: Confidence tags of the fact sheets. RULEBOOK and CONFIRMED (two outside sources agree)
#: are trusted; a ruling resting on SINGLE, CONFLICT or UNKNOWN data, or on a value the
#: user overrode (tagged USER), says so.
CONFIRMED_TAGS = frozenset({"RULEBOOK", "CONFIRMED"})
USER = "USER"


def is_confirmed(tag: str) -> bool:
    return tag in CONFIRMED_TAGS


@dataclass(frozen=True)
class Fact:
    """A value from a data file with the confidence tag it carries (USER once overridden)."""

    value: Any
    tag: str

    @property
    def confirmed(self) -> bool:
        return is_confirmed(self.tag)


def override_path(game: str, name: str) -> Path:
    return data_dir() / game / f"{name}.json"


def load(game: str, name: str) -> dict[str, Any]:
    """The shipped data merged with the user's override, if there is one."""
    shipped = resources.files(f"referee.{game}").joinpath("data", f"{name}.json")
    data = json.loads(shipped.read_text(encoding="utf-8"))
    path = override_path(game, name)
    if path.exists():
        data = merge(data, read_json(path))
    return data


def read_json(path: Path) -> Any:
    """Read a user's JSON file, turning every failure into one clear InputError."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(N_("File not found: {path}"), path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(N_("Cannot read {path}: {reason}"), path=str(path),
                         reason=str(exc)) from None
    except json.JSONDecodeError as exc:
        raise InputError(N_("{path} is not valid JSON (line {line}, column {column}): {reason}"),
                         path=str(path), line=exc.lineno, column=exc.colno,
                         reason=exc.msg) from None


def merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    return override
