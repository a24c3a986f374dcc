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
