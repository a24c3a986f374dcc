"""Keys pressed for a whole round of follower placement, counted by the scripted prompter
with the real prompts' keys (docs/tribune.md quotes the figure)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from referee.terminal.prompter import LONG_LIST, ScriptedPrompter
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import Asker

DOC = Path(__file__).parents[3] / "docs" / "tribune.md"


def arrow_keys(index: int, count: int) -> int:
    """Keys to reach item ``index`` of a list walked with the arrows (it wraps), and Enter."""
    return min(index, count - index) + 1


def placement_round() -> tuple[int, int, int]:
    """A 4-player game (virtual deck, fixed seed): every follower of round 1 placed through
    the real question, by a fixed sequence of picks. Returns (placements, keys typed,
    keys the same picks take with the arrow keys)."""
    game = Game(Setup.create(["Ann", "Bob", "Cid", "Dee"], "Ann", deck_mode="virtual", seed=3,
                             settings={"thermae_fields": 3}))
    while game.pending().kind != "place":
        game.apply(game.legal_entries()[0])
    rng, placements, typed, arrows = random.Random(5), 0, 0, 0
    while game.state.phase == 2:
        options = game.legal_entries()
        choice = rng.choice(options)
        prompter = ScriptedPrompter([choice])
        assert Asker(prompter, game, hidden_bids=True).ask() == choice
        if game.pending().kind == "place":
            assert len(options) > LONG_LIST  # so the list is numbered
            placements += 1
            arrows += arrow_keys(options.index(choice), len(options) + 4)  # + the commands
        typed += prompter.keystrokes
        game.apply(choice)
    return placements, typed, arrows


def test_a_round_of_follower_placement_takes_few_keys_and_the_guide_says_how_many():
    placements, typed, arrows = placement_round()
    assert placements >= 20 and typed <= 3 * placements and typed < arrows / 2
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    quoted = re.search(r"(\d+) follower placements of a 4-player round take (\d+) keys "
                       r"\(numbers and Enter\); walking the same lists with the arrow keys "
                       r"takes (\d+)", text)
    assert quoted is not None and tuple(map(int, quoted.groups())) == (placements, typed, arrows)
