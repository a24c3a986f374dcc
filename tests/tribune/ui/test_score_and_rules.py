"""`referee tribune score` and `referee tribune rules`."""

from __future__ import annotations

import json

from referee.terminal.prompter import ScriptedPrompter

ANN = {"name": "Ann", "tribune": True, "scroll": False, "eternal_favor": True,
       "temporary_favor": False, "legions": 3, "laurels": 8, "faction_markers": 4,
       "denarii": 27, "first_to_qualify": True, "qualified": True}
BOB = {"name": "Bob", "tribune": False, "scroll": True, "eternal_favor": False,
       "temporary_favor": True, "legions": 5, "laurels": 12, "faction_markers": 5,
       "denarii": 40, "first_to_qualify": False, "qualified": False}


def test_score_file_to_json_keeps_input_order_and_ranks_qualifiers_first(tribune, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps([BOB, ANN]))
    data = tribune("score", "--input", str(path), "--json").json()
    # Ann: Tribune 7 + eternal 5 + 3 legions 6 + 8 laurels + 4 markers + 27 denarii → 2
    #      + bonus 2 = 34. Bob: Scroll 3 + temporary 2 + 5 legions 10 + 12 + 5 + 40 → 4 = 36.
    assert [p["name"] for p in data["players"]] == ["Bob", "Ann"]
    assert [p["total"] for p in data["players"]] == [36, 34]
    assert data["players"][1]["breakdown"] == {
        "tribune": 7, "scroll": 0, "eternal_favor": 5, "temporary_favor": 0, "legions": 6,
        "laurels": 8, "faction_markers": 4, "denarii": 2, "first_to_qualify": 2}
    assert data["ranking"] == ["Ann", "Bob"]  # the qualifier first, despite fewer points


def test_score_table_names_the_money_of_the_edition(tribune, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps([ANN, BOB]))
    assert "Denarii" in tribune("score", "--input", str(path)).out
    out = tribune("score", "--input", str(path), "--edition", "heidelberger").out
    assert "Sesterzen" in out and "Ann wins" in out


def test_score_input_problems_are_all_reported(tribune, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps([{**ANN, "legions": -1, "scroll": True}]))
    r = tribune("score", "--input", str(path))
    assert r.code == 2
    assert r.err.strip().splitlines() == [
        f"{path}, line 1: legions must be a whole number ≥ 0 (and 1 more problem; --json "
        "lists them all)"]
    as_json = tribune("score", "--input", str(path), "--json")
    assert as_json.code == 2
    assert [e["message"] for e in json.loads(as_json.out)["errors"]] == [
        "legions must be a whole number ≥ 0",
        "Ann: Tribune and Scroll are the two sides of one tile: a player has one or the other "
        "(rule: Phase 5: the Tribune)"]


def test_score_asks_at_the_terminal(tribune, answers):
    answers(ScriptedPrompter([
        "Ann, Bob",
        "tribune", "no", "yes", "2", "6", "3", "31", "yes",  # Ann: 7+2+4+6+3+3 = 25
        # Bob is not asked about the temporary favor: Ann holds the only tile
        "none", "no", "0", "9", "2", "55", "no",             # Bob: 9+2+5 = 16
        "Ann"]))                                              # Ann first: +2 → 27
    r = tribune("score", "--json")
    assert r.code == 0, r.err
    assert [p["total"] for p in r.json()["players"]] == [27, 16]


def test_score_does_not_ask_for_a_second_favor_in_ffg(tribune, answers):
    answers(ScriptedPrompter([
        "Ann, Bob",
        "none", "yes", "0", "0", "0", "0", "no",  # Ann: eternal, so no temporary question
        "none", "no", "yes", "0", "0", "0", "0", "no"]))  # Bob may hold the temporary one
    r = tribune("score", "--json")
    assert r.code == 0, r.err
    assert [p["total"] for p in r.json()["players"]] == [5, 2]


def test_score_refuses_to_prompt_off_a_terminal(tribune):
    r = tribune("score")
    assert r.code == 2 and "--input" in r.err


def test_rules_topic_shows_both_editions(tribune):
    out = tribune("rules", "benefits").out
    assert "FFG edition:" in out and "Heidelberger edition:" in out
    assert "Scipio Africanus brings 10 denarii." in out
    agreed = tribune("rules", "bowl").out
    assert "Both editions agree." in agreed


def test_rules_unknown_topic_suggests(tribune):
    r = tribune("rules", "chariott")
    assert r.code == 2 and "chariot" in r.err


def test_rules_in_spanish(tribune):
    data = tribune("rules", "cesura", "--json", lang="es").json()
    assert "cesura magna" in " ".join(data["editions"]["ffg"]).lower()
    assert data["title"] != "No cards left"
