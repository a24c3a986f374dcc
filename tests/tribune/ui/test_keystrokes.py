"""Keys per turn, as docs/tribune.md states them: a follower placement in at most 3 keys,
and a whole round of a 4-player game. A key is a character typed or an Enter
(``ScriptedPrompter`` counts them as the real question line reads them); each answer is
typed the shortest way the screen shows: a listed answer by its number, cards by their
codes, a bid by its digits, and "y" where a pass that gives something up is confirmed."""

from __future__ import annotations

import random
import re
from pathlib import Path

from referee.game.question import Form
from referee.table.kit import Ask, gives_up
from referee.tribune.actions import Bid, Entry
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import Turn, typed_answer
from tests.tribune.ui.helpers import conversed

DOC = Path(__file__).parents[3] / "docs" / "tribune.md"
PLACEMENT_KEYS = 3


def typed(ask: Ask, entry: Entry) -> list[str]:
    """The shortest lines that give ``entry`` at ``ask``."""
    if ask.form is Form.NUMBER:
        assert isinstance(entry, Bid)
        return [str(entry.amount)]
    values = [o.value for o in ask.options]
    if ask.form is Form.SEVERAL:
        lines = [" ".join(str(values.index(c) + 1) for c in entry.cards)]
    elif entry in values:
        lines = [str(values.index(entry) + 1)]
    else:  # typed as codes
        lines = typed_answer(entry)[:1]
    return lines + (["y"] if gives_up(ask, entry) else [])


def a_round(players: int = 4) -> tuple[list[int], int, int]:
    """Round 1 of a game with the virtual deck (fixed seeds) played through its real
    questions. Returns (the keys of each follower placement, the keys of the whole round,
    the questions asked)."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve"][:players]
    game = Game(Setup.create(names, "Ann", deck_mode="virtual", seed=3,
                             settings={"thermae_fields": 3}))
    rng, placements, total, questions = random.Random(5), [], 0, 0
    while game.state.round == 1 and game.pending() is not None:
        kind = game.pending().kind
        choice = rng.choice(game.legal_entries())
        ask = next(Turn(game, True).talk())
        answer, prompter = conversed(lambda: Turn(game, True).talk(), typed(ask, choice),
                                     final=game.check)
        assert answer == choice and prompter.refusals == []
        if kind == "place":
            placements.append(prompter.keystrokes)
        total += prompter.keystrokes
        questions += 1
        game.apply(choice)
    return placements, total, questions


def test_a_follower_placement_takes_at_most_three_keys():
    placements, _total, _questions = a_round()
    assert len(placements) >= 20 and max(placements) <= PLACEMENT_KEYS


def test_the_guide_states_the_keys_of_a_four_player_round():
    placements, total, questions = a_round()
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"A whole round of a 4-player game with the virtual deck \((\d+) "
                       r"questions, (\d+) of them follower placements\) takes (\d+) keys; "
                       r"a follower placement takes at most (\d+)", text)
    assert quoted is not None
    assert tuple(map(int, quoted.groups())) == (questions, len(placements), total,
                                                PLACEMENT_KEYS)
