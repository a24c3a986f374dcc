"""Final scoring against numbers worked out by hand from the rulebook and the fact sheet."""

from __future__ import annotations

import pytest

from referee.concordia.box import load_box
from referee.concordia.scoring import score_game
from referee.concordia.validation import parse_game
from referee.concordia.wording import describe
from tests.concordia.helpers import STARTING, example


@pytest.fixture(scope="module")
def box():
    return load_box()


def score(raw, box):
    return score_game(parse_game(raw, box), box)


def test_rulebook_final_scoring_example_is_114(box):
    # Rulebook «ФИНАЛЬНЫЙ ПОДСЧЁТ ОЧКОВ»: 13 sestertii + 1 cloth + 3 tools + 1 brick = 38 → 3;
    # 9 of 12 houses outside brick cities × 2 Jupiter cards = 18; 7 provinces × 4 = 28;
    # 4 kinds of goods × 2 × 2 cards = 16; 5 colonists × 2 × 3 cards = 30; Farmer 3 × 4 = 12;
    # Concordia card 7. Total 114.
    red = score(example(), box).players[0]
    assert red.breakdown() == {"vesta": 3, "jupiter": 18, "saturnus": 28, "mercurius": 16,
                               "mars": 30, "minerva": 12, "concordia": 7}
    assert red.total == 114


def test_why_texts_name_cards_and_criterion(box):
    red = {c.key: describe(c.ruling) for c in score(example(), box).players[0].cells}
    assert red["saturnus"] == "4 cards × 7 provinces"
    assert red["vesta"] == "1 card × 3: 38 sestertii in cash and goods ÷ 10"
    assert red["minerva:farmer"] == "Farmer: 3 × 4 houses in food cities"


def test_other_players_of_the_example(box):
    sheet = score(example(), box)
    blue, yellow = sheet.players[1], sheet.players[2]
    # Blue: houses Aquileia (tools, Italia) and Massilia (cloth, Gallia); 20 sestertii.
    assert blue.breakdown() == {"vesta": 2, "jupiter": 2 * 2, "saturnus": 2 * 2,
                                "mercurius": 1 * 2 * 2, "mars": 1 * 2 * 2, "minerva": 0,
                                "concordia": 0}
    # Yellow: 9 sestertii + 1 food (4) = 13 → 1; no houses; 2 colonists.
    assert yellow.breakdown()["vesta"] == 1 and yellow.total == 1 + 4
    assert sheet.ranking == ("Red", "Blue", "Yellow")


def test_storehouse_colonists_and_goods_do_not_count_for_mars_or_mercurius(box):
    raw = example()
    red = raw["players"][0]
    red["storehouse"] = {"wine": 1}   # a good no house of Red's produces
    red["sestertii"] = 0
    result = score(raw, box).players[0].breakdown()
    assert result["mercurius"] == 16          # still the 4 kinds of the house cities
    assert result["vesta"] == 0               # 6 sestertii → 0 points
    assert result["mars"] == 30               # only the 5 colonists on the board


def test_each_specialist_scores_its_own_good(box):
    raw = example()
    raw["players"][1]["cards"] = STARTING + ["Weaver", "Smith"]
    raw["players"][1]["houses"] = ["Massilia", "Vindobona", "Aquileia", "Olisipo"]
    blue = {c.key: c.points for c in score(raw, box).players[1].cells}
    assert blue["minerva:weaver"] == 5 * 2      # Massilia, Vindobona: cloth
    assert blue["minerva:smith"] == 3 * 2       # Aquileia, Olisipo: tools


def test_tie_goes_to_the_praefectus_magnus_holder(box):
    raw = example()
    for p in raw["players"]:
        p.update(houses=[], colonists_on_board=2, sestertii=0, storehouse={}, concordia=False)
    raw["players"][0]["cards"] = STARTING
    raw["players"][2]["praefectus_magnus"] = True
    raw["players"][1]["praefectus_magnus"] = False
    sheet = score(raw, box)
    assert {p.total for p in sheet.players} == {4}
    # Yellow (seat 3) holds it; it passes right: seat 2 (Blue) next, then seat 1 (Red).
    assert sheet.ranking == ("Yellow", "Blue", "Red")
    assert sheet.places == {"Yellow": 1, "Blue": 2, "Red": 3}


def test_tie_without_holder_among_tied_uses_who_gets_it_first(box):
    raw = example()
    for p in raw["players"]:
        p.update(houses=[], colonists_on_board=2, sestertii=0, storehouse={}, concordia=False)
    raw["players"][0]["cards"] = STARTING
    raw["players"][0]["praefectus_magnus"] = True
    raw["players"][1]["praefectus_magnus"] = False
    raw["players"][0]["colonists_on_board"] = 3      # Red (holder) leads alone
    sheet = score(raw, box)
    # Blue (seat 2) and Yellow (seat 3) tie; from seat 1 the card goes to seat 3 first.
    assert sheet.ranking == ("Red", "Yellow", "Blue")


def test_tie_with_nobody_holding_the_card_is_shared(box):
    raw = example()
    for p in raw["players"]:
        p.update(houses=[], colonists_on_board=2, sestertii=0, storehouse={}, concordia=False,
                 praefectus_magnus=False, cards=STARTING)
    sheet = score(raw, box)
    assert set(sheet.places.values()) == {1}
    assert len(sheet.ties) == 1


def test_explicit_seats_decide_the_tie_not_list_order(box):
    raw = example()
    for p in raw["players"]:
        p.update(houses=[], colonists_on_board=2, sestertii=0, storehouse={}, concordia=False,
                 praefectus_magnus=False, cards=STARTING)
    raw["players"][0].update(seat=2, praefectus_magnus=True)   # Red holds it, seat 2
    raw["players"][1]["seat"] = 3
    raw["players"][2]["seat"] = 1
    # From seat 2 the card goes to seat 1 (Yellow), then seat 3 (Blue).
    assert score(raw, box).ranking == ("Red", "Yellow", "Blue")


def test_italia_map_and_saturnus_cap_from_map(box):
    assert box.maps["italia"].saturnus_cap == len(box.maps["italia"].provinces) == 11
    assert box.maps["imperium"].saturnus_cap == len(box.maps["imperium"].provinces) == 12
