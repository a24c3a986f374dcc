"""Trajan box data with a confidence tag on every entry.

Each data file maps an entry name to ``{"tag", "source", "value"}``. The tag says how
sure we are (RULEBOOK, CONFIRMED, SINGLE, CONFLICT, UNKNOWN). Only RULEBOOK entries
count as confirmed; an entry the user changed through ``$REFEREE_DATA_DIR`` is tagged
USER, because then the group, not the rulebook, decided the value.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from referee import data
from referee.data import Fact

GAME = "trajan"


def fact(name: str, key: str) -> Fact:
    merged = data.load(GAME, name)[key]
    shipped = json.loads(resources.files(f"referee.{GAME}").joinpath(
        "data", f"{name}.json").read_text(encoding="utf-8"))[key]
    tag = merged["tag"] if merged["value"] == shipped["value"] else data.USER
    return Fact(merged["value"], tag)


def value(name: str, key: str) -> Any:
    return fact(name, key).value
