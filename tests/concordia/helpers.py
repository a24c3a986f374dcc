"""Shared builders for the Concordia tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path

DATA = Path(__file__).parent / "data"
STARTING = ["Tribune", "Architect", "Prefect", "Prefect", "Mercator", "Diplomat", "Senator"]


def example() -> dict:
    """The rulebook's scoring example (player Red) in a valid three-player game."""
    return json.loads((DATA / "rulebook_example.json").read_text(encoding="utf-8"))


def game(**changes) -> dict:
    raw = copy.deepcopy(example())
    raw.update(changes)
    return raw
