"""Sessions an older version left in ./sessions: offered for moving, or moved by command."""

from __future__ import annotations

import pytest

from referee.store import Header, SessionStore
from referee.terminal.prompter import ScriptedPrompter


@pytest.fixture
def old_folder(tmp_path, monkeypatch, cli):
    """A working folder with ./sessions holding two sessions, and no folder chosen."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REFEREE_SESSIONS_DIR", raising=False)
    store = SessionStore(tmp_path / "sessions")
    ids = []
    for players in (["Ann", "Bob"], ["Cid", "Dan"]):
        header = Header.new(game="trajan", edition="evrikus-2022", players=players)
        with store.create(header):
            ids.append(header.id)
    (tmp_path / "sessions" / "notes.json").write_text("{}")  # not a session: left alone
    return tmp_path / "sessions", ids


def listed(cli):
    return sorted(s["id"] for s in cli("sessions", "list", "--json").json())


def answering(monkeypatch, *answers):
    prompter = ScriptedPrompter(list(answers))
    monkeypatch.setattr("referee.terminal.prompter.make_prompter", lambda hint: prompter)
    monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
    return prompter


def test_without_a_terminal_nothing_is_asked_and_the_move_is_named(cli, old_folder):
    folder, ids = old_folder
    result = cli("sessions", "list", "--json")
    assert result.code == 0 and result.json() == []
    assert "2 sessions in sessions" in result.err
    assert "referee sessions move sessions" in result.err
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(
        [f"{i}.json" for i in ids] + ["notes.json"])


def test_the_move_command_moves_sessions_and_backups(cli, old_folder, user_data_home):
    folder, ids = old_folder
    report = cli("sessions", "move", folder, "--json").json()
    assert sorted(report["moved"]) == sorted(ids)
    assert report["to"] == str(user_data_home / "sessions")
    assert listed(cli) == sorted(ids)
    assert [p.name for p in folder.iterdir()] == ["notes.json"]
    assert cli("sessions", "list").err == ""  # nothing left to offer
    assert cli("sessions", "move", folder / "nowhere").code == 2


def test_a_session_already_there_is_left_in_place(cli, old_folder, user_data_home):
    folder, ids = old_folder
    target = user_data_home / "sessions"
    target.mkdir(parents=True)
    (target / f"{ids[0]}.json").write_bytes((folder / f"{ids[0]}.json").read_bytes())
    report = cli("sessions", "move", folder, "--json").json()
    assert report["moved"] == [ids[1]] and report["already_there"] == [ids[0]]
    assert (folder / f"{ids[0]}.json").exists()


def test_on_a_terminal_the_move_is_offered_and_done(cli, old_folder, monkeypatch):
    folder, ids = old_folder
    prompter = answering(monkeypatch, True)
    result = cli("sessions", "list")
    assert prompter.answers == [] and "Moved: 2 sessions." in result.out
    assert listed(cli) == sorted(ids)


def test_declining_is_remembered_for_that_folder(cli, old_folder, monkeypatch):
    folder, ids = old_folder
    answering(monkeypatch, False)
    first = cli("sessions", "list")
    assert "will not be offered again" in first.out
    again = answering(monkeypatch)  # no answer left: asking again would fail
    second = cli("sessions", "list")
    assert second.code == 0 and again.asked == [] and second.err == ""
    assert listed(cli) == [] and len(list(folder.glob("*.json"))) == 3
    assert cli("--sessions-dir", folder, "sessions", "list", "--json").code == 0
