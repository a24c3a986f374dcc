"""Random legal games end with every conservation law intact, on both board sides."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.concordia.box import load_box
from referee.concordia.simulate import play_random

TABLES = [("imperium", 3), ("imperium", 4), ("imperium", 5),
          ("italia", 2), ("italia", 3), ("italia", 4)]


@pytest.fixture(scope="module")
def box():
    return load_box()


@pytest.mark.parametrize("table_pile", [False, True], ids=["dealt", "table"])
@pytest.mark.parametrize("map_id,players", TABLES)
def test_random_games_end_with_no_broken_invariant(box, map_id, players, table_pile):
    game, report = play_random(box, map_id, players, seed=players, table_pile=table_pile)
    assert report.problems == []
    assert report.finished and game.outcome() is not None
    assert game.state.concordia is not None and report.refused > 0


def test_random_games_use_every_kind_of_entry(box):
    kinds: Counter = Counter()
    for seed in range(4):
        game, _ = play_random(box, "imperium", 3, seed, table_pile=seed % 2 == 1)
        kinds.update(e.type for e in game.history)
        kinds.update(f"diplomat:{e.action.type}" for e in game.history if e.type == "diplomat")
    assert set(kinds) >= {"architect", "prefect", "mercator", "senator", "consul", "tribune",
                          "colonist", "specialist", "diplomat", "keep", "reveal",
                          "diplomat:prefect", "diplomat:architect"}


@pytest.mark.fuzz
@pytest.mark.parametrize("map_id,players", TABLES)
def test_many_random_games(box, map_id, players):
    for seed in range(40):
        for table_pile in (False, True):
            _, report = play_random(box, map_id, players, seed + 100, table_pile=table_pile)
            assert report.problems == [] and report.finished, (seed, table_pile)
