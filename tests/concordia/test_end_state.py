"""`concordia score --input` refuses end states no real game can reach (docs/concordia.md)."""

from __future__ import annotations

import json

import pytest

from tests.concordia.helpers import end_state


def score(cli, tmp_path, raw):
    path = tmp_path / "end.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return cli("concordia", "score", "--input", path, "--json")


def test_a_reachable_end_state_is_scored(cli, tmp_path):
    assert score(cli, tmp_path, end_state()).code == 0


@pytest.mark.parametrize("change,rule,words", [
    (lambda raw: raw["players"][0].update(concordia=False), "concordia.end.trigger",
     "Nobody holds the Concordia card"),
    (lambda raw: raw["players"][1].update(praefectus_magnus=False),
     "concordia.praefectus_magnus.holder", "Nobody holds the Praefectus Magnus"),
    (lambda raw: raw["players"][2].update(colonists_on_board=1), "concordia.pieces.colonists",
     "start in Roma never leave it"),
    (lambda raw: raw["players"][2].update(cards=raw["players"][2]["cards"][:7]),
     "concordia.end.trigger", "only 14 of the 21 market cards were bought"),
])
def test_impossible_end_states_are_refused_naming_the_rule(cli, tmp_path, change, rule, words):
    raw = end_state()
    change(raw)
    result = score(cli, tmp_path, raw)
    assert result.code == 2
    assert words in result.err
    errors = json.loads(result.out)["errors"]
    assert rule in {e.get("rule", {}).get("rule") for e in errors if e.get("rule")}


def test_the_fifteenth_house_also_ends_the_game(cli, tmp_path):
    raw = end_state()
    raw["players"][2]["cards"] = raw["players"][2]["cards"][:7]      # market not emptied
    red = raw["players"][0]
    red["houses"] = [c for c in raw["cities"] if c not in ("Aquileia", "Massilia")][:15]
    assert score(cli, tmp_path, raw).code == 0


def test_a_letter_makes_a_good_only_as_often_as_it_has_city_tokens(cli, tmp_path):
    """Letter A has one cloth token (Vindobona's here): a second A city making cloth cannot
    come out of the box."""
    raw = end_state()
    raw["cities"]["Napoca"] = "cloth"
    result = score(cli, tmp_path, raw)
    assert result.code == 2
    [error] = json.loads(result.out)["errors"]
    assert error["rule"]["rule"] == "concordia.setup.city_tokens"
    assert error["rule"]["confirmed"] is True  # the A mix is confirmed
    assert error["message"].startswith("2 cities of letter A make cloth (Napoca, Vindobona), "
                                       "but letter A has 1 city token for cloth.")


def test_the_disputed_b_mix_is_checked_and_says_it_rests_on_data(cli, tmp_path):
    # B has 2 food tokens in the shipped mix (sources disagree: 2 or 3)
    raw = end_state()
    raw["cities"]["Olisipo"] = "food"
    result = score(cli, tmp_path, raw)
    assert result.code == 2
    [error] = json.loads(result.out)["errors"]
    assert error["rule"]["rule"] == "concordia.setup.city_tokens"
    assert error["rule"]["confirmed"] is False
    assert "letter B make food" in error["message"]
    assert "rests on data not confirmed by the rulebook" in error["message"]


def test_an_irregular_end_state_is_scored_on_request_with_every_irregularity(cli, tmp_path):
    raw = end_state()
    raw["cities"]["Napoca"] = "cloth"
    raw["players"][1]["praefectus_magnus"] = False
    refused = score(cli, tmp_path, raw)
    assert refused.code == 2 and len(json.loads(refused.out)["errors"]) == 2
    path = tmp_path / "end.json"
    scored = cli("concordia", "score", "--input", path, "--json", "--irregular")
    assert scored.code == 0, scored.err
    out = json.loads(scored.out)
    assert [i["rule"] for i in out["irregular"]] == ["concordia.setup.city_tokens",
                                                     "concordia.praefectus_magnus.holder"]
    assert out["outcome"]["standings"][0]["player"] == "Red"
    history = cli("history", "--json").json()
    assert history[-1]["session"] == out["session"]
    assert history[-1]["irregular"] == ["concordia.setup.city_tokens",
                                        "concordia.praefectus_magnus.holder"]
    table = cli("history")
    assert "(!)" in table.out and "scored as irregular" in table.out
    shown = cli("concordia", "score", "--input", path, "--irregular", "--no-save")
    assert shown.code == 0
    assert "Scored as irregular: 2 rules this end state breaks" in shown.out


def test_unreadable_input_is_never_scored(cli, tmp_path):
    raw = end_state()
    raw["players"][0]["houses"] = ["Atlantis"]
    raw["cities"]["Napoca"] = "cloth"
    assert score(cli, tmp_path, raw).code == 2
    path = tmp_path / "end.json"
    result = cli("concordia", "score", "--input", path, "--json", "--irregular")
    assert result.code == 2
    errors = json.loads(result.out)["errors"]
    assert {e["type"] for e in errors} == {"InputError", "RuleViolation"}
