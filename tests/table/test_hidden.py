"""The one policy for hidden answers, tested for every hidden question of every game.

A sealed answer (Tribune's Atrium and chariot bids, its Field of Mars pairs) is shown by
nothing that turns the journal into text (undo's notice, log, explain, their --json)
while its run goes on, and by all of them once the rules have revealed it. Concordia and
Trajan ask no hidden question: the contract's games say so, and the test fails when one
starts to, so that its questions are added here.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from referee.concordia.box import load_box
from referee.store import SessionStore
from referee.table import hidden
from referee.tribune.engine import Game
from referee.tribune.ui.table import TRIBUNE
from tests.robustness.helpers import new_session, script, setup


@cache
def sealed_runs() -> dict[str, tuple[int, int]]:
    """For each hidden question kind of the scripted Tribune game: the index of its first
    answer given while the run goes on, and the index of the answer that ends that run."""
    game, found, open_at = Game(setup()), {}, {}
    for i, entry in enumerate(script()):
        asked = game.pending()
        game.apply(entry)
        following = game.pending()
        if not asked.hidden:
            continue
        goes_on = following is not None and following.hidden and following.kind == asked.kind
        if goes_on:
            open_at.setdefault(asked.kind, i)
        elif asked.kind in open_at and asked.kind not in found:
            found[asked.kind] = (open_at[asked.kind], i)
    return found


def test_every_hidden_kind_is_covered():
    assert set(sealed_runs()) == {"atrium_bid", "chariot_bid", "mars"}


@pytest.mark.parametrize("marked", [True, False], ids=["marked", "journal-without-marks"])
@pytest.mark.parametrize("kind", ["atrium_bid", "chariot_bid", "mars"])
def test_a_sealed_answer_is_shown_by_nothing_until_the_rules_reveal_it(cli, sessions_dir,
                                                                       monkeypatch, kind,
                                                                       marked):
    """``journal-without-marks``: recorded before the kit marked hidden answers; the
    question pending says what is still face down."""
    first, last = sealed_runs()[kind]
    entry = script()[first]
    said = TRIBUNE.describe(entry, "ffg", kind)
    if not marked:
        monkeypatch.setattr("referee.table.session.marks", lambda asked, following: {})
    sid = new_session(sessions_dir, first + 1)
    with SessionStore(sessions_dir).open(sid) as session:
        seq = session.entries()[-1].seq
        assert session.entries()[-1].payload.get(hidden.SEALED) is (True if marked else None)

    shown = [cli("tribune", "log", sid), cli("tribune", "log", sid, "--json"),
             cli("tribune", "explain", sid, str(seq)),
             cli("tribune", "explain", sid, str(seq), "--json"),
             cli("tribune", "status", sid, "--json")]
    for result in shown:
        assert result.code == 0, result.err
        assert said not in result.out, result.out
    assert f"{entry.player}: an answer given face down" in shown[0].out
    for whole in (("sessions", "show", sid, "--json"),
                  ("sessions", "export", sid, "--format", "json")):
        [event] = [e for e in cli(*whole).json()["events"] if e["seq"] == seq]
        assert event["payload"] == {"kind": kind, "hidden": True, "sealed": True}, whole
    undone = cli("tribune", "undo", sid)
    assert undone.code == 0 and said not in undone.out
    assert f"Took back: {entry.player}: an answer given face down" in undone.out


@pytest.mark.parametrize("kind", ["atrium_bid", "chariot_bid", "mars"])
def test_the_answers_show_once_the_run_has_ended(cli, sessions_dir, kind):
    first, last = sealed_runs()[kind]
    sid = new_session(sessions_dir, last + 1)
    said = TRIBUNE.describe(script()[first], "ffg", kind)
    assert said in cli("tribune", "log", sid).out
    with SessionStore(sessions_dir).open(sid) as session:
        entries = session.entries()
    exported = cli("sessions", "export", sid, "--format", "json").json()["events"]
    [opening] = [e for e in exported if e["seq"] == entries[first].seq]
    assert hidden.payload_of(opening["payload"]) == {**script()[first].to_json(), "kind": kind}
    assert hidden.unrevealed(entries) == set()
    # undoing the entry that opened them seals them again
    assert hidden.unrevealed(entries[:-1])


def test_the_guided_undo_confirms_before_it_takes_back_the_opening_answer(sessions_dir):
    from referee.table import session as sessions
    from referee.table.guide import Guide
    from referee.terminal.prompter import ScriptedPrompter

    first, last = sealed_runs()["atrium_bid"]
    sid = new_session(sessions_dir, last + 1)
    with SessionStore(sessions_dir).open(sid, write=True) as session:
        game = sessions.load(TRIBUNE, session)
        guide = Guide(TRIBUNE, session, game, ScriptedPrompter(["no"]))
        entries = session.entries()
        before = sessions.load(TRIBUNE, session, len(entries) - 1)
        assert "answers given face down" in guide.warning(
            entries, hidden.unrevealed(entries, game.pending()), before.pending())
        guide.undo()  # the table says no
        assert len(session.entries()) == last + 1


@pytest.mark.parametrize("marked", [True, False], ids=["marked", "journal-without-marks"])
@pytest.mark.parametrize("kind", ["atrium_bid", "chariot_bid", "mars"])
def test_undo_at_the_next_answer_of_a_run_says_whose_not_what(sessions_dir, monkeypatch,
                                                                capsys, kind, marked):
    """``undo`` typed at the next bidder's question withdraws the last bid without saying
    it, in a journal with or without the kit's marks."""
    from referee.table import session as sessions
    from referee.table.guide import Guide
    from referee.terminal.prompter import ScriptedPrompter

    first, _last = sealed_runs()[kind]
    entry = script()[first]
    if not marked:
        monkeypatch.setattr("referee.table.session.marks", lambda asked, following: {})
    sid = new_session(sessions_dir, first + 1)
    with SessionStore(sessions_dir).open(sid, write=True) as session:
        guide = Guide(TRIBUNE, session, sessions.load(TRIBUNE, session),
                      ScriptedPrompter([]))
        guide.undo()
        assert len(session.entries()) == first
    out = capsys.readouterr().out
    assert f"Took back: {entry.player}: an answer given face down" in " ".join(out.split())
    assert TRIBUNE.describe(entry, "ffg", kind) not in out


@pytest.mark.parametrize("seed", [1, 2])
def test_no_other_game_asks_a_hidden_question(seed):
    """Concordia and Trajan have no face-down answer today; a game that starts to ask one
    must add its questions to the tests above."""
    from referee.concordia.engine import Game as Concordia
    from referee.concordia.simulate import play_random
    from referee.trajan.engine import Game as Trajan
    from referee.trajan.simulate import random_game

    played = [play_random(load_box(), "imperium", 3, seed)[0],
              random_game(3, seed, check_every=False, eager=0.9).game]
    for done in played:
        game = (Concordia(done.setup, load_box()) if isinstance(done, Concordia)
                else Trajan(done.setup))
        for entry in done.history:
            assert not game.pending().hidden, game.pending()
            game.apply(entry)


def test_only_tribune_says_it_asks_face_down():
    """A journal is replayed to find sealed answers without marks only for a game that says
    it asks face down: Tribune, whose hidden kinds are covered above; the others ask none
    (the test above), and say so."""
    from referee.table.games import TABLES, table_of

    assert {name for name in TABLES if table_of(name).hides_answers} == {"tribune"}


def test_marks_are_kept_apart_from_the_entry():
    payload = {"type": "bid", "player": "Ann", "amount": 3, "kind": "atrium_bid",
               hidden.HIDDEN: True, hidden.SEALED: True}
    assert hidden.payload_of(payload) == {"type": "bid", "player": "Ann", "amount": 3,
                                          "kind": "atrium_bid"}
    assert json.dumps(hidden.payload_of(payload))
