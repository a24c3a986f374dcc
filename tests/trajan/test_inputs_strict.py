"""Input files are read strictly: a mistyped field is refused, never silently ignored."""

from __future__ import annotations

import pytest

from referee.errors import InputErrors, RefereeError
from referee.trajan import holdings, quarter

# a 2-player game hands out 10 bonus tiles: 6 gold side up (setup, first consuls), 4 silver
END = {"players": [{"name": "Ann", "vp": 50, "senate_position": 3,
                    "bonus_tiles": [{"kind": k, "side": side} for k, side in (
                        ("bread", "gold"), ("workers", "gold"), ("wine_fish", "gold"),
                        ("legionaries", "silver"), ("columns_furs", "silver"))]},
                   {"name": "Bob", "vp": 40, "senate_position": 2,
                    "bonus_tiles": [{"kind": k, "side": side} for k, side in (
                        ("games", "gold"), ("religion", "gold"), ("cattle_wheat", "gold"),
                        ("bonus_tiles", "silver"), ("scrolls_oil", "silver"))]}]}
QUARTER = {"demands": ["bread", "games", "religion"],
           "players": [{"name": "Ann", "senate_position": 3},
                       {"name": "Bob", "senate_position": 2}]}


def with_player_field(doc, key, value):
    return {**doc, "players": [{**doc["players"][0], key: value}, *doc["players"][1:]]}


def test_the_valid_documents_parse():
    assert [p.name for p in holdings.parse(END)] == ["Ann", "Bob"]
    assert [p.name for p in quarter.parse_input(QUARTER).players] == ["Ann", "Bob"]


@pytest.mark.parametrize("parse,doc", [
    (holdings.parse, with_player_field(END, "legionares_in_camp", 3)),
    (quarter.parse_input, with_player_field(QUARTER, "demand_wild", 1)),
])
def test_a_mistyped_player_field_is_named(parse, doc):
    with pytest.raises(RefereeError) as refused:
        parse(doc)
    assert "Ann: unknown field" in str(refused.value)


def test_unknown_top_level_fields_are_reported_with_the_rest():
    with pytest.raises(InputErrors) as refused:
        quarter.parse_input({**with_player_field(QUARTER, "votes", 2), "quater": 2})
    text = str(refused.value)
    assert "input: unknown field 'quater'" in text and "Ann: unknown field 'votes'" in text
