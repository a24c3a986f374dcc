"""The real questionary prompts of the guided game, driven through prompt_toolkit pipes."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.errors import Cancelled
from referee.table.questions import Command
from referee.terminal.prompter import LONG_LIST, QuestionaryPrompter
from referee.tribune.actions import Bid, Place, Reveal
from referee.tribune.cards import parse_card
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import Asker

DOWN, ENTER, BACKSPACE = "\x1b[B", "\r", "\x7f"


@contextmanager
def piped(keys: str):
    with create_pipe_input() as inp:
        inp.send_text(keys)
        yield QuestionaryPrompter(input=inp, output=DummyOutput())


@pytest.fixture
def game():
    return Game(Setup.create(["Ann", "Bob"], "Ann", settings={"thermae_fields": 2}))


def test_a_mistyped_card_is_refused_then_corrected(game):
    # "sne4" is refused with a suggestion and the prompt stays; the group fixes it
    with piped("sne4" + ENTER + BACKSPACE * 4 + "sen4" + ENTER) as prompter:
        answer = Asker(prompter, game, hidden_bids=True).ask()
    assert answer == Reveal(parse_card("sen4"))


def test_a_command_word_at_a_typed_prompt(game):
    with piped("status" + ENTER) as prompter:
        assert Asker(prompter, game, hidden_bids=True).ask() is Command.STATUS


def test_only_legal_spaces_are_offered_and_picked_by_number_or_name(game):
    for code in ["gla3", "leg2", "leg4", "leg5", "sen3", "pat6", "ple2", "ves3", "sen1", "pra4",
                 "gla0", "pat2", "ple1", "pat2"]:
        game.apply(Reveal(parse_card(code)))
    assert len(game.legal_entries()) > LONG_LIST  # so the list is numbered and typed
    with piped("2" + ENTER) as prompter:
        answer = Asker(prompter, game, hidden_bids=True).ask()
    assert answer == Place("Ann", "thermae.2")  # the second offered space
    with piped("thermae 2" + ENTER) as prompter:  # part of its name
        assert Asker(prompter, game, hidden_bids=True).ask() == Place("Ann", "thermae.2")
    with piped("thermae" + ENTER + BACKSPACE * 7 + "99" + ENTER + BACKSPACE * 2 + "2" + ENTER) \
            as prompter:  # two Thermae match, there is no 99: both refused, the prompt stays
        assert Asker(prompter, game, hidden_bids=True).ask() == Place("Ann", "thermae.2")


def test_a_hidden_bid_is_typed_blind_and_checked(table):
    t = table(["Ann", "Bob"], thermae_fields=2)
    t.plan(Ann=["atrium.1"], Bob=["atrium.2"])  # the rest go to the Field of Mars
    t.to("atrium_bid")
    assert t.player("Ann").money == 12  # so 99 is refused and 3 is taken
    with piped("99" + ENTER + BACKSPACE * 2 + "3" + ENTER) as prompter:
        answer = Asker(prompter, t.game, hidden_bids=True).ask()
    assert answer == Bid("Ann", 3)


def test_ctrl_c_cancels(game):
    with piped("\x03") as prompter, pytest.raises(Cancelled):
        Asker(prompter, game, hidden_bids=True).ask()
