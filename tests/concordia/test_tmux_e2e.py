"""End to end at a real terminal: `referee concordia new`, a few turns, undo, quit, resume.

Keys go in with send-keys and the screen is read with capture-pane (tests/terminal.py).
In CI a missing tmux or console script is a failure, not a skip.
"""

from __future__ import annotations

import pytest

from referee.concordia.ui.table import CONCORDIA
from referee.store import SessionStore
from referee.table import session as sessions
from tests.terminal import Terminal, referee, started

DOWN = "Down"


@pytest.fixture
def terminal(tmp_path):
    new = ("new", "--player", "Ann:red", "--player", "Bob:blue", "--player", "Cid", "--map",
           "imperium", "--seed", "5", "--start", "Ann")
    with started(tmp_path, [*referee(tmp_path, "concordia", *new), ";", "echo", "EXITED-$?",
                            ";", *referee(tmp_path, "concordia", "resume"), ";", "echo",
                            "AGAIN-$?"]) as term:
        yield term


def choose(terminal: Terminal, downs: int) -> None:
    terminal.keys(*([DOWN] * downs), "Enter")


def test_guided_turns_undo_and_resume_at_a_real_terminal(terminal, tmp_path):
    # The hand lists architect, diplomat, mercator, prefect, senator, tribune, then the
    # table commands undo, status, help, quit.
    terminal.wait("Praefectus Magnus to Cid")
    terminal.wait("Ann: which card is played?")
    choose(terminal, 0)                                   # Architect
    terminal.wait("Move a colonist")
    terminal.type("land Roma > Atlantis")                 # refused on the spot
    terminal.wait("Unknown city")
    terminal.keys("C-u")
    terminal.type("land Roma > Novaria")                  # keys typed ahead are dropped,
    terminal.wait("empty: done")                          # so each answer waits for its question
    terminal.type("")
    terminal.wait("Build houses in")
    terminal.type("")
    terminal.wait("Ann's land colonist goes Roma, Novaria")
    terminal.wait("Bob: which card is played?")
    choose(terminal, 3)                                   # Prefect
    terminal.wait("Number, or type part of a name")      # a long list: typed by number
    terminal.type("1")
    terminal.wait("Cid: which card is played?")
    choose(terminal, 7)                                   # status
    terminal.wait("Praefectus Magnus: Cid.")
    screen = terminal.wait("Cid: which card is played?")  # asked again after the whole board
    assert "Ann: 5 sestertii" in screen
    choose(terminal, 6)                                   # undo
    terminal.wait("Took back: Bob: Prefect, production in")
    terminal.wait("Bob: which card is played?")
    choose(terminal, 5)                                   # Tribune
    terminal.wait("A new colonist in Roma")
    choose(terminal, 0)                                   # no colonist
    terminal.wait("Cid: which card is played?")
    choose(terminal, 9)                                   # quit
    screen = terminal.wait("EXITED-0")
    assert "Continue with: referee concordia resume" in screen
    terminal.wait("Cid: which card is played?")          # resume: back at the same question
    choose(terminal, 9)
    terminal.wait("AGAIN-0")

    store = SessionStore(tmp_path / "sessions")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        assert [e.payload["type"] for e in session.entries()] == ["architect", "tribune"]
        game = sessions.load(CONCORDIA, session)
        assert game.pending().actor == "Cid" and game.invariants() == []
