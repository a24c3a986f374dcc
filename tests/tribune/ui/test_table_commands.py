"""help, status, undo and quit at every Tribune question, in English, Russian and Spanish,
typed in the session's language: each question kind is met in a scripted game (the
virtual deck's, and a physical deck's card turned up), and the guide carries the commands
out the same way at each. The setup's questions take them too."""

from __future__ import annotations

from functools import cache

import pytest

from referee.i18n import set_language, translator
from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.terminal.prompter import ScriptedPrompter
from referee.tribune.engine import Game
from referee.tribune.ui.table import TRIBUNE
from tests.robustness.helpers import new_session, script, setup

LANGUAGES = ["en", "ru", "es"]
SAID = {"en": ("Rule:", "Waiting for", "Took back:", "Saved."),
        "ru": ("Правило:", "Ждём ответа", "Отменено:", "Сохранено."),
        "es": ("Regla:", "Esperando", "Retirado:", "Guardado.")}


@cache
def first_of_each_kind() -> dict[str, int]:
    """Each question kind of the scripted game, and how many entries come before it."""
    game, found = Game(setup()), {}
    for i, entry in enumerate(script()):
        found.setdefault(game.pending().kind, i)
        game.apply(entry)
    return found


def words(lang: str) -> list[str]:
    _ = translator("core")
    set_language(lang)
    try:
        return [_(w) for w in ("help", "status", "undo", "no", "quit")]
    finally:
        set_language("en")


@pytest.mark.parametrize("kind", sorted(first_of_each_kind()))
def test_every_command_at_every_question_in_every_language(sessions_dir, capsys, kind):
    before = first_of_each_kind()[kind]
    sid = new_session(sessions_dir, max(before, 1))  # one entry at least, for undo
    for lang in LANGUAGES:
        with SessionStore(sessions_dir).open(sid, write=True) as session:
            entries = len(session.entries())
            game = sessions.load(TRIBUNE, session)
            # undo, then "no" (to "Undo anyway?", or refused at the question asked again)
            prompter = ScriptedPrompter(words(lang))
            set_language(lang)
            try:
                assert Guide(TRIBUNE, session, game, prompter).run() is False
            finally:
                set_language("en")
            assert prompter.answers == []
            undone = len(session.entries()) == entries - 1
        out = " ".join(capsys.readouterr().out.split())
        rule, status, took_back, saved = SAID[lang]
        assert rule in out and status in out and saved in out, (lang, out[-600:])
        assert took_back in out or not undone
        if undone:  # put the entry back for the next language
            with SessionStore(sessions_dir).open(sid, write=True) as session:
                game = sessions.load(TRIBUNE, session)
                sessions.apply(TRIBUNE, session, game, script()[entries - 1])


def test_the_commands_at_a_card_turned_up(tribune, answers):
    """A physical deck asks for each card turned up; every command works there too."""
    answers(ScriptedPrompter(["help", "status", "undo", "gla3", "undo", "yes", "quit"]))
    r = tribune("new", "--player", "Ann", "--player", "Bob", "--start", "Ann", "--edition",
                "ffg", "--points-variant", "--deck", "table", "--thermae", "2", "--bids",
                "hidden")
    out = " ".join(r.out.split())
    assert r.code == 0, r.err
    assert "Rule: Phase 1" in out and "Waiting for" in out and "Nothing to undo yet." in out
    assert "Took back: table: Gladiator 3 turned up" in out and "Saved." in out


def said(lang: str, domain: str, text: str) -> str:
    set_language(lang)
    try:
        return translator(domain)(text)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_commands_at_the_setup_questions(tribune, answers, sessions_dir, lang):
    """help says what a setup question needs, status that there is no game yet, undo goes
    back one question (at the first, it says the answers are kept), quit creates nothing."""
    help_, status, undo, _no, quit_ = words(lang)
    prompter = answers(ScriptedPrompter([help_, status, undo, "Ann, Bob", undo, "Ann, Bob",
                                         "1", quit_]))
    r = tribune("new", lang=lang)
    assert r.code == 130, r.err
    assert prompter.answers == []
    out = " ".join(r.out.split())
    for domain, text in [
            ("tribune", "Their names as the table calls them, in seat order around the "
                        "table, 2 to 5 of them."),
            ("core", "No game yet: the setup comes first."),
            ("core", "The answers before this question are kept; quit and start again to "
                        "change them."),
            ("core", "Back one question.")]:
        assert said(lang, domain, text) in out, (text, out)
    assert said(lang, "core", "Cancelled: no session was created.") in " ".join(r.err.split())
    assert SessionStore(sessions_dir).ids() == []
