"""Long error messages at 80 columns, in every language: folded at spaces only (never
inside a word, a path or a quoted command that fits), continuation lines indented, the text
itself unchanged, and shown as text (brackets are never read as markup). A program reading
standard error gets each message on one line."""

from __future__ import annotations

import json
import sys

import pytest
from rich.cells import cell_len

from referee.errors import InputError, InputErrors
from referee.i18n import N_, set_language
from referee.store.errors import SessionDamaged
from referee.store.journal import CHANGED
from referee.terminal import messages as errors
from referee.terminal.output import INDENT, fold
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.rulebook import ref
from tests.robustness.helpers import new_session, script

WIDTH = 80
LONG_PATH = "/home/someone/.local/share/referee/sessions/" + "nested-folder/" * 3 + \
    "20261126-013905-7432.json"


def long_messages() -> list[str]:
    refused = TribuneRuleViolation(N_("Wrong number of cards: {count} named, {sizes} needed"),
                                   sizes="1", count=3,
                                   rule=ref("tribune.phase5.legion", "heidelberger",
                                            confirmed=False))
    damaged = SessionDamaged(LONG_PATH, 5, CHANGED, {}, "20261126-013905-7432")
    several = InputErrors([InputError(N_("Two players are called {name}"), name="[/]"),
                           InputError(N_("Player {n} needs a name"), n=2)])
    return [errors.message(refused), errors.message(damaged), errors.summary(several)]


def assert_folded(text: str, lines: list[str]) -> None:
    assert lines[0] == lines[0].lstrip()
    for line in lines[1:]:
        assert line.startswith(INDENT) and line[len(INDENT)] != " "
    for line in lines:
        alone = " " not in line.strip()  # a path longer than a line stands on its own
        assert cell_len(line) <= WIDTH or alone, line
    assert " ".join(line.strip() for line in lines).split() == text.split()
    words = set(text.split())
    assert all(w in words for line in lines for w in line.split())  # no word cut


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_long_messages_fold_at_80_columns(lang, monkeypatch):
    monkeypatch.setattr("referee.limits.last_file", ("/tmp/some/where/players.json", ""))
    set_language(lang)
    try:
        for text in long_messages():
            assert len(text) > WIDTH
            assert_folded(text, fold(text, WIDTH))
    finally:
        set_language("en")


def test_a_quoted_command_that_fits_is_kept_on_one_line():
    text = errors.message(SessionDamaged(LONG_PATH, 5, CHANGED, {}, "20261126-013905-7432"))
    command = "'referee sessions repair 20261126-013905-7432'"
    assert command in text
    assert any(command in line for line in fold(text, WIDTH))
    assert LONG_PATH in [line.strip() for line in fold(text, WIDTH)]


def test_a_quoted_name_keeps_the_punctuation_written_against_it():
    text = ("Жетон форума лицом вверх в каждую провинцию: Альпы: жетон «любой товар», "
            "Реция: хлеб, Норик: «любая потребность»; Нарбонская Галлия: “вино”.")
    lines = fold(text, 40)
    assert_folded(text, lines)
    assert "«любой товар»," in " ".join(lines)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_errors_at_an_80_column_terminal(cli, sessions_dir, monkeypatch, lang):
    """Through the command line: a refused entry and a damaged session."""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # standard error is a terminal...
    monkeypatch.setenv("COLUMNS", str(WIDTH))  # ...80 columns wide
    sid = new_session(sessions_dir, 3)
    path = sessions_dir / f"{sid}.json"
    refused = cli("--lang", lang, "tribune", "enter", sid, "--entry",
                  json.dumps(script()[5].to_json()))
    lines = refused.err.rstrip("\n").split("\n")
    assert refused.code == 2
    assert_folded(" ".join(line.strip() for line in lines), lines)
    raw = path.read_bytes()
    path.write_bytes(raw.replace(b'"Ann"', b'"Ana"', 1))
    damaged = cli("--lang", lang, "tribune", "status", sid)
    lines = damaged.err.rstrip("\n").split("\n")
    assert damaged.code == 2 and len(lines) > 1
    assert_folded(" ".join(line.strip() for line in lines), lines)
    assert str(path) in [w for line in lines for w in line.split()]  # the path is whole
    assert "\x1b" not in damaged.err


def test_brackets_in_an_error_are_text_at_a_terminal(cli, monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    result = cli("sessions", "show", "[bold]x[/bold] [/]")
    assert result.code == 2 and "[bold]x[/bold] [/]" in result.err


def test_a_program_reading_standard_error_gets_one_line(cli, sessions_dir, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    sid = new_session(sessions_dir, 3)
    path = sessions_dir / f"{sid}.json"
    path.write_bytes(path.read_bytes().replace(b'"Ann"', b'"Ana"', 1))
    result = cli("tribune", "status", sid)
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1
    assert len(result.err.strip()) > WIDTH


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_an_entry_s_lines_fold_at_a_terminal_and_stay_whole_for_a_program(cli, sessions_dir,
                                                                          monkeypatch, lang):
    """``enter`` prints its rulings and the next question as lines of text (no Rich): folded
    like errors at a terminal, one line each for a program."""
    width = 40
    monkeypatch.setenv("COLUMNS", str(width))
    sid = new_session(sessions_dir, 3)
    entry = ["--lang", lang, "tribune", "enter", sid, "--entry",
             json.dumps(script()[3].to_json())]
    piped = cli(*entry)
    assert piped.code == 0, piped.err
    whole = piped.out.rstrip("\n").split("\n")
    assert any(cell_len(line) > width for line in whole)  # not wrapped for a program
    cli("tribune", "undo", sid)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    shown = cli(*entry)
    folded = shown.out.rstrip("\n").split("\n")
    assert len(folded) > len(whole)
    assert all(cell_len(line) <= width or " " not in line.strip() for line in folded)
    assert " ".join(folded).split() == " ".join(whole).split()  # the same words, uncut


@pytest.mark.parametrize(("env", "terminal"), [
    ({"TTY_COMPATIBLE": "1"}, True), ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, False),
    ({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": ""}, False), ({}, False),
])
def test_a_line_is_folded_where_rich_would_see_a_terminal(env, terminal, monkeypatch):
    """The lines written without Rich and the tables Rich draws agree on what a terminal is."""
    from rich.console import Console

    from referee.terminal import output

    for name in ("TTY_COMPATIBLE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert output._is_terminal(sys.stdout) is terminal is Console().is_terminal


def test_control_characters_in_a_line_are_shown_escaped(capsys, monkeypatch):
    from referee.terminal.output import print_line

    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    print_line("Ann\x1b[2J\x07 paid 5\N{NO-BREAK SPACE}denarii\x9b")
    assert capsys.readouterr().out == "Ann\\x1b[2J\\x07 paid 5\N{NO-BREAK SPACE}denarii\\x9b\n"
