"""Every typed prompt of the table answers any text made of digits (every script's, and
the digit-like characters that are not decimal), signs and spaces: accepted, or refused with
a message, never a traceback (the superscript in 'gla²' once looped on a traceback)."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from referee.concordia.ui.forms import _number as concordia_number
from referee.errors import InputError
from referee.terminal.prompter import ScriptedPrompter
from referee.tribune.actions import Bid
from referee.tribune.ui.questions import Turn
from tests.test_prompter import NUMBER_TEXT
from tests.tribune.conftest import Table
from tests.tribune.ui.helpers import conversed


@cache
def at_a_bid() -> Table:
    t = Table(["Ann", "Bob"], thermae_fields=2)
    t.plan(Ann=["atrium.1"], Bob=["atrium.2"])
    t.to("atrium_bid")
    return t


def answered(ask, text: str):
    """The answer a prompt takes for ``text``, or None when it refuses it (as a message)."""
    try:
        return ask(ScriptedPrompter([text]))
    except InputError:
        return None


def asked(game, text: str):
    """The entry the pending question takes for ``text``, or None when it refuses it."""
    try:  # a refusal asks again, and the script has nothing more to type
        answer, _prompter = conversed(lambda: Turn(game, True).talk(), [text],
                                      final=game.check)
    except InputError:
        return None
    return answer


@given(NUMBER_TEXT)
def test_a_bid_prompt_takes_only_whole_numbers(text):
    game = at_a_bid().game
    answer = asked(game, text)
    assert answer is None or isinstance(answer, Bid) and answer.amount >= 0


@given(st.sampled_from(["gla", "sen", "", "leg "]), NUMBER_TEXT)
def test_a_card_prompt_answers_any_digits(prefix, text):
    game = Table(["Ann", "Bob"], thermae_fields=2).game  # Phase 1: a card is turned up
    asked(game, prefix + text)


def kit_number(prompter, text: str, low: int, high: int | None) -> int:
    """A number question as Tribune's setup and score ask it, through the kit."""
    from referee.game.question import Form
    from referee.table.kit import Ask, line_of, resolver

    ask = Ask(Form.NUMBER, text, low=low, high=high)
    return prompter.line(line_of(ask), resolver(ask))


@given(NUMBER_TEXT)
def test_number_questions_of_setup_scoring_and_concordia(text):
    for ask in (lambda p: kit_number(p, "Goal: how many?", 1, 99),
                lambda p: kit_number(p, "Laurels?", 0, None),
                lambda p: concordia_number(p, "Sestertii:", "0", None),
                lambda p: concordia_number(p, "Colonists:", "2", 6)):
        value = answered(ask, text)
        assert value is None or isinstance(value, int) and value >= 0
