"""`referee sessions ...` end to end on real files, including refusals and exit codes."""

from __future__ import annotations

import csv
import io
import json

from referee.store import EventDraft, Header, SessionStore


def make_session(root, finished=False):
    store = SessionStore(root)
    header = Header.new(game="tribune", edition="ffg", players=["Ann", "Bob", "Cid"],
                        start_player="Bob")
    with store.create(header) as s:
        s.append([EventDraft("card", {"code": "sen4"}),
                  EventDraft("payout", {"amount": 3}, actor="referee", source="derived")])
        s.append([EventDraft("card", {"code": "gla0"})])
        if finished:
            s.append([EventDraft("outcome", {"scores": {"Ann": 20, "Bob": 25, "Cid": 7},
                                             "ranking": ["Bob", "Ann", "Cid"],
                                             "winners": ["Bob"]},
                                 actor="referee", source="derived")])
    return header.id


def file_bytes(root):
    return {p.name: p.read_bytes() for p in sorted(root.iterdir())}


def test_list_shows_sessions_as_json(cli, sessions_dir):
    sid = make_session(sessions_dir)
    result = cli("sessions", "list", "--json")
    assert result.code == 0
    [row] = result.json()
    assert row["id"] == sid and row["events"] == 3 and row["finished"] is False
    assert row["players"] == ["Ann", "Bob", "Cid"]


def test_list_with_no_sessions_says_so(cli, sessions_dir):
    result = cli("sessions", "list")
    assert result.code == 0 and "No sessions" in result.out


def test_show_json_has_header_and_events(cli, sessions_dir):
    sid = make_session(sessions_dir)
    data = cli("sessions", "show", sid[:12], "--json").json()
    assert data["header"]["start_player"] == "Bob"
    assert [e["type"] for e in data["events"]] == ["card", "payout", "card"]


def test_undo_then_show_marks_withdrawn_and_keeps_audit_trail(cli, sessions_dir):
    sid = make_session(sessions_dir)
    assert cli("sessions", "undo", sid, "--reason", "typo").code == 0
    data = cli("sessions", "show", sid, "--json").json()
    assert data["withdrawn"] == [3]
    assert data["events"][-1]["type"] == "undo"
    assert data["events"][-1]["payload"]["reason"] == "typo"


def test_rejected_undo_exits_2_with_one_line_and_changes_nothing(cli, sessions_dir):
    sid = make_session(sessions_dir)
    cli("sessions", "undo", sid, "-n", "2")
    before = {k: v for k, v in file_bytes(sessions_dir).items() if not k.endswith(".bak")}
    result = cli("sessions", "undo", sid)
    assert result.code == 2
    assert result.err.strip() == "There is no entry left to undo."
    after = {k: v for k, v in file_bytes(sessions_dir).items() if not k.endswith(".bak")}
    assert after == before


def test_export_csv_is_the_results_table_one_row_per_player(cli, sessions_dir):
    # The CSV export is a results table for spreadsheets (issue 15); events are in the JSON.
    sid = make_session(sessions_dir, finished=True)  # an outcome recorded in the older shape
    rows = list(csv.DictReader(io.StringIO(cli("sessions", "export", sid, "--format",
                                               "csv").out)))
    assert [(r["player"], r["seat"], r["score"], r["rank"], r["winner"]) for r in rows] == [
        ("Ann", "1", "20", "2", ""), ("Bob", "2", "25", "1", "yes"), ("Cid", "3", "7", "3", "")]
    assert {r["start_player"] for r in rows} == {"yes", ""} and rows[1]["start_player"] == "yes"
    assert rows[0]["game"] == "tribune" and rows[0]["edition"] == "ffg"
    assert cli("sessions", "export", make_session(sessions_dir), "--format", "csv").code == 2


def test_export_json_is_versioned_and_holds_events_and_the_result(cli, sessions_dir):
    sid = make_session(sessions_dir, finished=True)
    doc = cli("sessions", "export", sid).json()
    assert (doc["format"], doc["version"]) == ("referee-export", 1)
    assert [e["type"] for e in doc["events"]] == ["card", "payout", "card", "outcome"]
    standings = doc["result"]["outcome"]["standings"]
    assert [(s["player"], s["rank"]) for s in standings] == [("Bob", 1), ("Ann", 2), ("Cid", 3)]
    assert cli("sessions", "export", make_session(sessions_dir)).json()["result"] is None


def test_export_bgstats_for_a_finished_game(cli, sessions_dir, tmp_path):
    from urllib.parse import parse_qs, urlsplit

    sid = make_session(sessions_dir, finished=True)
    target = tmp_path / "play.txt"
    assert cli("sessions", "export", sid, "--format", "bgstats", "-o", target).code == 0
    url = urlsplit(target.read_text().strip())
    play = json.loads(parse_qs(url.query)["data"][0])
    assert play["game"]["name"].startswith("Tribune")
    assert "bggId" not in play["game"]  # sources disagree on Tribune's id: none is sent
    players = {p["name"]: p for p in play["players"]}
    assert players["Bob"]["startPlayer"] and players["Bob"]["winner"]
    assert players["Ann"]["score"] == 20 and "winner" not in players["Ann"]  # a default


def test_export_bgstats_refused_before_the_game_ends(cli, sessions_dir):
    sid = make_session(sessions_dir)
    result = cli("sessions", "export", sid, "--format", "bgstats")
    assert result.code == 2 and "no final result" in result.err


def test_delete_needs_yes_without_a_terminal(cli, sessions_dir):
    sid = make_session(sessions_dir)
    result = cli("sessions", "delete", sid)
    assert result.code == 2 and "--yes" in result.err
    assert cli("sessions", "delete", sid, "--yes", "--json").json() == {"deleted": sid}
    assert cli("sessions", "list", "--json").json() == []


def test_unknown_session_and_bad_option_exit_2(cli, sessions_dir):
    assert cli("sessions", "show", "nothing").code == 2
    assert cli("sessions", "export", "x", "--format", "pdf").code == 2


def test_damaged_session_message_then_repair(cli, sessions_dir):
    sid = make_session(sessions_dir)
    path = sessions_dir / f"{sid}.json"
    path.write_bytes(path.read_bytes()[:-30] + b"\n{broken\n")
    result = cli("sessions", "show", sid)
    assert result.code == 2 and "damaged" in result.err and "Traceback" not in result.err
    before = cli("sessions", "show", sid, "--json")  # refused: damaged
    assert before.code == 2
    # The backup holds every acknowledged entry, so nothing is lost.
    assert cli("sessions", "repair", sid, "--json").json()["action"] == "restored_backup"
    assert cli("sessions", "show", sid).code == 0


def test_version_and_help(cli):
    from referee import __version__

    assert cli("--version").out.strip() == f"referee {__version__}"
    assert cli("--help").code == 0


def test_json_mode_reports_errors_as_json_too(cli, sessions_dir):
    result = cli("sessions", "show", "nothing", "--json")
    assert result.code == 2
    body = result.json()
    assert body["ok"] is False
    assert body["errors"][0]["type"] == "SessionNotFound"
    assert "nothing" in body["errors"][0]["message"]


def test_read_only_folder_gives_a_clear_message_and_keeps_the_session(cli, sessions_dir,
                                                                      monkeypatch):
    import errno

    from referee.store import journal

    sid = make_session(sessions_dir)
    before = (sessions_dir / f"{sid}.json").read_bytes()

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(journal.os, "open", refuse)  # as root, chmod would not stop us
    result = cli("sessions", "undo", sid)
    assert result.code == 2
    assert "Read-only file system" in result.err and "Traceback" not in result.err
    monkeypatch.undo()
    assert (sessions_dir / f"{sid}.json").read_bytes() == before


def test_shell_completion_offers_commands_and_session_ids(sessions_dir):
    import os
    import subprocess
    import sys

    sid = make_session(sessions_dir)

    def complete(words: str) -> list[str]:
        env = {**os.environ, "_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1), "REFEREE_SESSIONS_DIR": str(sessions_dir)}
        done = subprocess.run([sys.executable, "-m", "referee"], env=env, capture_output=True,
                              text=True)
        return done.stdout.split()

    assert "sessions" in complete("referee sess")
    assert complete(f"referee sessions show {sid[:8]}") == [sid]


def test_at_80_columns_sessions_list_shows_whole_ids_and_cuts_nothing(cli, monkeypatch):
    for _ in range(2):
        assert cli("tribune", "new", "--player", "Ann", "--player", "Bob", "--player", "Cid",
                   "--edition", "ffg", "--points-variant", "--deck", "table", "--thermae", "2",
                   "--no-play").code == 0
    monkeypatch.setenv("COLUMNS", "80")
    listed = cli("sessions", "list", "--json").json()
    for lang in ("en", "ru", "es"):
        shown = cli("--lang", lang, "sessions", "list").out
        assert all(s["id"] in shown for s in listed)
        # the date is whole: a squeezed column folded it ('2026-11-2' / '6 02:23')
        assert all(s["last_activity"][:10] in shown for s in listed)
        assert "…" not in shown and max(map(len, shown.splitlines())) <= 80
