"""The guided game's rules core: the rulebook's worked examples played through the engine,
refusals that leave the game unchanged, and replay."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.errors import InputError, RuleViolation
from referee.trajan import actions as a
from referee.trajan.engine import Game
from referee.trajan.pieces import TrajanTile
from referee.trajan.setup import Setup
from referee.trajan.wheel import parse_colours

from .engine_helpers import MARKERS, new_game, through_setup


def rules_of(rulings):
    return [r.rule.rule_id for r in rulings]


def test_setup_lays_out_the_box_and_stops_at_the_first_turn():
    game = new_game(("Ann", "Bob", "Cid"))
    q = game.pending()
    assert (q.kind, q.actor) == ("sow", "Ann")
    b, ann = game.state.board, game.state.player("Ann")
    assert sum(b.forum.values()) == 9 + 3  # 3 per player, plus 3 extra-action tiles
    assert all(t is not None for t in b.provinces.values()) and len(b.provinces) == 10
    assert len(b.cells) == 20 and len(b.bonus_up) == 2
    assert b.senate[0] == ["Ann", "Bob", "Cid"]  # the start player's disc at the bottom
    assert (ann.supply, ann.workers_camp, ann.legion_camp, ann.arch) == (13, 1, 1, 0)
    assert sum(ann.hand.values()) == 3 and [c is not None for c in ann.cells] == [
        False, True, False, True, False, True]
    assert len(ann.bonus) == 1 and ann.bonus[0][1] == "gold"
    assert game.invariants() == []


def test_two_markers_sown_to_the_seaport_and_the_time_marker_moves_two():
    # 001 «Распределение маркеров»: 2 markers, the last lands in the Seaport tray;
    # «Перемещение счётчика времени»: 2 markers move the time marker 2 spaces.
    game = new_game()
    ann = game.state.player("Ann")
    rulings = game.apply(a.Sow("Ann", 4, MARKERS[4]))  # tray V: drops into VI and I
    assert [len(t) for t in ann.trays] == [3, 2, 2, 2, 0, 3]
    assert game.state.board.time == 2
    assert game.pending().kind in ("seaport", "trajan_effect")
    assert "trajan.time.move" in rules_of(rulings)


def test_passing_the_start_space_ends_the_round_after_the_turn():
    # 001: 4 markers carry the marker past the start space: the round ends after the turn.
    game = new_game()
    b, ann = game.state.board, game.state.player("Ann")
    b.time = b.lap - 2
    ann.trays = [list(parse_colours(t)) for t in ("yogw", "", "pb", "yo", "gw", "pb")]
    rulings = game.apply(a.Sow("Ann", 0, parse_colours("yogw")))
    assert any(r.rule.rule_id == "trajan.time.round_end" and "ends after" in r.message
               for r in rulings)
    while game.pending().actor == "Ann":
        game.apply(a.Pass("Ann"))
    assert (b.round, len(b.demands_up)) == (2, 1)


def test_a_trajan_tile_is_completed_by_the_colours_in_the_tray():
    # 001: yellow and orange wait in the tray, the last marker (blue) lands there; the
    # yellow/orange tile scores 5 VP and brings 1 worker.
    game = new_game()
    ann = game.state.player("Ann")
    ann.trays = [list(parse_colours(t)) for t in ("b", "yo", "gwp", "yo", "gw", "pb")]
    ann.cells[1] = TrajanTile("worker1", ("yellow", "orange"))
    vp, workers = ann.vp, ann.workers_camp
    rulings = game.apply(a.Sow("Ann", 0, ("blue",)))
    assert ann.vp == vp + 5 and ann.cells[1] is None
    assert "trajan.turn.trajan_tile" in rules_of(rulings)
    q = game.pending()
    assert q.kind == "figures" and game.legal_entries() == [a.Figures("Ann", 1), a.Pass("Ann")]
    game.apply(a.Figures("Ann", 1))
    assert ann.workers_camp == workers + 1


def test_the_trajan_action_fills_the_arch_cell_and_moves_the_arch_on():
    # 001: the new tile goes on cell I, where the arch stands; the arch moves to III.
    game = new_game()
    ann = game.state.player("Ann")
    ann.trays = [list(parse_colours(t)) for t in ("yo", "gw", "pb", "y", "ogw", "pb")]
    ann.cells = [None] * 6
    ann.cells[1] = ann.cells[3] = ann.cells[5] = TrajanTile("vp", ("orange", "orange"))
    game.apply(a.Sow("Ann", 3, ("yellow",)))  # tray IV -> V: Trajan
    assert game.pending().kind == "trajan"
    stack = game.legal_entries()[0].stack
    top = game.state.board.tops[stack]
    game.apply(a.Trajan("Ann", stack))
    assert ann.cells[0] == top and ann.arch == 2


def test_senate_from_four_to_five_scores_five():
    game = new_game()
    ann, b = game.state.player("Ann"), game.state.board
    b.senate[0].remove("Ann")
    ann.senate = 3  # space 4
    b.senate[3].append("Ann")
    ann.trays = [list(parse_colours(t)) for t in ("yo", "gw", "p", "byo", "gw", "pb")]
    game.apply(a.Sow("Ann", 2, ("pink",)))  # tray III -> IV: Senate
    vp = ann.vp
    game.apply(a.Senate("Ann"))
    assert ann.vp == vp + 5 and b.senate[4] == ["Ann"]


def _to_construction(game, name="Ann"):
    p = game.state.player(name)
    p.trays = [list(parse_colours(t)) for t in ("yo", "gw", "pb", "yo", "g", "wpb")]
    p.cells = [None] * 6  # no Trajan tile to complete on the way
    game.apply(a.Sow(name, 4, ("green",)))  # tray V -> VI: Construction
    assert game.pending().kind == "construction"
    return p


def test_a_first_tile_of_a_kind_brings_its_action():
    # 001: the first door tile taken brings the Senate action at once.
    game = new_game()
    ann = _to_construction(game)
    game.state.board.cells[(0, 0)] = ("door", 3)
    vp = ann.vp
    game.apply(a.Construction("Ann", "build", (0, 0)))
    assert ann.vp == vp + 3 and ann.building["door"] == 1
    assert game.pending().kind == "senate"


def test_a_cell_with_another_players_worker_gives_nothing():
    # 001: onto the cell of another player's worker: no tile, no VP, but a step closer.
    game = new_game()
    bob = game.state.player("Bob")
    bob.workers, bob.workers_camp = [(1, 1)], 0
    game.state.board.cells[(1, 1)] = None
    ann = _to_construction(game)
    vp = ann.vp
    rulings = game.apply(a.Construction("Ann", "build", (1, 1)))
    assert ann.vp == vp and ann.workers == [(1, 1)]
    assert any("No building tile" in r.message for r in rulings)


def test_a_worker_must_touch_one_of_yours_and_a_refusal_changes_nothing():
    game = new_game()
    ann = _to_construction(game)
    ann.workers, ann.workers_camp = [(0, 0)], 1
    before = game.fingerprint()
    with pytest.raises(RuleViolation) as refused:
        game.apply(a.Construction("Ann", "build", (2, 2)))
    assert refused.value.rule.rule_id == "trajan.construction.placement"
    assert game.fingerprint() == before


@pytest.mark.parametrize("entry,rule", [
    (a.Sow("Bob", 0, parse_colours("yo")), "trajan.turn.order"),
    (a.Sow("Ann", 0, parse_colours("yy")), "trajan.turn.sow"),
    (a.Forum("Ann", "senate5"), None),
])
def test_refused_entries_name_the_rule_and_change_nothing(entry, rule):
    game = new_game()
    before, entries = game.fingerprint(), len(game.history)
    with pytest.raises((RuleViolation, InputError)) as refused:
        game.apply(entry)
    assert (refused.value.rule.rule_id if refused.value.rule else None) == rule
    assert (game.fingerprint(), len(game.history)) == (before, entries)


def test_demands_met_with_forum_and_trajan_tiles_and_the_penalty():
    # 001 «Конец квартала»: games, games and bread demanded; a forum games tile and a kept
    # games Trajan tile meet the two games demands, the bread demand is unmet: -4 VP.
    from referee.trajan.quarter import end_quarter
    from referee.trajan.rules.quarter import quarter_input

    game = new_game()
    ann = game.state.player("Ann")
    game.state.board.demands_up = ["games", "games", "bread"]
    ann.tiles = Counter({"games": 1})
    ann.done = [TrajanTile("games", ("green", "green"))]
    demands = {d.name: d for d in end_quarter(quarter_input(game.core)).demands}
    assert (demands["Ann"].forum, demands["Ann"].trajan, demands["Ann"].penalty) == (
        {"games": 1}, {"games": 1}, 4)


def test_a_senate_tile_outvotes_the_higher_disc():
    # 001: green and brown both on 5; green's disc is higher, but brown's 3-vote forum
    # tile makes brown first consul.
    from referee.trajan.quarter import end_quarter
    from referee.trajan.rules.quarter import quarter_input

    game = new_game(("Green", "Brown"))
    b = game.state.board
    for p in game.state.players:
        b.senate[p.senate].remove(p.name)
        p.senate = 4  # space 5
    b.senate[4] = ["Brown", "Green"]  # Green on top
    game.state.player("Brown").tiles["senate3"] = 1
    votes = end_quarter(quarter_input(game.core)).votes
    assert [v.name for v in votes] == ["Brown", "Green"]


def test_replay_rebuilds_the_same_game_and_undo_takes_back_one_entry():
    game = new_game()
    game.apply(a.Sow("Ann", 0, MARKERS[0]))
    again = Game.replay(game.setup, game.history)
    assert again.fingerprint() == game.fingerprint()
    before = Game.replay(game.setup, game.history[:-1]).fingerprint()
    game.undo()
    assert game.fingerprint() == before


def test_entries_round_trip_through_json():
    for entry in [a.Sow("Ann", 5, parse_colours("ygb")), a.Seaport("Ann", "ship", ("wine",),
                  ship="same", wilds=1), a.Construction("Bob", "build", (4, 3)),
                  a.Military("Ann", "move", "alpes"), a.Drawn("table", "bread"),
                  a.Markers("Ann", MARKERS), a.StartTiles("Ann", ("vp", "cards", "plus2")),
                  a.Figures("Bob", 1), a.Demands("Ann", ("bread", "games"), 1),
                  a.Demands("Ann", (), 0)]:
        assert a.from_json(entry.to_json()) == entry
    assert a.Demands("Ann", ("bread", "bread"), 1).to_json() == {
        "type": "demands", "player": "Ann", "forum": {"bread": 2}, "wilds": 1}
    assert a.from_json({"type": "demands", "player": "Ann", "forum": {"games": 1, "bread": 1},
                        "wilds": 0}) == a.Demands("Ann", ("bread", "games"), 0)


@pytest.mark.parametrize("raw", [{"type": "sow", "player": "Ann", "tray": "VII", "order": "y"},
                                 {"type": "dance", "player": "Ann"},
                                 {"type": "forum", "player": "Ann", "tile": 3},
                                 {"type": "senate", "player": "Ann", "votes": 2}, [],
                                 {"type": "figures", "player": "Ann"},
                                 {"type": "figures", "player": "Ann", "count": -1},
                                 {"type": "figures", "player": "Ann", "count": "2"},
                                 {"type": "demands", "player": "Ann", "forum": {"wine": 1}},
                                 {"type": "demands", "player": "Ann", "forum": ["bread"]},
                                 {"type": "demands", "player": "Ann", "wilds": True},
                                 {"type": "demands", "player": "Ann", "forum": {"bread": 10**9}},
                                 {"type": "demands", "player": "Ann", "wilds": 2, "tiles": 1}])
def test_malformed_entries_are_input_errors(raw):
    with pytest.raises(InputError):
        a.from_json(raw)


def test_the_start_player_begins_and_the_senate_stack_follows_the_seats():
    game = Game(Setup.create(["Ann", "Bob", "Cid"], "Bob", seed=1))
    assert game.pending().actor == "Bob"  # markers, in turn order from the start player
    through_setup(game)
    assert game.pending().actor == "Bob" and game.pending().kind == "sow"
    assert game.state.board.senate[0] == ["Bob", "Cid", "Ann"]  # Bob's disc at the bottom
