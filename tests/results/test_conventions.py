"""One name per person, history at 80 columns and in local days, CSV for spreadsheets, `-`
for standard input and output, conflicting flags refused, and the top-level help."""

from __future__ import annotations

import csv
import io
import json
import re
import time

import pytest

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


# ------------------------------------------------------------------ history at the table
def test_history_at_80_columns_keeps_names_and_editions_whole(cli, tmp_path, monkeypatch):
    names = ["Aurelia Valeria", "Bartholomäus", "Светлана Петрова", "Guadalupe", "Zoë O'Neill"]
    five = [dict(TRIBUNE[i % 3], name=n, first_to_qualify=i == 0) for i, n in enumerate(names)]
    tribune(cli, tmp_path, "2026-09-01", five, "--minutes", "140")
    from tests.results.helpers import score

    score(cli, tmp_path, "trajan", "--date", "2026-09-02")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    out = cli("history").out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "evrikus-2022" in out and "…" not in out
    for name in names:  # every name whole on one line, with its score beside it
        assert any(re.search(rf"\d\. {re.escape(name)} \d+", line) for line in lines), name
    monkeypatch.setenv("TTY_COMPATIBLE", "0")  # a program reading it: one line per result
    piped = cli("history").out.splitlines()
    assert any(all(n in line for n in names) for line in piped)


def test_history_dates_are_local_days(cli, monkeypatch, sessions_dir):
    """A game played at 23:30 UTC on 21 November was played on the 22nd in Tokyo, and the
    day filters read the same local day."""
    from referee.outcome import Outcome, Standing
    from referee.results.record import save_scored
    from referee.store import SessionStore

    save_scored(SessionStore(sessions_dir), Outcome("tribune", "ffg", (
        Standing("Ann", 1, 10, 1), Standing("Bob", 2, 8, 2))), {},
        options={"played_at": "2026-11-21T23:30:00+00:00"})
    try:
        for zone, day in (("UTC", "2026-11-21"), ("Asia/Tokyo", "2026-11-22"),
                          ("America/Los_Angeles", "2026-11-21")):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            assert cli("history", "--json").json()[0]["date"] == day, zone
            assert cli("history", "--json", "--since", day, "--until", day).json()
            assert cli("history").out.startswith(day)
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()


def test_filters_that_exclude_everything_say_so(cli, tmp_path):
    assert "No finished games yet" in cli("history").out
    tribune(cli, tmp_path, "2026-09-01")
    for command in ("history", "stats"):
        out = cli(command, "--player", "Nobody").out
        assert "No games match these filters" in out


# ------------------------------------------------------------------ CSV for spreadsheets
def test_excel_csv_has_a_bom_and_the_locales_separator(cli, tmp_path, monkeypatch):
    tribune(cli, tmp_path, "2026-09-01", renamed({"Bob": "José", "Cid": "Ёжик"}))
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    plain = cli("history", "--excel").out
    assert plain.startswith("\ufeffsession,date,")
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")  # a comma is its decimal mark
    comma = cli("--lang", "ru", "stats", "--excel").out
    assert comma.startswith("\ufeff") and comma.splitlines()[0].count(";") > 3
    table = list(csv.reader(io.StringIO(comma[1:]), delimiter=";"))
    averages = [r[table[0].index("average")] for r in table[1:] if r[0] == "players"]
    assert "Ёжик" in comma and "José" in comma
    assert all("." not in a for a in averages)
    assert cli("history", "--csv").out.startswith("session,")  # plain CSV stays plain


def test_conflicting_output_flags_are_refused(cli, tmp_path):
    tribune(cli, tmp_path, "2026-09-01")
    for command in (["history", "--json", "--csv"], ["stats", "--csv", "--json"],
                    ["history", "--json", "--excel"]):
        result = cli(*command)
        assert result.code == 2 and "cannot be used together" in result.err, command


# ------------------------------------------------------------------ '-' for the streams
def test_dash_reads_standard_input_and_writes_standard_output(cli, tmp_path, monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(TRIBUNE).encode()), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    made = cli("tribune", "score", "--input", "-", "--json")
    assert made.code == 0, made.err
    sid = made.json()["session"]
    result = cli("sessions", "export", sid, "-o", "-")
    assert result.code == 0 and json.loads(result.out)["result"]["session"] == sid
    assert not (tmp_path / "-").exists()


def test_replay_reads_a_scenario_from_standard_input(cli, monkeypatch):
    from pathlib import Path

    scenario = Path(__file__).parents[2] / "sessions/examples/scenarios/tribune-two-rounds.json"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(scenario.read_bytes())))
    result = cli("tribune", "replay", "-", "--json")
    assert result.code == 0 and result.json()["ok"] is True


# ------------------------------------------------------------------ top-level help
@pytest.mark.parametrize("game", ["tribune", "concordia", "trajan"])
def test_the_top_level_help_and_the_readme_say_each_game_offers_guided_play(cli, game):
    from pathlib import Path

    line = next(line for line in cli("--help").out.splitlines()
                if line.strip().startswith(game + " "))
    assert "guided game" in line and "..." not in line
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    row = next(r for r in readme.splitlines() if r.startswith(f"| {game.title()} ("))
    assert "guided play" in row
