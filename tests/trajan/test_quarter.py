"""Quarter end: demands, senate vote, consuls, restacking and the refresh checklist."""

import pytest

from referee.errors import InputErrors
from referee.trajan import quarter


def qp(name, **kw):
    return {"name": name, "senate_position": 0, **kw}


def run(players, demands=("bread", "games", "religion"), **extra):
    return quarter.end_quarter(quarter.parse_input({"demands": list(demands), "players": players,
                                              **extra}))


def demands_of(result, name):
    return next(d for d in result.demands if d.name == name)


def test_demands_example():
    # 001 example: demands games, games, bread. The player holds 2 forum demand tiles (one
    # games, one that matches nothing) and a games Trajan tile: both games demands are met,
    # the forum tile is discarded, the Trajan tile kept; bread is unmet: -4 VP.
    result = run([qp("Example", forum_demand_tiles={"games": 1, "religion": 1},
                     trajan_demand_tiles={"games": 1}, vp=20),
                  qp("Other", senate_stack_rank=2, forum_demand_tiles={"bread": 1,
                                                                        "games": 2})],
                 demands=("games", "games", "bread"))
    d = demands_of(result, "Example")
    assert d.trajan == {"games": 1}
    assert d.forum == {"games": 1}
    assert (d.unmet, d.penalty, d.vp_after) == (1, 4, 16)
    other = demands_of(result, "Other")
    assert other.forum == {"bread": 1, "games": 2} and other.penalty == 0


@pytest.mark.parametrize("unmet, penalty", [(0, 0), (1, 4), (2, 9), (3, 15)])
def test_penalty_scale(unmet, penalty):
    # The player can meet 3 - unmet of the bread demands with forum tiles.
    result = run([qp("A", forum_demand_tiles={"bread": 3 - unmet}, vp=2),
                  qp("B", senate_stack_rank=2, forum_demand_tiles={"bread": 3})],
                 demands=("bread", "bread", "bread"))
    d = demands_of(result, "A")
    assert (d.unmet, d.penalty, d.vp_after) == (unmet, penalty, 2 - penalty)


def test_using_tiles_is_compulsory_and_trajan_tiles_go_first():
    # A Trajan religion tile covers one religion demand per quarter; the second religion
    # demand takes the forum religion tile; the wild covers the games demand.
    result = run([qp("A", trajan_demand_tiles={"religion": 1}, forum_demand_tiles={"religion": 2},
                     demand_wilds=2),
                  qp("B", senate_stack_rank=2)], demands=("religion", "religion", "games"))
    d = demands_of(result, "A")
    assert d.trajan == {"religion": 1} and d.forum == {"religion": 1} and d.wilds == 1
    assert d.unmet == 0 and not d.chosen
    # Nobody said which tiles: the cheapest way is shown, and the player is told of the others
    # (a wild for the forum tile, or forum tiles or wilds for the Trajan tile's demand).
    assert len(d.ways) > 1 and d.ways[0].spend == quarter.Spend({"religion": 1}, 1)
    assert any(r.params.get("n") == len(d.ways) and "cheapest" in r.message for r in d.rulings)
    b = demands_of(result, "B")
    assert (b.unmet, b.penalty) == (3, 15)


def test_senate_and_consul_example():
    # 001 example: green and brown both sit on space 5; green's disc is higher, but brown
    # holds a 3-vote senate tile: brown 8, green 5. Brown is first consul and takes the
    # left bonus tile gold side up; green, second, takes the other silver side up.
    result = run([qp("Green", senate_position=5, senate_stack_rank=1),
                  qp("Brown", senate_position=5, senate_stack_rank=2, senate_tiles=[3]),
                  qp("Blue", senate_position=3)],
                 bonus_tiles=["workers", "wine_fish"], first_consul_takes="workers")
    assert [(v.name, v.total) for v in result.votes] == [("Brown", 8), ("Green", 5),
                                                         ("Blue", 3)]
    out = result.to_json()
    assert (out["first_consul"], out["second_consul"]) == ("Brown", "Green")
    bonus = next(r for r in result.rulings if "gold" in r.params)
    assert (bonus.params["gold"].msgid, bonus.params["silver"].msgid) == (
        "workers", "wine and fish")
    assert out["senate_stack_top_first"] == ["Brown", "Green", "Blue"]


def test_consul_ties_track_votes_then_higher_disc():
    # A: 4 on track + 3 tile = 7; B: 7 on track = 7 -> B wins on track votes.
    result = run([qp("A", senate_position=4, senate_tiles=[3]),
                  qp("B", senate_position=7)])
    assert [v.name for v in result.votes] == ["B", "A"]
    assert result.rulings[2].params["track"] == 7
    # Same space, same tiles: the higher disc (rank 1) wins.
    result = run([qp("A", senate_position=6, senate_stack_rank=2, senate_tiles=[2]),
                  qp("B", senate_position=6, senate_stack_rank=1, senate_tiles=[2])])
    assert [v.name for v in result.votes] == ["B", "A"]


def test_restack_tie_below_the_first_consul_is_flagged():
    result = run([qp("A", senate_position=8), qp("B", senate_position=3, senate_tiles=[2]),
                  qp("C", senate_position=5)])
    reset = next(r for r in result.rulings if r.rule.rule_id == "trajan.quarter.reset")
    assert reset.params["order"] == ["A", "C", "B"]  # C wins the 5-5 tie on track votes
    assert not reset.rule.confirmed


def test_start_space_votes_rest_on_unconfirmed_data():
    result = run([qp("A"), qp("B", senate_position=2, senate_stack_rank=1)])
    vote = {r.params["player"]: r for r in result.rulings[:2]}
    assert vote["A"].params["total"] == 0 and not vote["A"].rule.confirmed
    assert vote["B"].rule.confirmed


def test_checklist_counts_and_last_quarter():
    players = [qp("A", forum_demand_tiles={"bread": 1}, senate_tiles=[2, 5]),
               qp("B", senate_stack_rank=2, demand_wilds=1, senate_tiles=[4]),
               qp("C", senate_stack_rank=3)]
    steps = run(players, quarter=2).checklist
    assert steps[0].params["n"] == 2  # A's bread tile and B's wild
    assert steps[1].params["n"] == 3
    fill = next(s for s in steps if "forum" in s.params)
    assert (fill.params["forum"], fill.params["extra"]) == (9, 3)
    assert steps[-1].params == {"tile": "II", "next": "III"}
    last = run(players, quarter=4).checklist
    assert last[-1].rule.rule_id == "trajan.game.end" and len(last) == 4


def test_bad_quarter_input_reports_everything():
    with pytest.raises(InputErrors) as err:
        quarter.parse_input({"demands": ["bread", "wine"], "players": [
            qp("A", senate_tiles=[6]), qp("B", senate_position=9)],
            "bonus_tiles": ["bread", "bread"]})
    assert len(err.value.problems) == 4
