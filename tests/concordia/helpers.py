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


def end_state() -> dict:
    """The same example as a whole table at the end of a game: Red took the Concordia card
    for the last market card, so Blue and Yellow bought the other 15 (``concordia score``
    refuses an end state no game could reach)."""
    return json.loads((DATA / "rulebook_end_state.json").read_text(encoding="utf-8"))


def game(**changes) -> dict:
    raw = copy.deepcopy(example())
    raw.update(changes)
    return raw
