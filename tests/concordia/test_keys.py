"""Keys per turn, as docs/concordia.md states them: an Architect with two moves and a house
in at most 15 keys, every other card in at most 10. A key is a character typed or an
Enter (``ScriptedPrompter`` counts them as the real question line reads them); each turn
is typed the way the guide shows, by the numbers on the screen.

The positions are those of the game played at the terminal (tests/terminal), entered up
to the turn measured."""

from __future__ import annotations

from typing import Any

import pytest

from referee.concordia.actions import from_json
from referee.concordia.box import load_box
from referee.concordia.setup import Setup
from referee.concordia.ui.table import CONCORDIA
from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.terminal.prompter import ScriptedPrompter
from tests.terminal.test_concordia_pty import DISPLAY, TWIN

ARCHITECT_KEYS, CARD_KEYS = 15, 10


def keys(tmp_path, before: int, typed: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """The keys ``typed`` takes for the turn after the first ``before`` entries of the
    game, and what that turn recorded."""
    from referee.concordia.deal import deal

    box = load_box()
    dealt = deal(box, "imperium", ["Ann", "Bob", "Cid"], 5, "Ann")
    setup = Setup.from_json({"map": "imperium", "players": ["Ann", "Bob", "Cid"],
                             "cities": dealt.cities, "display": DISPLAY}, box)
    session, game = sessions.create(CONCORDIA, SessionStore(tmp_path), setup)
    prompter = ScriptedPrompter([*typed, "quit"])
    with session:
        sessions.apply_all(CONCORDIA, session, game, [from_json(e) for e in TWIN[:before]])
        Guide(CONCORDIA, session, game, prompter).run()
        made = [{k: v for k, v in e.payload.items() if k != "kind"}
                for e in session.entries()[before:]]
    assert prompter.answers == [] and prompter.refusals == []
    return prompter.keystrokes - len("quit\r"), made


TURNS = [  # (card, its keys as docs/concordia.md says, entries before the turn, keys typed,
    #        the entry it makes)
    ("Senator, two cards and a “?”", 8, 0, ["5", "1 2", "4"], TWIN[0]),
    ("Diplomat as a Senator", 8, 9, ["3", "2", "3", "3"], TWIN[9]),
    ("Prefect", 4, 12, ["6", "5"], TWIN[12]),
    ("Consul, nothing (confirmed)", 6, 13, ["3", "8", "y"], TWIN[13]),
    ("Mercator, a sale and a purchase", 8, 14, ["3", "c1", "b1"], TWIN[14]),
    ("Tribune", 4, 15, ["7", "1"], TWIN[15]),
    ("Colonist, the income", 4, 16, ["2", "2"], TWIN[16]),
    ("Prefect, the cash", 5, 17, ["3", "13"], TWIN[17]),
    ("Mason (confirmed: it produces nothing)", 4, 19, ["2", "y"], TWIN[19]),
]


@pytest.mark.parametrize("card, stated, before, typed, entry", TURNS,
                         ids=[t[0] for t in TURNS])
def test_every_card_but_the_architect_in_ten_keys(tmp_path, card, stated, before, typed,
                                                  entry):
    count, made = keys(tmp_path, before, typed)
    assert made[0] == entry
    assert count == stated <= CARD_KEYS, (card, count)


def test_an_architect_with_two_moves_and_a_house_in_fifteen_keys(tmp_path):
    count, made = keys(tmp_path, 11, ["1", "3", "sea roma > massilia", "1"])
    assert made[0] == TWIN[11]
    typed_route = count
    count, made = keys(tmp_path / "numbers", 11, ["1", "3", "3", "1"])
    assert made[0] == TWIN[11]
    assert count == 8 <= ARCHITECT_KEYS and typed_route == 8 - 2 + len("sea roma > massilia\r")
