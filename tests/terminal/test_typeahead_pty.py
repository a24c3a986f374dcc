"""A yes that answers at once, and the habitual Enter after it, on a real pseudo-terminal:
the Enter reaches the program before its next question is drawn (prompt_toolkit reads it
with the y and keeps it for its next prompt), and must answer nothing: at Tribune's
"Keep the usual readings?" it once answered the sealed-bids question with its default and
created the session."""

from __future__ import annotations

from referee.store import SessionStore
from tests.terminal.harness import Terminal, environment, referee

NEW = ("tribune", "new", "--player", "Ann:red", "--player", "Bob:blue", "--start", "Ann",
       "--edition", "ffg", "--points-variant", "--deck", "virtual", "--seed", "4",
       "--no-play")


def test_y_and_a_habitual_enter_answer_only_the_yes(tmp_path):
    sessions = tmp_path / "sessions"
    terminal = Terminal(referee(*NEW), environment(sessions, "en"))
    try:
        terminal.wait("How many card fields does the Thermae have")
        terminal.send("2\r")
        terminal.wait("Keep the usual readings")
        terminal.send("y\r\r")                # one write, as a fast typist's keys come
        terminal.wait("Sealed bids")
        assert not list(sessions.glob("*.json"))  # nothing created by the stray Enter
        terminal.send("2\r")                   # the second way: had the Enter answered the
        assert terminal.finish() == 0          # bids question, this would land elsewhere
    finally:
        terminal.kill()
    # nor was it even refused at the bids question: it was dropped before it was drawn
    assert b"Type a number from" not in terminal.raw
    store = SessionStore(sessions)
    (sid,) = store.ids()
    with store.open(sid) as session:
        assert session.header.options["ui"]["bids"] == "open"
