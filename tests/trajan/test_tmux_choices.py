"""The two choices at a real terminal 80 columns wide, in English, Russian and Spanish: the
installed `referee --lang L trajan resume` under tmux, at a session stopped before a figures
question and at one stopped before a demands question. The second answer is picked with an
arrow; what is recorded is the JSON entry of the answer seen on the screen, and nothing
after it."""

from __future__ import annotations

import pytest

from referee.i18n import current_language, set_language
from referee.store import SessionStore
from referee.table import session as sessions
from referee.trajan.actions import from_json
from referee.trajan.ui.render import describe
from referee.trajan.ui.table import TRAJAN
from tests.terminal import referee, started

from .engine_helpers import before_first, choices_game

WIDTH = 80


def saved(tmp_path, doc: dict, kind: str, options: int) -> tuple[str, object]:
    """A session of the scenario stopped at its first ``kind`` question; and the game."""
    game, n = before_first(doc, kind, options)
    setup = TRAJAN.setup_from_json(doc["setup"])
    session, fresh = sessions.create(TRAJAN, SessionStore(tmp_path / "sessions"), setup)
    with session:
        sessions.apply_all(TRAJAN, session, fresh, [from_json(e) for e in doc["entries"][:n]])
    return session.id, game


def in_language(lang: str, game, entry) -> tuple[str, str, str]:
    """The question, the answer's line in the list and the question after it, in ``lang``."""
    before = current_language()
    set_language(lang)
    try:
        asked = TRAJAN.question_text(game.pending())
        label = describe(entry)
        game.apply(entry)
        following = TRAJAN.question_text(game.pending())
        game.undo()
    finally:
        set_language(before)
    return asked, label, following


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_both_choices_at_80_columns(tmp_path, lang):
    doc = choices_game()
    cases = []
    for kind, options in (("figures", 3), ("demands", 2)):
        sid, game = saved(tmp_path, doc, kind, options)
        chosen = game.legal_entries()[1]
        cases.append((sid, chosen, *in_language(lang, game, chosen)))
    command = []
    for n, (sid, *_rest) in enumerate(cases):
        command += [*referee(tmp_path, "--lang", lang, "trajan", "resume", sid), ";", "echo",
                    f"DONE{n}-$?", ";"]
    with started(tmp_path, command[:-1], width=WIDTH, height=50) as term:
        for n, (_sid, _chosen, asked, label, following) in enumerate(cases):
            screen = term.wait(asked[:30])
            assert label in screen
            term.keys("Down", "Enter")  # the second answer
            term.wait(following[:30])
            term.keys("Up", "Enter")  # quit: the last item of the list
            screen = term.wait(f"DONE{n}-0")
    wide = [line for line in screen.splitlines() if len(line.rstrip()) > WIDTH]
    assert wide == []
    for sid, chosen, *_texts in cases:
        with SessionStore(tmp_path / "sessions").open(sid) as session:
            entered = [e for e in session.events if e.source == "entered"]
        assert {k: v for k, v in entered[-1].payload.items() if k != "kind"} == \
            chosen.to_json()  # and nothing after it
        assert entered[-1].payload["kind"] == chosen.type
