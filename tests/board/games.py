"""Sessions of each game at a chosen point, written as a guided game writes them (through
``referee.table.session``), with random legal answers from a fixed seed: the same game on
every run."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.store import SessionStore
from referee.table import session as sessions

COLOURS = {"Ann": "red", "Bob": "blue", "Cid": "green", "Dee": "yellow"}


class Played:
    """A session and its game, with the same random answers going on from where it stops."""

    def __init__(self, game_name: str, root: Path, seed: int = 1, lang: str = "en",
                 players: int = 3) -> None:
        self.name, self.root, self.rng = game_name, root, random.Random(seed)
        self.table, setup = _setup(game_name, seed, players)
        names = list(setup.players)
        session, self.game = sessions.create(self.table, SessionStore(root), setup,
                                             {n: COLOURS.get(n) for n in names}, {"lang": lang})
        self.session_id = session.id
        session.close()

    def answer(self) -> Any:
        """A legal answer to the pending question."""
        return _answer(self.name, self.game, self.rng)

    def play(self, count: int = 1_000_000,
             until: Callable[[Any], bool] = lambda game: False) -> Played:
        """Record up to ``count`` answers, stopping early where ``until`` holds."""
        with SessionStore(self.root).open(self.session_id, write=True) as session:
            for _ in range(count):
                if self.game.pending() is None or until(self.game):
                    break
                sessions.apply(self.table, session, self.game, self.answer())
        return self

    def record(self, entry: Any) -> None:
        with SessionStore(self.root).open(self.session_id, write=True) as session:
            sessions.apply(self.table, session, self.game, entry)


def _setup(name: str, seed: int, players: int) -> tuple[Any, Any]:
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    if name == "tribune":
        from referee.tribune.setup import Setup
        from referee.tribune.simulate import SIM_CARD
        from referee.tribune.ui.table import TRIBUNE

        return TRIBUNE, Setup.create(names, names[0], edition="ffg", deck_mode="virtual",
                                     seed=seed, victory=SIM_CARD,
                                     settings={"thermae_fields": 3})
    if name == "trajan":
        from referee.trajan.setup import Setup as TrajanSetup
        from referee.trajan.ui.table import TRAJAN

        return TRAJAN, TrajanSetup.create(names, names[0], deal="virtual", seed=seed)
    from referee.concordia.box import load_box
    from referee.concordia.deal import deal
    from referee.concordia.setup import Setup as ConcordiaSetup
    from referee.concordia.ui.table import CONCORDIA

    return CONCORDIA, ConcordiaSetup.from_deal(deal(load_box(), "imperium", names, seed,
                                                    names[0]))


def _answer(name: str, game: Any, rng: random.Random) -> Any:
    if name == "tribune":
        return rng.choice(game.legal_entries() or [])
    if name == "trajan":
        from referee.trajan.simulate import random_entry

        return random_entry(game, rng, 0.8)
    from referee.concordia.simulate import Report, _turn

    options = game.legal_entries()
    return rng.choice(options) if options else _turn(game, rng, Report())
