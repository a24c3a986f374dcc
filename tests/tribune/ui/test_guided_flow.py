"""The guided loop: a whole game, interrupt and resume, undo and the table commands."""

from __future__ import annotations

import json

from referee.errors import Cancelled
from referee.store import SessionStore
from referee.table import session as sessions
from referee.terminal.prompter import ScriptedPrompter
from referee.tribune.actions import Place, Reveal
from referee.tribune.cards import parse_card
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.table import TRIBUNE
from tests.tribune.ui.helpers import ActionPrompter, self_play
from tests.tribune.ui.test_guided_table import ROUND_1, ROUND_2, SETUP

VIRTUAL = ["--player", "Ann:red", "--player", "Bob:blue", "--player", "Cid", "--start", "Bob",
           "--edition", "heidelberger", "--points-variant", "--deck", "virtual",
           "--thermae", "3", "--seed", "11", "--bids", "open"]


def only_session(sessions_dir):
    store = SessionStore(sessions_dir)
    (session_id,) = store.ids()
    return store, session_id


def test_a_whole_virtual_game_through_the_prompts(tribune, answers, sessions_dir):
    setup = Setup.create(["Ann", "Bob", "Cid"], "Bob", edition="heidelberger",
                         deck_mode="virtual", seed=11, settings={"thermae_fields": 3})
    actions = self_play(setup, seed=5)
    expected = Game.replay(setup, actions)
    assert expected.final_score() is not None and expected.state.round >= 3
    prompter = answers(ActionPrompter(actions))
    r = tribune("new", *VIRTUAL)
    assert r.code == 0, r.err
    assert prompter.script == [] and len(prompter.asked) == len(actions)
    store, session_id = only_session(sessions_dir)
    with store.open(session_id) as session:
        game = sessions.load(TRIBUNE, session)
        outcome = session.last_effective("outcome").payload
        assert len(session.entries()) == len(actions)
    assert game.fingerprint() == expected.fingerprint()
    scores = {s.name: s.total for s in expected.final_score().scores}
    assert {s["player"]: s["score"] for s in outcome["standings"]} == scores
    assert "Final score" in r.out and "Sesterzen" in r.out
    # this seed runs the deck dry: reshuffles and the important event are called out loud
    loud = [line for line in r.out.splitlines() if line.startswith("» ")]
    assert any("shuffled into a new draw pile" in line for line in loud)
    assert any("discard pile: important event" in line for line in loud)
    assert f"Round {expected.state.round} · Phase 6: chariot auction" in r.out
    # the finished game exports as a BG Stats play with the winner marked
    play = tribune("status", "--json").json()["result"]
    assert play["winners"] == list(expected.final_score().winners)


def test_interrupt_mid_phase_then_resume_loses_nothing(tribune, answers, sessions_dir,
                                                       monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    cut = 20  # inside phase 2 of round 1, just after the Atrium cards
    answers(ActionPrompter(SETUP + ROUND_1[:cut] + [Cancelled]))
    first = tribune("new")
    assert first.code == 130 and "saved" in first.err
    store, session_id = only_session(sessions_dir)
    with store.open(session_id) as session:
        assert len(session.entries()) == cut
        assert sessions.load(TRIBUNE, session).pending().kind == "place"
    prompter = answers(ActionPrompter(ROUND_1[cut:] + ROUND_2))
    again = tribune("resume", session_id[:8])
    assert again.code == 0, again.err
    assert prompter.script == []
    with store.open(session_id) as session:
        result = session.last_effective("outcome").payload
    assert {s["player"]: s["score"] for s in result["standings"]} == {"Ann": 13, "Bob": 10}


def test_quit_saves_and_resume_asks_the_same_question(tribune, answers, sessions_dir):
    answers(ActionPrompter(SETUP + ROUND_1[:14] + ["quit"]))
    r = tribune("new")
    assert r.code == 0 and "referee tribune resume" in r.out
    store, session_id = only_session(sessions_dir)
    prompter = answers(ScriptedPrompter([Cancelled]))
    tribune("resume")
    assert prompter.asked == ["Ann: place a follower (6 left)"]


def test_undo_at_a_prompt_warns_about_a_revealed_card(tribune, answers, sessions_dir):
    # two Thermae cards entered, then undo (confirmed), then the second card again
    answers(ScriptedPrompter(SETUP + ["gla3", "leg2", "undo", "yes", "leg9", Cancelled]))
    r = tribune("new")
    assert r.code == 130
    assert "Careful: this takes back an entry that showed cards (Legate 2)" in r.out
    assert "Took back: table: Legate 2 turned up" in r.out
    store, session_id = only_session(sessions_dir)
    with store.open(session_id) as session:
        cards = [e.payload["card"] for e in session.entries()]
        assert cards == ["gla3", "leg9"]
        assert session.events[-1].type != "undo"  # the undo event sits before leg9
        assert any(e.type == "undo" for e in session.events)


def test_undo_declined_changes_nothing(tribune, answers, sessions_dir):
    answers(ScriptedPrompter(SETUP + ["gla3", "undo", "no", Cancelled]))
    tribune("new")
    store, session_id = only_session(sessions_dir)
    with store.open(session_id) as session:
        assert [e.payload["card"] for e in session.entries()] == ["gla3"]
        assert not any(e.type == "undo" for e in session.events)


def test_status_and_help_at_a_select_prompt(tribune, answers, sessions_dir):
    from referee.table.questions import Command

    answers(ActionPrompter(SETUP + ROUND_1[:14] + [Command.STATUS, Command.HELP,
                                                   Place("Ann", "bowl"), Cancelled]))
    r = tribune("new")
    assert "Waiting for: Ann: place a follower (6 left)" in r.out
    assert "Rule: Phase 2: followers in seat order" in r.out
    assert "Ann takes 7 denarii" in r.out


def test_a_typed_card_the_referee_cannot_accept_is_asked_again(tribune, answers):
    # a leader is unique: a second gla0 cannot be turned up, and the question is asked again
    prompter = answers(ScriptedPrompter(SETUP + ["gla0", "gla0", "sen4", Cancelled]))
    r = tribune("new")
    assert r.code == 130
    assert prompter.refusals == ["gla0 cannot be there: the deck has 1 copy, known "
                                 "elsewhere: 1 (rule: Cards known to the referee)"]
    assert prompter.asked[-3:] == ["Which card is turned up at Thermae 2?"] * 2 + [
        "Which card is turned up at Forum Romanum 1?"]


def test_nothing_prompts_off_a_terminal(tribune):
    r = tribune("new", "--player", "Ann")
    assert r.code == 2 and "--edition" in r.err


def test_new_with_every_flag_off_a_terminal_creates_the_session(tribune, sessions_dir):
    r = tribune("new", *VIRTUAL)
    assert r.code == 0 and "referee tribune enter" in r.out
    store, session_id = only_session(sessions_dir)
    with store.open(session_id) as session:
        assert session.header.players[0].colour == "red"
        assert session.header.start_player == "Bob"
        assert sessions.load(TRIBUNE, session).pending().kind == "opening_discard"


def test_reveal_entry_records_actor_table(sessions_dir):
    setup = Setup.create(["Ann", "Bob"], "Ann", settings={"thermae_fields": 2})
    session, game = sessions.create(TRIBUNE, SessionStore(sessions_dir), setup)
    with session:
        sessions.apply(TRIBUNE, session, game, Reveal(parse_card("sen4")))
        entry = session.entries()[0]
    assert (entry.actor, entry.type, entry.payload["kind"]) == ("table", "reveal", "reveal")
    assert entry.round == 1 and entry.phase == "cards"


def test_an_entered_victory_card_is_saved_and_offered_next_time(tribune, answers, tmp_path,
                                                                monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))
    card = ["type in", "Pecunia Non Olet", "long", "yes", "no", "8", "no", "4", "no", "30",
            "no", "4", "no", "4", "yes"]  # … and yes, save it
    answers(ScriptedPrompter(["Ann, Bob", "no colour", "no colour", "Ann", "ffg", *card,
                              Cancelled]))
    assert tribune("new").code == 130  # stopped at the deck question: nothing created yet
    saved = json.loads((tmp_path / "data" / "tribune" / "victory_cards.json").read_text())
    assert saved["cards"]["pecunia-non-olet-long"]["needed"] == {"2": 4}
    prompter = answers(ScriptedPrompter(["Ann, Bob", "no colour", "no colour", "Ann", "ffg",
                                         "saved: Pecunia Non Olet (long)", Cancelled]))
    tribune("new")
    assert prompter.asked[-1] == "Deck:"


def test_the_guided_game_speaks_spanish(tribune, answers, monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    answers(ActionPrompter(SETUP + ROUND_1[:9] + [Cancelled]))
    out = tribune("new", lang="es").out
    assert "Ronda 1 · Fase 1: cartas al tablero" in out
    assert "Espacio 1 de la Curia: descubra cartas de una en una hasta que diga alto." in out


def test_resume_speaks_the_language_the_game_was_started_in(tribune, answers, sessions_dir):
    answers(ActionPrompter(SETUP + ROUND_1[:14] + ["quit"]))
    assert tribune("new", lang="ru").code == 0
    prompter = answers(ScriptedPrompter([Cancelled]))
    tribune("resume")  # no --lang: still Russian
    assert prompter.asked == ["Ann: поставьте Последователя (осталось 6)"]
    prompter = answers(ScriptedPrompter([Cancelled]))
    tribune("resume", lang="es")  # --lang given again wins
    assert prompter.asked == ["Ann: coloque un seguidor (quedan 6)"]


def test_a_guided_game_shows_the_physical_setup_before_the_first_question(tribune, answers):
    answers(ScriptedPrompter(SETUP + ["quit"]))
    out = tribune("new").out
    assert "Set up the table:" in out
    assert out.index("Set up the table:") < out.index("Saved. Continue with")
    assert "followers of their colour; the rest stay in the box." in " ".join(out.split())
