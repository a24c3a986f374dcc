"""`trajan score --input`: the bonus tiles held at the end are exactly what a game hands out
(one each at setup, gold side up; each quarter one gold to the first consul and one silver to
the second), and `--irregular` scores an end state that breaks a rule anyway."""

from __future__ import annotations

import json

import pytest

from referee.errors import InputErrors
from referee.trajan import holdings

KINDS = ["bread", "games", "religion", "workers", "legionaries", "bonus_tiles", "columns_furs",
         "scrolls_oil", "fruit_pottery", "wine_fish", "jewellery_gems", "cattle_wheat"]


def game(sides):
    """Players named A, B, … holding tiles of the given sides ("g"/"s"), one kind each."""
    kinds = iter(KINDS)
    return {"players": [
        {"name": chr(ord("A") + i), "vp": 10 * i, "senate_position": 0,
         "senate_stack_rank": i + 1,
         "bonus_tiles": [{"kind": next(kinds), "side": {"g": "gold", "s": "silver"}[s]}
                         for s in held]}
        for i, held in enumerate(sides)]}


@pytest.mark.parametrize("sides", [
    ["gggs", "ggss", "gg", "gs"],  # 4 players: 8 gold, 4 silver
    ["gggss", "gggss"],            # 2 players: 6 gold, 4 silver
    ["ggs", "ggs", "gggss"],       # 3 players: 7 gold, 4 silver
])
def test_what_a_game_hands_out_is_read(sides):
    assert len(holdings.parse(game(sides))) == len(sides)


@pytest.mark.parametrize("sides,handed", [
    (["g", "g"], 10),            # the starting tiles only: 8 were handed out later
    (["gggss", "ggss"], 10),     # one short
    (["gggsss", "gggss"], 10),   # one too many
    (["ggg", "gggg", "gggss"], 11),
])
def test_too_few_or_too_many_bonus_tiles_are_refused(sides, handed):
    with pytest.raises(InputErrors) as refused:
        holdings.parse(game(sides))
    [problem] = refused.value.problems
    assert problem.rule.rule_id == "trajan.bonus.handed"
    assert problem.params["handed"] == handed


def test_the_consuls_split_each_quarter_gold_and_silver():
    # 10 tiles for 2 players, but 5 silver: only 4 second consuls kept one silver side up
    with pytest.raises(InputErrors) as refused:
        holdings.parse(game(["gggss", "ggsss"]))
    [problem] = refused.value.problems
    assert problem.rule.rule_id == "trajan.quarter.consuls"
    assert (problem.params["silver"], problem.params["quarters"]) == (5, 4)


def test_an_irregular_end_state_is_scored_with_its_irregularities(cli, tmp_path):
    path = tmp_path / "end.json"
    path.write_text(json.dumps(game(["g", "g"])), encoding="utf-8")
    refused = cli("trajan", "score", "--input", path, "--json")
    assert refused.code == 2
    assert refused.json()["errors"][0]["rule"]["rule"] == "trajan.bonus.handed"
    scored = cli("trajan", "score", "--input", path, "--json", "--irregular")
    assert scored.code == 0, scored.err
    assert [i["rule"] for i in scored.json()["irregular"]] == ["trajan.bonus.handed"]
    assert scored.json()["ranking"] == ["B", "A"]
    assert cli("history", "--json").json()[-1]["irregular"] == ["trajan.bonus.handed"]
    shown = cli("trajan", "score", "--input", path, "--irregular", "--no-save")
    assert "Scored as irregular: 1 rule this end state breaks" in shown.out
    assert "hands out 10" in " ".join(shown.out.split())
    regular = tmp_path / "regular.json"
    regular.write_text(json.dumps(game(["gggss", "gggss"])), encoding="utf-8")
    assert cli("trajan", "score", "--input", regular, "--json").json()["irregular"] == []
