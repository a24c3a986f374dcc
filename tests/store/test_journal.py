"""The journal storage under TinyDB's whole API: what is on disk always equals memory."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tinydb.table import Document

from referee.store import EventDraft, Header, SessionStore
from referee.store.chain import snapshot_record, write_new
from referee.store.journal import JournalStorage
from referee.store.tables import JournalDB

ops = st.lists(st.one_of(
    st.tuples(st.just("insert"), st.sampled_from(["a", "b"]), st.integers(0, 99)),
    st.tuples(st.just("batch"), st.sampled_from(["a", "b"]), st.integers(1, 4)),
    st.tuples(st.just("remove"), st.sampled_from(["a", "b"]), st.integers(0, 99)),
), max_size=30)


def on_disk(path):
    db = JournalDB(path, storage=JournalStorage)
    try:
        return {name: {int(k): dict(v) for k, v in table.items()}
                for name, table in db.storage.read().items()}
    finally:
        db.close()


@settings(max_examples=60, deadline=None)
@given(ops)
def test_disk_equals_memory_after_any_tinydb_operations(tmp_path_factory, script):
    path = tmp_path_factory.mktemp("j") / "s.json"
    write_new(path, [snapshot_record({"a": {}, "b": {}})])
    model: dict[str, dict[int, dict]] = {"a": {}, "b": {}}
    db = JournalDB(path, storage=JournalStorage, writable=True)
    for op, table, n in script:
        if op == "insert":
            doc_id = db.table(table).insert({"v": n})
            model[table][doc_id] = {"v": n}
        elif op == "batch":
            start = max([*model[table], 0]) + 1
            docs = [Document({"v": i}, doc_id=start + i) for i in range(n)]
            assert db.table(table).insert_multiple(docs) == [start + i for i in range(n)]
            model[table].update({start + i: {"v": i} for i in range(n)})
        else:
            gone = [i for i, d in model[table].items() if d["v"] == n]
            db.table(table).remove(lambda d, n=n: d["v"] == n)
            for i in gone:
                del model[table][i]
        assert {t: {d.doc_id: dict(d) for d in db.table(t).all()} for t in model} == model
    db.close()
    assert on_disk(path) == model


def test_documents_cannot_be_changed_in_place(tmp_path):
    path = tmp_path / "s.json"
    write_new(path, [snapshot_record({"a": {}})])
    db = JournalDB(path, storage=JournalStorage, writable=True)
    db.table("a").insert({"v": 1})
    before = path.read_bytes()
    with pytest.raises((AttributeError, TypeError)):
        db.table("a").update({"v": 2})
    db.close()
    assert path.read_bytes() == before


def test_appends_never_rewrite_earlier_bytes(tmp_path):
    path = tmp_path / "s.json"
    write_new(path, [snapshot_record({"a": {}})])
    db = JournalDB(path, storage=JournalStorage, writable=True)
    for i in range(1, 20):
        before = path.read_bytes()
        db.table("a").insert_multiple([Document({"v": i}, doc_id=i)])
        assert path.read_bytes().startswith(before)
    db.close()


def test_read_only_storage_refuses_writes(tmp_path):
    path = tmp_path / "s.json"
    write_new(path, [snapshot_record({"a": {}})])
    db = JournalDB(path, storage=JournalStorage)
    with pytest.raises(PermissionError):
        db.table("a").insert({"v": 1})
    db.close()


def test_text_that_is_not_valid_unicode_is_kept_exactly(tmp_path):
    store = SessionStore(tmp_path)
    with store.create(Header.new(game="tribune", edition="ffg", players=["A\udcff"])) as s:
        s.append([EventDraft("note", {"name": "B\ud800"})])
        sid = s.id
    with store.open(sid) as s:
        assert s.header.player_names == ["A\udcff"]
        assert s.events[0].payload == {"name": "B\ud800"}
