"""`tribune score --irregular`: a table no game can end with is refused by default, every
problem listed; on request it is scored anyway with its irregularities beside the score, in
`--json` and in the stored result, which `history` marks."""

from __future__ import annotations

import json

TABLE = [{"name": "Ann", "laurels": 3, "tribune": True, "scroll": True},
         {"name": "Bob", "laurels": 2, "temporary_favor": True, "faction_markers": 9},
         {"name": "Cid", "laurels": 1, "temporary_favor": True}]
RULES = ["tribune.phase5.tribune", "tribune.phase4.marker", "tribune.favor.temporary"]


def test_an_irregular_table_is_scored_on_request_and_history_marks_it(tribune, cli, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps(TABLE), encoding="utf-8")
    refused = tribune("score", "--input", str(path), "--json")
    assert refused.code == 2
    assert [e["rule"]["rule"] for e in refused.json()["errors"]] == RULES
    scored = tribune("score", "--input", str(path), "--json", "--irregular")
    assert scored.code == 0, scored.err
    out = scored.json()
    assert [i["rule"] for i in out["irregular"]] == RULES
    assert out["irregular"][0]["message"].startswith("Ann: Tribune and Scroll are the two sides")
    assert out["ranking"] == ["Ann", "Bob", "Cid"]  # 7 + 3 + 3, then 9 + 2 + 2
    [game] = cli("history", "--json").json()
    assert (game["session"], game["irregular"]) == (out["session"], RULES)
    listed = cli("history")
    assert "tribune (!)" in " ".join(listed.out.split())
    shown = tribune("score", "--input", str(path), "--irregular", "--no-save")
    assert "Scored as irregular: 3 rules this end state breaks" in shown.out


def test_a_regular_table_has_no_irregularities_and_no_mark(tribune, cli, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps(TABLE[2:] + [{"name": "Dan"}]), encoding="utf-8")
    for args in ((), ("--irregular",)):  # nothing to list either way
        assert tribune("score", "--input", str(path), "--json", *args).json()["irregular"] == []
    assert "(!)" not in cli("history").out


def test_unreadable_input_is_refused_even_as_irregular(tribune, tmp_path):
    path = tmp_path / "score.json"
    path.write_text(json.dumps([{"name": "Ann", "legion": 2}, *TABLE[1:]]), encoding="utf-8")
    r = tribune("score", "--input", str(path), "--irregular", "--json")
    assert r.code == 2
    assert r.json()["errors"][0]["message"] == "Unknown score field 'legion'"


def test_a_six_player_score_table_is_refused(tribune, tmp_path):
    path = tmp_path / "six.json"
    path.write_text(json.dumps([{"name": n, "laurels": 3} for n in ("Ann", "Bob", "Cid", "Dan",
                                                                   "Eve", "Fay")]),
                    encoding="utf-8")
    r = tribune("score", "--input", str(path), "--no-save", "--json")
    assert r.code == 2
    assert [e["rule"]["rule"] for e in r.json()["errors"]] == ["tribune.setup.players"]
    alone = tribune("score", "--input", str(path), "--no-save", "--json", "--irregular")
    assert [i["rule"] for i in alone.json()["irregular"]] == ["tribune.setup.players"]


def test_an_irregular_game_stays_irregular_through_export_and_import(tribune, cli, tmp_path,
                                                                     monkeypatch):
    path = tmp_path / "score.json"
    path.write_text(json.dumps(TABLE), encoding="utf-8")
    assert tribune("score", "--input", str(path), "--irregular").code == 0
    exported = tmp_path / "ours.json"
    assert cli("results", "export", "-o", str(exported)).code == 0
    here = cli("history", "--json").json()
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(tmp_path / "other-laptop"))
    assert cli("results", "import", str(exported)).code == 0
    there = cli("history", "--json").json()
    assert there == here and there[0]["irregular"] == RULES
    assert "tribune (!)" in " ".join(cli("history").out.split())
