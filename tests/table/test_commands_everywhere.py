"""help, status, undo and quit at every guided question of every game, in every language,
from one place (the guide): typed in English, Russian or Spanish whatever the session's
language, at whatever kind of question the game asks (a list, typed text, the kit's line).

Trajan's ``help`` used to raise AttributeError at any question; each game is resumed
here at several of its questions and answered with the command word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from referee.table.questions import Command
from referee.terminal import prompter as prompter_module
from referee.terminal.asking import Line, Refusal
from tests.robustness.helpers import new_session

WORDS = {Command.HELP: ("help", "помощь", "ayuda"),
         Command.STATUS: ("status", "состояние", "estado"),
         Command.UNDO: ("undo", "отмена", "deshacer"),
         Command.QUIT: ("quit", "выход", "salir")}


class Commanding:
    """Answers every question with ``words`` typed in turn (a list offers the command's
    item), then quits; records what was asked."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = list(words)
        self.asked: list[str] = []

    def _word(self, message: str) -> str:
        self.asked.append(message)
        return self.words.pop(0) if self.words else "quit"

    def select(self, message: str, choices: Sequence[Any], default: Any = None) -> Any:
        from referee.table.questions import command_of

        return command_of(self._word(message))

    def text(self, message: str, *, default: str = "", validate: Any = None,
             completions: Any = ()) -> str:
        word = self._word(message)
        assert validate is None or validate(word) is None, validate(word)
        return word

    def secret(self, message: str, *, validate: Any = None) -> str:
        return self.text(message, validate=validate)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        self.asked.append(message)
        return False

    def checkbox(self, message: str, choices: Sequence[Any]) -> list[Any]:
        raise AssertionError("no guided question is a checkbox")

    def line(self, line: Line, resolve: Any, *, error: str = "") -> Any:
        word = self._word(line.message)
        try:
            return resolve(word, None)
        except Refusal as refusal:
            raise AssertionError(refusal.text) from None


def sessions_of(cli, sessions_dir, game: str) -> str:
    if game == "tribune":
        return new_session(sessions_dir, 0)
    new = {"concordia": ("--player", "Ann", "--player", "Bob", "--player", "Cid", "--map",
                         "imperium", "--seed", "5", "--start", "Ann"),
           "trajan": ("--player", "Ann", "--player", "Bob", "--seed", "3")}[game]
    made = cli(game, "new", *new, "--no-play", "--json")
    assert made.code == 0, made.err
    return made.json()["id"]


@pytest.mark.parametrize("game", ["tribune", "concordia", "trajan"])
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_every_command_word_in_every_language_at_a_games_first_question(
        cli, sessions_dir, monkeypatch, game, lang):
    sid = sessions_of(cli, sessions_dir, game)
    words = [WORDS[c][i] for c in (Command.HELP, Command.STATUS, Command.UNDO)
             for i in range(3)]
    prompter = Commanding([*words, WORDS[Command.QUIT][("en", "ru", "es").index(lang)]])
    monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: prompter)
    monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
    result = cli("--lang", lang, game, "resume", sid)
    assert result.code == 0, result.err
    assert prompter.words == []
    assert len(set(prompter.asked)) == 1, prompter.asked  # the same question, asked again
    assert result.out.count(rule_word(lang)) == 3  # help, in three words
    assert "Traceback" not in result.out + result.err


def rule_word(lang: str) -> str:
    from referee.i18n import catalog

    return catalog("core", lang).gettext("Rule: {rule}").split("{")[0]
