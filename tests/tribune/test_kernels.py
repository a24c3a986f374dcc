"""The standalone pieces: card codes, dispute calculators, scoring, victory cards, setup
validation and the box data file with its override."""

import json
import random

import pytest

from referee.errors import InputErrors
from referee.tribune import box, checks, scoring
from referee.tribune.cards import Faction, parse_card, parse_cards
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.setup import Setup
from referee.tribune.victory import Holdings, VictoryCard, check, library, library_with

SEN = Faction.SENATORS


def card_json(**needed):
    return {"title": "Pecunia Non Olet", "needed": needed or {"3": 4, "4": 4},
            "goals": [{"kind": "tribune", "obligatory": True}, {"kind": "favor"},
                      {"kind": "laurels", "threshold": 10}, {"kind": "legions", "threshold": 5},
                      {"kind": "denarii", "threshold": 30},
                      {"kind": "markers", "threshold": 4}]}


# ------------------------------------------------------------------------------ cards
def test_card_codes():
    assert parse_card("sen4") == parse_card(" SEN4 ")
    assert parse_card("ves10").value == 10 and parse_card("gla0").is_leader
    with pytest.raises(TribuneInputError) as caught:
        parse_card("snt4")
    assert "sen4" in caught.value.params["suggestions"]
    with pytest.raises(TribuneInputError):
        parse_card("gla11")
    with pytest.raises(TribuneInputError):
        parse_card("hello")


# ------------------------------------------------------------------------------ checks
def test_takeover_needs_more_cards_or_a_higher_sum():
    old = parse_cards(["sen5", "sen6"])  # 2 cards, 11
    assert checks.takeover(SEN, parse_cards(["sen1", "sen1", "sen2"]), old)  # 3 > 2
    assert checks.takeover(SEN, parse_cards(["sen4", "sen8"]), old)  # 12 > 11
    assert not checks.takeover(SEN, parse_cards(["sen5", "sen6"]), old)  # equal is not enough
    assert not checks.takeover(SEN, parse_cards(["sen9"]), None)  # a set is 2+ cards
    assert not checks.takeover(SEN, parse_cards(["sen9", "leg9"]), None)
    assert checks.takeover(SEN, parse_cards(["sen0", "sen1"]), None)  # uncontrolled


def test_takes_over_answers_as_the_takeover_verdict():
    """The sets a hand could play are listed with ``takes_over``, the entry checked with
    ``takeover``: they must agree on every set, of one faction or not, against any set."""
    rng = random.Random(5)
    cards = [parse_card(f"{f.code}{v}") for f in (SEN, Faction.VESTALS) for v in range(0, 8)]
    for _ in range(2000):
        challenger = rng.sample(cards, rng.randint(0, 5))
        defender = rng.choice([None, rng.sample(cards, rng.randint(2, 5))])
        assert checks.takes_over(SEN, challenger, defender) == bool(
            checks.takeover(SEN, challenger, defender))


def test_conflict_outcomes():
    held = parse_cards(["sen4", "sen5", "sen7"])  # 3 cards, 16
    two = parse_cards(["sen6", "sen7", "sen9"])  # 22
    assert checks.conflict(SEN, two, None, held, "ffg").outcome == "2"
    assert checks.conflict(SEN, two, parse_cards(["sen1", "sen2", "sen3", "sen8"]), held,
                           "ffg").outcome == "1"
    assert checks.conflict(SEN, None, parse_cards(["sen9", "sen8"]), held,
                           "ffg").outcome == "1"  # 17 > 16
    assert checks.conflict(SEN, None, parse_cards(["sen1", "sen2"]), held,
                           "ffg").outcome is None


def test_mars_extra_laurel():
    assert checks.mars_extra([("John", 10), ("Michelle", 6)], "extra").outcome == "John"
    assert checks.mars_extra([("John", 10), ("Michelle", 10)], "extra").outcome is None
    assert checks.mars_extra([("John", 7)], "extra").outcome == "John"
    own = checks.mars_extra([("John", 9), ("John", 9), ("Ann", 3)], "extra")
    assert own.outcome == "John" and own.rulings[0].rule.confirmed is False
    assert checks.mars_extra([("John", 9), ("John", 9)], "none").outcome is None


def test_atrium_and_chariot_auctions():
    assert checks.atrium(9, 5).outcome == ("1", 9)
    assert checks.atrium(5, 9).outcome == ("2", 9)
    assert checks.atrium(4, 4).outcome == ("1", 4)  # a tie goes to "1."
    assert checks.chariot({"Michelle": 2, "John": 0, "Mike": 4, "Zoe": 5}).outcome == "Zoe"
    assert checks.chariot({"Michelle": 5, "John": 0, "Mike": 4, "Zoe": 5}).outcome is None


def test_cesura_discards():
    verdict = checks.cesura({"Ann": 10, "Bob": 7}, {
        SEN: parse_cards(["sen1", "sen5", "sen2", "sen9"]),
        Faction.LEGATES: parse_cards(["leg3", "leg1", "leg4"]),
        Faction.GLADIATORS: parse_cards(["gla1", "gla2"])})
    hands, sets = verdict.outcome
    assert hands == {"Ann": 3}
    assert {f: [c.code for c in cs] for f, cs in sets.items()} == {
        SEN: ["sen1", "sen2"], Faction.LEGATES: ["leg1"]}


def test_victory_check_counts_goals_and_needs_the_obligatory_ones():
    card = VictoryCard.from_json(card_json())
    rich = Holdings(favor=True, laurels=10, legions=5, denarii=30, markers=4)
    result = check(card, 3, rich)
    assert result.met == ("favor", "laurels", "legions", "denarii", "markers")
    assert not result.qualifies and result.missing_obligatory == ("tribune",)
    result = check(card, 4, Holdings(tribune=True, favor=True, laurels=10, legions=4,
                                     denarii=30, markers=3))
    assert result.qualifies and len(result.met) == 4
    assert checks.victory(card, 4, rich, "ffg").rulings[0].rule.confirmed is False


# ------------------------------------------------------------------------------ scoring
def test_point_table():
    entry = {"name": "Ann", "tribune": True, "eternal_favor": True, "temporary_favor": True,
             "legions": 3, "laurels": 9, "faction_markers": 4, "denarii": 39,
             "first_to_qualify": True, "qualified": True}
    s = scoring.score(entry)
    assert s.total == 7 + 5 + 2 + 3 * 2 + 9 + 4 + 3 + 2
    assert s.breakdown["denarii"] == 3  # each full 10
    assert scoring.score({"name": "Bob", "scroll": True}).total == 3


def test_ranking_puts_qualifiers_first_and_shares_equal_places():
    ranked = scoring.rank([
        {"name": "Ann", "laurels": 30},
        {"name": "Bob", "laurels": 5, "qualified": True},
        {"name": "Cid", "laurels": 5, "qualified": True},
        {"name": "Dan", "laurels": 2}], "ffg")
    assert [(s.name, s.place) for s in ranked] == [("Bob", 1), ("Cid", 1), ("Ann", 3),
                                                   ("Dan", 4)]
    assert scoring.explain(ranked)[-1].params["players"] == ["Bob", "Cid"]


@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_a_final_table_no_game_can_end_with_is_refused_naming_the_rule(edition):
    from referee.errors import RuleViolation

    def refused(entries):
        with pytest.raises((RuleViolation, InputErrors)) as caught:
            scoring.rank(entries, edition)
        errors = getattr(caught.value, "problems", [caught.value])
        return [(e.rule.rule_id, e.rule.edition) for e in errors]

    # two players with the first-to-qualify bonus would change the winner
    assert refused([{"name": "Ann", "first_to_qualify": True, "qualified": True},
                    {"name": "Bob", "first_to_qualify": True, "qualified": True}]) == [
        ("tribune.end.bonus", edition)]
    # one temporary favor tile in the box
    assert refused([{"name": "Ann", "temporary_favor": True},
                    {"name": "Bob", "temporary_favor": True}]) == [
        ("tribune.favor.temporary", None)]
    both = [{"name": "Ann", "eternal_favor": True, "temporary_favor": True}, {"name": "Bob"}]
    if edition == "ffg":  # FFG: the eternal favor's new holder gives the temporary one back
        assert refused(both) == [("tribune.phase3.pantheon.temporary", "ffg")]
    else:  # the Heidelberger text has no such step
        assert scoring.rank(both, edition)[0].total == 7


def test_score_input_errors_are_reported_together():
    with pytest.raises(InputErrors) as caught:
        scoring.score({"name": "", "tribune": True, "scroll": True, "legions": -1})
    assert len(caught.value.problems) == 3


# ------------------------------------------------------------------------------ victory cards
def test_victory_card_validation_reports_everything():
    bad = {"title": "", "needed": {"9": 4}, "goals": [{"kind": "laurels"}, {"kind": "gold"}]}
    with pytest.raises(InputErrors) as caught:
        VictoryCard.from_json(bad)
    assert len(caught.value.problems) == 4


def test_victory_card_round_trip_and_library(tmp_path, monkeypatch):
    card = VictoryCard.from_json({**card_json(), "title": "Alea Iacta Est", "length": "short"})
    assert VictoryCard.from_json(card.to_json()) == card
    assert card.key == "alea-iacta-est-short"
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    assert library() == {}
    (tmp_path / "tribune").mkdir()
    (tmp_path / "tribune" / "victory_cards.json").write_text(
        json.dumps(library_with(card)), encoding="utf-8")
    assert library() == {"alea-iacta-est-short": card}


# ------------------------------------------------------------------------------ setup and box
def test_setup_reports_every_problem_at_once():
    with pytest.raises(InputErrors) as caught:
        Setup.create(["A", "A"], "Z", edition="xx", deck_mode="cards")
    kinds = {type(p) for p in caught.value.problems}
    assert len(caught.value.problems) == 5 and TribuneInputError in kinds


def test_setup_player_count_and_victory_card_player_count():
    with pytest.raises(TribuneRuleViolation):
        Setup.create(["A"], settings={"thermae_fields": 2})
    card = VictoryCard.from_json(card_json(**{"5": 3}))
    with pytest.raises(TribuneRuleViolation) as caught:
        Setup.create(["A", "B", "C"], victory=card, settings={"thermae_fields": 2})
    assert caught.value.rule.confirmed is False


def test_thermae_has_no_silent_default():
    with pytest.raises(TribuneInputError) as caught:
        Setup.create(["A", "B"])
    assert caught.value.params["key"] == "thermae_fields"
    assert Setup.create(["A", "B"], settings={"thermae_fields": 2}).settings["mars_spaces"] \
        is None  # uncapped


def test_setup_round_trip():
    setup = Setup.create(["A", "B", "C"], "B", edition="heidelberger", deck_mode="virtual",
                         seed=9, victory=VictoryCard.from_json(card_json()),
                         settings={"thermae_fields": 3, "scipio_amount": 5})
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup


def test_box_override(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    (tmp_path / "tribune").mkdir()
    (tmp_path / "tribune" / "box.json").write_text(json.dumps(
        {"settings": {"thermae_fields": {"value": 2}, "mars_spaces": {"value": 4}}}))
    setup = Setup.create(["A", "B"])
    assert (setup.settings["thermae_fields"], setup.settings["mars_spaces"]) == (2, 4)
    meta = box.entries()
    assert meta["thermae_fields"]["confidence"] == "USER"  # the group's value now
    assert meta["forum_fields"]["confidence"] == "CONFIRMED"  # not in the override


def test_deck_override_for_virtual_mode(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    (tmp_path / "tribune").mkdir()
    cards = {f.value: [0] + [5] * 13 for f in Faction}
    cards["senators"] += [9, 9]
    (tmp_path / "tribune" / "deck.json").write_text(json.dumps({"cards": cards}))
    setup = Setup.create(["A", "B"], deck_mode="virtual", settings={"thermae_fields": 2})
    assert setup.deck["senators"].count(9) == 2
    cards["senators"] = [5, 5]
    (tmp_path / "tribune" / "deck.json").write_text(json.dumps({"cards": cards}))
    with pytest.raises(TribuneInputError, match="leader"):
        Setup.create(["A", "B"], deck_mode="virtual", settings={"thermae_fields": 2})


def test_shipped_deck_is_labelled_synthetic_and_has_one_leader_per_faction():
    from referee import data

    raw = data.load("tribune", "deck")
    assert "SYNTHETIC" in raw["_label"] and raw["confidence"] == "UNKNOWN"
    cards = box.deck_cards(raw["cards"])
    assert len(cards) == 100
    assert sorted(c.faction.value for c in cards if c.is_leader) == sorted(
        f.value for f in Faction)
