"""The table layer on its own, with a game that is none of the three (``counting``): sessions,
the guided loop, undo, repair and the flow engine every generator game shares. Whatever
passes here holds for any game that keeps the contract."""

from __future__ import annotations

import pytest

from referee.errors import InputError, RuleViolation
from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.game import TableGame
from referee.table.guide import Guide
from referee.table.questions import Command, command_of
from tests.table.counting import Add, Counting, CountingTable, Setup

SETUP = Setup(("Ann", "Bob"), goal=5)


@pytest.fixture
def store(tmp_path):
    return SessionStore(tmp_path / "sessions")


def kinds(session) -> list[str]:
    return [e.type for e in session.effective_events()]


# ------------------------------------------------------------------------ the flow engine
def test_the_flow_engine_checks_before_it_changes_anything():
    game = Counting(SETUP)
    assert [r.message for r in game.log[0]] == ["First to {goal} wins"]
    assert game.legal_entries() == [Add("Ann", 1), Add("Ann", 2), Add("Ann", 3)]
    with pytest.raises(RuleViolation) as refused:
        game.apply(Add("Bob", 1))
    assert refused.value.rule.rule_id == "counting.turn" and game.history == []
    with pytest.raises(RuleViolation):
        game.check(Add("Ann", 4))
    assert game.fingerprint() == "0/0/None"


def test_the_flow_engine_undoes_replays_and_ends():
    game = Counting(SETUP)
    with pytest.raises(RuleViolation, match="Nothing to undo"):
        game.undo()
    for entry in (Add("Ann", 3), Add("Bob", 1)):
        game.apply(entry)
    assert game.undo() == Add("Bob", 1) and game.fingerprint() == "3/1/None"
    game.apply(Add("Bob", 2))
    assert game.pending() is None and game.legal_entries() == []
    assert game.outcome().winners == ["Bob"]
    with pytest.raises(RuleViolation, match="over"):
        game.apply(Add("Ann", 1))
    again = Counting.from_json(game.to_json())
    assert again.fingerprint() == game.fingerprint() == Counting.replay(
        SETUP, game.history).fingerprint()


def test_a_flow_game_can_take_up_after_entries_kept_elsewhere():
    game = Counting(SETUP, before=[Add("Ann", 1)])
    assert game.history == [Add("Ann", 1)] and game.log[0] == []  # their rulings: the journal


# ------------------------------------------------------------------------ sessions
def test_a_new_session_keeps_the_setup_and_its_rulings_in_one_write(store):
    table = CountingTable()
    session, game = sessions.create(table, store, SETUP, {"Ann": "red"}, {"lang": "es"})
    with session:
        assert session.header.options == {"players": ["Ann", "Bob"], "goal": 5,
                                          "ui": {"lang": "es"}}
        assert [p.colour for p in session.header.players] == ["red", None]
        assert kinds(session) == ["ruling"]
        assert sessions.ui_options(session) == {"lang": "es"}


def test_an_entry_is_recorded_with_its_rulings_and_the_end_with_the_outcome(store):
    table = CountingTable()
    session, game = sessions.create(table, store, SETUP)
    with session:
        sessions.apply_all(table, session, game, [Add("Ann", 3)])
        assert kinds(session)[1:] == ["add", "ruling"]
        assert session.entries()[-1].payload == {"type": "add", "player": "Ann", "amount": 3,
                                                 "kind": "add"}
        sessions.apply(table, session, game, Add("Bob", 2))
        assert kinds(session)[-3:] == ["ruling", "ruling", "outcome"]
        again = sessions.load(table, session)
        assert again.fingerprint() == game.fingerprint() == "5/2/Bob"


def test_a_refused_entry_in_a_batch_writes_nothing_and_keeps_the_game(store):
    table = CountingTable()
    session, game = sessions.create(table, store, SETUP)
    with session:
        before = kinds(session)
        with pytest.raises(RuleViolation):
            sessions.apply_all(table, session, game, [Add("Ann", 1), Add("Ann", 1)])
        assert kinds(session) == before and game.history == []


@pytest.mark.parametrize("hides", [False, True])
def test_only_a_game_that_asks_face_down_is_replayed_to_find_sealed_answers(store, monkeypatch,
                                                                          hides):
    """Where the journal carries no marks, the question pending says which answers are still
    face down; a game that never asks one face down has none, and is not replayed for it."""
    from referee.table.history import sealed_in

    table = CountingTable()
    table.hides_answers = hides
    session, game = sessions.create(table, store, SETUP)
    replays = []
    load = sessions.load
    monkeypatch.setattr(sessions, "load",
                        lambda *args, **kwargs: replays.append(1) or load(*args, **kwargs))
    with session:
        sessions.apply(table, session, game, Add("Ann", 1))
        assert sealed_in(table, session) == set()
    assert len(replays) == (1 if hides else 0)


def test_a_session_of_another_game_is_refused_by_name(store):
    session, _game = sessions.create(CountingTable(), store, SETUP)

    class Other(CountingTable):
        name, title = "other", "Other"

    with session, pytest.raises(InputError) as refused:
        sessions.setup_of(Other(), session)
    assert refused.value.params["expected"] == "Other"


def test_repair_withdraws_only_the_entries_that_no_longer_replay(store):
    table = CountingTable()
    session, game = sessions.create(table, store, SETUP)
    with session:
        sessions.apply(table, session, game, Add("Ann", 1))
        # an entry the rules refuse, as a hand edit leaves it, and a good one after it
        session.append([sessions.entry_draft(Add("Ann", 9), "add")])
        session.append([sessions.entry_draft(Add("Bob", 1), "add")])
        with pytest.raises(sessions.SessionReplayError):
            sessions.load(table, session)
        report = sessions.repair(table, session)
        assert (report["action"], report["entries"], report["kept"]) == ("withdrew", 1, 2)
        assert sessions.load(table, session).fingerprint() == "2/2/None"
        assert sessions.repair(table, session)["action"] == "none"


# ------------------------------------------------------------------------ the guided loop
def guide(table: CountingTable, store) -> Guide:
    session, game = sessions.create(table, store, SETUP)
    return Guide(table, session, game, prompter=None)  # type: ignore[arg-type]


def test_the_guided_loop_records_each_answer_until_the_end(store):
    table = CountingTable([Add("Ann", 3), Add("Bob", 2)])
    g = guide(table, store)
    with g.session:
        assert g.run() is True
        assert "Bob adds 2: 5" in table.told and table.told[-1] == "winner Bob"
        assert [e.payload["amount"] for e in g.session.entries()] == [3, 2]


def test_quit_stops_with_everything_saved_and_undo_takes_back_the_last_entry(store):
    table = CountingTable([Add("Ann", 1), Command.UNDO, Add("Ann", 2), Command.STATUS,
                           Command.QUIT])
    g = guide(table, store)
    with g.session:
        assert g.run() is False
        assert [e.payload["amount"] for e in g.session.entries()] == [2]
        assert "restart" in table.told and "total 2" in table.told
        assert g.game.fingerprint() == "2/1/None"


def test_the_table_commands_are_the_same_words_in_every_language():
    from referee.i18n import set_language

    assert command_of(" UNDO ") is Command.UNDO and command_of("undone") is None
    try:
        set_language("ru")
        assert command_of("отмена") is Command.UNDO and command_of("quit") is Command.QUIT
        set_language("es")
        assert command_of("salir") is Command.QUIT
    finally:
        set_language("en")


def test_a_table_game_must_supply_its_core_and_its_words():
    assert {"setup_from_json", "new_game", "entry_from_json", "describe", "view",
            "status_json", "print_status", "print_result"} <= TableGame.__abstractmethods__
    with pytest.raises(TypeError):
        type("Half", (TableGame,), {"name": "half", "title": "Half"})()
