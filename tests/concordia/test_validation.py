"""Input checks: names in any accepted spelling, and every problem reported at once."""

from __future__ import annotations

import pytest

from referee.concordia.box import load_box
from referee.concordia.validation import parse_game
from referee.errors import InputError, InputErrors, RuleViolation
from tests.concordia.helpers import STARTING, example


@pytest.fixture(scope="module")
def box():
    return load_box()


def problems(raw, box):
    with pytest.raises(InputErrors) as caught:
        parse_game(raw, box)
    return caught.value.problems


def test_city_and_card_spellings(box):
    raw = example()
    raw["cities"]["LONDINIVM"] = raw["cities"].pop("Londinium")
    raw["cities"]["isca dumnoniorum"] = raw["cities"].pop("Isca D.")
    raw["players"][0]["houses"][0] = "londinivm"
    raw["players"][0]["cards"][-1] = "фермер"        # Russian name of the Farmer
    raw["map"] = "Imperium"
    game = parse_game(raw, box)
    assert game.cities["Londinium"] == "brick" and game.cities["Isca D."] == "food"
    assert game.players[0].houses[0] == "Londinium"
    assert game.players[0].cards[-1] == "farmer"


def test_bought_diplomats_are_named_by_god(box):
    raw = example()
    raw["players"][1]["cards"] = STARTING + ["Diplomat (Saturnus)", "diplomat saturn"]
    game = parse_game(raw, box)
    assert game.players[1].cards.count("diplomat_saturnus") == 2
    raw["players"][1]["cards"] = STARTING + ["Diplomat"]
    [problem] = problems(raw, box)
    assert isinstance(problem, RuleViolation)
    assert "Diplomat (Saturnus)" in str([v.msgid for v in problem.params["variants"]])


def test_all_problems_at_once(box):
    raw = example()
    red, blue, yellow = raw["players"]
    red["houses"] = red["houses"] + ["Roma", "Isca Dumnoniorum"]     # Roma; Isca D. twice
    blue["colonists_on_board"] = 7
    yellow["sestertii"] = -1
    yellow["cards"] = ["Tribune"]
    yellow["praefectus_magnus"] = True
    found = problems(raw, box)
    rules = sorted(p.rule.rule_id for p in found if p.rule)
    assert rules == ["concordia.architect.no_house_in_roma",
                     "concordia.architect.one_house_per_city",
                     "concordia.pieces.colonists", "concordia.praefectus_magnus.holder"]
    assert sum(isinstance(p, InputError) and p.rule is None for p in found) == 2


def test_storehouse_counts_colonists(box):
    raw = example()
    raw["players"][2].update(colonists_on_board=2, storehouse={"brick": 9})  # 9 + 4 > 12
    [problem] = problems(raw, box)
    assert problem.rule.rule_id == "concordia.storehouse.capacity"
    raw["players"][2]["storehouse"] = {"brick": 8}
    parse_game(raw, box)


def test_card_count_impossible_for_player_count(box):
    raw = example()
    raw["players"][1]["cards"] = STARTING + ["Consul", "Consul"]
    raw["players"][2]["cards"] = STARTING + ["Consul"]      # 3 players: decks II, III only
    [problem] = problems(raw, box)
    assert problem.rule.rule_id == "concordia.cards.copies"
    assert problem.params["available"] == 2


def test_missing_city_good_and_unknown_fields(box):
    raw = example()
    del raw["cities"]["Sinope"]
    raw["players"][0]["colonists"] = 3
    raw["extra"] = 1
    messages = [p.message for p in problems(raw, box)]
    assert len(messages) == 3
    assert any("No good is known" in m for m in messages)


def test_player_count_must_fit_the_map(box):
    raw = example()
    raw["map"] = "italia"
    raw["cities"] = {"Genua": "brick"}
    for p in raw["players"]:
        p["houses"] = []
    raw["players"].extend([dict(raw["players"][2], name=n, praefectus_magnus=False)
                           for n in ("Green", "Black")])
    found = problems(raw, box)
    assert [p.rule.rule_id for p in found if p.rule] == ["concordia.board.side"]


def test_known_cities_from_a_session_are_completed_by_the_input(box):
    raw = example()
    known = dict(raw.pop("cities"))
    known["Sinope"] = "wine"
    raw["cities"] = {"Sinope": "tools"}
    assert parse_game(raw, box, known).cities["Sinope"] == "tools"


def test_one_concordia_card(box):
    raw = example()
    raw["players"][1]["concordia"] = True      # Red holds it already
    [problem] = problems(raw, box)
    assert problem.rule.rule_id == "concordia.score.concordia_card"


def test_every_rule_id_is_in_the_coverage_table():
    from pathlib import Path

    from referee.concordia.rulebook import RULES

    coverage = (Path(__file__).parents[2] / "docs" / "rules-coverage.md").read_text("utf-8")
    assert [r for r in RULES if f"`{r}`" not in coverage] == []
