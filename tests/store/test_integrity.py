"""Every kind of damage to a session file is found, named by its line, refused for
writing, and repaired without losing an entry that either copy still holds."""

from __future__ import annotations

import json
import random

import pytest

from referee.store.errors import SessionDamaged
from referee.store.journal import scan
from tests.store.helpers import as_version_1, entry, lines_of, session_with

ENTRIES = 8  # line 1 is the snapshot, line k + 2 holds entry k


@pytest.fixture
def sid(store):
    return session_with(store, ENTRIES)


def edit_amount(line: bytes) -> bytes:
    """A hand edit that stays valid JSON: entry n becomes n + 100 (and the line loses its
    integrity fields, as a tool that rewrites the record would drop them)."""
    record = json.loads(line)
    record.pop("n"), record.pop("h")
    for doc in record["put"]["events"].values():
        doc["payload"]["n"] += 100
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return body.encode() + b"\n"


def keep_check(line: bytes, new: bytes) -> bytes:
    """``new`` with the integrity fields of ``line``: an edit that keeps the check."""
    record = json.loads(line)
    changed = json.loads(new)
    changed.pop("n", None), changed.pop("h", None)
    return json.dumps({**changed, "n": record["n"], "h": record["h"]},
                      separators=(",", ":")).encode() + b"\n"


# name: (damage applied to the file's lines, line named, the reason's key words)
DAMAGE = {
    "edited amount, check kept": (
        lambda ls: ls[:4] + [keep_check(ls[4], edit_amount(ls[4]))] + ls[5:], 5, "changed"),
    "edited amount, check dropped": (
        lambda ls: ls[:4] + [edit_amount(ls[4])] + ls[5:], 5, "no integrity check"),
    "line dropped from the middle": (lambda ls: ls[:3] + ls[4:], 4, "missing before it"),
    "two lines swapped": (lambda ls: ls[:3] + [ls[4], ls[3]] + ls[5:], 4, "missing before"),
    "line moved back": (lambda ls: ls[:2] + ls[3:6] + [ls[2]] + ls[6:], 3, "missing before"),
    "last lines dropped": (lambda ls: ls[:-2], ENTRIES, "ends before its backup"),
    "cut inside the last line": (
        lambda ls: ls[:-1] + [ls[-1][:len(ls[-1]) // 2]], ENTRIES + 1, "cut short"),
    "garbage line": (lambda ls: ls[:6] + [b"{\"put\": oops\n"] + ls[7:], 7, "not valid JSON"),
    "line repeated": (lambda ls: ls[:5] + [ls[4]] + ls[5:], 6, "out of place"),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_damage_is_found_named_refused_and_repaired_without_loss(store, sid, damage):
    change, line, words = damage
    path = store.path(sid)
    before = path.read_bytes()
    path.write_bytes(b"".join(change(lines_of(path))))
    damaged = path.read_bytes()
    for write in (False, True):
        with pytest.raises(SessionDamaged) as err:
            store.open(sid, write=write)
        assert err.value.params["line"] == line and words in err.value.params["reason"]
        assert f"sessions repair {sid}" in str(err.value)
    assert path.read_bytes() == damaged  # refused: nothing written, not even a repair
    report = store.repair(sid)
    assert report["action"] == "restored_backup"  # the backup holds every entry
    assert path.read_bytes() == before
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == list(range(ENTRIES))
    aside = list(store.root.glob(f"{sid}.json.damaged-*"))
    assert [p.read_bytes() for p in aside] == [damaged]


@pytest.mark.parametrize("seed", range(40))
def test_a_random_byte_flip_is_found_and_costs_nothing(store, sid, seed):
    path = store.path(sid)
    before = bytearray(path.read_bytes())
    rng = random.Random(seed)
    at = rng.randrange(len(before))
    flipped = bytearray(before)
    flipped[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(flipped))
    line = before[:at].count(b"\n") + 1
    with pytest.raises(SessionDamaged) as err:
        store.open(sid)
    # A flipped newline joins or splits lines; the damage is found at the line it hit or
    # at the one it made.
    assert err.value.params["line"] in (line, line + 1)
    store.repair(sid)
    assert path.read_bytes() == bytes(before)


def _without_backup(store, sid):
    path = store.path(sid)
    path.with_name(path.name + ".bak").unlink()
    return path


def test_without_a_backup_the_lines_after_a_gap_are_kept(store, sid):
    path = _without_backup(store, sid)
    path.write_bytes(b"".join(DAMAGE["line dropped from the middle"][0](lines_of(path))))
    report = store.repair(sid)
    assert report["action"] == "kept_valid_part" and report["dropped_lines"] == []
    with store.open(sid, write=True) as s:  # sealed again: writable and intact
        assert [e.payload["n"] for e in s.events] == [0, 1, 3, 4, 5, 6, 7]
        s.append([entry(99)])


def test_without_a_backup_an_edited_line_is_left_out_and_kept_aside(store, sid):
    path = _without_backup(store, sid)
    change = DAMAGE["edited amount, check kept"][0]
    path.write_bytes(b"".join(change(lines_of(path))))
    report = store.repair(sid)
    assert report["dropped_lines"] == [5]
    with store.open(sid) as s:
        assert [e.payload["n"] for e in s.events] == [0, 1, 2, 4, 5, 6, 7]
    [aside] = store.root.glob(f"{sid}.json.damaged-*")
    assert b'"n":103' in aside.read_bytes()


def test_repair_never_replaces_a_backup_that_holds_more(store, sid):
    path = store.path(sid)
    backup = path.with_name(path.name + ".bak")
    backup.write_bytes(b"".join(lines_of(backup)[:3]) + b"junk\n")  # backup damaged too
    path.write_bytes(b"".join(lines_of(path)[:-1]) + b"{}\n")  # and the file's last line
    report = store.repair(sid)
    assert report["action"] == "kept_valid_part"
    with store.open(sid) as s:
        assert len(s.events) == ENTRIES - 1
    assert scan(backup.read_bytes()).lines == ENTRIES  # the backup is the repaired file now


def test_the_chain_head_names_the_state(store, sid):
    with store.open(sid) as s:
        head = s.head
    assert head.lines == ENTRIES + 1 and len(head.digest) == 64
    with store.open(sid, write=True) as s:
        s.append([entry(99)])
        after = s.head
    assert after.lines == head.lines + 1 and after.digest != head.digest
    with store.open(sid) as s:
        assert s.head == after


def test_a_version_1_file_opened_for_writing_is_unchanged_until_something_is_added(
        store, sid):
    """The conversion waits for the first write: a command that opens the session and
    records nothing (an entry refused) leaves the file and its backup byte for byte."""
    from referee.store import notices

    path, backup = store.path(sid), store.path(sid).with_name(f"{sid}.json.bak")
    old = as_version_1(path.read_bytes())
    for copy in (path, backup):
        copy.write_bytes(old)
    with store.open(sid, write=True) as s:
        assert [e.payload["n"] for e in s.events] == list(range(ENTRIES))
        assert not s.sealed_old_format
    assert path.read_bytes() == old and backup.read_bytes() == old
    assert notices.drain() == []


def test_a_version_1_file_opens_and_is_sealed_on_the_first_write(store, sid):
    from referee.store import notices

    path = store.path(sid)
    old = as_version_1(path.read_bytes())
    for copy in (path, path.with_name(path.name + ".bak")):
        copy.write_bytes(old)
    with store.open(sid) as s:  # reading changes nothing
        assert [e.payload["n"] for e in s.events] == list(range(ENTRIES))
    assert path.read_bytes() == old and notices.drain() == []
    with store.open(sid, write=True) as s:
        s.append([entry(99)])
    [(message, params)] = notices.drain()
    assert "journal format {version}" in message
    assert params == {"path": str(path), "version": 3}
    found = scan(path.read_bytes())
    assert found.problem is None and found.version == 3 and found.lines == ENTRIES + 2
    assert path.with_name(path.name + ".bak").read_bytes() == path.read_bytes()


def test_a_version_1_file_cut_at_the_end_is_still_caught_by_its_backup(store, sid):
    path = store.path(sid)
    old = as_version_1(path.read_bytes())
    path.with_name(path.name + ".bak").write_bytes(old)
    path.write_bytes(b"".join(old.splitlines(keepends=True)[:-2]))
    with pytest.raises(SessionDamaged) as err:
        store.open(sid)
    assert err.value.params["line"] == ENTRIES


def test_an_idempotency_key_records_a_retry_once(store, sid):
    with store.open(sid, write=True) as s:
        [first] = s.append([entry(50)], key="retry-1")
        assert s.recorded("retry-1") == first
        with pytest.raises(ValueError):
            s.append([entry(50)], key="retry-1")
    with store.open(sid) as s:
        assert s.recorded("retry-1").seq == first.seq and len(s.events) == ENTRIES + 1


BODIES = [b"", b'{"put":{}', "é ✓".encode() * 200]


@pytest.mark.parametrize("body", BODIES)
def test_a_line_s_check_is_the_blake2b_of_the_previous_check_and_its_body(body):
    # The chain hashes with CPython's own BLAKE2b, not through hashlib (which loads
    # OpenSSL): the same digest either way.
    import hashlib

    from referee.store.chain import link

    previous = "ab" * 32
    assert link(previous, body) == hashlib.blake2b(previous.encode() + body,
                                                   digest_size=32).hexdigest()


@pytest.mark.parametrize("body", BODIES)
def test_a_format_2_line_s_check_is_the_sha256_of_the_previous_check_and_its_body(body):
    import hashlib

    from referee.store.chain import link

    previous = "ab" * 32
    assert link(previous, body, 2) == hashlib.sha256(previous.encode() + body).hexdigest()
