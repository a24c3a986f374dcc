"""Setup dealing checked against the fact sheet's token mix, decks and seat table."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.concordia.box import load_box
from referee.concordia.deal import deal
from referee.errors import InputErrors


@pytest.fixture(scope="module")
def box():
    return load_box()


@pytest.mark.parametrize("map_id,names", [
    ("imperium", ["A", "B", "C"]), ("imperium", ["A", "B", "C", "D", "E"]),
    ("italia", ["A", "B"]), ("italia", ["A", "B", "C", "D"]),
])
def test_city_tokens_follow_the_mix_of_each_letter(box, map_id, names):
    dealt = deal(box, map_id, names, seed=1)
    game_map = box.maps[map_id]
    mix = {"A": Counter(brick=2, food=2, tools=1, wine=1, cloth=1),
           "B": Counter(brick=2, food=2, tools=2, wine=1, cloth=1),
           "C": Counter(brick=3, food=2, tools=2, wine=2, cloth=1),
           "D": Counter(brick=1, food=1, tools=1, wine=1, cloth=1)}
    for letter, cities in game_map.cities_by_letter().items():
        assert Counter(dealt.cities[c] for c in cities) == mix[letter]
    assert set(dealt.cities) == set(game_map.cities)
    assert dealt.unused_letters == (("D",) if map_id == "italia" else ())


def test_province_marker_is_the_most_valuable_good(box):
    dealt = deal(box, "imperium", ["A", "B", "C"], seed=4)
    rank = ["cloth", "wine", "tools", "food", "brick"]
    for province in box.maps["imperium"].provinces.values():
        goods = [dealt.cities[c] for c in province.cities]
        assert dealt.markers[province.name] == min(goods, key=rank.index)


@pytest.mark.parametrize("players,decks,size", [(3, {"I", "II", "III"}, 21),
                                                (4, {"I", "II", "III", "IV"}, 26),
                                                (5, {"I", "II", "III", "IV", "V"}, 30)])
def test_market_uses_the_decks_up_to_the_player_count(box, players, decks, size):
    dealt = deal(box, "imperium", [f"P{i}" for i in range(players)], seed=9)
    cards = dealt.display + dealt.draw_pile
    assert len(cards) == size and {c.deck for c in cards} == decks
    assert len(dealt.display) == 7 and {c.deck for c in dealt.display} == {"I"}
    # Deck I's eighth card is on top, then II..., the highest numeral at the bottom.
    order = ["I", "II", "III", "IV", "V"]
    assert [order.index(c.deck) for c in dealt.draw_pile] == \
        sorted(order.index(c.deck) for c in dealt.draw_pile)


def test_two_player_market_is_15_cards(box):
    dealt = deal(box, "italia", ["A", "B"], seed=2)
    assert len(dealt.display) + len(dealt.draw_pile) == 15
    assert dealt.unused_decks == ("III", "IV", "V")


def test_seats_money_storehouse_and_praefectus_magnus(box):
    dealt = deal(box, "imperium", ["Ann", "Bob", "Cy", "Di"], seed=3, start_player="Cy")
    assert [s.name for s in dealt.seats] == ["Cy", "Di", "Ann", "Bob"]
    assert [s.money for s in dealt.seats] == [5, 6, 7, 8]
    assert [s.praefectus_magnus for s in dealt.seats] == [False, False, False, True]
    seat = dealt.seats[0]
    stored = sum(seat.storehouse_goods.values()) + sum(seat.storehouse_colonists.values())
    assert stored == 10                       # 6 goods + 4 colonists of 12 cells
    assert sum(seat.roma_colonists.values()) == 2


def test_same_seed_same_table_and_payload_is_json(box):
    import json

    one = deal(box, "imperium", ["A", "B", "C"], seed=77)
    two = deal(box, "imperium", ["A", "B", "C"], seed=77)
    assert one.payload() == two.payload()
    assert json.loads(json.dumps(one.payload())) == one.payload()
    assert deal(box, "imperium", ["A", "B", "C"], seed=78).payload() != one.payload()


def test_setup_marks_disputed_data(box):
    dealt = deal(box, "imperium", ["A", "B", "C"], seed=1)
    confirmed = {r.rule.rule_id: r.rule.confirmed for r in dealt.rulings}
    assert confirmed["concordia.setup.city_tokens"] is False    # letter B mix: CONFLICT
    assert confirmed["concordia.setup.market"] is False         # deck order: SINGLE
    assert confirmed["concordia.setup.province_markers"] is True


def test_player_count_must_fit_the_board_side(box):
    with pytest.raises(InputErrors) as caught:
        deal(box, "imperium", ["A", "B"], seed=1)
    assert caught.value.problems[0].rule.rule_id == "concordia.board.side"
