"""`referee history`, `referee stats` and `referee players` over real finished games."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.results.helpers import TRIBUNE, score, write


def tribune(cli, tmp_path, day, players=TRIBUNE, *extra):
    path = write(tmp_path, players, f"tribune-{day}.json")
    result = cli("tribune", "score", "--input", path, "--json", "--date", day, *extra)
    assert result.code == 0, result.err
    return result.json()["session"]


@pytest.fixture
def played(cli, tmp_path):
    """Three Tribune games (the second with 'bob' typed in lower case and 'Cidd' for Cid)
    and one Trajan game."""
    renamed = [dict(e, name={"Bob": "bob", "Cid": "Cidd"}[e["name"]]) if e["name"] != "Ann"
               else e for e in TRIBUNE]
    second_wins = [dict(e, qualified=e["name"] == "Bob", first_to_qualify=e["name"] == "Bob")
                   for e in TRIBUNE]
    return {"first": tribune(cli, tmp_path, "2026-09-01"),
            "renamed": tribune(cli, tmp_path, "2026-10-01", renamed),
            "bob_wins": tribune(cli, tmp_path, "2026-11-01", second_wins),
            "trajan": score(cli, tmp_path, "trajan", "--date", "2026-11-02")["session"]}


def test_history_lists_finished_games_oldest_first(cli, played):
    rows = cli("history", "--json").json()
    assert [r["session"] for r in rows] == [played[k] for k in
                                            ("first", "renamed", "bob_wins", "trajan")]
    first = rows[0]
    assert (first["date"], first["game"], first["edition"], first["winners"]) == (
        "2026-09-01", "tribune", "ffg", ["Ann"])
    assert [(s["player"], s["score"], s["rank"]) for s in first["standings"]] == [
        ("Ann", 18, 1), ("Cid", 11, 2), ("Bob", 10, 3)]
    out = cli("history").out
    assert "1. Ann 18" in out and played["trajan"] in out


def test_history_filters_by_game_player_and_date(cli, played):
    def ids(*args):
        return [r["session"] for r in cli("history", "--json", *args).json()]

    assert ids("--game", "trajan") == [played["trajan"]]
    assert ids("--player", "livia") == [played["trajan"]]
    assert ids("--since", "2026-10-01", "--until", "2026-11-01") == [played["renamed"],
                                                                      played["bob_wins"]]
    assert ids("--player", "Cid") == [played["first"], played["bob_wins"]]
    assert cli("players", "alias", "Cidd", "Cid").code == 0
    assert ids("--player", "Cid") == [played["first"], played["renamed"], played["bob_wins"]]
    bad = cli("history", "--since", "yesterday")
    assert bad.code == 2 and "--since takes a day as YYYY-MM-DD" in bad.err
    assert cli("history", "--game", "chess").code == 2


def test_history_csv_has_one_row_per_player_per_game(cli, played):
    rows = list(csv.DictReader(io.StringIO(cli("history", "--csv", "--game", "tribune").out)))
    assert len(rows) == 9
    assert [(r["player"], r["seat"], r["score"], r["rank"], r["winner"]) for r in rows[:3]] == [
        ("Ann", "1", "18", "1", "yes"), ("Bob", "2", "10", "3", ""), ("Cid", "3", "11", "2", "")]
    assert rows[0]["points_tribune"] == "7" and rows[0]["date"] == "2026-09-01"
    assert rows[4]["player"] == "Bob"  # typed "bob": one person with Bob


def test_stats_count_plays_wins_averages_bests_and_head_to_head(cli, played):
    cli("players", "alias", "Cidd", "Cid")
    found = cli("stats", "--json").json()
    assert found["games"] == [  # typed-in scores: no times measured
        {"game": "trajan", "plays": 1, "timed": 0, "average_min": None},
        {"game": "tribune", "plays": 3, "timed": 0, "average_min": None}]
    players = {(r["game"], r["player"]): r for r in found["players"]}
    assert players["tribune", "Ann"] == {"game": "tribune", "player": "Ann", "plays": 3,
                                         "wins": 2, "average": 17.3, "best": 18}
    assert players["tribune", "Bob"]["wins"] == 1 and players["tribune", "Bob"]["best"] == 12
    assert players["trajan", "Livia"]["wins"] == 1
    versus = {(r["player"], r["opponent"]): r for r in found["head_to_head"]}
    assert versus["Ann", "Bob"] == {"player": "Ann", "opponent": "Bob", "games": 3,
                                    "ahead": 2, "behind": 1, "tied": 0}
    editions = {(r["edition"], r["player"]): r["wins"] for r in found["editions"]}
    assert editions["ffg", "Ann"] == 2 and editions["evrikus-2022", "Marcus"] == 0
    tribune_points = {r["player"]: r for r in found["categories"]
                      if r["game"] == "tribune" and r["category"] == "tribune"}
    assert tribune_points["Ann"]["average"] == 7.0 and tribune_points["Bob"]["best"] == 0


def test_stats_filters_and_csv(cli, played):
    only = cli("stats", "--json", "--player", "Marcus").json()
    assert only["games"] == [{"game": "trajan", "plays": 1, "timed": 0, "average_min": None}]
    rows = list(csv.DictReader(io.StringIO(cli("stats", "--csv").out)))
    assert {r["table"] for r in rows} == {"games", "players", "editions", "categories",
                                          "head_to_head"}
    ann = next(r for r in rows if r["table"] == "players" and r["player"] == "Ann")
    assert (ann["plays"], ann["wins"], ann["best"]) == ("3", "2", "18")
    out = cli("stats").out
    assert "Head to head" in out and "tribune: average points by category" in out


def test_no_games_yet(cli):
    assert "No finished games yet." in cli("history").out
    assert "No finished games yet." in cli("stats").out
    assert cli("stats", "--json").json()["players"] == []


def test_aliases_live_in_the_data_folder_and_can_be_undone(cli, played, user_data_home):
    done = cli("players", "alias", "Cidd", "Cid", "--json").json()
    assert done["aliases"] == {"Cidd": "Cid"}
    assert json.loads((user_data_home / "players.json").read_text()) == {
        "aliases": {"Cidd": "Cid"}}
    listed = cli("players", "list", "--json").json()["players"]
    assert {"as_typed": "Cidd", "shown": "Cid"} in listed
    assert {"as_typed": "bob", "shown": "Bob"} in listed
    assert "Cidd → Cid" in cli("players", "list").out
    assert cli("players", "unalias", "cidd").code == 0
    assert cli("players", "list", "--json").json()["aliases"] == {}


@pytest.mark.parametrize(("alias", "name", "says"), [
    ("bob", "Bob", "already the same player"),
    ("Cid", "Cidd", "go round in a circle"),
    ("  ", "Bob", "cannot be empty"),
])
def test_aliases_that_make_no_sense_are_refused(cli, played, alias, name, says):
    cli("players", "alias", "Cidd", "Cid")
    result = cli("players", "alias", alias, name)
    assert result.code == 2 and says in result.err
    assert cli("players", "unalias", "nobody").code == 2


def test_a_broken_alias_file_is_one_clear_message(cli, played, user_data_home):
    user_data_home.mkdir(parents=True, exist_ok=True)
    (user_data_home / "players.json").write_text('{"aliases": ["x"]}')
    result = cli("history")
    assert result.code == 2 and "players.json must hold" in result.err
    assert "Traceback" not in result.err
