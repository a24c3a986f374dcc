"""End to end at a real terminal: `referee concordia new`, a few turns, undo, quit, resume.

Keys go in with send-keys and the screen is read with capture-pane (tests/terminal.py).
In CI a missing tmux or console script is a failure, not a skip.
"""

from __future__ import annotations

import pytest

from referee.concordia.ui.table import CONCORDIA
from referee.store import SessionStore
from referee.table import session as sessions
from tests.terminal import referee, started


@pytest.fixture
def terminal(tmp_path):
    new = ("new", "--player", "Ann:red", "--player", "Bob:blue", "--player", "Cid", "--map",
           "imperium", "--seed", "5", "--start", "Ann")
    with started(tmp_path, [*referee(tmp_path, "concordia", *new), ";", "echo", "EXITED-$?",
                            ";", *referee(tmp_path, "concordia", "resume"), ";", "echo",
                            "AGAIN-$?"]) as term:
        yield term


def test_guided_turns_undo_and_resume_at_a_real_terminal(terminal, tmp_path):
    # The hand lists 1 Architect, 2 Diplomat, 3 Mercator, 4 Prefect, 5 Senator, 6 Tribune;
    # any question also takes undo, status, help and quit, typed.
    terminal.wait("Praefectus Magnus to Cid")
    terminal.wait("Ann: which card is played?")
    terminal.type("1")                                    # Architect
    terminal.wait("Architect: move a colonist")
    terminal.type("land Roma > Atlantis")                 # refused on the spot,
    terminal.wait("Unknown city")                         # and the input line is cleared
    terminal.type("land Roma > Novaria")
    terminal.wait("(1 movement point left)")
    terminal.type("1")                                    # done moving
    terminal.wait("Architect: build houses in")
    terminal.type("")                                     # no house
    terminal.wait("Ann's land colonist goes Roma, Novaria")
    terminal.wait("Bob: which card is played?")
    terminal.type("4")                                    # Prefect
    terminal.wait("Prefect: which province produces")
    terminal.type("1")
    terminal.wait("Cid: which card is played?")
    terminal.type("status")
    terminal.wait("Praefectus Magnus: Cid.")
    screen = terminal.wait("Cid: which card is played?")  # asked again after the whole board
    assert "Ann: 5 sestertii" in screen
    terminal.type("undo")                                 # the turn's first question: the
    terminal.wait("Took back: Bob: Prefect, production in")  # last entry, Bob's
    terminal.wait("Bob: which card is played?")
    terminal.type("6")                                    # Tribune
    terminal.wait("Tribune: a new colonist in Roma")
    terminal.type("1")                                    # no colonist
    terminal.wait("Cid: which card is played?")
    terminal.type("quit")
    screen = terminal.wait("EXITED-0")
    assert "Continue with: referee concordia resume" in screen
    terminal.wait("Cid: which card is played?")          # resume: back at the same question
    terminal.type("quit")
    terminal.wait("AGAIN-0")

    store = SessionStore(tmp_path / "sessions")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        assert [e.payload["type"] for e in session.entries()] == ["architect", "tribune"]
        game = sessions.load(CONCORDIA, session)
        assert game.pending().actor == "Cid" and game.invariants() == []
