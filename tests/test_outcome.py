"""The one result shape: competition ranks and the JSON every export reads."""

from __future__ import annotations

import pytest

from referee.outcome import Outcome, Standing, ranks


@pytest.mark.parametrize(("keys", "expected"), [
    ([(10,), (12,), (10,)], [2, 1, 2]),
    ([(5, 1), (5, 2), (4, 9)], [2, 1, 3]),
    ([(7,), (7,), (7,)], [1, 1, 1]),
    ([(1,), (2,), (3,), (3,)], [4, 3, 1, 1]),
    ([], []),
])
def test_competition_ranks(keys, expected):
    assert ranks(keys) == expected


def test_outcome_json_names_winners_in_rank_order():
    out = Outcome("concordia", "imperium", (
        Standing("Bea", 2, 120, 1, {"vesta": 20, "jupiter": 100}),
        Standing("Al", 1, 120, 1, {"vesta": 120}),
        Standing("Cy", 3, 90, 3, {"mars": 90})), tie_break=None)
    doc = out.to_json()
    assert doc["schema"] == 1 and doc["winners"] == ["Bea", "Al"]
    assert [s["rank"] for s in doc["standings"]] == [1, 1, 3]
    assert Standing.from_json(doc["standings"][2]) == out.standings[2]
    assert out.ranking == ["Bea", "Al", "Cy"] and out.score("Cy") == 90
