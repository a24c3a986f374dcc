"""The conversation kit: how an answer is read, checked, refused, confirmed and undone.

A toy turn of three questions stands for any game's: a choice, a number checked against
the choice (the partial check), and text read by a small grammar. The answers are typed
as a person types them (``ScriptedPrompter.line`` reads each like the real question line).
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import Cancelled, InputError
from referee.game.question import Form
from referee.table.kit import Ask, Option, Table, Talk, converse, read, resolver
from referee.table.questions import Command, command_of
from referee.terminal.asking import Item, Refusal, matches
from referee.terminal.prompter import ScriptedPrompter

FRUIT = (Option("apple", "Apple", "red, costs 3"), Option("pear", "Pear", "green"),
         Option("plum", "Plum", disabled="out of season"),
         Option("nothing", "Nothing", gives_up="Take no fruit?"))


def too_many(answer: tuple[str, int]) -> None:
    if answer[1] > 3:
        raise InputError("At most {n} of {fruit}.", n=3, fruit=answer[0])


def toy() -> Talk:
    fruit = yield Ask(Form.ONE, "Which fruit?", FRUIT)
    count = yield Ask(Form.NUMBER, "How many?", low=1, high=9,
                      check=lambda n: too_many((fruit, n)))
    note = yield Ask(Form.TEXT, "A note?", parse=lambda text: text.upper())
    return (fruit, count, note)


class Said:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.status = 0
        self.helped: list[str] = []

    def table(self, final: Any = lambda entry: None) -> Table:
        return Table(status=self.count, help=lambda ask: self.helped.append(ask.text),
                     final=final, say=self.lines.append)

    def count(self) -> None:
        self.status += 1


def run(answers: list[str], final: Any = lambda entry: None) -> tuple[Any, Said,
                                                                      ScriptedPrompter]:
    said, prompter = Said(), ScriptedPrompter(answers)
    return converse(prompter, toy, said.table(final)), said, prompter


def test_a_turn_by_numbers_names_and_text():
    assert run(["1", "2", "ripe"])[0] == ("apple", 2, "RIPE")
    assert run(["pear", "3", "x"])[0] == ("pear", 3, "X")


def test_a_refusal_asks_its_own_question_again_and_keeps_the_turn():
    entry, _said, prompter = run(["apple", "7", "2", "ok"])
    assert entry == ("apple", 2, "OK")
    assert prompter.refusals == ["At most 3 of apple."]
    assert prompter.asked == ["Which fruit?", "How many? (1–9)", "How many? (1–9)",
                              "A note?"]


def test_undo_goes_back_one_answer_and_at_the_first_question_hands_over():
    entry, said, prompter = run(["apple", "2", "undo", "3", "fine"])
    assert entry == ("apple", 3, "FINE") and said.lines == ["Back one question."]
    assert prompter.asked[2:] == ["A note?", "How many? (1–9)", "A note?"]
    assert run(["undo"])[0] is Command.UNDO
    assert run(["apple", "отмена", "deshacer"])[0] is Command.UNDO


def test_help_and_status_keep_the_answers_given():
    entry, said, _prompter = run(["apple", "help", "status", "2", "ayuda", "n"])
    assert entry == ("apple", 2, "N")
    assert said.helped == ["How many?", "A note?"] and said.status == 1


def test_quit_stops_the_turn():
    assert run(["pear", "quit"])[0] is Command.QUIT
    assert run(["pear", "выход"])[0] is Command.QUIT


def test_giving_something_up_is_confirmed_with_the_word():
    entry, _said, prompter = run(["nothing", "", "no", "pear", "1", ""])
    assert entry == ("pear", 1, "")
    assert prompter.asked[:2] == ["Which fruit?", "Take no fruit? (yes/no)"]
    assert prompter.refusals == ["Answer yes or no."]  # a lone Enter confirms nothing
    assert run(["nothing", "да", "1", ""])[0] == ("nothing", 1, "")


def test_a_refused_finished_entry_lands_on_the_last_question():
    def final(entry: Any) -> None:
        if entry[2] == "BAD":
            raise InputError("Not that note.")

    entry, _said, prompter = run(["apple", "1", "bad", "good"], final)
    assert entry == ("apple", 1, "GOOD")
    assert prompter.refusals == ["Not that note."]


def ask(form: Form = Form.ONE, **more: Any) -> Ask:
    return Ask(form, "?", **({"options": FRUIT} | more))


@pytest.mark.parametrize("typed, expected", [
    ("1", "apple"), ("Apple", "apple"), (" app ", "apple"), ("pe", "pear"), ("2", "pear")])
def test_an_item_is_named_by_its_number_or_its_own_name(typed, expected):
    assert read(ask(), typed) == expected


@pytest.mark.parametrize("typed, refusal", [
    ("red", "Nothing matches 'red'"),   # the details in brackets are not the name
    ("p", "2 choices match 'p'"),       # Pear, Plum
    ("3", "cannot be chosen now: out of season"),
    ("9", "There is no number 9: choose 1 to 4"),
    ("", "Type a number from 1 to 4, or a name"),  # Enter alone takes nothing
])
def test_what_does_not_name_one_item_is_refused(typed, refusal):
    with pytest.raises(Refusal, match=refusal):
        resolver(ask())(typed, None)


def test_enter_takes_the_highlighted_item_and_typed_text_never_does():
    resolve = resolver(ask())
    assert resolve("", 1) == "pear"
    assert resolve("quit", 1) is Command.QUIT
    with pytest.raises(Refusal):
        resolve("qu", 1)


def test_each_typed_word_begins_a_word_of_the_name():
    atrium, latrine = Item("Atrium"), Item("Latrine")
    assert matches(atrium, "atr") and not matches(latrine, "atr")
    assert matches(Item("Forum Romanum 2"), "rom 2")
    assert not matches(Item("Senators 4", "Senador"), "senador")
    assert matches(Item("Architect", names=("Архитектор",)), "арх")


def test_several_items_by_numbers_names_and_repeats():
    several = ask(Form.SEVERAL)
    assert read(several, "1, pear") == ("apple", "pear")
    assert read(several, "2 1") == ("pear", "apple")
    assert read(several, "") == ()


def test_numbers_yes_no_and_hidden_answers():
    number = Ask(Form.NUMBER, "?", low=0, high=5)
    assert read(number, "٣") == 3
    with pytest.raises(InputError, match="from 0 to 5"):
        read(number, "6")
    sealed = Ask(Form.NUMBER, "?", low=0, high=5, hidden=True)
    with pytest.raises(Refusal) as refused:
        resolver(sealed)("6", None)
    assert "6" not in refused.value.text and "5" not in refused.value.text
    yes_no = Ask(Form.YES_NO, "?")
    assert [read(yes_no, t) for t in ("y", "да", "sí", "n", "нет")] == [
        True, True, True, False, False]


def test_the_hint_says_what_else_may_be_typed_and_that_it_is_hidden():
    from referee.table.kit import hint

    assert hint(ask()).startswith("Type a number or a name; or undo")
    assert hint(ask(typed="card codes")).startswith("Type a number or a name, or card codes;")
    assert hint(Ask(Form.TEXT, "?", typed="card codes")).startswith("Type card codes; or")
    assert hint(ask(typed="card codes", hidden=True)).startswith(
        "Type a number or a name, or card codes (typed hidden: nothing is shown); or")
    assert hint(Ask(Form.NUMBER, "?", hidden=True)).startswith(
        "Typed hidden: nothing is shown. Or type undo")


def test_command_words_in_every_language_and_only_whole():
    assert [command_of(w) for w in ("undo", "ОТМЕНА", "Deshacer", "статус", "undo it")] == [
        Command.UNDO, Command.UNDO, Command.UNDO, None, None]


def test_ctrl_c_in_a_turn_is_cancelled():
    from referee.terminal.prompter import ScriptedPrompter

    with pytest.raises(Cancelled):
        converse(ScriptedPrompter([Cancelled]), toy, Said().table())


def test_the_confirmation_of_a_hidden_answer_leaves_no_trace():
    """A pass given face down is confirmed typed hidden, and its question is erased once
    answered; an open one is confirmed in the open."""
    from referee.table.kit import confirming

    hidden = confirming(Ask(Form.NUMBER, "Bid?", hidden=True), "Bid nothing?")
    assert hidden.secret and hidden.erase and hidden.message.startswith("Bid nothing?")
    shown = confirming(Ask(Form.NUMBER, "Bid?"), "Bid nothing?")
    assert not shown.secret and not shown.erase
