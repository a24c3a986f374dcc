"""The score input is checked as strictly as a game's setup: nothing is guessed."""

from __future__ import annotations

import pytest

from referee.errors import InputErrors, RefereeError
from referee.tribune.scoring import check_input, score

GOOD = {"name": "Ann", "tribune": True, "legions": 2, "laurels": 5, "denarii": 23}


def test_a_good_entry_scores_by_the_point_table():
    # Tribune 7 + 2 legions × 2 + 5 laurels + 2 full tens of denarii = 18
    assert score(GOOD).total == 18


@pytest.mark.parametrize("entry,problem", [
    ({**GOOD, "legion": 3}, "Unknown score field 'legion'"),
    ({**GOOD, "tribune": "yes"}, "tribune must be true or false, not 'yes'"),
    ({**GOOD, "qualified": 1}, "qualified must be true or false, not 1"),
    ({**GOOD, "name": "Ann\nBob"}, "cannot be shown on one line"),
    ({**GOOD, "name": "x" * 31}, "too long"),
    ({**GOOD, "name": 7}, "must be text"),
    ({k: v for k, v in GOOD.items() if k != "name"}, "needs a player name"),
])
def test_a_doubtful_entry_is_refused_naming_the_field(entry, problem):
    with pytest.raises(RefereeError) as refused:
        check_input(entry)
    assert problem in str(refused.value)


def test_every_problem_is_reported_at_once():
    with pytest.raises(InputErrors) as refused:
        check_input({"name": "Ann", "legion": 1, "scroll": "no", "laurels": -1})
    assert len(refused.value.problems) == 3


def test_score_command_refuses_a_mistyped_field(cli, tmp_path):
    import json

    path = tmp_path / "scores.json"
    path.write_text(json.dumps([GOOD, {"name": "Bob", "lauerls": 9}]), encoding="utf-8")
    result = cli("tribune", "score", "--input", path)
    assert result.code == 2 and result.err.strip() == "Unknown score field 'lauerls'"
