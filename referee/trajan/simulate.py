"""Random legal games, for the simulator tests and the bench: every entry is drawn from
the legal answers (markers and sowing orders, which cannot be listed, are shuffled), and
the conservation laws are checked after each one."""

from __future__ import annotations

import random

from referee.trajan import wheel as w
from referee.trajan.actions import Entry, Markers, Pass, Sow
from referee.trajan.engine import Game
from referee.trajan.setup import Setup
from referee.values import Value

NAMES = ("Ann", "Bob", "Cid", "Dee")


class Run(Value):
    game: Game
    entries: int
    violations: tuple[str, ...]


def random_entry(game: Game, rng: random.Random, eager: float = 0.0) -> Entry:
    """A random legal answer; ``eager`` is the chance of never passing when acting is legal."""
    q = game.pending()
    assert q is not None
    if q.kind == "markers":
        colours = [c for c in w.COLOURS.values() for _ in range(2)]
        rng.shuffle(colours)
        return Markers(q.actor, tuple(tuple(colours[i:i + 2]) for i in range(0, 12, 2)))
    if q.kind == "sow":
        p = game.state.player(q.actor)
        tray = rng.choice([i for i, t in enumerate(p.trays) if t])
        order = list(p.trays[tray])
        rng.shuffle(order)
        return Sow(q.actor, tray, tuple(order))
    options = game.legal_entries()
    assert options, q.kind
    acting = [e for e in options if not isinstance(e, Pass)]
    if acting and rng.random() < eager:  # a pass now and then, but mostly a real game
        return rng.choice(acting)
    return rng.choice(options)


def random_game(players: int, seed: int, deal: str = "virtual", check_every: bool = True,
                limit: int = 20000, eager: float = 0.0) -> Run:
    rng = random.Random(seed)
    game = Game(Setup.create(list(NAMES[:players]), NAMES[0], deal=deal, seed=seed))
    found: list[str] = []
    entries = 0
    while game.pending() is not None and entries < limit:
        game.apply(random_entry(game, rng, eager))
        entries += 1
        if check_every:
            found += [f"entry {entries}: {v}" for v in game.invariants()]
    found += game.invariants()
    return Run(game, entries, tuple(found))
