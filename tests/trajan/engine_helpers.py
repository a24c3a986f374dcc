"""Games set up for a test: through setup with fixed answers, up to the first turn."""

from __future__ import annotations

from referee.trajan.actions import Markers
from referee.trajan.engine import Game
from referee.trajan.setup import Setup
from referee.trajan.wheel import parse_colours

# 2 of each colour; tray I yellow+orange, II green+white, III pink+blue, and again
MARKERS = tuple(parse_colours(t) for t in ("yo", "gw", "pb", "yo", "gw", "pb"))


def through_setup(game: Game) -> Game:
    """Answer every setup question with the first legal answer (fixed markers)."""
    while (q := game.pending()) is not None and q.kind != "sow":
        entry = Markers(q.actor, MARKERS) if q.kind == "markers" else game.legal_entries()[0]
        game.apply(entry)
    return game


def new_game(players=("Ann", "Bob"), seed=3, deal="virtual") -> Game:
    return through_setup(Game(Setup.create(list(players), players[0], deal=deal, seed=seed)))
