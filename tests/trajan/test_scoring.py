"""Final scoring: the rulebook's table, bonus tiles, wilds and the tie-break."""

import json
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import InputErrors
from referee.trajan import holdings, scoring
from referee.trajan.sets import best_sets

VALUES = {3: 10, 4: 20}


# Every player keeps the bonus tile drawn at setup; these score nothing without cards shown.
STARTING_TILE = {"A": "jewellery_gems", "B": "cattle_wheat", "C": "fruit_pottery",
                 "Cleo": "jewellery_gems"}


def scored(doc):
    """The players of ``doc`` as ``trajan score --irregular`` reads them: these positions are
    about the scoring lines, not whole games, so they hold fewer bonus tiles than a game of
    four quarters hands out."""
    return holdings.read(doc, irregular=True)[0]


def player(name, vp, **extra):
    start = [{"kind": STARTING_TILE[name], "side": "gold"}] if name in STARTING_TILE else []
    return {"name": name, "vp": vp, "senate_position": 0, "bonus_tiles": start, **extra}


ANNA = player(
    "Anna", 80, cards_in_hand=3, workers_in_camp=2, legionaries_in_camp=1,
    trajan_tiles_on_wheel=2,
    construction_tiles={"window": 4, "door": 3, "roof": 2, "steps": 1}, construction_wilds=1,
    bonus_tiles=[{"kind": "bread", "side": "gold"}, {"kind": "workers", "side": "silver"},
                 {"kind": "wine_fish", "side": "gold"}, {"kind": "scrolls_oil", "side": "silver"},
                 {"kind": "bonus_tiles", "side": "gold"}],
    forum_demand_tiles={"bread": 1}, workers_on_construction=5,
    display_cards={"wine": 2, "fish": 1, "scrolls": 2}, commodity_wilds=1,
    senate_stack_rank=1)
BORIS = player(
    "Boris", 100, legionaries_in_provinces=4, demand_wilds=1,
    bonus_tiles=[{"kind": "legionaries", "side": "gold"}, {"kind": "religion", "side": "silver"},
                 {"kind": "columns_furs", "side": "silver"}],
    display_cards={"columns": 1, "furs": 2, "wine": 3}, senate_stack_rank=2)


def test_final_scoring_table_every_category():
    result = scoring.score(scored({"players": [ANNA, BORIS]}))
    anna, boris = result.players
    # Anna, by hand: 80 on the track; 3 cards, 2 workers, 1 legionary, 2 Trajan tiles at
    # 1 VP each; window x4 = 20, door x3 = 10, roof x2 + wild = 10; gold bread with a forum
    # bread tile = 9; silver workers, 5 on the board -> 2.5 rounded up = 3; gold wine/fish,
    # 3 cards + the commodity wild (it joins the gold tile) = 4 x 3 = 12; silver scrolls/oil,
    # 2 cards x 2 = 4; gold bonus tiles, 3 gold tiles incl. itself x 3 = 9.
    assert anna.breakdown == {
        "track": 80, "cards_in_hand": 3, "workers_in_camp": 2, "legionaries_in_camp": 1,
        "trajan_tiles_on_wheel": 2, "construction_sets": 40, "bonus:bread": 9,
        "bonus:workers": 3, "bonus:wine_fish": 12, "bonus:scrolls_oil": 4,
        "bonus:bonus_tiles": 9}
    assert anna.total == 165
    # Boris: 100; gold legionaries 4 x 2 = 8; silver religion without a forum religion tile
    # (a demand wild does not count by default) = 0; silver columns/furs: 3 cards x 2 = 6
    # (his wine cards count for no tile of his).
    assert boris.breakdown["bonus:legionaries"] == 8
    assert boris.breakdown["bonus:religion"] == 0
    assert boris.breakdown["bonus:columns_furs"] == 6
    assert boris.total == 114
    assert [p.name for p in result.players] == ["Anna", "Boris"]
    assert (anna.ranking, boris.ranking) == (1, 2)


def test_demand_wild_reading_is_flagged_and_configurable(tmp_path, monkeypatch):
    doc = {"players": [BORIS, player("Cleo", 0, senate_stack_rank=1)]}
    line = _line(scoring.score(scored(doc)), "Boris", "bonus:religion")
    assert line.points == 0 and not line.ruling.rule.confirmed
    _override(tmp_path, monkeypatch, "bonus_tiles", {"demand_wild_counts": {"value": True}})
    line = _line(scoring.score(scored(doc)), "Boris", "bonus:religion")
    assert line.points == 6 and not line.ruling.rule.confirmed


def test_gold_bonus_tile_counts_itself_silver_does_not():
    gold = scored({"players": [
        player("A", 0, bonus_tiles=[{"kind": "bonus_tiles", "side": "gold"}]),
        player("B", 0, senate_stack_rank=2,
               bonus_tiles=[{"kind": "workers", "side": "gold"}])]})
    assert scoring.score(gold).players[0].breakdown["bonus:bonus_tiles"] == 3
    silver = scored({"players": [
        player("A", 0, bonus_tiles=[{"kind": "bonus_tiles", "side": "silver"},
                                    {"kind": "workers", "side": "gold"}]),
        player("B", 0, senate_stack_rank=2)]})
    assert _line(scoring.score(silver), "A", "bonus:bonus_tiles").points == 2


def test_sets_use_wilds_where_they_score_best():
    # 3 doors + 2 windows + 1 wild: the doors alone are a set of 3 (10); the wild makes them
    # a set of 4 (20) or makes the windows a set of 3 (10 + 10): 20 either way.
    assert best_sets({"door": 3, "window": 2}, 1, VALUES, 2).points == 20
    # 2 wilds: doors to 4 (20) and windows to 3 (10) = 30.
    assert best_sets({"door": 3, "window": 2}, 2, VALUES, 2).points == 30
    # 4 of a kind is one set of 4 (20), not a set of 3 plus change.
    assert best_sets({"roof": 4}, 0, VALUES, 2).points == 20
    # 1 real tile + 2 wilds: a set under the default reading, marked as disputed.
    lone = best_sets({"roof": 1}, 2, VALUES, 2)
    assert (lone.points, lone.disputed) == (10, 1)
    assert best_sets({"roof": 1}, 2, VALUES, 1).points == 0
    # An undisputed grouping is preferred when it scores the same.
    # 2 doors + 2 windows + 2 wilds: one wild each (10 + 10) ties a set of 4 doors made with
    # both wilds (20), which needs the disputed reading; the undisputed way wins.
    even = best_sets({"door": 2, "window": 2}, 2, VALUES, 2)
    assert (even.points, even.disputed) == (20, 0)
    assert even.sets == (("door", 3), ("window", 3))


def test_one_real_tile_with_two_wilds_is_unconfirmed(tmp_path, monkeypatch):
    doc = {"players": [player("A", 0, construction_tiles={"roof": 1}, construction_wilds=2),
                       player("B", 0, senate_stack_rank=2)]}
    line = _line(scoring.score(scored(doc)), "A", "construction_sets")
    assert line.points == 10 and not line.ruling.rule.confirmed
    _override(tmp_path, monkeypatch, "scoring", {"max_wilds_per_set": {"value": 1}})
    assert _line(scoring.score(scored(doc)), "A", "construction_sets").points == 0


def test_tie_goes_to_the_higher_senate_space_then_the_higher_disc():
    doc = {"players": [player("A", 50, senate_position=3), player("B", 50, senate_position=5),
                       player("C", 20, senate_position=8)]}
    result = scoring.score(scored(doc))
    assert [p.name for p in result.players] == ["B", "A", "C"]
    assert result.rulings[0].rule.confirmed
    doc = {"players": [player("A", 50, senate_stack_rank=2), player("B", 50, senate_stack_rank=1)]}
    result = scoring.score(scored(doc))
    assert [p.name for p in result.players] == ["B", "A"]
    assert not result.rulings[0].rule.confirmed  # stack order is our reading of the rule


def test_every_input_problem_is_reported_at_once():
    doc = {"players": [
        player("A", "ten", cards_in_hand=-1, construction_tiles={"tower": 1},
               bonus_tiles=[{"kind": "bread", "side": "bronze"}]),
        player("B", 0, senate_position=1)]}
    with pytest.raises(InputErrors) as err:
        holdings.parse(doc)
    fields = [p.params.get("field") for p in err.value.problems]
    assert len(err.value.problems) == 5
    assert {"cards_in_hand", "construction_tiles", "side", "senate_position"} <= set(fields)


def test_rule_limits_are_checked():
    doc = {"players": [
        player("A", 0, workers_in_camp=10, legionaries_in_camp=6, trajan_tiles_on_wheel=7,
               construction_tiles={"door": 5}, bonus_tiles=[{"kind": "bread", "side": "gold"}]),
        player("B", 0, bonus_tiles=[{"kind": "bread", "side": "silver"}])]}
    with pytest.raises(InputErrors) as err:
        holdings.parse(doc)
    rules = sorted(p.rule.rule_id for p in err.value.problems if p.rule)
    # B's one tile is silver side up: the tile drawn at setup is kept gold side up
    assert rules == ["trajan.bonus.handed", "trajan.bonus.tiles", "trajan.final.sets",
                     "trajan.setup.bonus", "trajan.setup.mat", "trajan.setup.subjects"]
    # Both on the start space with rank 1 is also reported (not a rule: a typing slip).
    assert len(err.value.problems) == 7


def test_more_wilds_than_forum_tiles():
    # 70 forum tiles in the box; wild tiles of all kinds are forum tiles.
    doc = {"players": [player("A", 0, construction_wilds=40, commodity_wilds=31),
                       player("B", 0, senate_stack_rank=2, commodity_wilds=70)]}
    with pytest.raises(InputErrors) as err:
        holdings.parse(doc)
    forum = [p for p in err.value.problems if p.rule.rule_id == "trajan.setup.forum"]
    assert [p.params.get("player") for p in forum] == ["A", None, None]
    # Counted by kind across the players too: 2 construction wilds, 3 commodity wilds.
    assert [(p.params["tile"].msgid, p.params["n"]) for p in forum[1:]] == [
        ("commodity wild", 101), ("construction wild", 40)]


def _line(result, name, category):
    found = next(p for p in result.players if p.name == name)
    return next(line for line in found.lines if line.category == category)


def _override(tmp_path, monkeypatch, name, content):
    folder = tmp_path / "data" / "trajan"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(content))
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))


@settings(max_examples=100)
@given(st.dictionaries(st.sampled_from(["door", "roof", "window"]), st.integers(0, 4),
                       max_size=3), st.integers(0, 3), st.integers(1, 2))
def test_best_sets_matches_trying_every_split_of_the_wilds(tiles, wilds, max_wilds):
    def kind_value(real, extra):
        # Sets of 4 (20) and 3 (10) from real + extra tiles, each set with at most max_wilds.
        best = 0
        for fours in range(3):
            for threes in range(4):
                need = max(0, 4 * fours + 3 * threes - real)
                if need <= extra and need <= (fours + threes) * max_wilds:
                    best = max(best, 20 * fours + 10 * threes)
        return best

    kinds = sorted(tiles)
    brute = max((sum(kind_value(tiles[k], x) for k, x in zip(kinds, split, strict=True))
                 for split in product(range(wilds + 1), repeat=len(kinds))
                 if sum(split) <= wilds), default=0)
    assert best_sets(tiles, wilds, VALUES, max_wilds).points == brute


def test_end_states_the_box_cannot_reach_are_refused():
    every_tile_but_one = ("bread", "games", "religion", "workers", "legionaries", "bonus_tiles",
                          "wine_fish", "scrolls_oil", "fruit_pottery", "cattle_wheat",
                          "columns_furs")
    doc = {"players": [
        player("X", 0, construction_tiles={"door": 3}, display_cards={"wine": 3},
               bonus_tiles=[{"kind": k, "side": "gold"} for k in every_tile_but_one]),
        player("Y", 0, senate_stack_rank=2, construction_tiles={"door": 2},
               display_cards={"wine": 3}, construction_wilds=2),
        player("Z", 0, senate_stack_rank=3, construction_wilds=1,
               bonus_tiles=[{"kind": "jewellery_gems", "side": "silver"}])]}
    with pytest.raises(InputErrors) as err:
        holdings.parse(doc)
    said = {(p.rule.rule_id, p.message) for p in err.value.problems}
    assert {rule for rule, _ in said} == {"trajan.setup.bonus", "trajan.bonus.handed",
                                          "trajan.final.sets", "trajan.seaport.ship",
                                          "trajan.setup.forum"}
    # Y has no bonus tile; 12 listed for 3 players, who are handed 3 + 8 = 11
    named = [p.params for p in err.value.problems]
    assert {"player": "Y"} in named and {"n": 12, "players": 3, "handed": 11} in named
