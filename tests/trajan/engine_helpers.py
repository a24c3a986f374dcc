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


def choices_game() -> dict:
    """A whole 3-player game with the two choices a session asks now (how many figures a
    Trajan tile places, which tiles meet the demands), as a scenario: its answers are the
    simulator's, picked at random among the legal ones."""
    import random

    from referee.trajan.simulate import random_entry

    game, rng = Game(Setup.create(["Ann", "Bob", "Cid"], "Ann", seed=8)), random.Random(8)
    while game.pending() is not None:
        game.apply(random_entry(game, rng, eager=0.9))
    return {"format": "referee-trajan-scenario", "version": 1,
            "setup": game.setup.to_json(), "entries": [e.to_json() for e in game.history]}


def before_first(doc: dict, kind: str, options: int = 2) -> tuple[Game, int]:
    """The scenario's game just before its first ``kind`` question with ``options`` legal
    answers or more, and the index of the entry that answered it."""
    from referee.trajan.actions import from_json

    game = Game(Setup.from_json(doc["setup"]))
    for n, raw in enumerate(doc["entries"]):
        if game.pending().kind == kind and len(game.legal_entries() or []) >= options:
            return game, n
        game.apply(from_json(raw))
    raise AssertionError(f"no {kind} question")
