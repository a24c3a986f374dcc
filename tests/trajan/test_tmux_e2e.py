"""End to end at a real terminal: the installed `referee trajan new` under tmux, through the
setup, a turn, undo, quit and resume. Keys go in with send-keys, the screen is read with
capture-pane (tests/terminal.py)."""

from __future__ import annotations

import time

import pytest

from referee.store import SessionStore
from tests.terminal import Terminal, referee, started

MARKERS = "yo,gw,pb,yo,gw,pb"


@pytest.fixture
def terminal(tmp_path):
    with started(tmp_path, [
            *referee(tmp_path, "trajan", "new", "--player", "Ann", "--player", "Bob", "--seed",
                     "3"), ";", "echo", "EXITED-$?", ";",
            *referee(tmp_path, "trajan", "resume"), ";", "echo", "RESUMED-$?"]) as term:
        yield term


def _wait_for(condition, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "the terminal never got there"
        time.sleep(0.1)


def _choose_command(terminal: Terminal, ups: int) -> None:
    """The table commands close every list (undo, status, help, quit): up from the top."""
    terminal.keys(*["Up"] * ups, "Enter")


def test_new_game_a_turn_undo_quit_and_resume(terminal, tmp_path):
    for player in ("Ann", "Bob"):
        terminal.wait(f"{player}: which 2 markers go in each tray")
        terminal.type(MARKERS)
    for _ in range(6):
        terminal.wait("take a card from the deck")
        terminal.keys("Enter")
    for player in ("Ann", "Bob"):
        terminal.wait(f"{player}: from which 3 Trajan stacks")
        terminal.type("1")  # a long list: answered by its number
    terminal.wait("Ann: which tray do you sow")
    terminal.keys("Enter")  # tray I: yellow and orange, into II and III
    terminal.wait("Colour order of the 2 markers from tray I")
    terminal.keys("Enter")
    terminal.wait("Ann: Military")
    _choose_command(terminal, 4)  # undo
    terminal.wait("Took back: Ann sows tray I")
    terminal.wait("Ann: which tray do you sow")
    terminal.keys("Enter")
    terminal.wait("Colour order of the 2 markers from tray I")
    terminal.type("oy")
    terminal.wait("Ann: Military")
    _choose_command(terminal, 1)  # quit
    screen = terminal.wait("EXITED-0")
    assert "Continue with: referee trajan resume" in screen
    asked = screen.count("Ann: Military")
    _wait_for(lambda: terminal.screen().count("Ann: Military") > asked)  # resume asks again
    _choose_command(terminal, 1)
    terminal.wait("RESUMED-0")

    store = SessionStore(tmp_path / "sessions")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        sows = [e.payload["order"] for e in session.entries() if e.type == "sow"]
    assert sows == ["oy"]
