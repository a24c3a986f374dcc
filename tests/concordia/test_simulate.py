"""Random legal games end with every conservation law intact, on both board sides, and
``concordia simulate`` plays them from the command line."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.concordia.box import load_box
from referee.concordia.simulate import DEALS, _scored_alike, play_random

BOX = load_box()

TABLES = [("imperium", 3), ("imperium", 4), ("imperium", 5),
          ("italia", 2), ("italia", 3), ("italia", 4)]


@pytest.fixture(scope="module")
def box():
    return BOX


@pytest.mark.parametrize("deal_by", DEALS)
@pytest.mark.parametrize("map_id,players", TABLES)
def test_random_games_end_with_no_broken_invariant(box, map_id, players, deal_by):
    game, report = play_random(box, map_id, players, seed=players, deal_by=deal_by)
    assert report.problems == []
    assert report.finished and game.outcome() is not None
    assert game.state.concordia is not None and report.refused > 0


def test_random_games_use_every_kind_of_entry(box):
    kinds: Counter = Counter()
    for seed in range(4):
        game, _ = play_random(box, "imperium", 3, seed, deal_by=DEALS[seed % 2])
        kinds.update(e.type for e in game.history)
        kinds.update(f"diplomat:{e.action.type}" for e in game.history if e.type == "diplomat")
    assert set(kinds) >= {"architect", "prefect", "mercator", "senator", "consul", "tribune",
                          "colonist", "specialist", "diplomat", "keep", "reveal",
                          "diplomat:prefect", "diplomat:architect"}


@st.composite
def tables(draw):
    """A board side, a player count it is made for, a way of dealing and a seed."""
    map_id = draw(st.sampled_from(sorted(BOX.maps)))
    side = BOX.maps[map_id]
    return (map_id, draw(st.integers(side.min_players, side.max_players)),
            draw(st.sampled_from(DEALS)), draw(st.integers(0, 2**32)))


@settings(max_examples=10)
@given(tables())
def test_any_random_game_keeps_every_law_and_scores_as_typed_in(table):
    """After every entry: money, goods, colonists, houses and cards conserved, the JSON log
    replays to the same state; at the end the table typed in for ``concordia score`` is
    accepted and scores what the live game scored."""
    map_id, players, deal_by, seed = table
    game, report = play_random(BOX, map_id, players, seed, deal_by=deal_by)
    assert report.problems == []
    assert report.finished and game.outcome() is not None


def test_the_laws_notice_a_lost_sestertius_and_an_end_no_game_reaches():
    game, report = play_random(BOX, "italia", 2, 3)
    assert report.problems == [] and _scored_alike(game, BOX) == []
    game.state.players[0].money += 1
    assert "money is not conserved between the players and the bank" in game.invariants()
    game.state.concordia = None  # nobody took the Concordia card, yet the game ended
    (refused,) = _scored_alike(game, BOX)
    assert refused.startswith("concordia score refuses") and "concordia.end.trigger" in refused


def test_simulate_cycles_through_the_sides_and_deals_made_for_the_players(cli):
    summary = cli("concordia", "simulate", "--players", "3", "--games", "4", "--seed", "2",
                  "--json").json()
    assert (summary["games"], summary["finished"], summary["invariant_violations"]) == (4, 4, 0)
    assert summary["violation_examples"] == [] and summary["refused"] > 0
    assert [(s["map"], s["deal"], s["games"]) for s in summary["by_setting"]] == [
        ("imperium", "virtual", 1), ("imperium", "table", 1), ("italia", "virtual", 1),
        ("italia", "table", 1)]
    assert summary["turns"] == sum(s["turns"] for s in summary["by_setting"])
    again = cli("concordia", "simulate", "--players", "3", "--games", "4", "--seed", "2",
                "--json").json()
    assert (again["entries"], again["turns"]) == (summary["entries"], summary["turns"])


@pytest.mark.parametrize("players,maps", [(2, {"italia"}), (5, {"imperium"}),
                                          (4, {"imperium", "italia"})])
def test_each_side_plays_only_the_player_counts_it_is_made_for(cli, players, maps):
    summary = cli("concordia", "simulate", "--players", players, "--games", "2",
                  "--no-checks", "--json").json()
    assert {s["map"] for s in summary["by_setting"]} == maps
    assert summary["finished"] == 2 and summary["checks"] is False


@pytest.mark.parametrize("args,said", [
    (["--map", "imperium", "--players", "2"], "Board side for the player count"),
    (["--map", "italia", "--players", "5"], "Board side for the player count"),
    (["--map", "mars"], "imperium"),
    (["--deal", "paper"], "--deal must be one of virtual, table, both"),
    (["--players", "6"], "--players"),
    (["--games", "0"], "--games"),
])
def test_simulate_refuses_what_it_cannot_play(cli, args, said):
    result = cli("concordia", "simulate", *args)
    assert result.code == 2 and said in " ".join(result.err.split())
    assert "Traceback" not in result.err


def test_simulate_says_what_it_played_in_each_language(cli):
    shown = cli("concordia", "simulate", "--players", "2", "--games", "1", "--deal", "table")
    assert shown.code == 0
    lines = shown.out.splitlines()
    assert lines[0].startswith("1 game (2 players): ") and "0 invariant violations" in lines[0]
    assert lines[1].startswith("  Italia, dealt at the table: 1 game, ")
    russian = cli("--lang", "ru", "concordia", "simulate", "--players", "2", "--games", "1",
                  "--deal", "table").out.splitlines()
    assert russian[0].startswith("1 партия (2 игрока): ") and "0 нарушений" in russian[0]
    assert russian[1].startswith("  Италия, раздача за столом: 1 партия, ")
    spanish = cli("--lang", "es", "concordia", "simulate", "--players", "2", "--games", "1",
                  "--deal", "table").out.splitlines()
    assert spanish[0].startswith("1 partida (2 jugadores): ")
    assert spanish[1].startswith("  Italia, reparto en la mesa: 1 partida, ")


@pytest.mark.fuzz
@pytest.mark.parametrize("map_id,players", TABLES)
def test_many_random_games(box, map_id, players):
    for seed in range(40):
        for deal_by in DEALS:
            _, report = play_random(box, map_id, players, seed + 100, deal_by=deal_by)
            assert report.problems == [] and report.finished, (seed, deal_by)
