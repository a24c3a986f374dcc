"""Turn helpers: ship loading, the leader and legionaries, construction placement."""

import json

import pytest

from referee.errors import InputErrors, RuleViolation
from referee.trajan import construction as c
from referee.trajan import military as m
from referee.trajan import ships


def loads(cards, wilds=0, grey=()):
    return {ld.ship: ld for ld in ships.check_hand(cards, wilds, set(grey))}


def test_ship_tables_from_the_rulebook():
    three_wine = loads(["wine"] * 3)
    assert three_wine["same"].vp == {"coloured": 12, "grey": 7}
    assert not three_wine["different"].fits and not three_wine["pairs"].fits
    two_pairs = loads(["wine", "wine", "fish", "fish"], grey=["pairs"])
    assert two_pairs["pairs"].to_json()["vp"] == 6  # grey side: 2 pairs score 6
    assert two_pairs["pairs"].vp["coloured"] == 10
    four_kinds = loads(["wine", "fish", "oil", "gems"])
    assert four_kinds["different"].vp == {"coloured": 8, "grey": 5}
    one = loads(["oil"])
    assert one["same"].vp == one["different"].vp == {"coloured": 2, "grey": 0}
    assert not one["pairs"].fits


def test_ship_wilds_are_used_where_they_raise_the_score():
    # 3 wine + 2 wilds on the same-goods ship: only one wild fits (4 cards max): 20 VP.
    assert (loads(["wine"] * 3, wilds=2)["same"].vp["coloured"],
            loads(["wine"] * 3, wilds=2)["same"].wilds_used) == (20, 1)
    # wine, wine, fish + 1 wild: the wild completes the fish pair: 2 pairs, 10 VP.
    pairs = loads(["wine", "wine", "fish"], wilds=1)["pairs"]
    assert (pairs.vp["coloured"], pairs.wilds_used) == (10, 1)
    assert pairs.ruling.rule.rule_id == "trajan.seaport.wild"
    # Two spare wilds make a pair of their own: wine, fish and wild pairs, 15 VP.
    assert loads(["wine", "wine", "fish", "fish"], wilds=2)["pairs"].vp["coloured"] == 15


def test_ship_refusals():
    assert not loads(["wine"] * 5)["same"].fits
    assert not loads(["wine", "wine", "wine"])["pairs"].fits
    with pytest.raises(InputErrors) as err:
        ships.parse_cards("wine,gold,silk")
    assert len(err.value.problems) == 2


def test_leader_neighbours_follow_the_map():
    assert m.neighbours("camp") == ["alpes", "raetia", "noricum"]
    # 001: Britannia borders exactly three provinces.
    assert m.neighbours("britannia") == ["lugdunensis", "belgica", "germania_inferior"]
    for place in m.places():
        for other in m.neighbours(place):
            assert place in m.neighbours(other) or place == "camp"


def test_leader_moves_only_to_a_neighbour():
    assert m.move_leader("camp", "alpes").params["goal"].msgid == "Alpes"
    with pytest.raises(RuleViolation) as err:
        m.move_leader("camp", "belgica")
    assert err.value.params["n"] == 2  # via Alpes or Raetia
    assert not err.value.rule.confirmed  # adjacency comes from one outside source
    with pytest.raises(RuleViolation) as err:
        m.move_leader("alpes", "camp")
    assert not err.value.rule.confirmed  # returning to the camp is an open question
    way = m.route("camp", "britannia")
    assert len(way) == 3 and way[0] == "alpes" and way[-1] == "britannia"


def test_legionary_vp_minus_three_per_other_never_negative():
    assert m.place_legionary("aquitania", 0, False)[0] == 10
    assert m.place_legionary("aquitania", 2, False)[0] == 4
    assert m.place_legionary("noricum", 2, False)[0] == 0  # 5 - 6 would be negative
    with pytest.raises(RuleViolation):
        m.place_legionary("belgica", 1, True)  # one legionary per player per province
    with pytest.raises(RuleViolation):
        m.place_legionary("camp", 0, False)


def test_worker_placement_orthogonal_only():
    assert len(c.legal_cells(set())) == 20  # the first worker goes anywhere
    mine = {c.parse_cell("B2")}
    # B2 itself is not legal: a second worker there must touch another of yours.
    assert sorted(c.name(x) for x in c.legal_cells(mine)) == ["A2", "B1", "B3", "C2"]
    with pytest.raises(RuleViolation) as err:
        c.place(mine, c.parse_cell("C3"), None, set())  # diagonal
    assert err.value.rule.rule_id == "trajan.construction.placement"


def test_first_tile_of_a_kind_gives_its_action():
    # 001 example: the first tile of its kind also gives that kind's action (Senate there);
    # here the door, whose action the data file gives as Senate.
    placed = c.place(set(), c.parse_cell("A1"), ("door", 3), {"window"})
    assert (placed.vp, placed.bonus_action) == (3, "senate")
    assert not placed.rulings[-1].rule.confirmed  # kind -> action: one outside source
    again = c.place({c.parse_cell("A1")}, c.parse_cell("A2"), ("door", 5), {"door"})
    assert (again.vp, again.bonus_action) == (5, None)


def test_cell_with_another_players_worker_gives_nothing():
    # 001 example: a worker joins a cell with a blue worker: no tile, no VP, but it now
    # touches the window (4 VP) for a later turn.
    placed = c.place({c.parse_cell("C1")}, c.parse_cell("C2"), None, set())
    assert placed.vp == 0 and placed.bonus_action is None
    assert c.parse_cell("C3") in c.legal_cells({c.parse_cell("C1"), c.parse_cell("C2")})


def test_stacking_your_own_worker_is_configurable(tmp_path, monkeypatch):
    mine = {c.parse_cell("B2"), c.parse_cell("B3")}
    assert not c.place(mine, c.parse_cell("B2"), None, set()).rulings[0].rule.confirmed
    folder = tmp_path / "trajan"
    folder.mkdir()
    (folder / "construction.json").write_text(json.dumps(
        {"own_worker_may_stack": {"value": False}}))
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    with pytest.raises(RuleViolation):
        c.place(mine, c.parse_cell("B2"), None, set())
