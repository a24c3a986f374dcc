"""`referee tribune check …`: the rule calculators, numbers checked by hand against the rules."""

from __future__ import annotations

import json

import pytest


def test_more_cards_take_over_even_with_a_lower_sum(tribune):
    # controller sen6+sen4+sen6 = 3 cards, sum 16; challenger 4 cards, sum 6: count wins
    r = tribune("check", "takeover", "--faction", "senators", "--controller", "sen6,sen4,sen6",
                "--challenger", "sen2,sen3,sen1,sen0")
    assert r.code == 0
    assert "The challenger takes control of Senators" in r.out
    assert "4 cards beat 3" in r.out


def test_equal_count_and_equal_sum_keep_control(tribune):
    r = tribune("check", "takeover", "--faction", "sen", "--controller", "sen6,sen4",
                "--challenger", "sen5,sen5", "--json")
    assert r.code == 0
    data = r.json()
    assert data["outcome"] == {"takes_control": False}
    assert data["verdict"] == "The controller keeps Senators"


def test_a_set_of_another_faction_is_no_set(tribune):
    r = tribune("check", "takeover", "--faction", "legates", "--challenger", "leg4,sen5")
    assert r.code == 0 and "No take-over of Legates" in r.out
    assert "Not Legates cards: Senator 5" in r.out


def test_conflict_first_beats_second_and_second_pays_a_card(tribune):
    # "2" plays leg5+leg4 (9) over the controller's leg3+leg4 (7); "1" answers with 3 cards
    r = tribune("check", "conflict", "--faction", "legates", "--controller", "leg3,leg4",
                "--second", "leg5,leg4", "--first", "leg6,leg2,leg1", "--json")
    data = r.json()
    assert data["outcome"] == {"winner": "1", "penalty": True}
    assert data["next"]["kind"] == "penalty"  # which card is the beaten player's choice
    assert data["rulings"][-1]["rule"]["confirmed"] is False  # FFG leaves it unsaid
    heidelberger = tribune("check", "conflict", "--faction", "legates", "--controller",
                           "leg3,leg4", "--second", "leg5,leg4", "--first", "leg6,leg2,leg1",
                           "--json", "--edition", "heidelberger").json()
    assert heidelberger["rulings"][-1]["rule"]["confirmed"] is True


def test_conflict_insufficient_second_counts_as_a_pass(tribune):
    # "2" plays leg1+leg2 (3), no better than the controller's leg3+leg4; "1" beats the controller
    r = tribune("check", "conflict", "--faction", "leg", "--controller", "leg3,leg4",
                "--second", "leg1,leg2", "--first", "leg6,leg2", "--json")
    # as in play: "2" cannot play a set that does not beat the controller, so no penalty
    assert r.json()["outcome"] == {"winner": "1", "penalty": False}
    assert r.json()["next"] is None


def test_field_of_mars_extra_laurel_and_tie(tribune):
    r = tribune("check", "mars", "--pair", "Ann=sen4,sen5", "--pair", "Bob=gla6,gla2", "--json")
    assert r.json()["outcome"] == {"laurels": {"Ann": 2, "Bob": 1}, "extra_laurel": "Ann"}
    tie = tribune("check", "mars", "--pair", "Ann=sen4,sen5", "--pair", "Bob=gla6,gla3",
                  "--json").json()
    assert tie["outcome"] == {"laurels": {"Ann": 1, "Bob": 1}, "extra_laurel": None}


def test_field_of_mars_refuses_a_mixed_pair_naming_the_rule(tribune):
    r = tribune("check", "mars", "--pair", "Ann=sen4,gla5")
    assert r.code == 2
    assert r.err.strip().splitlines() == [
        "A pair is two cards of one faction, not sen4, gla5 (rule: Phase 3: Field of Mars)"]


def test_chariot_tie_nobody_pays(tribune):
    r = tribune("check", "chariot", "--bid", "Ann=3", "--bid", "Bob=3", "--bid", "Cid=1",
                "--json")
    assert r.json()["outcome"] == {"winner": None, "pays": 0}
    r = tribune("check", "chariot", "--bid", "Ann=3", "--bid", "Bob=4", "--edition",
                "heidelberger")
    assert "Bob pays 4 Sesterzen to the bank" in r.out


def test_atrium_tie_goes_to_the_first_space(tribune):
    r = tribune("check", "atrium", "--first", "3", "--second", "3", "--json")
    assert r.json()["outcome"] == {"winner": "1", "pays": 3}
    r = tribune("check", "atrium", "--first", "2", "--second", "5", "--json")
    assert r.json()["outcome"] == {"winner": "2", "pays": 5}


def test_cesura_cuts_hands_to_seven_and_trims_big_sets(tribune):
    r = tribune("check", "cesura", "--hand", "Ann=9", "--hand", "Bob=7",
                "--set", "senators=sen1,sen2,sen3,sen4", "--set", "gla=gla3,gla1,gla5",
                "--set", "leg=leg1,leg2", "--json")
    assert r.json()["outcome"] == {"hand_discards": {"Ann": 2},
                                   "set_losses": {"senators": ["sen1", "sen2"],
                                                  "gladiators": ["gla1"]}}
    hb = tribune("check", "cesura", "--hand", "Ann=8", "--edition", "heidelberger")
    assert hb.out.startswith("Important event")


@pytest.fixture
def card_file(tmp_path):
    path = tmp_path / "card.json"
    path.write_text(json.dumps({
        "title": "Pecunia Non Olet", "needed": {"3": 4},
        "goals": [{"kind": "tribune", "obligatory": True}, {"kind": "favor"},
                  {"kind": "laurels", "threshold": 8}, {"kind": "legions", "threshold": 4},
                  {"kind": "denarii", "threshold": 30}, {"kind": "markers", "threshold": 4}]}))
    return path


def test_victory_card_needs_the_obligatory_goal(tribune, card_file):
    base = ("check", "victory", "--card", str(card_file), "--players", "3", "--json")
    no_tribune = tribune(*base, "--favor", "--laurels", "9", "--legions", "4", "--money",
                         "30").json()
    assert no_tribune["outcome"]["qualifies"] is False
    assert no_tribune["outcome"]["missing_obligatory"] == ["tribune"]
    ok = tribune(*base, "--tribune", "--favor", "--laurels", "8", "--money", "29").json()
    assert ok["outcome"]["qualifies"] is False and len(ok["outcome"]["met"]) == 3
    ok = tribune(*base, "--tribune", "--favor", "--laurels", "8", "--money", "30").json()
    assert ok["outcome"]["qualifies"] is True


def test_victory_card_for_another_player_count_is_refused(tribune, card_file):
    r = tribune("check", "victory", "--card", str(card_file), "--players", "4")
    assert r.code == 2 and "not for 4 players" in r.err


def test_typo_in_a_card_code_suggests_and_exits_2(tribune):
    r = tribune("check", "takeover", "--faction", "sen", "--challenger", "sne1,sen2")
    assert r.code == 2
    assert r.err.strip() == "Unknown card code 'sne1'; did you mean sen1 / ves1?"
    assert "Traceback" not in r.err


def test_check_speaks_russian(tribune):
    r = tribune("check", "chariot", "--bid", "Аня=2", "--bid", "Боря=5", lang="ru")
    assert r.code == 0
    assert r.out.startswith("Боря платит 5 динариев в банк") and "получает колесницу" in r.out


@pytest.mark.parametrize("args,rule", [
    # a faction has one leader: two copies in a take-over, or one in both sets
    (("takeover", "--faction", "sen", "--challenger", "sen0,sen0,sen3"), "tribune.cards.known"),
    (("conflict", "--faction", "sen", "--controller", "sen0,sen4", "--first", "sen0,sen3"),
     "tribune.cards.known"),
    (("mars", "--pair", "Ann=sen0,sen0"), "tribune.cards.known"),
    # a control set no take-over could have left
    (("takeover", "--faction", "sen", "--controller", "sen5", "--challenger", "sen6,sen3"),
     "tribune.phase4.set"),
    (("conflict", "--faction", "sen", "--controller", "sen5,gla4", "--first", "sen6,sen3"),
     "tribune.phase4.set"),
    (("cesura", "--hand", "Ann=8", "--set", "sen=sen1"), "tribune.phase4.set"),
])
def test_impossible_positions_are_refused_naming_the_rule(tribune, args, rule):
    r = tribune("check", *args, "--json")
    assert r.code == 2
    (error,) = r.json()["errors"]
    assert error["type"].endswith("RuleViolation") and error["rule"]["rule"] == rule
    assert "Traceback" not in r.err
