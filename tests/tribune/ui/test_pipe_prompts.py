"""Tribune's questions at the real question line (``referee.terminal.asking``), driven
through prompt_toolkit pipes: refusals clear the input, a list is filtered by the items'
own names, and the arrows stop at the first item."""

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
from referee.tribune.ui.questions import Turn

UP, DOWN, ENTER = "\x1b[A", "\x1b[B", "\r"


@contextmanager
def piped(keys: str):
    with create_pipe_input() as inp:
        inp.send_text(keys)
        inp.close()  # then the end of input: a question still waiting is cancelled
        yield QuestionaryPrompter(input=inp, output=DummyOutput())


def ask(prompter, game: Game, said: list | None = None):
    """The entry the pending question takes, asked by the kit as the guide asks it."""
    from referee.table.kit import Table, converse

    said = [] if said is None else said
    return converse(prompter, lambda: Turn(game, True).talk(), Table(
        status=lambda: said.append("status"), help=lambda a: said.append("help"),
        final=game.check, say=said.append))


@pytest.fixture
def game():
    return Game(Setup.create(["Ann", "Bob"], "Ann", settings={"thermae_fields": 2}))


def test_a_mistyped_card_is_refused_then_corrected(game):
    # "sne4" is refused with a suggestion and the input cleared; the group types it again
    with piped("sne4" + ENTER + "sen4" + ENTER) as prompter:
        answer = ask(prompter, game)
    assert answer == Reveal(parse_card("sen4"))


def test_a_command_word_at_a_typed_prompt(game):
    said: list = []
    with piped("status" + ENTER + "help" + ENTER + "sen4" + ENTER + "quit" + ENTER) \
            as prompter:
        assert ask(prompter, game, said) == Reveal(parse_card("sen4"))
        game.apply(Reveal(parse_card("sen4")))
        assert ask(prompter, game, said) is Command.QUIT
    assert said == ["status", "help"]


def test_only_legal_spaces_are_offered_and_picked_by_number_or_name(game):
    for code in ["gla3", "leg2", "leg4", "leg5", "sen3", "pat6", "ple2", "ves3", "sen1", "pra4",
                 "gla0", "pat2", "ple1", "pat2"]:
        game.apply(Reveal(parse_card(code)))
    assert len(game.legal_entries()) > LONG_LIST  # so the list is numbered and typed
    with piped("2" + ENTER) as prompter:
        answer = ask(prompter, game)
    assert answer == Place("Ann", "thermae.2")  # the second offered space
    with piped("thermae 2" + ENTER) as prompter:  # part of its name
        assert ask(prompter, game) == Place("Ann", "thermae.2")
    with piped("thermae" + ENTER + "99" + ENTER + "2" + ENTER) \
            as prompter:  # two Thermae match, there is no 99: both refused, input cleared
        assert ask(prompter, game) == Place("Ann", "thermae.2")
    with piped(UP + UP + ENTER) as prompter:  # Up stops at the first item: no wrap to quit
        assert ask(prompter, game) == game.legal_entries()[0]
    with piped(ENTER + DOWN + ENTER) as prompter:  # Enter alone takes nothing highlighted
        assert ask(prompter, game) == game.legal_entries()[0]


def test_a_hidden_bid_is_typed_blind_and_checked(table):
    t = table(["Ann", "Bob"], thermae_fields=2)
    t.plan(Ann=["atrium.1"], Bob=["atrium.2"])  # the rest go to the Field of Mars
    t.to("atrium_bid")
    assert t.player("Ann").money == 12  # so 99 is refused and 3 is taken
    with piped("99" + ENTER + "3" + ENTER) as prompter:
        answer = ask(prompter, t.game)
    assert answer == Bid("Ann", 3)


def test_ctrl_c_cancels(game):
    with piped("\x03") as prompter, pytest.raises(Cancelled):
        ask(prompter, game)
