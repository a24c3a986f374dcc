"""Journals of format 2 (lines sealed with SHA-256, before BLAKE2b) still open, read, take
new entries in their own format, and serve a checkpoint like any other."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from referee.store import SessionStore
from referee.store.chain import checked_head, journal_bytes
from referee.store.journal import scan
from referee.table import checkpoint
from referee.tribune.ui.table import TRIBUNE

OLD = Path(__file__).parent / "data" / "format-2-tribune.json"
CURRENT = Path(__file__).parents[2] / "sessions" / "examples" / OLD.name.replace(
    "format-2-tribune", "20261121-063142-4b88")


@pytest.fixture
def old_session(sessions_dir) -> str:
    """The example Tribune game as a referee of journal format 2 wrote it, with its backup."""
    sessions_dir.mkdir(parents=True)
    sid = json.loads(OLD.read_bytes().splitlines()[0])["tables"]["session"]["1"]["id"]
    for name in (f"{sid}.json", f"{sid}.json.bak"):
        shutil.copyfile(OLD, sessions_dir / name)
    return sid


def test_the_kept_file_is_format_2_and_the_example_the_same_game_in_format_3():
    old, current = scan(OLD.read_bytes()), scan(CURRENT.read_bytes())
    assert (old.version, current.version) == (2, 3)
    assert old.problem is None and current.problem is None and old.tables == current.tables


def test_a_format_2_journal_opens_and_its_head_is_checked(sessions_dir, old_session):
    path = sessions_dir / f"{old_session}.json"
    with SessionStore(sessions_dir).open(old_session) as session:
        assert session.head == checked_head(path)
        assert len(session.events) > 10


def test_a_format_2_journal_takes_entries_in_its_own_format(cli, tribune, sessions_dir,
                                                           old_session):
    path = sessions_dir / f"{old_session}.json"
    before = path.read_bytes()
    assert cli("sessions", "undo", old_session).code == 0  # the game's end taken back
    pending = json.loads(tribune("status", old_session, "--json").out)["pending"]
    # the status kept a checkpoint of the format 2 journal, proved and used like any other
    assert checkpoint.load(TRIBUNE, path) is not None
    entry = {k: v for k, v in pending["options"][0].items() if k != "label"}
    r = tribune("enter", old_session, "--entry", json.dumps(entry))
    assert r.code == 0, r.err
    assert "journal format" not in r.err  # nothing converted
    after = path.read_bytes()
    assert after.startswith(before)
    found = scan(after)
    assert found.version == 2 and found.problem is None and found.lines == scan(before).lines + 2
    assert checked_head(path) == found.head


def test_a_format_2_line_edited_is_found(sessions_dir, old_session):
    path = sessions_dir / f"{old_session}.json"
    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    for record in records:
        record.pop("n"), record.pop("h")
    sealed_again_as_3 = journal_bytes([{**records[0], "version": 3}, *records[1:]])
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = sealed_again_as_3.splitlines(keepends=True)[1]  # a line sealed the other way
    path.write_bytes(b"".join(lines))
    assert checked_head(path) is None
    assert scan(path.read_bytes()).problem is not None
