"""Box data the user corrected through $REFEREE_DATA_DIR: every setting (or the deck) the
override changes is tagged USER, and the rulings that rest on it are unconfirmed."""

from __future__ import annotations

import json
import random

import pytest

from referee import data
from referee.terminal.messages import rule_text
from referee.tribune import box
from referee.tribune.engine import Game
from referee.tribune.setup import Setup


@pytest.fixture
def override(tmp_path, monkeypatch):
    """``override("box", {...})`` writes the user's file for that data."""
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    (tmp_path / "tribune").mkdir()

    def write(name, content):
        (tmp_path / "tribune" / f"{name}.json").write_text(json.dumps(content),
                                                          encoding="utf-8")
    return write


def round_one_rulings(rule_ids) -> list:
    """The rulings of a virtual-deck game's first round with the given rule ids."""
    game, rng = Game(Setup.create(["Ann", "Bob", "Cid"], deck_mode="virtual", seed=5,
                                  settings={"thermae_fields": 3})), random.Random(5)
    found = []
    while game.state.round == 1:
        found += [r for r in game.apply(rng.choice(game.legal_entries()))
                  if r.rule.rule_id in rule_ids]
    return found


RESTING = {"tribune.phase3.forum", "tribune.phase3.catacombs"}


def test_the_shipped_board_data_keeps_these_rulings_confirmed(monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    rulings = round_one_rulings(RESTING)
    assert {r.rule.rule_id for r in rulings} == RESTING
    assert all(r.rule.confirmed for r in rulings)


def test_rulings_on_an_overridden_setting_are_unconfirmed(override):
    # the same values as the box: what counts is that the group, not a source, gave them
    override("box", {"settings": {"forum_fields": {"value": 6},
                                  "catacombs_prices": {"value": [4, 3, 2]}}})
    meta = box.entries()
    assert meta["forum_fields"]["confidence"] == meta["catacombs_prices"]["confidence"] \
        == data.USER
    assert {"forum_fields", "catacombs_prices"} <= box.unconfirmed_keys()
    rulings = round_one_rulings(RESTING)
    assert {r.rule.rule_id for r in rulings} == RESTING
    catacombs = [r for r in rulings if r.rule.rule_id == "tribune.phase3.catacombs"]
    assert catacombs and not any(r.rule.confirmed for r in catacombs)
    assert rule_text(catacombs[0].rule).endswith("rests on data not confirmed by the rulebook")
    # how many fields the Forum has decides the deal, not what a field costs: its payouts
    # do not rest on the count
    assert all(r.rule.confirmed for r in rulings if r.rule.rule_id == "tribune.phase3.forum")


def test_an_overridden_rulebook_value_is_the_groups(override):
    override("box", {"settings": {"curia_fields": {"value": 4, "choices": [4],
                                                   "confidence": "RULEBOOK"}}})
    assert box.entries()["curia_fields"]["confidence"] == data.USER  # not self-confirmed
    assert Setup.create(["Ann", "Bob"], settings={"thermae_fields": 2}).settings[
        "curia_fields"] == 4


def test_a_note_alone_changes_no_confidence(override):
    override("box", {"settings": {"forum_fields": {"note": "checked on our board"}}})
    assert box.entries()["forum_fields"]["confidence"] == "CONFIRMED"
    assert "forum_fields" not in box.unconfirmed_keys()


def test_an_overridden_deck_is_the_groups(override):
    assert box.deck_tag() == "UNKNOWN"  # the shipped deck is synthetic
    cards = {faction: sorted(values) for faction, values in box.synthetic_deck().items()}
    override("deck", {"cards": cards})
    assert box.deck_tag() == data.USER
    assert "deck" in box.unconfirmed_keys(cards)


def test_a_confirmed_box_deck_is_confirmed_only_for_that_composition(monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    monkeypatch.setattr(box, "deck_tag", lambda: "RULEBOOK")  # as if the real list shipped
    shipped = box.synthetic_deck()
    assert "deck" not in box.unconfirmed_keys(shipped)
    assert "deck" not in box.unconfirmed_keys(None)  # table mode without a list
    changed = {**shipped, "senators": [*shipped["senators"][:-1], 1]}
    assert "deck" in box.unconfirmed_keys(changed)  # a list the group typed
