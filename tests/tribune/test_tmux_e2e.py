"""End to end at a real terminal: the installed `referee tribune new` under tmux."""

from __future__ import annotations

import pytest

from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.ui.table import TRIBUNE
from tests.terminal import referee, started


@pytest.fixture
def terminal(tmp_path):
    with started(tmp_path, [
            *referee(tmp_path, "tribune", "new", "--player", "Ann:red", "--player", "Bob:blue",
                     "--edition", "ffg", "--points-variant", "--deck", "table"),
            ";", "echo", "EXITED-$?"]) as term:
        yield term


def test_guided_play_at_a_real_terminal(terminal, tmp_path):
    # the setup questions the flags left open
    terminal.wait("Start player:")
    terminal.keys("Down", "Down", "Enter")  # Bob: the first Down highlights Ann
    terminal.wait("How many card fields does the Thermae have on your board?")
    terminal.type("2")
    terminal.wait("Keep the usual readings where the rules are unclear?")
    terminal.keys("Enter")  # yes, the usual readings
    terminal.wait("Sealed bids (Atrium, chariot):")
    terminal.type("1")  # typed hidden
    terminal.wait("Which card is turned up at Thermae 1?")
    terminal.type("gla3")
    terminal.wait("Which card is turned up at Thermae 2?")
    terminal.type("sne4")  # a typo: refused on the spot, with a suggestion, input cleared
    terminal.wait("did you mean sen4")
    terminal.type("sen4")
    screen = terminal.wait("Which card is turned up at Forum Romanum 1?")
    assert "Thermae: Gladiator 3, Senator 4 face up" in screen
    terminal.type("status")
    terminal.wait("Chariot: —")
    screen = terminal.wait("Which card is turned up at Forum Romanum 1?")  # after the board
    assert "start player: Bob" in screen
    assert "│ Ann (red)  │ 13 " in screen and "│ Bob (blue) │ 12 " in screen
    terminal.type("undo")
    terminal.wait("Undo anyway?")
    terminal.type("y")
    terminal.wait("Took back: table: Senator 4 turned up")
    terminal.wait("Which card is turned up at Thermae 2?")
    terminal.type("sen5")
    terminal.wait("Which card is turned up at Forum Romanum 1?")
    terminal.type("quit")
    screen = terminal.wait("EXITED-0")
    assert "Continue with: referee tribune resume" in screen

    store = SessionStore(tmp_path / "sessions")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        assert [e.payload["card"] for e in session.entries()] == ["gla3", "sen5"]
        assert sessions.ui_options(session) == {"lang": "en", "bids": "hidden"}
        assert sessions.load(TRIBUNE, session).pending().params["region"] == "forum"
