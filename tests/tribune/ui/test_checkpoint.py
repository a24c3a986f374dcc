"""The checkpoint beside the journal shows exactly what a replay shows.

Replay is the source of truth: every test compares what ``status`` reads from a checkpoint
with what it reads after replaying the journal, through running games in both deck modes,
after entries, undo, a correction, a hand edit, and with a stale or corrupt checkpoint.
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import pytest
from rich.console import Console

from referee.store import SessionStore
from referee.store.journal import journal_bytes, scan
from referee.table import checkpoint
from referee.tribune import simulate as sim
from referee.tribune.engine import Game
from referee.tribune.ui.board import board
from referee.tribune.ui.table import TRIBUNE
from tests.store.helpers import edit_sealed

from .test_session_commands import PHASE_1, TABLE


def board_text(game, hand=None) -> str:
    console = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    console.print(board(game, {}, hand))
    return console.export_text()


def kept(game):
    """The game as a checkpoint keeps it: through JSON text, as on disk."""
    return TRIBUNE.from_snapshot(json.loads(json.dumps(TRIBUNE.snapshot(game))))


def assert_same_view(game: Game) -> None:
    position = kept(game)
    assert TRIBUNE.status_json(position) == TRIBUNE.status_json(game)
    hand = game.setup.players[0]
    assert board_text(position, hand) == board_text(game, hand)


@pytest.mark.parametrize("mode", ["virtual", "table"])
def test_a_kept_position_shows_what_the_game_shows_all_game_long(mode):
    driver = sim.Driver(sim.setup_for(4, mode, "ffg", "card", seed=5), check=False)
    rng = random.Random(5)
    steps = 0
    while not driver.done:
        if steps % 7 == 0:  # every kind of question comes up at some multiple of 7
            assert_same_view(driver.game)
        driver.step(rng.choice)
        steps += 1
    assert steps > 300
    assert TRIBUNE.snapshot(driver.game) is None  # a finished game is replayed, not kept


def sealed(path: Path, records: list[dict]) -> Path:
    path.write_bytes(journal_bytes(records))
    return path


def test_the_key_is_the_chain_head_read_from_the_end_of_the_journal(tmp_path):
    journal = sealed(tmp_path / "s.json", [{"journal": "referee-journal", "version": 2,
                                            "tables": {}}, {"put": {"t": {"1": {"a": 1}}}}])
    head = scan(journal.read_bytes()).head
    info = journal.stat()
    assert checkpoint.key(journal) == (f"{head.lines}:{head.digest}:{info.st_size}:"
                                       f"{info.st_mtime_ns}:{info.st_ino}")


def test_the_key_reads_the_end_of_the_file_only(tmp_path):
    """No whole-file digest: a byte changed before the last line, with the file's size,
    time and inode as they were, keeps the key (opening the journal finds such damage)."""
    journal = sealed(tmp_path / "s.json", [{"journal": "referee-journal", "version": 2,
                                            "tables": {}}, {"put": {"t": {"1": {"a": 1}}}}])
    before, info = checkpoint.key(journal), journal.stat()
    data = bytearray(journal.read_bytes())
    data[data.index(b'"a":1') + 4] = ord("2")
    with journal.open("r+b") as f:  # in place: the same inode
        f.write(data)
    os.utime(journal, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert checkpoint.key(journal) == before


@pytest.mark.parametrize("content", [
    b"",
    b'{"journal": "referee-journal", "version": 1, "tables": {}}\n',  # never sealed
    b"not a journal\n",
])
def test_no_key_without_a_sealed_last_line(tmp_path, content):
    journal = tmp_path / "s.json"
    journal.write_bytes(content)
    assert checkpoint.key(journal) is None
    assert checkpoint.key(tmp_path / "missing.json") is None


def test_an_unfinished_last_line_gives_no_key(tmp_path):
    journal = sealed(tmp_path / "s.json", [{"journal": "referee-journal", "version": 2,
                                            "tables": {}}])
    with journal.open("ab") as f:
        f.write(b'{"put": {"t": {"1"')  # a write killed midway
    assert checkpoint.key(journal) is None


# ----------------------------------------------------------------- through the commands
def status(tribune, sid: str) -> dict:
    r = tribune("status", sid, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


def replayed(tribune, sessions_dir: Path, sid: str) -> dict:
    """``status --json`` with no checkpoint to read: rebuilt by replay."""
    checkpoint.path_of(sessions_dir / f"{sid}.json").unlink(missing_ok=True)
    return status(tribune, sid)


@pytest.fixture
def game_at_phase_2(tribune, sessions_dir):
    assert tribune("new", *TABLE).code == 0
    sid = SessionStore(sessions_dir).ids()[0]
    reveals = json.dumps([{"type": "reveal", "card": c} for c in PHASE_1])
    assert tribune("enter", sid, "--entry", reveals).code == 0
    return sid


def place(tribune, sid: str, player: str, space: str) -> None:
    r = tribune("enter", sid, "--entry",
                json.dumps({"type": "place", "player": player, "space": space}))
    assert r.code == 0, r.err


def test_status_reads_the_checkpoint_an_entry_leaves(tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    place(tribune, sid, "Ann", "bowl")
    assert checkpoint.load(TRIBUNE, journal) is not None  # the entry kept its result
    read = status(tribune, sid)
    assert read["pending"]["params"]["player"] == "Bob"
    assert read == replayed(tribune, sessions_dir, sid)


def test_after_undo_and_a_correction_status_is_the_replay(tribune, sessions_dir,
                                                           game_at_phase_2):
    sid = game_at_phase_2
    place(tribune, sid, "Ann", "bowl")
    before_undo = status(tribune, sid)
    assert tribune("undo", sid).code == 0
    after_undo = status(tribune, sid)
    assert after_undo != before_undo and after_undo == replayed(tribune, sessions_dir, sid)
    place(tribune, sid, "Ann", "gladiators.1")  # the corrected entry
    corrected = status(tribune, sid)
    assert corrected != before_undo and corrected == replayed(tribune, sessions_dir, sid)


def test_a_stale_checkpoint_is_not_read(tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    path = checkpoint.path_of(sessions_dir / f"{sid}.json")
    status(tribune, sid)
    old = path.read_bytes()  # the checkpoint of the game before Ann's placement
    place(tribune, sid, "Ann", "bowl")
    path.write_bytes(old)
    assert status(tribune, sid) == replayed(tribune, sessions_dir, sid)
    assert status(tribune, sid)["pending"]["params"]["player"] == "Bob"


@pytest.mark.parametrize("damage", [
    b"",
    b"\x00\xff not json",
    b'{"format": 1}',
    b"[1, 2, 3]",
])
def test_a_corrupt_checkpoint_is_ignored_and_written_again(tribune, sessions_dir,
                                                           game_at_phase_2, damage):
    sid = game_at_phase_2
    path = checkpoint.path_of(sessions_dir / f"{sid}.json")
    truth = status(tribune, sid)
    path.write_bytes(damage)
    assert status(tribune, sid) == truth
    assert json.loads(path.read_bytes())["key"] == checkpoint.key(sessions_dir / f"{sid}.json")


def test_a_checkpoint_with_the_right_key_and_a_broken_snapshot_is_ignored(
        tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    path = checkpoint.path_of(sessions_dir / f"{sid}.json")
    truth = status(tribune, sid)
    raw = json.loads(path.read_bytes())
    raw["snapshot"]["state"] = {"players": "nonsense"}
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert status(tribune, sid) == truth


def test_a_hand_edit_of_the_journal_makes_the_checkpoint_stale(tribune, sessions_dir,
                                                               game_at_phase_2):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    status(tribune, sid)
    edit_sealed(journal, lambda records: json.loads(
        json.dumps(records).replace('"gla3"', '"gla4"')))
    assert checkpoint.load(TRIBUNE, journal) is None
    assert status(tribune, sid) == replayed(tribune, sessions_dir, sid)


def test_the_key_follows_the_head_of_the_session(tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    place(tribune, sid, "Ann", "bowl")
    assert tribune("undo", sid).code == 0
    status(tribune, sid)  # replays, and keeps the position under the new head
    with SessionStore(sessions_dir).open(sid) as session:
        head = session.head
    assert json.loads(checkpoint.path_of(journal).read_bytes())["key"].startswith(
        f"{head.lines}:{head.digest}:")


def test_an_edit_that_breaks_the_chain_is_reported_not_hidden(tribune, sessions_dir,
                                                              game_at_phase_2):
    """The head the last line claims stays as it was; the file's time does not."""
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    status(tribune, sid)
    info = journal.stat()
    data = journal.read_bytes()
    with journal.open("r+b") as f:  # in place, same size: only the check of its line fails
        f.write(data.replace(b'"gla3"', b'"gla4"', 1))
    os.utime(journal, ns=(info.st_atime_ns, info.st_mtime_ns + 10**9))  # saved a second later
    r = tribune("status", sid, "--json")
    assert r.code == 2
    assert [e["type"] for e in json.loads(r.out)["errors"]] == ["SessionDamaged"]


def test_a_read_only_folder_still_shows_the_status(tribune, sessions_dir, game_at_phase_2,
                                                   monkeypatch):
    sid = game_at_phase_2
    truth = replayed(tribune, sessions_dir, sid)
    checkpoint.path_of(sessions_dir / f"{sid}.json").unlink()

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "write_text", refuse)
    assert status(tribune, sid) == truth
    assert not checkpoint.path_of(sessions_dir / f"{sid}.json").exists()


def test_deleting_a_session_deletes_its_checkpoint(cli, tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    status(tribune, sid)
    assert cli("sessions", "delete", sid, "--yes").code == 0
    assert sorted(p.name for p in sessions_dir.iterdir()) == []
