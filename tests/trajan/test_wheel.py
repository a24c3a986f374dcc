"""Sowing, the time marker and the Trajan tile check (rulebook examples and properties)."""

from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.data import Fact
from referee.errors import InputErrors, RuleViolation
from referee.trajan import sowing, time_track
from referee.trajan import wheel as w
from referee.trajan.pieces import TrajanTile

EVEN = w.parse_wheel("2,2,2,2,2,2")


def test_mancala_example_two_markers_end_in_the_seaport_tray():
    # 001 example: two markers from a tray, sown clockwise, the last one lands on Seaport.
    # From tray V the two markers go to VI and then I; tray I is the Seaport.
    p = sowing.plan(EVEN, w.parse_tray("V"), {})
    assert p.sowing.drops == (5, 0)
    assert p.sowing.target == 0
    assert p.action == "seaport"
    assert p.to_json()["trays_after"] == [3, 2, 2, 2, 0, 3]
    assert p.to_json()["time_steps"] == 2


def test_time_example_four_markers_pass_the_start():
    # 001 example: 4 markers move the time marker 4 spaces, past the start space.
    lap = Fact(11, "CONFLICT")
    moved = time_track.move(9, 4, lap)
    assert (moved.passes, moved.rounds_ended, moved.end) == (1, 1, 2)
    short = time_track.move(5, 4, lap)
    assert short.rounds_ended == 0 and short.end == 9


def test_reaching_the_start_space_exactly_ends_the_round():
    assert time_track.move(9, 2, Fact(11, "CONFLICT")).rounds_ended == 1


def test_twelve_markers_on_a_short_lap_end_only_one_round():
    moved = time_track.move(10, 12, Fact(11, "CONFLICT"))
    assert moved.passes == 2 and moved.rounds_ended == 1 and moved.rounds_capped


def test_lap_length_per_player_count_comes_from_data_and_is_unconfirmed():
    assert [time_track.lap_length(n, None).value for n in (2, 3, 4)] == [11, 16, 21]
    assert not time_track.lap_length(3, None).confirmed
    assert time_track.lap_length(3, 17) == Fact(17, "USER")


def test_trajan_tile_example_yellow_and_orange_already_in_the_tray():
    # 001 example: the last marker (blue) drops into a tray already holding yellow and
    # orange; the yellow/orange tile (1 worker) scores 5 VP.
    wheel = w.parse_wheel("yo,b,yo,gg,ww,ppb")
    tile = TrajanTile("worker1", ("yellow", "orange"))
    p = sowing.plan(wheel, 1, {2: tile})
    assert p.sowing.target == 2
    assert p.check.possible and p.check.drop == ()
    assert p.rulings[-1].params["vp"] == 5
    # The tile VP values are not in the rulebook text, but two outside sources agree.
    assert p.rulings[-1].rule.confirmed


def test_tile_needs_colours_from_hand_and_only_one_lands():
    wheel = w.parse_wheel("yo,yo,gw,gw,pb,pb")
    # From I: y -> II, o -> III (target). Tray III holds g, w; a g/o tile needs the orange.
    check = w.check_tile(wheel, w.sow(wheel, 0), ("green", "orange"))
    assert check.possible and check.drop == ("orange",)
    # A y/o tile at III: both are missing from the tray but only one marker lands there.
    check = w.check_tile(wheel, w.sow(wheel, 0), ("yellow", "orange"))
    assert not check.possible and check.missing == ()
    # A p/p tile at III: no pink is in hand.
    check = w.check_tile(wheel, w.sow(wheel, 0), ("pink", "pink"))
    assert check.missing == ("pink", "pink")


def test_six_markers_come_back_to_an_emptied_origin():
    wheel = w.parse_wheel("yogwpb,yo,gw,pb,-,-")
    s = w.sow(wheel, 0)
    assert s.target == 0 and s.into_target == 1
    # The origin is emptied first, so only the dropped marker counts for a tile there.
    assert not w.check_tile(wheel, s, ("yellow", "orange")).possible
    assert w.check_tile(wheel, s, ("pink", "pink")).missing == ("pink",)


def test_reverse_question_which_trays_reach_the_senate():
    wheel = w.parse_wheel("3,1,0,4,2,2")
    # Senate is tray IV (index 3). Only tray I (3 markers: II, III, IV) ends there;
    # IV's 4 markers end in II, V's 2 in I, VI's 2 in II.
    found = [s.origin for s in w.reaching(wheel, 3)]
    assert found == [0]
    wheel = w.parse_wheel("3,2,0,0,6,1")
    # I+3 = IV, II+2 = IV, V+6 = V (no), VI+1 = I (no)
    assert [s.origin for s in w.reaching(wheel, 3)] == [0, 1]


def test_empty_origin_is_a_rule_violation():
    with pytest.raises(RuleViolation) as err:
        w.sow(w.parse_wheel("4,0,2,2,2,2"), 1)
    assert err.value.rule.rule_id == "trajan.turn.sow"


def test_bad_trays_report_every_problem():
    with pytest.raises(InputErrors) as err:
        w.parse_wheel("yyy,ox,2,2,2,2")
    assert len(err.value.problems) == 1  # the bad letter; counts are checked once parsed
    with pytest.raises(InputErrors) as err:
        w.parse_wheel("yyy,o,2,2,2,1")
    assert len(err.value.problems) == 2  # 11 markers, and three yellows


def _counts(cuts):
    bounds = [0, *sorted(cuts), 12]
    return [b - a for a, b in pairwise(bounds)]


trays = st.lists(st.integers(0, 12), min_size=5, max_size=5).map(_counts)


@settings(max_examples=150)
@given(trays, st.integers(0, 5))
def test_sowing_conserves_markers_and_moves_time_by_the_count(counts, origin):
    wheel = w.Wheel(tuple(("?",) * n for n in counts))
    if counts[origin] == 0:
        with pytest.raises(RuleViolation):
            w.sow(wheel, origin)
        return
    s = w.sow(wheel, origin)
    assert sum(w.after(wheel, s).counts) == 12
    assert s.steps == counts[origin]
    assert s.target == (origin + counts[origin]) % 6
    moved = time_track.move(0, s.steps, Fact(11, "CONFLICT"))
    assert moved.end == s.steps % 11
    if counts[origin] in (6, 12):
        assert s.target == origin
        assert w.after(wheel, s).counts[origin] == counts[origin] // 6


colour_wheels = st.permutations(list("yyoogwwgppbb")).flatmap(
    lambda markers: st.lists(st.integers(0, 12), min_size=5, max_size=5).map(
        lambda cuts: _split(markers, cuts)))


def _split(markers, cuts):
    bounds = [0, *sorted(cuts), 12]
    return w.Wheel(tuple(tuple(w.COLOURS[m] for m in markers[a:b])
                         for a, b in pairwise(bounds)))


@settings(max_examples=150)
@given(colour_wheels, st.integers(0, 5), st.sampled_from(list(w.COLOURS.values())),
       st.sampled_from(list(w.COLOURS.values())))
def test_tile_check_agrees_with_trying_every_choice(wheel, origin, a, b):
    if not wheel.trays[origin]:
        return
    s = w.sow(wheel, origin)
    check = w.check_tile(wheel, s, (a, b))
    staying = () if s.target == origin else wheel.trays[s.target]
    achievable = any(not (Counter((a, b)) - Counter(staying + combo))
                     for combo in combinations(s.picked, s.into_target))
    assert check.possible == achievable
    if check.possible:
        result = w.after(wheel, s, w.order_for(s, check.drop))
        assert not Counter((a, b)) - Counter(result.trays[s.target])
        assert Counter(c for t in result.trays for c in t) == Counter(
            c for t in wheel.trays for c in t)


def test_plan_tells_what_the_target_tray_will_hold():
    # From VI the picked p, p, b go to I, II, III; tray III keeps its y, o and gets one.
    wheel = w.parse_wheel("yo,b,yo,gg,ww,ppb")
    kept = sowing.plan(wheel, 5, {}).rulings[-1]
    assert [t.msgid for t in kept.params["staying"]] == ["yellow", "orange"]
    assert kept.params["k"] == 1
    assert [t.msgid for t in kept.params["picked"]] == ["pink", "pink", "blue"]
