"""`check benefit|leader|assassin|region`: what a faction, a leader, the assassin and a paid
region give, run through the live rule flows; numbers from the rulebooks (facts sheet §6, §8)."""

from __future__ import annotations

import pytest


def test_legates_card_option_then_the_legion_at_the_sets_value(tribune):
    r = tribune("check", "benefit", "--faction", "legates", "--set", "leg3,leg4", "--money",
                "10", "--option", "card", "--json").json()
    assert r["outcome"]["after"]["cards_in_hand"] == 1
    # the legion costs the value sum of the player's own Legates set: 3 + 4
    assert r["next"]["kind"] == "legion" and r["next"]["text"].endswith("7 denarii?")
    scroll = tribune("check", "benefit", "--faction", "legates", "--set", "leg3,leg4",
                     "--option", "scroll", "--json").json()
    assert scroll["outcome"]["after"]["tile"] == "scroll" and scroll["next"] is None


def test_without_an_option_the_choice_is_listed(tribune):
    r = tribune("check", "benefit", "--faction", "senators", "--set", "sen1,sen2", "--json")
    assert r.json()["outcome"]["options"] == ["scroll", "cards"]
    assert r.json()["next"]["kind"] == "benefit"


@pytest.mark.parametrize("edition,options", [("ffg", ["card_money"]),
                                             ("heidelberger", ["card_money", "tribune"])])
def test_plebeian_tribune_needs_the_patricians_in_ffg_only(tribune, edition, options):
    r = tribune("check", "benefit", "--faction", "ple", "--set", "ple1,ple2", "--tile", "scroll",
                "--edition", edition, "--json").json()
    assert r["outcome"]["options"] == options
    if edition == "ffg":  # the one option is taken at once: a card and 2 denarii
        assert r["outcome"]["after"]["money"] == 2 and r["outcome"]["after"]["cards_in_hand"] == 1


def test_favor_tiles_no_game_can_reach_are_refused(tribune):
    both = tribune("check", "benefit", "--faction", "ves", "--set", "ves1,ves2", "--eternal",
                   "--temporary", "--json")
    assert both.code == 2
    assert both.json()["errors"][0]["rule"]["rule"] == "tribune.phase3.pantheon.temporary"
    no_vestals = tribune("check", "benefit", "--faction", "sen", "--set", "sen1,sen2",
                         "--temporary", "--json")
    assert no_vestals.code == 2
    assert no_vestals.json()["errors"][0]["rule"]["rule"] == "tribune.favor.temporary"


@pytest.mark.parametrize("edition,confirmed", [("ffg", True), ("heidelberger", False)])
def test_scipio_brings_ten_unconfirmed_in_heidelberger(tribune, edition, confirmed):
    r = tribune("check", "leader", "--faction", "patricians", "--edition", edition,
                "--json").json()
    assert r["outcome"]["after"]["money"] == 10
    assert r["rulings"][-1]["rule"]["confirmed"] is confirmed


def test_cato_asks_for_a_marker_the_player_lacks(tribune):
    r = tribune("check", "leader", "--faction", "senators", "--controls", "gla=gla1,gla2",
                "--json").json()
    assert r["next"]["kind"] == "cato"
    assert "gladiators" not in r["next"]["params"]["choices"]


@pytest.mark.parametrize("edition,targets", [("ffg", ["gladiators", "senators"]),
                                             ("heidelberger", ["senators"])])
def test_assassin_targets_by_edition_and_the_highest_card_goes(tribune, edition, targets):
    base = ("check", "assassin", "--by", "Ann", "--set", "gla=Ann:gla1,gla2,gla3",
            "--set", "sen=Bob:sen4,sen9,sen5", "--set", "leg=Bob:leg5,leg6",
            "--edition", edition, "--json")
    assert tribune(*base).json()["outcome"]["targets"] == targets  # never a 2-card set
    r = tribune(*base, "--target", "sen").json()
    assert r["outcome"]["sets"]["senators"] == ["sen4", "sen5"]


def test_forum_pays_three_per_follower_or_the_card_is_discarded(tribune):
    r = tribune("check", "region", "forum", "--follower", "Ann:4", "--follower", "-",
                "--follower", "Ann:4", "--follower", "Bob:2", "--follower", "-",
                "--follower", "-", "--cards", "sen1,gla2,leg3,pra4,ple5,ves6", "--json").json()
    # Ann pays 3 for the first field and cannot pay for the third; Bob cannot pay at all
    assert r["outcome"] == {"paid": {"Ann": 3, "Bob": 0}, "cards": {"Ann": ["sen1"], "Bob": []}}


def test_latrine_sells_or_keeps(tribune):
    sold = tribune("check", "region", "latrine", "--cards", "sen4", "--money", "3",
                   "--option", "sell", "--json").json()
    assert sold["outcome"] == {"money": 7, "cards": []}
    keep = tribune("check", "region", "latrine", "--cards", "sen4", "--money", "3",
                   "--option", "keep", "--json")
    # 3 cannot pay for a 4: keeping is refused as in play, naming the rule
    assert keep.code == 2
    assert keep.json()["errors"][0]["rule"]["rule"] == "tribune.phase3.latrine"


def test_rulebook_take_over_example_3_through_check(tribune):
    """The rulebook's two-challenger example (000 «Захват двумя игроками»), as a table would
    ask it: John holds sen4, sen5, sen7 (16); Mike on "2" plays sen6, sen7, sen9 (22);
    Michelle on "1" answers with 4 cards, so she wins and Mike pays a card of his set."""
    r = tribune("check", "conflict", "--faction", "senators", "--controller", "sen4,sen5,sen7",
                "--second", "sen6,sen7,sen9", "--first", "sen1,sen2,sen3,sen8", "--json").json()
    assert r["outcome"] == {"winner": "1", "penalty": True}
    assert r["next"]["kind"] == "penalty"
    assert sorted(r["next"]["choose_from"]) == ["sen6", "sen7", "sen9"]
    # without Michelle's answer, Mike's set stands
    alone = tribune("check", "conflict", "--faction", "senators", "--controller",
                    "sen4,sen5,sen7", "--second", "sen6,sen7,sen9", "--json").json()
    assert alone["outcome"] == {"winner": "2", "penalty": False}


def test_rulebook_forum_order_when_money_runs_short_through_check(tribune):
    """003's Forum Romanum evaluation: fields paid left to right; Ann with 10 denarii on
    four fields pays 3 three times and loses the last card."""
    r = tribune("check", "region", "forum", "--follower", "Ann:10", "--follower", "-",
                "--follower", "Ann:10", "--follower", "Ann:10", "--follower", "-",
                "--follower", "Ann:10", "--cards", "gla3,leg3,pra3,ple3,pat3,ves3",
                "--json").json()
    assert r["outcome"] == {"paid": {"Ann": 9}, "cards": {"Ann": ["gla3", "pra3", "ple3"]}}
