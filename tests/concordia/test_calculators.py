"""Calculators against the rulebook's worked examples and the fact sheet's tables."""

from __future__ import annotations

import pytest

from referee.concordia import calculators as calc
from referee.concordia import production
from referee.concordia.box import load_box
from referee.concordia.wording import describe
from referee.errors import InputError, RuleViolation


@pytest.fixture(scope="module")
def box():
    return load_box()


@pytest.mark.parametrize("good,existing,goods,money", [
    # Rulebook «АРХИТЕКТОР»: Massilia (cloth) 5, Novaria (wine) 4, Aquileia (food, 2 houses
    # already) 2 × 3 = 6; each also 1 brick + 1 of the city's good.
    ("cloth", 0, {"brick": 1, "cloth": 1}, 5),
    ("wine", 0, {"brick": 1, "wine": 1}, 4),
    ("food", 2, {"brick": 1, "food": 1}, 6),
    ("brick", 3, {"food": 1}, 4),
    ("tools", 1, {"brick": 1, "tools": 1}, 6),
])
def test_house_cost(box, good, existing, goods, money):
    result = calc.house_cost(box, good, existing)
    assert result.values["goods"] == goods and result.values["sestertii"] == money


def test_a_fifth_house_before_yours_is_impossible(box):
    with pytest.raises(RuleViolation):
        calc.house_cost(box, "wine", 5)


def test_senator_example_prices_both_cards_at_their_slots(box):
    # Rulebook «СЕНАТОР»: Mercator (1 wine) and Architect (1 tools + the "?" good).
    # The Prefect left between them moves one slot left, so they lay in slots 1 and 3.
    result = calc.card_cost(box, [("mercator", 1, None), ("architect", 3, None)], senator=True)
    assert result.values["total"] == {"wine": 1, "tools": 1, "any": 1}
    assert all(r.rule.confirmed for r in result.rulings)
    # The Farmer in slot 4 would have cost 1 brick, 1 food and 1 cloth.
    farmer = calc.card_cost(box, [("farmer", 4, None)], senator=True)
    assert farmer.values["total"] == {"brick": 1, "food": 1, "cloth": 1}


def test_consul_example_ignores_the_slot(box):
    # Rulebook «КОНСУЛ»: the Colonist in slot 6 costs only its 1 food.
    assert calc.card_cost(box, [("colonist", 6, None)], senator=False).values["total"] == \
        {"food": 1}
    senator = calc.card_cost(box, [("colonist", 6, None)], senator=True)
    assert senator.values["total"] == {"food": 1, "cloth": 1, "any": 1}


def test_single_source_slots_are_flagged(box):
    slot7 = calc.card_cost(box, [("prefect", 7, None)], senator=True)
    assert slot7.values["total"] == {"wine": 1, "cloth": 2}
    assert slot7.rulings[0].rule.confirmed is False
    assert calc.card_cost(box, [("prefect", 6, None)], senator=True).rulings[0].rule.confirmed


def test_card_purchase_limits(box):
    with pytest.raises(InputError):
        calc.card_cost(box, [("prefect", 1, None), ("colonist", 1, None)], senator=True)
    with pytest.raises(InputError):
        calc.card_cost(box, [("tribune", 1, None)], senator=True)      # never sold
    with pytest.raises(InputError):
        calc.card_cost(box, [("diplomat_saturnus", 1, None)], senator=True)  # costs differ
    by_deck = calc.card_cost(box, [("diplomat_saturnus", 1, "III")], senator=True)
    assert by_deck.values["total"] == {"food": 1}


def test_mercator_example(box):
    # Rulebook «ТОРГОВЕЦ»: 2 sestertii, +3, sells 3 wine for 18 (23), buys 4 bricks for 12.
    # Two colonists on the board leave 4 in the storehouse; 6 goods fill it to 10 of 12,
    # so after selling 3 wine there are 5 free cells.
    store = {"wine": 3, "food": 2, "cloth": 1}
    result = calc.trade(box, store, 2, 2, {"wine": 3}, {"brick": 4}, bought_card=False)
    assert result.values["sestertii"] == 2 + 3 + 18 - 12 == 11
    assert result.values["storehouse"] == {"food": 2, "cloth": 1, "brick": 4}
    assert result.values["free_cells"] == 1
    # 7 bricks would be affordable (21 of 23) but only 5 fit.
    with pytest.raises(RuleViolation) as caught:
        calc.trade(box, store, 2, 2, {"wine": 3}, {"brick": 7}, bought_card=False)
    assert caught.value.rule.rule_id == "concordia.storehouse.capacity"
    assert calc.trade(box, store, 2, 2, {"wine": 3}, {"brick": 5}, False).values["free_cells"] \
        == 0


def test_mercator_two_kinds_only_and_bought_card_income(box):
    store = {"wine": 3, "food": 2}
    with pytest.raises(RuleViolation):
        calc.trade(box, store, 2, 10, {"wine": 1, "food": 1}, {"brick": 1}, False)
    with pytest.raises(RuleViolation):
        calc.trade(box, store, 2, 10, {"wine": 1}, {"wine": 1}, False)
    with pytest.raises(RuleViolation):
        calc.trade(box, store, 2, 0, {}, {"cloth": 2}, False)        # 3 + 0 < 14
    assert calc.trade(box, store, 2, 0, {}, {}, bought_card=True).values["sestertii"] == 5


def test_tribune_example_and_threshold(box):
    # Rulebook «Трибун»: 5 cards back (the Tribune among them) → 2 sestertii.
    assert calc.tribune_refund(box, 5).values["sestertii"] == 2
    assert calc.tribune_refund(box, 3).values["sestertii"] == 0
    with pytest.raises(InputError):
        calc.tribune_refund(box, 0)


def test_colonist_income_and_placement(box):
    # Rulebook «КОЛОНИСТ»: two new colonists cost 2 food and 2 tools.
    result = calc.colonist(box, 3, 2)
    assert result.values["cost"] == {"food": 2, "tools": 2}
    assert result.values["income"] == 5 + 3
    with pytest.raises(RuleViolation):
        calc.colonist(box, 5, 2)


def test_vesta_example(box):
    # Rulebook: 13 + cloth 7 + 3 tools 15 + brick 3 = 38 → 3 per card.
    result = calc.vesta(box, 13, {"cloth": 1, "tools": 3, "brick": 1})
    assert (result.values["wealth"], result.values["points_per_card"]) == (38, 3)


@pytest.mark.parametrize("scores,money,confirmed", [
    ({"A": 20, "B": 17, "C": 9}, {"A": 2, "B": 1, "C": 0}, True),
    ({"A": 20, "B": 20, "C": 9}, {"A": 2, "B": 2, "C": 1}, False),  # dense default, unsure
    ({"A": 20, "B": 17, "C": 17}, {"A": 2, "B": 1, "C": 1}, True),
    ({"A": 5, "B": 5}, {"A": 2, "B": 2}, True),
])
def test_interim_prizes(box, scores, money, confirmed):
    result = calc.interim(box, scores)
    assert result.values["sestertii"] == money
    assert result.rulings[0].rule.confirmed is confirmed


def test_prefect_example_syria(box):
    # Rulebook «ПРЕФЕКТ»: Syria's marker shows cloth; Red takes 1 cloth; Red and Blue get
    # 1 food each, Yellow 1 cloth.
    game_map = box.maps["imperium"]
    goods = {"Antiochia": "food", "Tyros": "cloth"}
    houses = {"Red": ["Antiochia"], "Blue": ["Antiochia"], "Yellow": ["Tyros"]}
    result = production.produce(box, game_map, goods, "Syria", houses, "Red", magnus=False)
    assert result.values["bonus"] == {"Red": {"cloth": 1}}
    assert result.values["production"] == {"Red": {"food": 1}, "Blue": {"food": 1},
                                           "Yellow": {"cloth": 1}}
    doubled = production.produce(box, game_map, goods, "Syria", houses, "Red", magnus=True)
    assert doubled.values["bonus"] == {"Red": {"cloth": 2}}
    assert doubled.values["production"] == result.values["production"]


def test_prefect_needs_no_house_and_rejects_houses_elsewhere(box):
    game_map = box.maps["imperium"]
    goods = {"Antiochia": "food", "Tyros": "wine", "Tomis": "brick"}
    alone = production.produce(box, game_map, goods, "Syria", {}, "Red", magnus=False)
    assert alone.values["bonus"] == {"Red": {"wine": 1}} and alone.values["production"] == {}
    with pytest.raises(InputError):
        production.produce(box, game_map, goods, "Syria", {"Red": ["Tomis"]}, "Red", False)


def test_prefect_cash_uses_single_source_coin_values(box):
    game_map = box.maps["imperium"]
    goods = {"Antiochia": "food", "Tyros": "cloth", "Cyrene": "wine", "Leptis Magna": "brick",
             "Athenae": "tools", "Dyrrhachium": "brick"}
    # Markers: Syria cloth (1 coin), Libya wine (2), Hellas tools (2) → 5.
    result = production.cash(box, game_map, goods, ["Syria", "Libya", "Hellas"])
    assert result.values["sestertii"] == 5
    assert result.rulings[0].rule.confirmed is False


def test_explanations_read_well(box):
    text = describe(calc.house_cost(box, "food", 2).rulings[0])
    assert text == ("A house in a food city with 2 houses already costs 1 brick, 1 food "
                    "and 2 × 3 = 6 sestertii.")


@pytest.mark.parametrize("args", [
    ("interim", "--score", "Ann=³", "--score", "Bob=2"),
    ("trade", "--goods", "brick=¹²", "--sestertii", "3", "--colonists-on-board", "2",
     "--sell", "brick=1"),
])
def test_a_superscript_count_is_refused_not_a_traceback(cli, args):
    # int() of a superscript digit, which str.isdigit() lets through, once crashed here
    r = cli("concordia", "check", *args)
    assert r.code == 2 and "Traceback" not in r.err and "whole number" in r.err


def test_counts_in_any_script_are_read_as_at_the_prompts(cli):
    r = cli("concordia", "check", "interim", "--score", "Ann=٣", "--score", "Bob=２", "--json")
    assert r.code == 0, r.err
