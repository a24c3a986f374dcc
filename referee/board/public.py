"""What everyone at the table may see of a game: the one filter of hidden information.

``status --json`` is the referee's own view and holds what the guided game never shows the
table (hands, the choices offered to the player answering, a Trajan game's seed, the draw
piles' order). :func:`public_status` builds the table's view instead, field by field from the
game's state (nothing is copied through unless it is public), in the current language. The
board page is drawn from this view alone; any other screen the whole table reads can share
it. The same policy as the guided game: a card is named once it is face up or the rules
show it, a sealed answer (a bid, a Field of Mars pair) once all are revealed together, a
hand is a count.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from typing import Any

from referee.table.game import TableGame

#: the module that knows each game's public view and its drawing
GAMES = {"tribune": "referee.board.tribune", "concordia": "referee.board.concordia",
         "trajan": "referee.board.trajan"}
_PLACEHOLDER = re.compile(r"\{(\w+)")


def game_module(game: str) -> Any:
    return importlib.import_module(GAMES[game])


def public_status(table: TableGame, game: Any) -> dict[str, Any]:
    """The game as the whole table may see it, as JSON: the game's own public view (board,
    holdings as counts, the final score once over), the question pending and who answers
    it. Texts are in the current language."""
    view = game_module(table.name).public(game)
    question = game.pending()
    view["pending"] = None if question is None else pending(table, question)
    return view


def pending(table: TableGame, question: Any) -> dict[str, Any]:
    """Who answers and what, as the guided game asks it aloud. Only the params its prompt
    names are kept: a question may carry what the answering player alone may see (a
    Concordia hand, the cards a Tribune player chooses among)."""
    from referee.table import render
    from referee.terminal.messages import rule_text

    used = set(_PLACEHOLDER.findall(question.prompt))
    params: Mapping[str, Any] = {k: v for k, v in question.params.items() if k in used}
    return {"actor": question.actor, "kind": question.kind,
            "text": render.text(question.prompt, params, table.name, table.shown),
            "rule": rule_text(question.rule)}
