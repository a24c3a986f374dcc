"""The data files against the fact sheet, and overrides that re-tag what they touch."""

from __future__ import annotations

import json

import pytest

from referee.concordia import vocabulary
from referee.concordia.box import USER, load_box
from referee.concordia.scoring import score_game
from referee.concordia.validation import parse_game
from tests.concordia.helpers import example


@pytest.fixture
def box():
    return load_box()


def test_maps_match_the_fact_sheet(box):
    imperium, italia = box.maps["imperium"], box.maps["italia"]
    assert len(imperium.cities) == 30 and len(italia.cities) == 25
    assert {k: len(v) for k, v in imperium.cities_by_letter().items()} == \
        {"A": 7, "B": 8, "C": 10, "D": 5}
    assert {k: len(v) for k, v in italia.cities_by_letter().items()} == \
        {"A": 7, "B": 8, "C": 10}
    assert imperium.cities["Leptis Magna"].province == "Libya"
    assert italia.cities["Syracusae"].province == "Sicilia"


def test_market_has_30_cards_split_8_7_6_5_4(box):
    per_deck = {d: sum(1 for e in box.market if d in e.decks)
                for d in ("I", "II", "III", "IV", "V")}
    assert per_deck == {"I": 8, "II": 7, "III": 6, "IV": 5, "V": 4}
    assert sum(c.starting for c in box.cards.values()) == 7
    assert sum(box.market_copies(5).values()) == 30
    assert box.market_copies(3)["consul"] == 2


def test_diplomat_gods_differ_between_starting_and_bought_copies(box):
    assert box.cards["diplomat"].god == "jupiter"
    assert {box.cards[c].god for c in ("diplomat_saturnus", "diplomat_mercurius",
                                       "diplomat_mars")} == {"saturnus", "mercurius", "mars"}


def routes(box, map_id, kind):
    return {frozenset((a, b)) for a, ends in box.routes(map_id)[kind].items() for b in ends}


@pytest.mark.parametrize("map_id,kind,count", [
    ("imperium", "land", 44), ("imperium", "sea", 35), ("italia", "land", 40),
    ("italia", "sea", 23)])
def test_route_counts_and_known_cities(box, map_id, kind, count):
    found = routes(box, map_id, kind)
    assert len(found) == count
    assert {c for r in found for c in r} <= set(box.maps[map_id].cities) | {"Roma"}
    assert box.routes(map_id)["confidence"] == "SINGLE"


def test_routes_agree_with_the_architect_example(box):
    land, sea = routes(box, "imperium", "land"), routes(box, "imperium", "sea")
    assert {frozenset(p) for p in [("Colonia A.", "Novaria"), ("Roma", "Aquileia"),
                                   ("Aquileia", "Vindobona")]} <= land
    assert frozenset(("Roma", "Massilia")) in sea
    inland = {"Lutetia", "Memphis", "Napoca", "Novaria", "Petra", "Sirmium", "Vindobona"}
    assert not {c for r in sea for c in r} & inland


def test_every_name_in_the_data_is_in_the_vocabulary(box):
    assert {m.name for m in box.maps.values()} <= set(vocabulary.MAPS)
    assert {c.name for c in box.cards.values()} <= set(vocabulary.CARDS)
    assert {box.god(g)["name"] for g in box.raw["cards"]["gods"]} <= set(vocabulary.GODS)
    assert set(box.goods) <= set(vocabulary.GOODS)
    for game_map in box.maps.values():
        assert set(game_map.provinces) <= set(vocabulary.PROVINCES)
        assert set(game_map.cities) | {"Roma"} <= set(vocabulary.CITIES)


def write_override(tmp_path, monkeypatch, name, data):
    folder = tmp_path / "concordia"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))


def test_override_changes_a_value_and_marks_it_user(tmp_path, monkeypatch):
    write_override(tmp_path, monkeypatch, "economy",
                   {"prices": {"food": {"value": 5}}})
    box = load_box()
    assert box.fact("economy", "prices", "food").value == 5
    assert box.fact("economy", "prices", "food").tag == USER
    assert box.fact("economy", "prices", "wine").tag == "RULEBOOK"


def test_score_using_overridden_data_says_it_is_unconfirmed(tmp_path, monkeypatch):
    raw = example()
    baseline = score_game(parse_game(raw, load_box()), load_box())
    assert baseline.confirmed
    write_override(tmp_path, monkeypatch, "cards", {"cards": {"farmer": {"vp": 4}}})
    box = load_box()
    sheet = score_game(parse_game(raw, box), box)
    red = {c.key: c for c in sheet.players[0].cells}
    assert red["minerva:farmer"].points == 4 * 4
    assert red["minerva:farmer"].ruling.rule.confirmed is False
    assert red["saturnus"].ruling.rule.confirmed is True
    assert not sheet.confirmed


def test_override_of_b_mix_is_used_by_setup(tmp_path, monkeypatch):
    from collections import Counter

    from referee.concordia.deal import deal

    write_override(tmp_path, monkeypatch, "tokens", {"city_tokens": {"B": {"mix": {
        "food": 3, "tools": 1}}}})
    box = load_box()
    dealt = deal(box, "imperium", ["A", "B", "C"], seed=5)
    b_cities = box.maps["imperium"].cities_by_letter()["B"]
    assert Counter(dealt.cities[c] for c in b_cities) == Counter(
        brick=2, food=3, tools=1, wine=1, cloth=1)


def test_broken_override_is_reported_clearly(tmp_path, monkeypatch):
    from referee.errors import InputError

    write_override(tmp_path, monkeypatch, "cards", {"cards": {"farmer": {"god": "venus"}}})
    with pytest.raises(InputError) as caught:
        load_box()
    assert "farmer" in str(caught.value)
