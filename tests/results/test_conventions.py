"""One name per person: the spelling shown in every output."""

from __future__ import annotations

import csv
import io

from tests.results.helpers import TRIBUNE, decode, write


def tribune(cli, tmp_path, day, players=TRIBUNE, *extra):
    path = write(tmp_path, players, f"tribune-{day}-{len(players)}.json")
    result = cli("tribune", "score", "--input", path, "--json", "--date", day, *extra)
    assert result.code == 0, result.err
    return result.json()["session"]


def renamed(names):
    return [dict(e, name=names.get(e["name"], e["name"])) for e in TRIBUNE]


# ------------------------------------------------------------------ one name per person
def test_the_first_recorded_spelling_is_shown_everywhere(cli, tmp_path):
    """'Ann' was recorded first, 'ann' later: every output says Ann; a filter typed ANN
    finds her without renaming her."""
    tribune(cli, tmp_path, "2026-09-01")
    later = tribune(cli, tmp_path, "2026-10-01", renamed({"Ann": "ann"}))
    history = cli("history", "--json", "--player", "ANN").json()
    assert [s["player"] for g in history for s in g["standings"]].count("Ann") == 2
    assert "ANN" not in cli("history", "--player", "ANN").out
    stats = cli("stats", "--json", "--player", "ANN").json()
    assert {r["player"] for r in stats["players"]} == {"Ann", "Bob", "Cid"}
    rows = list(csv.DictReader(io.StringIO(
        cli("sessions", "export", later, "--format", "csv").out)))
    assert rows[0]["player"] == "Ann"
    play = decode(cli("sessions", "export", later, "--format", "bgstats", "--no-qr").out)
    assert play["players"][0]["name"] == "Ann" and play["players"][0]["sourcePlayerId"] == "ann"
    listed = cli("players", "list", "--json").json()["players"]
    assert {"as_typed": "ann", "shown": "Ann"} in listed


def test_the_alias_tables_spelling_wins_over_the_first_recorded(cli, tmp_path):
    tribune(cli, tmp_path, "2026-09-01", renamed({"Ann": "ann"}))
    assert cli("players", "alias", "Annie", "ANN").code == 0
    history = cli("history", "--json").json()
    assert history[0]["standings"][0]["player"] == "ANN"
