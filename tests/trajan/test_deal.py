"""What the table is told to do with the box: a virtual deal names every tile and card the
referee draws (and where it lies), a table deal says what to draw and where it goes."""

from __future__ import annotations

import re

from referee.trajan.engine import Game
from referee.trajan.setup import Setup
from referee.trajan.ui.table import TRAJAN

#: what a code of the game's data looks like when it leaks into text for people: a Trajan
#: tile ("vp:yy", "worker1:yo"), a building tile ("door:3") or a cell with one ("A1:f3")
CODE = re.compile(r"\b[a-z_]+\d?:[a-z]{2}\b|\b[a-z]+:\d\b|\b[A-E][1-4]:[a-z]\d\b")


def test_a_virtual_deal_names_what_it_lays_out_in_words():
    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    said = [TRAJAN.ruling_text(r) for r in game.log[0]]
    for start in ("A forum tile face up in each province: Alpes: commodity wild, Raetia: ",
                  "The forum holds: ", "Building area, row 1: A1: roof (5 VP), B1: ",
                  "Building area, row 4: ",
                  "The Trajan stacks, each with its top tile face up: 9 VP tile (green, ",
                  "Beside the senate track, gold side up: ", "Discard pile 1: ",
                  "Discard pile 2: "):
        assert any(line.startswith(start) for line in said), start
    assert CODE.findall(" ".join(said)) == []


def test_the_tile_that_shows_on_a_stack_once_its_top_is_taken_is_named():
    from referee.trajan.actions import from_json

    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    while (q := game.pending()) is not None and q.kind != "start_tiles":
        game.apply(from_json({"type": "markers", "player": q.actor,
                              "trays": ["yo", "gw", "pb", "yo", "gw", "pb"]})
                   if q.kind == "markers" else game.legal_entries()[0])
    said = [TRAJAN.ruling_text(r) for r in game.apply(game.legal_entries()[0])]
    shown = [line for line in said if re.match(r"The .+ Trajan stack now shows .+ tile \(",
                                               line)]
    assert len(shown) == 3, said
    assert CODE.findall(" ".join(said)) == []


def test_a_table_deal_says_where_each_tile_goes():
    """Every draw of the setup names its place: the province, the forum's n of N, the
    building cell by its column and row, the Trajan stack, the player or the pile."""
    game = Game(Setup.create(["Ann", "Bob"], "Ann", deal="table", seed=1))
    asked = []
    while (q := game.pending()) is not None and q.kind == "draw":
        asked.append(TRAJAN.question_text(q))
        game.apply(game.legal_entries()[0])
    assert len(asked) == len(set(asked)) > 40
    assert asked[0] == "Forum tile for the province Alpes (1 of 10): which was drawn?"
    assert "Forum tile for the forum (6 of 6): which was drawn?" in asked
    assert ("Building tile for cell C2 (column C, row 2 of the building area): which was "
            "drawn?") in asked
    assert "The +2 Trajan stack, shuffled: which tile is on top?" in asked
    assert "Which bonus tile does Bob draw from the bag?" in asked
    assert "Which commodity card is turned up on discard pile 2?" in asked


def test_status_prints_the_building_area_with_the_coordinates_the_questions_use(cli):
    made = cli("trajan", "new", "--player", "Ann", "--player", "Bob", "--seed", "10",
               "--no-play", "--json").json()["id"]
    shown = cli("trajan", "status", made).out
    grid = [line for line in shown.splitlines() if "┃ A" in line or "│ 4 │" in line]
    assert "┃ A" in grid[0] and "┃ E" in grid[0]
    assert "roof 5" in shown and "fountain 4" in grid[1]
    assert CODE.findall(shown) == []
