"""Random legal play reaches the end with the card count and money intact (virtual mode)."""

import random

import pytest

from referee.tribune.engine import Game
from referee.tribune.setup import Setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_random_virtual_game_finishes(players, edition):
    rng = random.Random(players)
    game = Game(Setup.create([f"P{i}" for i in range(players)], "P0", edition=edition,
                             deck_mode="virtual", seed=players, settings={"thermae_fields": 3}))
    while game.pending() is not None:
        game.apply(rng.choice(game.legal_actions()))
        state = game.state
        assert state.card_total() == 100
        assert state.bank + state.colosseum + sum(p.money for p in state.players) == 0
    assert game.result is not None and game.result.winners
