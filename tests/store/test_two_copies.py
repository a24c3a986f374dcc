"""The journal and its backup damaged differently: reading names the damage, writing never
destroys the only whole copy of an entry, and repair keeps every line either copy holds.

Line 1 is the snapshot; line k + 2 holds entry k (the last, line ENTRIES + 1).
"""

from __future__ import annotations

import pytest

from referee.store import SessionStore
from referee.store.errors import SessionDamaged
from tests.store.helpers import entry, lines_of, session_with

ENTRIES = 16


@pytest.fixture
def sid(store):
    return session_with(store, ENTRIES)


def copies(store, sid):
    path = store.path(sid)
    return path, path.with_name(path.name + ".bak")


def flip(line: bytes) -> bytes:
    """One byte of an entry's payload changed: the line stays JSON, its check fails."""
    at = line.index(b'"n":') + 4
    return line[:at] + bytes([line[at] ^ 1]) + line[at + 1:]


def cut_last_line(path, keep: int = 20) -> None:
    ls = lines_of(path)
    path.write_bytes(b"".join(ls[:-1]) + ls[-1][:keep])


def flip_line(path, number: int) -> None:
    ls = lines_of(path)
    ls[number - 1] = flip(ls[number - 1])
    path.write_bytes(b"".join(ls))


def snapshot(*paths) -> list[bytes]:
    return [p.read_bytes() for p in paths]


def payloads(store, sid) -> list[int]:
    with store.open(sid) as s:
        return [e.payload["n"] for e in s.events]


def test_a_torn_last_line_the_backup_holds_whole_is_damage_even_with_a_damaged_backup(
        store, sid):
    path, backup = copies(store, sid)
    cut_last_line(path)  # 20 bytes into its last line
    flip_line(backup, 5)  # and one byte of an earlier line of the backup
    before = snapshot(path, backup)
    for write in (False, True):
        with pytest.raises(SessionDamaged) as err:
            store.open(sid, write=write)
        assert err.value.params["line"] == ENTRIES + 1
        assert "backup holds it whole" in err.value.params["reason"]
    assert snapshot(path, backup) == before  # the only whole copy of entry 15 is kept


def test_a_journal_that_lost_its_last_line_keeps_a_damaged_backup_that_holds_it(store, sid):
    path, backup = copies(store, sid)
    path.write_bytes(b"".join(lines_of(path)[:-1]))  # cut at a line's end
    flip_line(backup, 4)
    before = snapshot(path, backup)
    with pytest.raises(SessionDamaged) as err:
        store.open(sid, write=True)
    assert err.value.params["line"] == ENTRIES + 1
    assert snapshot(path, backup) == before


def test_a_backup_damaged_where_the_journal_is_whole_is_rebuilt_by_the_next_write(store, sid):
    path, backup = copies(store, sid)
    flip_line(backup, 6)
    with store.open(sid, write=True) as s:
        s.append([entry(99)])
    assert backup.read_bytes() == path.read_bytes()
    assert payloads(store, sid) == [*range(ENTRIES), 99]


def test_repair_merges_the_trustworthy_lines_of_both_copies(store, sid):
    path, backup = copies(store, sid)
    whole = path.read_bytes()
    cut_last_line(path)
    flip_line(backup, 5)
    report = store.repair(sid)
    assert report["entries"] == ENTRIES and report["dropped_lines"] == []
    assert path.read_bytes() == whole and backup.read_bytes() == whole
    assert payloads(store, sid) == list(range(ENTRIES))


def test_repair_takes_each_line_from_whichever_copy_holds_it_intact(store, sid):
    path, backup = copies(store, sid)
    whole = path.read_bytes()
    flip_line(path, 4)
    flip_line(path, 11)
    flip_line(backup, 7)
    cut_last_line(backup)
    store.repair(sid)
    assert path.read_bytes() == whole and backup.read_bytes() == whole
    aside = sorted(store.root.glob(f"{sid}.json*.damaged-*"))
    assert len(aside) == 2  # both damaged copies are kept for a look


def entry_4_lost_in_both(store) -> str:
    sid = session_with(store, ENTRIES)
    path, backup = copies(store, sid)
    flip_line(path, 6)
    flip_line(backup, 6)  # entry 4 is damaged in both copies
    cut_last_line(path)  # and the journal's last line is torn
    return sid


def test_repair_reports_what_it_dropped(cli, sessions_dir):
    store = SessionStore(sessions_dir)
    sid = entry_4_lost_in_both(store)
    r = cli("sessions", "repair", sid, "--json")
    assert r.code == 0, r.err
    report = r.json()
    assert report["dropped_lines"] == [6] and report["entries"] == ENTRIES - 1
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == [n for n in range(ENTRIES) if n != 4]


def test_repair_never_says_all_was_kept_when_something_was_dropped(cli, sessions_dir):
    sid = entry_4_lost_in_both(SessionStore(sessions_dir))
    r = cli("sessions", "repair", sid)
    assert r.code == 0, r.err
    assert "all saved entries are kept" not in r.out
    assert "Left out line(s) 6" in " ".join(r.out.split())


def test_an_unfinished_write_no_copy_holds_whole_is_named_as_one(cli, sessions_dir):
    store = SessionStore(sessions_dir)
    sid = session_with(store, 3)
    path, _backup = copies(store, sid)
    with path.open("ab") as fh:
        fh.write(b'{"put":{"events":{"4":{"seq":4,"ti')
    r = cli("sessions", "repair", sid)
    assert r.code == 0 and "unfinished write" in r.out
    assert payloads(store, sid) == [0, 1, 2]
