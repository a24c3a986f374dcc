"""One prompt per decision: what it offers and how the answer is read."""

from __future__ import annotations

from referee.cli.prompter import ScriptedPrompter
from referee.tribune.actions import Cards
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import Asker


class Recording(ScriptedPrompter):
    """Also keeps what each typed question offered for completion."""

    def __init__(self, answers):
        super().__init__(answers)
        self.offered: list[list[str]] = []

    def text(self, message, *, default="", validate=None, completions=()):
        self.offered.append(list(completions))
        return super().text(message, default=default, validate=validate,
                            completions=completions)


def test_typed_cards_are_chosen_among_the_cards_the_decision_names():
    game = Game(Setup.create(["Ann", "Bob"], "Ann", deck_mode="virtual", seed=0,
                             settings={"thermae_fields": 2}))
    d = game.pending()  # Ann discards 2 of her 6 cards: 15 pairs, too many for a list
    hand = sorted(d.choose_from, key=lambda c: c.key)
    assert [c.code for c in hand] == ["gla3", "pra3", "ple3", "ple5", "pat6", "sen8"]
    assert sorted(d.to_json()["choose_from"]) == sorted(c.code for c in hand)
    prompter = Recording(["gla3 ple5"])
    answer = Asker(prompter, game, hidden_bids=True).ask()
    assert answer == Cards("Ann", (hand[0], hand[3]))
    assert prompter.offered == [[c.code for c in hand]]  # her cards, not every code
    assert prompter.asked == [
        "Ann: choose 2 of your 6 cards to discard (from Gladiator 3 [gla3], Praetorian 3 "
        "[pra3], Plebeian 3 [ple3], Plebeian 5 [ple5], Patrician 6 [pat6], Senator 8 [sen8])"]
