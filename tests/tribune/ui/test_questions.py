"""One prompt per decision: what it offers and how the answer is read."""

from __future__ import annotations

from referee.terminal.prompter import ScriptedPrompter
from referee.tribune.actions import Cards
from referee.tribune.cards import parse_cards
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


class SecretRecording(ScriptedPrompter):
    """Records which questions were typed hidden, and their answer checks."""

    def __init__(self, answers):
        super().__init__(answers)
        self.hidden: list[str] = []
        self.checks: list = []

    def secret(self, message, *, validate=None):
        self.hidden.append(message)
        self.checks.append(validate)
        return super().secret(message, validate=validate)


def _to_mars(table):
    t = table(["Ann", "Bob"], "Ann")
    t.player("Ann").hand.cards.extend(parse_cards(["sen4", "sen5"]))
    t.player("Ann").hand.unknown -= 2
    t.plan(Ann=["mars"], Bob=["bowl"])
    return t, t.to("mars", "Ann")


def test_field_of_mars_pairs_are_typed_hidden_with_hidden_bids(table):
    t, d = _to_mars(table)
    prompter = SecretRecording(["sen4 sen5"])
    answer = Asker(prompter, t.game, hidden_bids=True).ask()
    assert answer == Cards("Ann", tuple(parse_cards(["sen4", "sen5"])))
    assert len(prompter.hidden) == 1 and "typed hidden" in prompter.hidden[0]
    assert "sen4" not in prompter.hidden[0]  # no list of the hand on screen either
    # with bids entered in the open after the reveal, the pair is typed in the open too
    open_prompter = SecretRecording(["sen4 sen5"])
    Asker(open_prompter, t.game, hidden_bids=False).ask()
    assert open_prompter.hidden == []


def test_a_refused_hidden_answer_repeats_nothing_that_was_typed_or_held(table):
    t, d = _to_mars(table)
    prompter = SecretRecording(["sen4 sen5"])
    Asker(prompter, t.game, hidden_bids=True).ask()
    refusal = prompter.checks[0]("sen4 gla5")
    assert refusal.startswith("Not accepted under Phase 3: Field of Mars")
    assert "sen4" not in refusal and "gla5" not in refusal and "Senator" not in refusal


def test_a_refused_bid_does_not_tell_what_the_bidder_holds(table):
    import pytest

    from referee.tribune.actions import Bid
    from referee.tribune.errors import TribuneRuleViolation

    t = table(["Ann", "Bob"], "Ann")
    t.to("chariot_bid", "Ann")
    held = t.player("Ann").money
    with pytest.raises(TribuneRuleViolation) as caught:
        t.game.check(Bid("Ann", held + 1))
    assert str(held) not in str(caught.value) and "amount" not in caught.value.params


def _view():
    from referee.tribune.ui.questions import TribuneView

    view = object.__new__(TribuneView)
    view.shown, view.curia, view.hidden_bids = (1, 4), None, True
    return view


def test_help_at_a_reveal_shows_the_card_code_format(table):
    t = table(["Ann", "Bob"], "Ann")
    assert t.game.pending().kind == "reveal"
    (line,) = _view().help_lines(t.game)
    assert "sen4" in line and "gla (Gladiators)" in line and "a leader is 0" in line
    t.to("place", "Ann")
    assert _view().help_lines(t.game) == []  # a list of spaces needs no codes


def test_the_assassin_of_a_phase_4_take_over_keeps_the_phase_4_heading(monkeypatch):
    from referee.rulings import Ruling
    from referee.tribune.rulebook import ref
    from referee.tribune.ui import questions as guided

    said_lines = []
    monkeypatch.setattr(guided, "tell", lambda text, style="": said_lines.append(text))
    view = _view()
    view.announce([Ruling(ref("tribune.phase5.assassin", "ffg"),
                          "No set of 3 or more cards for the assassin", {})])
    assert view.shown == (1, 4)
    assert not any("Phase 5" in line for line in said_lines)
    view.announce([Ruling(ref("tribune.phase5.benefit", "ffg"), "{player} takes the "
                          "{faction} benefit", {"player": "Ann", "faction": "x"})])
    assert view.shown == (1, 5)  # a real Phase 5 ruling still moves it on
