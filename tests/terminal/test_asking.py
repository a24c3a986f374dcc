"""The question line at a terminal (prompt_toolkit pipe input): the arrows, Enter, typed
text, refusals. Keys typed before a question is drawn are tested on a real pseudo-terminal
(``test_concordia_pty.py``): a pipe keeps every key it is given."""

from __future__ import annotations

from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.errors import Cancelled
from referee.terminal.asking import Item, Line, Refusal, ask_line, choose_items

UP, DOWN, ENTER = "\x1b[A", "\x1b[B", "\r"
ITEMS = (Item("Architect"), Item("Prefect"), Item("Mercator"))


def answer(keys: str, line: Line = Line("Which card?", ITEMS), refuse: tuple[str, ...] = ()
           ) -> tuple[Any, list[str]]:
    """What ``keys`` answer at ``line``; ``refuse``: typed texts refused. The second
    value lists the texts the resolver was given."""
    given: list[str] = []

    def resolve(text: str, at: int | None) -> Any:
        given.append(text)
        if text in refuse:
            raise Refusal(f"not {text}")
        if not text:
            if at is None:
                raise Refusal("type something")
            return line.items[at].title
        found = choose_items(line.items, text)
        return line.items[found[0]].title if len(found) == 1 else text

    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # then the end of input: a question still waiting is cancelled
        result = ask_line(line, resolve, input=pipe, output=DummyOutput(), flush=lambda: None,
                          keep_typeahead=True)
    return result, given


def test_enter_alone_takes_nothing_until_an_item_is_highlighted():
    result, given = answer(ENTER + DOWN + ENTER)
    assert result == "Architect" and given == ["", ""]


def test_up_on_the_first_item_stays_there():
    assert answer(DOWN + UP + UP + ENTER)[0] == "Architect"
    assert answer(DOWN + DOWN + DOWN + DOWN + DOWN + ENTER)[0] == "Mercator"  # no wrap


def test_typed_text_is_the_answer_not_the_highlighted_item():
    assert answer(DOWN + "quit" + ENTER)[0] == "quit"
    assert answer("pre" + ENTER)[0] == "Prefect"


def test_a_refusal_clears_the_line_and_asks_the_same_question():
    result, given = answer("xyz" + ENTER + "2" + ENTER, refuse=("xyz",))
    assert result == "Prefect" and given == ["xyz", "2"]  # not "xyz2"


def test_end_of_input_cancels():
    with pytest.raises(Cancelled):
        answer("")
