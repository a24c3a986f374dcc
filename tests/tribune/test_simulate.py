"""The random-play simulator: complete games in every configuration, no invariant broken."""

import pytest

from referee.tribune.simulate import SIM_CARD, play, simulate


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["table", "virtual"])
@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_games_finish_without_violations(players, mode, edition):
    for variant in ("card", "points"):
        run = play(players, mode, edition, variant, seed=players * 31 + len(mode))
        assert run.violations == []
        assert run.finished and run.rounds >= 1 and run.entries > 50


def test_summary_counts_and_fields():
    summary = simulate(3, 8, seed=5)
    assert summary["games"] == 8 and summary["finished"] == 8
    assert summary["invariant_violations"] == 0
    assert summary["rounds"] == sum(s["rounds"] for s in summary["by_setting"])
    assert {s["games"] for s in summary["by_setting"]} == {1}  # 2 modes x 2 editions x 2
    assert summary["seconds"] > 0


def test_same_seed_same_games():
    assert simulate(2, 3, seed=11)["entries"] == simulate(2, 3, seed=11)["entries"]


def test_invariants_catch_a_lost_card_and_created_money():
    from referee.tribune.engine import Game
    from referee.tribune.setup import Setup

    game = Game(Setup.create(["A", "B"], deck_mode="virtual", settings={"thermae_fields": 2},
                             victory=SIM_CARD))
    assert game.invariants() == []
    game.state.deck.cards.pop()
    game.state.players[0].money += 1
    found = game.invariants()
    assert any(p.startswith("cards: 99") for p in found)
    assert any("money" in p for p in found)


def test_cli_prints_the_json_summary(cli):
    result = cli("tribune", "simulate", "--players", "4", "--games", "2", "--seed", "3",
                 "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["games"] == 2 and data["invariant_violations"] == 0
    assert {"games", "rounds", "invariant_violations", "seconds"} <= set(data)


def test_cli_rejects_an_unknown_mode(cli):
    result = cli("tribune", "simulate", "--games", "1", "--mode", "dice")
    assert result.code == 2 and "--mode" in result.err


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_games(players):
    summary = simulate(players, 48, seed=2024)
    assert summary["finished"] == 48 and summary["invariant_violations"] == 0


@pytest.mark.parametrize("mode", ["table", "virtual"])
def test_a_game_adds_no_attribute_to_its_core(mode):
    """Every attribute of a Core is made when it is built: one added later (a
    cached_property does that) makes CPython look each attribute of that Core up the slow
    way, and the rules read them at every step."""
    import random

    from referee.tribune.core import Core
    from referee.tribune.simulate import Driver, setup_for

    driver = Driver(setup_for(4, mode, "ffg", "card", seed=3), check=False)
    rng = random.Random(3)
    while not driver.done:
        driver.step(rng.choice)
    for game in filter(None, [driver.game, driver.twin]):
        assert set(vars(game.core)) == set(vars(Core(game.setup)))
