"""A session file that reads well but no longer replays (a hand edit): every command that
opens it names the file and the event, ``log`` still shows it, and ``tribune repair``
withdraws the entries from the broken one on, so the game goes on."""

from __future__ import annotations

import json

import pytest

from referee.store import SessionStore
from referee.store.chain import journal_bytes
from tests.tribune.ui.test_session_commands import PHASE_1, TABLE, files, flat

PLACES = [{"type": "place", "player": "Ann", "space": "bowl"},
          {"type": "place", "player": "Bob", "space": "forum.1"},
          {"type": "place", "player": "Ann", "space": "forum.2"}]


@pytest.fixture
def game(tribune, sessions_dir):
    """A table-mode session with Phase 1 dealt and three followers placed: (id, path,
    the seq of each placement)."""
    assert tribune("new", *TABLE).code == 0
    reveals = [{"type": "reveal", "card": c} for c in PHASE_1]
    assert tribune("enter", "--entry", json.dumps(reveals)).code == 0
    for entry in PLACES:
        assert tribune("enter", "--entry", json.dumps(entry)).code == 0
    sid = SessionStore(sessions_dir).ids()[0]
    with SessionStore(sessions_dir).open(sid) as session:
        places = [e.seq for e in session.entries() if e.type == "place"]
    return sid, sessions_dir / f"{sid}.json", places


def edit(path, change, seq=None) -> None:
    """Change one event (``seq``), or the header's options, in the file and its backup,
    sealed again as a tool that knows the format would: the journal is intact (a plain
    hand edit is caught line by line, see tests/store/test_integrity.py), the game is not."""
    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    for record in records:
        del record["n"], record["h"]
    for record in records:
        if seq is None and "tables" in record:
            change(record["tables"]["session"]["1"]["options"])
        elif seq is not None and str(seq) in record.get("put", {}).get("events", {}):
            change(record["put"]["events"][str(seq)])
        else:
            continue
        for copy in (path, path.with_name(path.name + ".bak")):
            copy.write_bytes(journal_bytes(records))
        return
    raise AssertionError("nothing to edit")


def moon(event) -> None:
    event["payload"]["space"] = "moon.1"


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["resume"],
                                     ["enter", "--entry", '{"type": "pass", "player": "Bob"}'],
                                     ["explain", "{last}"], ["explain", '{"type": "pass"}']])
def test_every_command_that_replays_names_the_file_and_the_event(tribune, sessions_dir, game,
                                                                 command):
    sid, path, places = game
    edit(path, moon, places[1])
    before = files(sessions_dir)
    r = tribune(*[a.replace("{last}", str(places[2])) for a in command[:1]], sid,
                *[a.replace("{last}", str(places[2])) for a in command[1:]])
    assert r.code == 2
    assert flat(r.err) == (
        f"Session file {path} is damaged: event {places[1]} cannot be replayed (There is no "
        "space 'moon.1' on this board (rule: Phase 2: one follower per space)); run 'referee "
        f"tribune repair {sid}' to withdraw the entries that no longer replay")
    assert files(sessions_dir) == before


def test_an_entry_before_the_broken_one_is_still_explained(tribune, game):
    sid, path, places = game
    edit(path, moon, places[1])
    r = tribune("explain", sid, str(places[0]))
    assert r.code == 0 and r.out.startswith(f"Entry {places[0]}: Ann places a follower: coin bowl")


def test_the_log_shows_the_edited_entries_as_they_are_in_the_file(tribune, game):
    sid, path, places = game
    edit(path, moon, places[1])
    edit(path, lambda e: e["payload"].update(type="frobnicate"), places[2])
    edit(path, lambda e: e["payload"].update(rule="junk"), places[2] + 1)  # its ruling
    r = tribune("log", sid, "--json")
    assert r.code == 0, r.err
    lines = {line["seq"]: line["text"] for line in r.json()}
    assert lines[places[1]] == "R1 Bob places a follower: moon.1"
    assert lines[places[2]].startswith('R1 unreadable event: {"type": "frobnicate", ')
    assert lines[places[2] + 1].startswith('unreadable event: {"rule": "junk", ')


def test_a_hand_edited_outcome_is_shown_as_it_is(tribune, sessions_dir, game):
    sid, path, _places = game
    with SessionStore(sessions_dir).open(sid, write=True) as session:
        from referee.store import OUTCOME, EventDraft

        session.append([EventDraft(type=OUTCOME, payload={"ranking": ["Zed"], "scores": {}},
                                   actor="referee", source="derived")])
    r = tribune("log", sid, "--json")
    assert r.code == 0 and r.json()[-1]["text"] == (
        'unreadable event: {"ranking": ["Zed"], "scores": {}}')


def test_repair_withdraws_the_broken_entry_and_the_ones_after_it(tribune, cli, game):
    sid, path, places = game
    edit(path, moon, places[1])
    r = tribune("repair", sid)
    assert r.code == 0, r.err
    assert flat(r.out) == (
        f"Event {places[1]} could not be replayed (There is no space 'moon.1' on this board "
        "(rule: Phase 2: one follower per space)). Withdrew the entries that no longer replay "
        f"(2 in all) and kept the {len(PHASE_1) + 1} that do; the withdrawn ones stay in the "
        "file, marked withdrawn.")
    status = tribune("status", sid, "--json").json()
    assert status["pending"]["text"] == "Bob: place a follower (6 left)"
    shown = cli("sessions", "show", sid).out
    assert f"{places[1]:>5} Bob" in shown and "(withdrawn)" in shown.split(f"{places[1]:>5}")[1]
    again = tribune("enter", sid, "--entry", json.dumps(PLACES[1]))
    assert again.code == 0 and "Next: Ann: place a follower (5 left)" in again.out
    assert tribune("repair", sid).out.strip() == "Nothing to repair: every entry replays."


def test_repair_reports_in_json(tribune, game):
    sid, path, places = game
    edit(path, lambda e: e["payload"].update(player="Zed"), places[2])
    report = tribune("repair", sid, "--json").json()
    assert report["action"] == "withdrew" and report["event"] == places[2]
    assert report["entries"] == 1 and places[2] in report["withdrawn"]
    assert "Zed" in report["reason"]
    assert tribune("repair", sid, "--json").json() == {"action": "none",
                                                        "entries": len(PHASE_1) + 2}


def test_a_hand_edited_setup_is_named_and_repair_leaves_it_alone(tribune, sessions_dir, game):
    sid, path, _places = game
    edit(path, lambda options: options.update(seed="abc", settings="x"))
    before = files(sessions_dir)
    for command in ("status", "log", "repair"):
        r = tribune(command, sid)
        if command == "log":  # the log reads the events only
            assert r.code == 0
            continue
        assert r.code == 2 and flat(r.err) == (
            f"Session file {path} is damaged: its game setup cannot be used (The seed must be a "
            "whole number, not 'abc'; Board settings must be an object of KEY: VALUE pairs, not "
            "'x')")
    assert files(sessions_dir) == before
