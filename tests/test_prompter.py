"""Prompts: the questionary adapter driven through pipes, the scripted fake, Ctrl-C."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.cli import prompter as prompter_module
from referee.cli.prompter import Choice, QuestionaryPrompter, ScriptedPrompter
from referee.errors import Cancelled, InputError

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

    fake = types.ModuleType("fake_game_cli")
    fake.app = typer.Typer()

    @fake.app.command()
    def fail() -> None:
        raise typer.Exit(3)

    @fake.app.command()
    def succeed() -> None:
        pass

    monkeypatch.setitem(sys.modules, "fake_game_cli", fake)
    monkeypatch.setattr(app_module, "GAME_COMMANDS", [("fake", "fake_game_cli")])
    assert cli("fake", "fail").code == 3
    assert cli("fake", "succeed").code == 0
