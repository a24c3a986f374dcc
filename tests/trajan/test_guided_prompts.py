"""The guided loop at a (scripted) terminal: setup questions, a turn, status, undo, quit
and resume. Answers are the values the prompts offer, so nothing here can do what a person
at the keyboard could not."""

from __future__ import annotations

import pytest

from referee.store import SessionStore
from referee.table.questions import Command
from referee.terminal import prompter as prompter_module
from referee.terminal.prompter import ScriptedPrompter
from referee.trajan import actions as a
from referee.trajan.ui.table import TRAJAN

MARKERS = "yo,gw,pb,yo,gw,pb"


@pytest.fixture
def answers(monkeypatch):
    def use(script):
        prompter = ScriptedPrompter(script)
        monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: prompter)
        monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
        return prompter
    return use


SETUP = [MARKERS, MARKERS,
         *(a.Choose(p, "deck") for p in ("Ann",) * 3 + ("Bob",) * 3),
         a.StartTiles("Ann", ("vp", "plus2", "cards")),
         a.StartTiles("Bob", ("vp", "plus2", "cards"))]


def test_setup_a_turn_status_undo_quit_and_resume(cli, answers, sessions_dir):
    # sow tray I as orange then yellow; look at the table; take it back; sow it again in
    # the order the tray holds (an empty answer); quit
    script = answers([*SETUP, 0, "oy", Command.STATUS, Command.UNDO, 0, "", Command.QUIT])
    r = cli("trajan", "new", "--player", "Ann", "--player", "Bob", "--seed", "3")
    assert r.code == 0, r.err
    assert script.answers == []
    assert "Quarter 1, round 1" in r.out and "Took back: Ann sows tray I" in r.out
    assert "Continue with: referee trajan resume" in r.out
    (sid,) = SessionStore(sessions_dir).ids()
    with SessionStore(sessions_dir).open(sid) as session:
        sows = [e.payload for e in session.entries() if e.type == "sow"]
    assert sows == [{"type": "sow", "player": "Ann", "tray": "I", "order": "yo", "kind": "sow"}]
    answers([Command.QUIT])
    resumed = cli("trajan", "resume")
    assert resumed.code == 0 and "Continue with" in resumed.out


def test_a_typed_answer_the_core_refuses_is_not_accepted(cli, answers):
    answers(["yyy,gw,pb,yo,gw,pb"])
    r = cli("trajan", "new", "--player", "Ann", "--player", "Bob")
    assert r.code == 2 and "refused" in r.err and "2 markers" in r.err


@pytest.mark.parametrize("kind", ["figures", "demands"])
def test_the_two_choices_are_asked_and_recorded_as_their_json_entry(cli, answers, tmp_path,
                                                                     sessions_dir, kind):
    """A session stopped at a figures or a demands question (``replay --save``): the guided
    game lists the legal answers, the one picked (not the first: 1 of a 2-figure tile, a
    dearer way to meet the demands) is recorded exactly as ``enter`` records the same JSON,
    with the same rulings."""
    import json

    from .engine_helpers import before_first, choices_game

    doc = choices_game()
    game, n = before_first(doc, kind, options=3 if kind == "figures" else 2)
    chosen = game.legal_entries()[1]
    actor = game.pending().actor
    assert (chosen == a.Figures(actor, 1)) if kind == "figures" else (
        isinstance(chosen, a.Demands) and chosen.player == actor)
    scenario = tmp_path / "upto.json"
    scenario.write_text(json.dumps({**doc, "entries": doc["entries"][:n]}), encoding="utf-8")
    ids: list[str] = []
    for _ in range(2):  # two copies: one answered at the prompt, one by JSON
        assert cli("trajan", "replay", str(scenario), "--save").code == 0
        ids += set(SessionStore(sessions_dir).ids()) - set(ids)
    script = answers([chosen, Command.QUIT])
    assert cli("trajan", "resume", ids[0]).code == 0
    assert script.answers == [] and script.asked[0] == TRAJAN.question_text(game.pending())
    typed = cli("trajan", "enter", ids[1], "--entry", json.dumps(chosen.to_json()))
    assert typed.code == 0, typed.err
    recorded = []
    for sid in ids:
        with SessionStore(sessions_dir).open(sid) as session:
            last = max(i for i, e in enumerate(session.events) if e.source == "entered")
            recorded.append([(e.type, e.payload) for e in session.events[last:]])
    assert recorded[0] == recorded[1]
    assert recorded[0][0] == (kind, {**chosen.to_json(), "kind": kind})


@pytest.mark.parametrize("kind, said", [
    ("figures", "pass places none"), ("demands", "A demand that can be met must be met"),
    ("sow", "Rule: Sowing the action markers")])
def test_help_at_a_question_says_its_rule_and_what_the_choice_means(cli, answers, tmp_path,
                                                                    kind, said):
    import json

    from .engine_helpers import before_first, choices_game

    doc = choices_game()
    _game, n = before_first(doc, kind, options=0 if kind == "sow" else 2)
    scenario = tmp_path / "upto.json"
    scenario.write_text(json.dumps({**doc, "entries": doc["entries"][:n]}), encoding="utf-8")
    assert cli("trajan", "replay", str(scenario), "--save").code == 0
    answers([Command.HELP, Command.QUIT])
    shown = cli("trajan", "resume")
    assert shown.code == 0, shown.err
    assert said in " ".join(shown.out.split())
