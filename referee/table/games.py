"""Each game's table side by the name a session's header gives, loaded only when asked."""

from __future__ import annotations

import importlib

from referee.table.game import TableGame

#: each game's TableGame, as "module:name"
TABLES = {"tribune": "referee.tribune.ui.table:TRIBUNE",
          "concordia": "referee.concordia.ui.table:CONCORDIA",
          "trajan": "referee.trajan.ui.table:TRAJAN"}


def table_of(game: str) -> TableGame:
    module, name = TABLES[game].split(":")
    found: TableGame = getattr(importlib.import_module(module), name)
    return found
