"""Keys per turn, as docs/trajan.md states them: the sowing in 4 keys when the tray's two
markers can drop in two orders, and any action in at most 8. A key is a character typed or
an Enter (``ScriptedPrompter`` counts them as the real question line reads them); each
answer is typed as the guide shows it, by the numbers on the screen.

The positions are those of the game played at the terminal (tests/terminal), entered up to
the turn measured."""

from __future__ import annotations

from typing import Any

import pytest

from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.terminal.prompter import ScriptedPrompter
from referee.trajan.actions import from_json
from referee.trajan.setup import Setup
from referee.trajan.ui.table import TRAJAN
from tests.terminal.test_trajan_pty import TWIN

ACTION_KEYS, SOWING_KEYS = 8, 4


def keys(tmp_path, before: int, typed: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """The keys ``typed`` takes after the first ``before`` entries of the game, and what
    those answers recorded."""
    setup = Setup.create(["Ann", "Bob"], "Ann", seed=10)
    session, game = sessions.create(TRAJAN, SessionStore(tmp_path), setup)
    prompter = ScriptedPrompter([*typed, "quit"])
    with session:
        sessions.apply_all(TRAJAN, session, game, [from_json(e) for e in TWIN[:before]])
        Guide(TRAJAN, session, game, prompter).run()
        made = [{k: v for k, v in e.payload.items() if k != "kind"}
                for e in session.entries()[before:]]
    assert prompter.answers == [] and prompter.refusals == []
    return prompter.keystrokes - len("quit\r"), made


def stated() -> dict[str, int]:
    """The keys docs/trajan.md states for each action, from its table."""
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "trajan.md").read_text(encoding="utf-8")
    table = guide.split("**Keys per turn**", 1)[1].split("\n\n", 2)[1]
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
    return {action.strip(): int(keys) for action, keys in rows}


FORUM_ETC = "Forum, Senate, Military, Trajan (a stack)"
ACTIONS = [  # (the guide's row, entries before the action, keys typed)
    (FORUM_ETC, 11, ["4"]),  # the Forum
    (FORUM_ETC, 24, ["1"]),  # the Senate
    (FORUM_ETC, 40, ["4"]),  # Military
    (FORUM_ETC, 22, ["6"]),  # Trajan
    ("Seaport: draw 2, then discard 1", 15, ["1", "2"]),
    ("a worker tile's figure, then the Senate", 37, ["1", "1"]),
    ("Construction on a cell whose first tile of its kind brings the Seaport, then a ship",
     28, ["7", "5", "2"]),
    ("Trajan, then again with an extra-action tile", 18, ["2", "1", "5"]),
]


def test_the_guide_states_every_action_measured():
    assert set(stated()) == {row for row, _before, _typed in ACTIONS}


@pytest.mark.parametrize("row, before, typed", ACTIONS,
                         ids=[f"{a[0]} (entry {a[1]})" for a in ACTIONS])
def test_any_action_in_eight_keys(tmp_path, row, before, typed):
    count, made = keys(tmp_path, before, typed)
    assert made and made == TWIN[before:before + len(made)]
    assert count == stated()[row] <= ACTION_KEYS, (row, count)


def test_sowing_two_markers_in_four_keys(tmp_path):
    count, made = keys(tmp_path, 10, ["6", "2"])
    assert made == [TWIN[10]]
    assert count == SOWING_KEYS
    count, made = keys(tmp_path / "three markers", 23, ["1", "6"])  # three markers, six orders
    assert made == [TWIN[23]] and count == SOWING_KEYS
