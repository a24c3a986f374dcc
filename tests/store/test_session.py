"""Session behaviour on real files: append, reopen, undo, corrections, formats."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.store import EventDraft, SessionStore
from referee.store.errors import NothingToUndo, SessionAmbiguous, SessionNotFound, SessionTooNew
from tests.store.helpers import derived, entry, new_session


def test_events_survive_reopening_in_order_with_numbers_and_causes(store):
    with new_session(store) as s:
        s.append([entry(1), derived(1)])
        s.append([entry(2)])
        sid = s.id
    with store.open(sid) as s:
        assert [(e.seq, e.type, e.cause) for e in s.events] == [
            (1, "note", None), (2, "payout", 1), (3, "note", None)]
        assert s.header.player_names == ["Ann", "Bob", "Cid"]
        assert s.header.start_player == "Ann"


def test_a_batch_is_one_journal_line(store):
    with new_session(store) as s:
        s.append([entry(1), derived(1), derived(2)])
        path = s.path
    lines = path.read_bytes().splitlines()
    assert len(lines) == 2  # snapshot + one record holding the whole batch
    assert sorted(json.loads(lines[1])["put"]["events"]) == ["1", "2", "3"]


def test_record_writes_the_file_create_and_one_append_write(tmp_path, monkeypatch):
    # A typed-in score is recorded without opening the journal: the same bytes, file and
    # backup, as a new session with the batch appended, and a session that opens as one.
    from referee.store import Header, model

    monkeypatch.setattr(model, "now", lambda: "2026-01-02T03:04:05.678+00:00")
    header = Header.new(game="tribune", edition="ffg", players=["Ann", "Bob"])
    batch = [entry(1), derived(1)]
    appended, recorded = SessionStore(tmp_path / "a"), SessionStore(tmp_path / "b")
    with appended.create(header) as session:
        session.append(batch)
    recorded.record(header, batch)
    for name in (f"{header.id}.json", f"{header.id}.json.bak"):
        assert (recorded.root / name).read_bytes() == (appended.root / name).read_bytes()
    with recorded.open(header.id, write=True) as session:  # the lock was let go
        assert [(e.seq, e.cause) for e in session.events] == [(1, None), (2, 1)]


def test_record_refuses_an_id_kept_that_is_already_there_and_leaves_it_as_it_was(store):
    from referee.store.errors import DuplicateSession

    with new_session(store) as s:
        s.append([entry(1)])
        header, before = s.header, s.path.read_bytes()
    with pytest.raises(DuplicateSession):
        store.record(header, [entry(2)], keep_id=True)
    assert store.path(header.id).read_bytes() == before


def test_a_new_session_whose_id_is_taken_draws_another_tail(store):
    # Two sessions started in the same second drew the same four hex digits.
    with new_session(store) as s:
        s.append([entry(1)])
        header, before = s.header, s.path.read_bytes()
    made = store.record(header, [entry(2)])
    with store.create(header) as again:
        opened = again.id
    assert len({header.id, made, opened}) == 3
    assert made[:-4] == opened[:-4] == header.id[:-4]  # the same start second
    assert store.path(header.id).read_bytes() == before
    with store.open(made) as s:
        assert s.header.id == made and [e.type for e in s.events][-1] == entry(2).type


def test_undo_withdraws_the_entry_and_what_it_caused_and_is_logged(store):
    with new_session(store) as s:
        s.append([entry(1), derived(1)])
        s.append([entry(2), derived(2)])
        undo = s.undo(reason="wrong card")
        assert undo.payload == {"withdraws": [3, 4], "reason": "wrong card"}
        assert [e.seq for e in s.effective_events()] == [1, 2]
        assert len(s.events) == 5  # nothing erased
        sid = s.id
    with store.open(sid) as s:
        assert [e.seq for e in s.effective_events()] == [1, 2]


def test_undo_more_than_there_is_refused_and_nothing_written(store):
    with new_session(store) as s:
        s.append([entry(1)])
        with pytest.raises(NothingToUndo):
            s.undo(2)
        assert len(s.events) == 1


def test_correction_withdraws_later_entries_and_records_replacements_atomically(store):
    with new_session(store) as s:
        for n in range(1, 5):
            s.append([entry(n), derived(n)])
        later = {e.seq for e in s.entries() if e.payload["n"] >= 2}
        s.withdraw(later, reason="card 2 was mis-entered",
                   then=[EventDraft("note", {"n": 20}, source="correction"), derived(20),
                         entry(3), derived(3), entry(4), derived(4)])
        assert [e.payload["n"] for e in s.entries()] == [1, 20, 3, 4]
        assert all(e.cause is not None for e in s.effective_events() if e.type == "payout")


def test_find_by_prefix_and_errors(store):
    with new_session(store) as a:
        aid = a.id
    assert store.find(aid[:-2]) == aid
    with pytest.raises(SessionNotFound):
        store.find("1999")
    with new_session(store):
        pass
    with pytest.raises(SessionAmbiguous):
        store.find(aid[:4])


def test_latest_filters_by_game(store):
    from referee.store import Header

    with new_session(store) as t:
        tid = t.id
    with store.create(Header.new(game="concordia", edition="base", players=["A", "B"])) as c:
        cid = c.id
    assert store.latest("tribune") == tid
    assert store.latest() == cid  # written last
    assert store.latest("trajan") is None


def test_newer_session_format_is_refused_with_a_clear_error(store):
    with new_session(store) as s:
        path = s.path
    data = json.loads(path.read_text())
    data["tables"]["session"]["1"]["format_version"] = 99
    reseal(path, data)  # a file as a newer referee would write it, integrity checks and all
    with pytest.raises(SessionTooNew) as err:
        store.open(path.stem)
    assert "99" in str(err.value.params)


def reseal(path, snapshot):
    from referee.store.chain import journal_bytes

    del snapshot["n"], snapshot["h"]
    for copy in (path, path.with_name(path.name + ".bak")):
        copy.write_bytes(journal_bytes([snapshot]))


def test_newer_journal_version_is_refused(store):
    with new_session(store) as s:
        path = s.path
    data = json.loads(path.read_text())
    data["version"] = 7
    path.write_text(json.dumps(data) + "\n")
    with pytest.raises(SessionTooNew):
        store.open(path.stem)


def test_delete_removes_files_and_refuses_while_open_elsewhere(store):
    with new_session(store) as s:
        sid = s.id
    store.open(sid, write=True).close()  # makes a backup
    assert (store.root / f"{sid}.json.bak").exists()
    store.delete(sid)
    assert store.ids() == []
    assert not (store.root / f"{sid}.json.bak").exists()


ops = st.lists(st.one_of(st.tuples(st.just("add"), st.integers(0, 3)),
                         st.tuples(st.just("undo"), st.integers(1, 2))), max_size=25)


@settings(max_examples=40, deadline=None)
@given(ops)
def test_reopened_session_equals_live_session_after_any_adds_and_undos(tmp_path_factory, script):
    store = SessionStore(tmp_path_factory.mktemp("s"))
    model: list[int] = []  # the effective entries a person would expect to see
    with new_session(store) as s:
        for n, (op, arg) in enumerate(script):
            if op == "add":
                s.append([entry(n), *[derived(n) for _ in range(arg)]])
                model.append(n)
            elif len(model) >= arg:
                s.undo(arg)
                del model[-arg:]
            else:
                with pytest.raises(NothingToUndo):
                    s.undo(arg)
        live = [e.to_json() for e in s.events]
        assert [e.payload["n"] for e in s.entries()] == model
        sid = s.id
    with store.open(sid) as again:
        assert [e.to_json() for e in again.events] == live
        assert [e.payload["n"] for e in again.entries()] == model
        assert all(e.cause in {x.seq for x in again.entries()}
                   for e in again.effective_events() if e.source == "derived")


def test_events_read_back_equal_the_events_written(store):
    with new_session(store) as s:
        written = s.append([entry(1, note={"deep": [1, 2]}), derived(1)])
        sid = s.id
    with store.open(sid) as s:
        assert s.events == written
        with pytest.raises(AttributeError):  # still frozen
            s.events[0].seq = 9


@pytest.mark.parametrize("change", [
    lambda doc: doc.update(source="invented"),
    lambda doc: doc.pop("actor"),
])
def test_an_event_the_store_cannot_read_is_refused_when_opened(store, change):
    from referee.store.errors import SessionDamaged
    from tests.store.helpers import edit_sealed

    with new_session(store) as s:
        s.append([entry(1)])
        sid, path = s.id, s.path
    edit_sealed(path, lambda records: [change(records[1]["put"]["events"]["1"]), records][1])
    with pytest.raises(SessionDamaged):
        store.open(sid)
