"""Prompts: the questionary adapter driven through pipes, the scripted fake, Ctrl-C."""

from __future__ import annotations

import sys
import unicodedata
from contextlib import contextmanager

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len

from referee.errors import Cancelled, InputError
from referee.terminal import prompter as prompter_module
from referee.terminal.prompter import (
    ANSWER_ROOM,
    Choice,
    QuestionaryPrompter,
    ScriptedPrompter,
    fit,
    parse_whole,
    pick,
    select_keys,
    whole,
)

CHOICES = [Choice("Ann", "ann"), Choice("Bob", "bob"), Choice("Cid", "cid", disabled="gone")]


@contextmanager
def piped(keys: str):
    with create_pipe_input() as inp:
        inp.send_text(keys)
        yield QuestionaryPrompter(input=inp, output=DummyOutput())


def test_select_moves_down_past_nothing_and_returns_the_value():
    with piped("\x1b[B\r") as p:
        assert p.select("Who?", CHOICES) == "bob"


def test_select_skips_a_disabled_choice():
    with piped("\x1b[B\x1b[B\r") as p:  # two downs from Ann: Bob, then wraps past disabled Cid
        assert p.select("Who?", CHOICES) == "ann"


def test_text_with_validation_rejects_then_accepts():
    with piped("abc\r" + "\x7f" * 3 + "12\r") as p:
        answer = p.text("Bid?", validate=lambda t: None if t.isdigit() else "a number")
    assert answer == "12"


def test_secret_and_confirm():
    with piped("7\r") as p:
        assert p.secret("Bid?") == "7"
    with piped("y") as p:
        assert p.confirm("Sure?") is True


def test_a_secret_answer_shows_nothing_while_typed():
    """Not even a star per key: that would tell the table how many digits a bid has."""
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    with create_pipe_input() as inp:
        inp.send_text("1234\r")
        answer = QuestionaryPrompter(input=inp, output=output).secret("Bid?")
    assert answer == "1234"
    shown = screen.getvalue()
    assert "Bid?" in shown and "1234" not in shown and "*" not in shown


def shown_on_80_columns(ask) -> str:
    """What a prompt writes to a terminal 80 columns wide, answered by Enter."""
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    with create_pipe_input() as inp:
        inp.send_text("\r")
        ask(QuestionaryPrompter(input=inp, output=output))
    return screen.getvalue()


def test_a_list_without_a_default_starts_at_its_first_item_even_beside_a_none_value():
    """The colour question offers "no colour" (None) last: Enter alone must not take it."""
    colours = [Choice("red", "red"), Choice("blue", "blue"), Choice("no colour", None)]
    with piped("\r") as p:
        assert p.select("Ann's colour:", colours) == "red"
    with piped("\r") as p:  # a None default is still a default
        assert p.select("Ann's colour:", colours, default=None) is None
    assert select_keys(colours, "red") == 1 and select_keys(colours, None) == 2


def test_a_long_question_is_wrapped_between_words_not_inside_a_card_code():
    cards = ", ".join(f"Гладиатор {v} [gla{v}]" for v in range(1, 7))
    message = f"Ann: выберите 2 из 6 карт для сброса (из: {cards})"
    lines = fit(message, 80).split("\n")
    assert " ".join(line.strip() for line in lines) == message  # broken at spaces only
    assert all(line.startswith("  ") for line in lines[1:])  # under the text, past '? '
    assert all(len(line) <= 78 for line in lines)  # the '? ' mark takes two columns
    assert len(lines[-1]) + ANSWER_ROOM <= 78  # room for the answer after it
    near_the_edge = "Jugadores en orden de asiento (en sentido horario), separados por comas:"
    assert fit(near_the_edge, 80).split("\n") == [  # room is left for the answer
        "Jugadores en orden de asiento (en sentido horario), separados por", "  comas:"]
    listed = "Where?\n   1  Thermae 1\n   2  Forum Romanum 1"
    assert fit(listed, 80) == listed  # short lines stay as they are
    shown = shown_on_80_columns(lambda p: p.text(message))
    assert "[gla5]" in shown and "[gla6]" in shown


def test_a_question_is_folded_like_an_error_message_never_inside_a_word():
    """Questions and errors share one folding rule (output.fold): a word longer than the
    line stands whole on its own line, wide characters count as the two cells they take,
    a quoted name stays on one line, and a folded line keeps its indent."""
    long_word = "x" * 100
    lines = fit(f"Name {long_word} please", 80).split("\n")
    assert long_word in [line.strip() for line in lines]
    wide = "名前を入力してください " * 8
    assert all(cell_len(line) <= 78 for line in fit(wide.strip(), 80).split("\n"))
    quoted = "Type " + "word " * 12 + "'referee tribune resume 20261126-0312-ab' to go on"
    assert any("'referee tribune resume 20261126-0312-ab'" in line
               for line in fit(quoted, 80).split("\n"))
    indented = "   " + "Forum Romanum " * 8
    assert all(line.startswith("   ") for line in fit(indented, 80).split("\n"))


def test_a_short_list_names_its_keys_in_the_users_language():
    from referee.i18n import set_language

    set_language("ru")
    try:
        shown = shown_on_80_columns(lambda p: p.select("Кто?", CHOICES))
    finally:
        set_language("en")
    assert "(стрелки вверх и вниз)" in shown and "arrow" not in shown
    assert "(Use arrow keys)" in shown_on_80_columns(lambda p: p.select("Who?", CHOICES))


def test_ctrl_c_at_a_prompt_raises_cancelled():
    with piped("\x03") as p, pytest.raises(Cancelled):
        p.text("Name?")


def test_scripted_prompter_refuses_what_a_person_could_not_choose():
    p = ScriptedPrompter(["cid"])
    with pytest.raises(InputError):
        p.select("Who?", CHOICES)
    p = ScriptedPrompter(["x"])
    with pytest.raises(InputError):
        p.text("Bid?", validate=lambda t: None if t.isdigit() else "a number")
    with pytest.raises(InputError):
        ScriptedPrompter([]).confirm("Sure?")


def test_ctrl_c_in_a_command_exits_130_and_changes_nothing(cli, sessions_dir, monkeypatch):
    from tests.test_cli_sessions import make_session

    sid = make_session(sessions_dir)
    monkeypatch.setattr(prompter_module, "make_prompter",
                        lambda hint: ScriptedPrompter([Cancelled]))
    result = cli("sessions", "delete", sid)
    assert result.code == 130 and "saved" in result.err
    assert cli("sessions", "list", "--json").json()[0]["id"] == sid


def test_usage_errors_are_one_translated_message_and_exit_2(cli):
    result = cli("--lang", "ru", "sessions", "list", "--bogus")
    assert result.code == 2 and "Нет такого параметра: --bogus" in result.err
    result = cli("sessions", "show")
    assert result.code == 2 and "Missing value: ID" in result.err
    assert "Traceback" not in result.err
    assert cli("--lang", "xx", "sessions", "list").code == 2


def test_a_command_exit_code_reaches_the_process(cli, monkeypatch):
    import sys
    import types

    import typer

    from referee.cli import app as app_module
    from referee.cli.registry import Command

    fake = types.ModuleType("fake_game_cli")
    fake.app = typer.Typer()

    @fake.app.command()
    def fail() -> None:
        raise typer.Exit(3)

    @fake.app.command()
    def succeed() -> None:
        pass

    monkeypatch.setitem(sys.modules, "fake_game_cli", fake)
    monkeypatch.setitem(app_module.COMMANDS, "fake", Command("fake_game_cli:app", "Fake."))
    assert cli("fake", "fail").code == 3
    assert cli("fake", "succeed").code == 0


def test_a_choice_whose_value_is_none_is_an_answer_not_a_cancel():
    # the Field of Mars reading "no limit" is None: choosing it once lost the whole setup
    with piped("\x1b[A\r") as p:  # up from the default, 3
        assert p.select("Mars spaces?", [Choice("no limit", None), Choice("3", 3)],
                        default=3) is None


def test_the_flush_hook_runs_before_every_question_is_shown():
    calls = []
    with create_pipe_input() as inp:
        inp.send_text("y")
        p = QuestionaryPrompter(input=inp, output=DummyOutput(), flush=lambda: calls.append(1))
        assert p.confirm("Undo anyway?") is True
    with create_pipe_input() as inp:
        inp.send_text("\r")
        p = QuestionaryPrompter(input=inp, output=DummyOutput(), flush=lambda: calls.append(2))
        assert p.select("Who?", CHOICES) == "ann"
    assert calls == [1, 2]


def test_keys_typed_ahead_on_a_terminal_are_dropped():
    import os
    import pty
    import select

    from referee.terminal.prompter import discard_typeahead

    main, secondary = pty.openpty()
    try:
        os.write(main, b"\r")  # a stray Enter after the last answer
        with os.fdopen(os.dup(secondary), "r") as tty:
            discard_typeahead(tty)
            assert select.select([secondary], [], [], 0)[0] == []
        os.write(main, b"x\r")  # what is typed after the question is shown is kept
        assert select.select([secondary], [], [], 5)[0] == [secondary]
    finally:
        os.close(main)
        os.close(secondary)


def test_a_default_is_taken_by_enter_alone_and_never_joined_to_what_is_typed():
    with piped("\r") as p:
        assert p.text("Money?", default="0") == "0"
    with piped("5\r") as p:
        assert p.text("Money?", default="0") == "5"  # was "05"


def test_a_long_list_is_answered_by_number_or_by_part_of_a_name():
    choices = [Choice(f"Space {n}", n) for n in range(1, 31)] + [Choice("Bowl", "bowl")]
    assert pick("7", choices).value == 7
    assert pick(" ７ ", choices).value == 7  # fullwidth digit
    assert pick("bow", choices).value == "bowl"
    assert pick("space 30", choices).value == 30
    assert pick("space 1", choices).value == 1  # a whole name, though "Space 10" has it too
    for text in ["space", "32", "0", "", "zzz", "-1"]:
        with pytest.raises(InputError):
            pick(text, choices)
    with piped("12\r") as p:
        assert p.select("Where?", choices) == 12
    with piped("bo\r") as p:
        assert p.select("Where?", choices) == "bowl"


def test_the_scripted_prompter_counts_the_keys_of_the_real_prompts():
    long = [Choice(str(n), n) for n in range(20)]
    p = ScriptedPrompter([13, "bob", "42", True])
    p.select("Where?", long)  # "14" and Enter
    p.select("Who?", CHOICES)  # one down, Enter
    p.text("Bid?")  # "42" and Enter
    p.confirm("Sure?")  # y
    assert p.keystrokes == 3 + 2 + 3 + 1


#: every character a person could type as part of a number: decimal digits of all scripts,
#: other digits (superscripts, circled, fractions), letter numerals, signs and spaces
NUMERIC = "".join(ch for ch in map(chr, range(sys.maxunicode + 1))
                  if unicodedata.category(ch) in ("Nd", "No", "Nl", "Zs"))
NUMBER_TEXT = st.text(st.sampled_from(NUMERIC + "+-−﹣－＋﹢‐‑‒–_.,e \t"), max_size=12)


@given(NUMBER_TEXT)
def test_number_parsers_answer_any_digits_signs_and_spaces(text):
    value = parse_whole(text)
    assert value is None or isinstance(value, int)
    for check in (whole(), whole(1, 99)):
        assert check(text) is None or isinstance(check(text), str)
    if whole(0, 99)(text) is None:
        assert 0 <= parse_whole(text) <= 99
    try:
        pick(text, [Choice(f"Space {n}", n) for n in range(1, 31)])
    except InputError:
        pass


@pytest.mark.parametrize("key,answer", [
    ("y", True), ("Y", True), ("д", True), ("Д", True), ("s", True), ("S", True),
    ("n", False), ("N", False), ("н", False), ("Н", False),
])
def test_a_yes_no_question_takes_the_first_letter_of_yes_or_no_in_every_language(key, answer):
    with piped(key) as p:
        assert p.confirm("Sure?", default=not answer) is answer


def test_a_key_that_is_no_answer_is_ignored_and_enter_takes_the_default():
    with piped("x7\r") as p:
        assert p.confirm("Sure?", default=True) is True


@pytest.mark.parametrize("text,answer", [
    ("yes", True), ("Y", True), ("да", True), ("ДА", True), ("д", True), ("sí", True),
    ("Si", True), ("s", True), ("no", False), ("N", False), ("нет", False), ("Нет", False),
    ("н", False), ("maybe", None), ("", None), ("да нет", None),
])
def test_yes_and_no_are_read_in_every_language(text, answer):
    from referee.i18n.matching import yes_no

    assert yes_no(text) is answer
