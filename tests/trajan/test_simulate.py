"""Random legal games end with every piece accounted for, and score as the calculator does."""

from __future__ import annotations

import random

import pytest

from referee.trajan import holdings, scoring
from referee.trajan.engine import Game
from referee.trajan.setup import Setup
from referee.trajan.simulate import random_entry, random_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("deal", ["virtual", "table"])
def test_random_games_keep_every_piece_and_end_after_four_quarters(players, deal):
    for seed in range(3):
        run = random_game(players, seed, deal)
        assert run.violations == ()
        assert run.game.pending() is None and run.game.state.over
        assert (run.game.state.board.quarter, run.game.state.board.round) == (4, 4)
        bonus = sum(len(p.bonus) for p in run.game.state.players)
        assert bonus == players + 8  # one each at setup, two per quarter to the consuls


@pytest.mark.parametrize("players", [2, 4])
def test_the_guided_result_is_what_the_calculator_gives_for_the_end_state(players):
    game = random_game(players, 11).game
    doc = holdings.end_state_doc(game.state)
    by_hand = scoring.score(holdings.parse(doc)).to_json()
    assert game.final_score().to_json() == by_hand
    outcome = game.outcome()
    assert [s.player for s in outcome.standings] == by_hand["ranking"]
    assert [s.score for s in outcome.standings] == [p["total"] for p in by_hand["players"]]


def test_a_replayed_game_is_the_same_game():
    run = random_game(3, 5, check_every=False)
    again = Game.replay(run.game.setup, run.game.history)
    assert again.fingerprint() == run.game.fingerprint()
    assert again.outcome().to_json() == run.game.outcome().to_json()


def test_the_invariants_notice_a_lost_card_and_a_lost_worker():
    run = random_game(2, 2, check_every=False)
    state = run.game.state
    state.board.deck["wine"] += 1
    state.players[0].supply += 1
    found = run.game.invariants()
    assert any("commodity cards" in v for v in found)
    assert any("subjects" in v for v in found)


def test_every_listed_answer_is_accepted():
    game = random_game(2, 4, check_every=False, limit=120).game
    rng = random.Random(0)
    for _ in range(60):
        if game.pending() is None:
            break
        for entry in game.legal_entries() or []:
            game.check(entry)
        game.apply(random_entry(game, rng))


@pytest.mark.fuzz
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players):
    for seed in range(100, 160):
        for deal in ("virtual", "table"):
            assert random_game(players, seed, deal).violations == ()


def test_the_simulator_chooses_at_random_among_every_offered_choice():
    """At the two choices (figures, demands) the simulator's answer is any listed one: each
    is drawn in time, and the games it plays through them keep every piece."""
    drawn: dict[str, set] = {"figures": set(), "demands": set()}
    offered: dict[str, set] = {"figures": set(), "demands": set()}
    for seed in (8, 12):  # as `trajan simulate` plays: rarely a pass where acting is legal
        game = Game(Setup.create(["Ann", "Bob", "Cid"], "Ann", seed=seed))
        rng = random.Random(seed)
        while (q := game.pending()) is not None:
            if q.kind in drawn:
                options = game.legal_entries()
                offered[q.kind].update(range(len(options)))
                drawn[q.kind].update(options.index(random_entry(game, random.Random(n), 0.9))
                                     for n in range(40))
                assert game.invariants() == []
            game.apply(random_entry(game, rng, 0.9))
        assert game.invariants() == []
    assert drawn == offered and all(len(found) > 1 for found in drawn.values())
