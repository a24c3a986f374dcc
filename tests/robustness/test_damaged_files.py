"""Damaged session files met through the command line: one clear line naming the file and
the problem, no traceback, and ``referee sessions repair`` brings back the last good copy."""

from __future__ import annotations

import json

import pytest

from referee.store.chain import journal_bytes
from referee.store.journal import scan
from tests.robustness.helpers import new_session, recorded, script
from tests.store.helpers import as_version_1


@pytest.fixture
def game(cli, sessions_dir):
    """A session 30 entries in, opened for writing once more (so its backup holds 30)
    and then given its 31st entry: (id, path)."""
    sid = new_session(sessions_dir, 30)
    assert cli("tribune", "enter", sid, "--entry", json.dumps(script()[30].to_json())).code == 0
    return sid, sessions_dir / f"{sid}.json"


def one_line(result) -> str:
    assert "Traceback" not in result.err
    [line] = result.err.strip().splitlines()
    return line


def cut(raw: bytes, fraction: float) -> bytes:
    return raw[:int(len(raw) * fraction)]


def drop_lines(raw: bytes, n: int) -> bytes:
    return b"".join(raw.splitlines(keepends=True)[:-n])


def garble_line(raw: bytes, index: int) -> bytes:
    lines = raw.splitlines(keepends=True)
    lines[index] = b'{"put": {"events": {"9": \n'
    return b"".join(lines)


DAMAGE = {
    "cut mid-line": lambda raw: cut(raw, 0.6),
    "cut at a line end": lambda raw: drop_lines(raw, 4),
    "empty": lambda raw: b"",
    "invalid JSON inside": lambda raw: garble_line(raw, 5),
    "invalid JSON at the end": lambda raw: garble_line(raw, -1),
    "not a session": lambda raw: b'{"tables": {}}\n',
    "binary junk": lambda raw: bytes(range(256)) * 8,
    "invalid UTF-8": lambda raw: raw.replace(b'"Ann"', b'"\xff\xfe"', 1),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
@pytest.mark.parametrize("command", [["tribune", "status"], ["tribune", "log"],
                                     ["tribune", "resume"], ["sessions", "show"],
                                     ["sessions", "export"]])
def test_a_damaged_file_is_named_and_explained(cli, game, damage, command):
    sid, path = game
    path.write_bytes(damage(path.read_bytes()))
    before = path.read_bytes()
    result = cli(*command, sid)
    assert result.code == 2
    line = one_line(result)
    assert str(path) in line and "damaged" in line and "sessions repair" in line
    assert path.read_bytes() == before  # not even an unfinished write is cut off


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_repair_brings_back_at_least_the_last_good_copy(cli, game, damage):
    sid, path = game
    original = path.read_bytes()
    path.write_bytes(damage(original))
    repaired = cli("sessions", "repair", sid, "--json")
    assert repaired.code == 0, repaired.err
    report = repaired.json()
    assert report["action"] in ("restored_backup", "kept_valid_part")
    aside = path.with_name(report["damaged_copy"].rsplit("/", 1)[-1])
    assert aside.read_bytes() == damage(original)  # the damaged file is kept for a look
    held = recorded(path.parent, sid)
    assert len(held) >= 30 and held == list(script()[:len(held)])
    assert cli("tribune", "status", sid, "--json").code == 0
    assert cli("tribune", "enter", sid, "--entry",
               json.dumps(script()[len(held)].to_json())).code == 0


def newer_journal(raw: bytes) -> bytes:
    first, rest = raw.split(b"\n", 1)
    head = json.loads(first)
    return json.dumps({**head, "version": 99}).encode() + b"\n" + rest


def newer_header(raw: bytes) -> bytes:
    records = unsealed(raw)
    records[0]["tables"]["session"]["1"]["format_version"] = 7
    return journal_bytes(records)  # as a newer referee writes it: integrity checks and all


@pytest.mark.parametrize("newer", [newer_journal, newer_header])
def test_a_newer_format_is_refused_and_never_rewritten(cli, game, newer):
    sid, path = game
    for copy in (path, path.with_name(path.name + ".bak")):
        copy.write_bytes(newer(path.read_bytes()))
    before = path.read_bytes()
    for command in (["tribune", "status"], ["tribune", "resume"], ["sessions", "show"]):
        result = cli(*command, sid)
        line = one_line(result)
        assert result.code == 2 and str(path) in line and "newer referee" in line
    cli("sessions", "repair", sid)  # may refuse, or find nothing to do; never rewrites
    assert path.read_bytes() == before


def unsealed(raw: bytes) -> list[dict]:
    records = [json.loads(line) for line in raw.splitlines()]
    for record in records:
        del record["n"], record["h"]
    return records


def edit_entry(path, change) -> None:
    """Change the first follower placement in the file and its backup, sealed again as
    a tool that knows the format would: the journal is intact, the game is not."""
    records = unsealed(path.read_bytes())
    for record in records[1:]:
        for event in record["put"]["events"].values():
            if event["type"] == "place":
                change(event)
                for copy in (path, path.with_name(path.name + ".bak")):
                    copy.write_bytes(journal_bytes(records))
                return
    raise AssertionError("no placement to edit")


BREAKS_REPLAY = {
    "unknown space": lambda e: e["payload"].update(space="moon.1"),
    "someone else's turn": lambda e: e["payload"].update(player="Bob"),
    "unknown player": lambda e: e["payload"].update(player="Zed"),
    "unknown entry type": lambda e: e["payload"].update(type="frobnicate"),
}


@pytest.mark.parametrize("command", [["tribune", "status"], ["tribune", "log"],
                                     ["sessions", "show"], ["tribune", "resume"]])
def test_an_event_that_is_not_an_object_is_reported_as_damage(cli, game, command):
    sid, path = game
    edit_entry(path, lambda e: e.update(payload=[1, 2]))
    result = cli(*command, sid)
    line = one_line(result)
    assert result.code == 2 and str(path) in line and "damaged" in line


@pytest.mark.parametrize("edit", BREAKS_REPLAY.values(), ids=BREAKS_REPLAY.keys())
@pytest.mark.parametrize("command", [["tribune", "status"], ["tribune", "resume"],
                                     ["tribune", "enter", "--entry", '{"type": "pass"}']])
def test_a_hand_edit_that_breaks_replay_names_the_file(cli, game, edit, command):
    sid, path = game
    edit_entry(path, edit)
    before = path.read_bytes()
    result = cli(*command[:2], sid, *command[2:])
    line = one_line(result)
    assert result.code == 2 and str(path) in line and "cannot be replayed" in line
    assert f"referee tribune repair {sid}" in line
    assert path.read_bytes() == before


@pytest.mark.parametrize("edit", BREAKS_REPLAY.values(), ids=BREAKS_REPLAY.keys())
def test_the_log_of_a_hand_edited_session_shows_it_without_a_traceback(cli, game, edit):
    sid, path = game
    edit_entry(path, edit)
    result = cli("tribune", "log", sid)
    assert "Traceback" not in result.err
    assert result.code == 0 and len(result.out.splitlines()) > 31


def test_a_refused_entry_leaves_a_version_1_session_byte_for_byte(cli, game):
    """Converting an old file waits for the first entry recorded, and is told only then."""
    sid, path = game
    backup = path.with_name(path.name + ".bak")
    old = as_version_1(path.read_bytes())
    for copy in (path, backup):
        copy.write_bytes(old)
    refused = cli("tribune", "enter", sid, "--entry", json.dumps(script()[32].to_json()))
    assert refused.code == 2 and "journal format 3" not in refused.err
    assert path.read_bytes() == old and backup.read_bytes() == old
    recorded_now = cli("tribune", "enter", sid, "--entry", json.dumps(script()[31].to_json()))
    assert recorded_now.code == 0 and recorded_now.err.count("journal format 3") == 1
    found = scan(path.read_bytes())
    assert found.problem is None and found.version == 3 and backup.read_bytes() == \
        path.read_bytes()
    assert len(recorded(path.parent, sid)) == 32


def test_an_unfinished_last_line_is_cut_off_by_the_first_entry_recorded_not_by_a_refusal(
        cli, game):
    """A write stopped by a kill or a full disk leaves an unfinished last line, never
    acknowledged: readers ignore it, a refused entry leaves it (and the backup) byte for byte,
    and the first entry recorded cuts it off and says so once."""
    sid, path = game
    backup = path.with_name(path.name + ".bak")
    whole = path.read_bytes()
    torn = whole + b'{"put":{"events":{"40":{"seq":40,"type":"en'
    path.write_bytes(torn)
    saved = backup.read_bytes()
    assert cli("tribune", "status", sid).code == 0 and len(recorded(path.parent, sid)) == 31
    refused = cli("tribune", "enter", sid, "--entry", json.dumps(script()[32].to_json()))
    assert refused.code == 2 and "unfinished write" not in refused.err
    assert path.read_bytes() == torn and backup.read_bytes() == saved
    recorded_now = cli("tribune", "enter", sid, "--entry", json.dumps(script()[31].to_json()))
    assert recorded_now.code == 0 and recorded_now.err.count("unfinished write") == 1
    after = path.read_bytes()
    assert after.startswith(whole) and backup.read_bytes() == after
    found = scan(after)
    assert found.problem is None and found.torn_tail == 0 and found.lines == \
        whole.count(b"\n") + 1
    assert recorded(path.parent, sid) == list(script()[:32])
    again = cli("tribune", "enter", sid, "--entry", json.dumps(script()[32].to_json()))
    assert again.code == 0 and "unfinished write" not in again.err
