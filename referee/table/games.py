"""Each game's table side by the name a session's header gives, loaded only when asked."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from referee.table.game import TableGame

if TYPE_CHECKING:
    from referee.store import Header

#: each game's TableGame, as "module:name"
TABLES = {"tribune": "referee.tribune.ui.table:TRIBUNE",
          "concordia": "referee.concordia.ui.table:CONCORDIA",
          "trajan": "referee.trajan.ui.table:TRAJAN"}


def table_of(game: str) -> TableGame:
    module, name = TABLES[game].split(":")
    found: TableGame = getattr(importlib.import_module(module), name)
    return found


def played_with(header: Header) -> TableGame | None:
    """The TableGame a session was played with; None for a final score typed in (or
    imported), which has no game to replay."""
    if header.game not in TABLES or header.mode == "scored":
        return None
    return table_of(header.game)
