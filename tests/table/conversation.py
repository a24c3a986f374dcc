"""A game begun at the guided table with the answers typed as a person types them
(``ScriptedPrompter.line`` reads each like the real question line), then quit: the shared
part of each game's conversation tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.store import SessionStore
from referee.terminal import prompter as prompter_module
from referee.terminal.prompter import ScriptedPrompter


class Played:
    def __init__(self, result: Any, prompter: ScriptedPrompter, entries: list[dict]) -> None:
        self.result, self.prompter, self.entries = result, prompter, entries

    @property
    def out(self) -> str:
        return " ".join(self.result.out.split())


def play_new(cli, sessions_dir, monkeypatch, argv: Sequence[str], answers: Sequence[Any],
             lang: str = "en") -> Played:
    """``referee --lang LANG ARGV`` (a ``GAME new``) answered by ``answers`` then quit; every
    answer is used, and the entries the new session recorded are its payloads."""
    prompter = ScriptedPrompter([*answers, "quit"])
    monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: prompter)
    monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
    store = SessionStore(sessions_dir)
    before = set(store.ids())
    result = cli("--lang", lang, *argv)
    assert result.code == 0, result.err
    assert prompter.answers == [], prompter.answers
    (made,) = set(store.ids()) - before
    with store.open(made) as session:
        entries = [e.payload for e in session.entries()]
    return Played(result, prompter, entries)
