"""A ruling says what it rests on that no rulebook confirms: "data not confirmed" for box data
and values the group entered, "reading not confirmed" for a reading of a rule the texts leave
open, and nothing where neither matters to the position. In all three languages."""

from __future__ import annotations

import pytest

from referee.i18n import set_language
from referee.rulings import RuleRef, Ruling
from referee.terminal.messages import rule_text
from referee.tribune import calculators
from referee.tribune.cards import Faction, parse_cards
from referee.tribune.rulebook import ref

DATA = "rests on data not confirmed by the rulebook"
READING = "rests on a reading not confirmed by the rulebook"
BOTH = "rests on data not confirmed and on a reading not confirmed by the rulebook"

CONFLICT = ("check", "conflict", "--faction", "legates", "--second", "leg5,leg4", "--first",
            "leg6,leg2,leg1")


def last_rule(tribune, *args):
    return tribune(*args, "--json").json()["rulings"][-1]["rule"]


def test_the_ffg_one_beats_two_reading_is_not_flagged_when_nobody_controls(tribune):
    # with nobody in control there is no other set "1" could be measured against
    rule = last_rule(tribune, *CONFLICT)
    assert rule["rule"] == "tribune.phase4.conflict"
    assert rule["confirmed"] is True and "unsure" not in rule
    assert "not confirmed" not in tribune(*CONFLICT).out


def test_the_ffg_one_beats_two_reading_is_a_reading_where_a_controller_holds_a_set(tribune):
    args = (*CONFLICT, "--controller", "leg3,leg4")
    rule = last_rule(tribune, *args)
    assert rule["confirmed"] is False and rule["unsure"] == ["reading"]
    out = " ".join(tribune(*args).out.split())
    assert READING in out and DATA not in out
    # the Heidelberger text says it outright
    assert last_rule(tribune, *args, "--edition", "heidelberger")["confirmed"] is True
    # "1" passing: "2" stands under every reading
    alone = last_rule(tribune, "check", "conflict", "--faction", "legates", "--controller",
                      "leg3,leg4", "--second", "leg5,leg4")
    assert alone["confirmed"] is True


def test_the_thermae_payouts_do_not_rest_on_the_field_count(tribune):
    for fields in (["Ann:3", "-"], ["Ann:3", "-", "Bob:0"]):
        args = ["check", "region", "thermae", *(f"--follower={f}" for f in fields),
                "--cards", ",".join(["sen1", "gla2", "leg3"][:len(fields)])]
        r = tribune(*args, "--json").json()
        assert all(x["rule"]["confirmed"] for x in r["rulings"]), fields
        assert "not confirmed" not in tribune(*args).out


def test_a_group_reading_is_said_to_be_one(tribune):
    # two pairs of one player tie for the top: the box setting mars_own_tie, a reading
    rule = last_rule(tribune, "check", "mars", "--pair", "Ann=sen4,sen5", "--pair",
                     "Ann=gla6,gla3", "--pair", "Bob=pra1,pra2")
    assert rule["rule"] == "tribune.phase3.mars.extra" and rule["unsure"] == ["reading"]
    # the Heidelberger legion after the Scroll: the group's reading decides
    r = tribune("check", "benefit", "--faction", "legates", "--set", "leg3,leg4", "--option",
                "scroll", "--edition", "heidelberger", "--json").json()
    said = [x["rule"] for x in r["rulings"] if x["rule"]["rule"] == "tribune.phase5.benefit"]
    assert said[-1]["unsure"] == ["reading"]


def test_data_is_said_to_be_data(tribune):
    rule = last_rule(tribune, "check", "leader", "--faction", "patricians", "--edition",
                     "heidelberger")  # Scipio's amount: the text gives none
    assert rule["confirmed"] is False and "unsure" not in rule  # data, as ever
    assert DATA in " ".join(tribune("check", "leader", "--faction", "patricians", "--edition",
                                    "heidelberger").out.split())


def test_a_legion_after_the_card_does_not_rest_on_the_heidelberger_reading():
    """After the card option every reading gives the Legates legion: only the Scroll option
    makes it the group's reading."""
    holder = calculators.Holder("Ann", money=10, controls={
        Faction.LEGATES: parse_cards(["leg3", "leg4"])})
    card = calculators.benefit(Faction.LEGATES, holder, "card", "heidelberger")
    assert card.pending.kind == "legion" and card.pending.rule.confirmed is True


def test_labels_name_what_is_unsure():
    assert rule_text(ref("tribune.phase3.thermae")) == "Phase 3: Thermae"
    assert rule_text(ref("tribune.setup.box", confirmed=False)).endswith(DATA)
    assert rule_text(ref("tribune.end.tie", reading=True)).endswith(READING)
    assert rule_text(ref("tribune.supply", confirmed=False, reading=True)).endswith(BOTH)


def test_a_ruling_stored_before_readings_were_told_apart_rests_on_data():
    old = {"rule": {"game": "tribune", "rule": "tribune.setup.box", "title": "x",
                    "edition": None, "confirmed": False}, "message": "m", "params": {}}
    assert Ruling.from_json(old).rule.doubts == ("data",)
    new = ref("tribune.end.tie", reading=True)
    assert RuleRef.from_json(new.to_json()) == new


@pytest.mark.parametrize("lang,data,reading,both", [
    ("ru", "основано на данных, не подтверждённых правилами",
     "основано на толковании, не подтверждённом правилами",
     "основано на данных и на толковании, не подтверждённых правилами"),
    ("es", "se basa en datos que el reglamento no confirma",
     "se basa en una interpretación que el reglamento no confirma",
     "se basa en datos y en una interpretación que el reglamento no confirma"),
])
def test_the_labels_in_every_language(tribune, lang, data, reading, both):
    try:
        set_language(lang)
        assert rule_text(ref("tribune.setup.box", confirmed=False)).endswith(data)
        assert rule_text(ref("tribune.end.tie", reading=True)).endswith(reading)
        assert rule_text(ref("tribune.supply", confirmed=False, reading=True)).endswith(both)
    finally:
        set_language("en")
    out = " ".join(tribune(*CONFLICT, "--controller", "leg3,leg4", lang=lang).out.split())
    assert reading in out
