"""Trajan box data with a confidence tag on every entry.

Each data file maps an entry name to ``{"tag", "source", "value"}``. The tag says how
sure we are (RULEBOOK, CONFIRMED, SINGLE, CONFLICT, UNKNOWN). Only RULEBOOK entries
count as confirmed; an entry the user changed through ``$REFEREE_DATA_DIR`` is tagged
USER, because then the group, not the rulebook, decided the value.
"""

from __future__ import annotations

from typing import Any

from referee import data
from referee.data import Fact

GAME = "trajan"


def fact(name: str, key: str) -> Fact:
    value, changed = data.entry(GAME, name, key, "value")
    return Fact(value, data.USER if changed else data.entry(GAME, name, key, "tag")[0])


def value(name: str, key: str) -> Any:
    return fact(name, key).value


def commodities() -> list[str]:
    """The commodity kinds, as the bonus tiles pair them."""
    return [c for pair in value("bonus_tiles", "commodity_pairs").values() for c in pair]
