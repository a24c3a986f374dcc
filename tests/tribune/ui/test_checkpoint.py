"""The checkpoint beside the journal shows exactly what a replay shows.

Replay is the source of truth: every test compares what ``status`` reads from a checkpoint
with what it reads after replaying the journal, through running games in both deck modes,
after entries, undo, a correction, a hand edit, and with a stale or corrupt checkpoint; and
a game resumed from the checkpoint's round mark (``enter``, ``resume``) with the game the
whole replay gives.
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
from referee.store.chain import checked_head, journal_bytes
from referee.store.journal import scan
from referee.table import checkpoint
from referee.tribune import simulate as sim
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.status import board
from referee.tribune.ui.table import TRIBUNE
from tests.store import checkpoints
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
    assert position.setup == game.setup
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


SETUPS = [sim.setup_for(players, mode, edition, variant, seed=players)
          for players in (2, 5) for mode in sim.MODES for edition in sim.EDITIONS
          for variant in sim.VARIANTS]
SETUPS.append(Setup.create(["Ann", " Bob "], "Bob", deck_mode="table",  # no deck list
                           settings={"thermae_fields": 3}))


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{len(s.players)}-{s.deck_mode}-"
                         f"{s.edition}-{'card' if s.victory else 'points'}-{bool(s.deck)}")
def test_a_kept_setup_is_the_setup_it_was_made_from(setup):
    """A checkpoint's setup is taken as written, without the box file: it must come back
    field for field, through JSON text as on disk."""
    assert Setup.kept(json.loads(json.dumps(setup.to_json()))) == setup


def resumed(game: Game) -> Game:
    """The game resumed from its round mark kept through JSON text, as on disk."""
    mark = json.loads(json.dumps(TRIBUNE.snapshot(game)))["mark"]
    return Game.resume(game.setup, mark, game.history)


def assert_same_game(again: Game, game: Game) -> None:
    assert again.state == game.state  # every field, not only what the fingerprint covers
    assert again.fingerprint() == game.fingerprint()
    assert again.core.rng.getstate() == game.core.rng.getstate()  # the deck's next shuffle
    assert again.core.turned_up == game.core.turned_up
    assert again.history == game.history
    asked, wanted = again.pending(), game.pending()
    assert (asked and asked.to_json()) == (wanted and wanted.to_json())
    assert again.legal_entries() == game.legal_entries()


@pytest.mark.parametrize("mode", ["virtual", "table"])
@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_a_game_resumed_from_its_round_mark_is_the_replayed_game(mode, edition):
    setup = sim.setup_for(3 if mode == "table" else 4, mode, edition, "card", seed=11)
    driver = sim.Driver(setup, check=False)
    driver.game = TRIBUNE.new_game(setup)  # the table's games keep round marks
    rng = random.Random(11)
    steps, marks = 0, set()
    while not driver.done:
        driver.step(rng.choice)
        steps += 1
        if not driver.done and steps % 5 == 0:
            game = driver.game
            assert game.mark is not None and game.mark["entries"] <= len(game.history)
            marks.add(game.mark["entries"])
            assert_same_game(resumed(game), game)
    assert len(marks) >= 4  # several rounds, each resumed from its own start
    # a resumed game goes on as the original did, to the same end
    whole = driver.game.history
    again = Game.resume(setup, json.loads(json.dumps(
        Game.replay(setup, whole[:len(whole) // 2], marks=True).mark)),
        whole[:len(whole) // 2])
    for action in whole[len(whole) // 2:]:
        again.apply(action)
    assert again.fingerprint() == driver.game.fingerprint()
    assert again.final_score() == driver.game.final_score()


def test_a_mark_after_more_entries_than_given_is_refused():
    setup = sim.setup_for(4, "virtual", "ffg", "card", seed=2)
    game = Game(setup, marks=True)
    rng = random.Random(2)
    while game.mark is None or game.mark["entries"] == 0:
        game.apply(rng.choice(game.legal_entries()))
    with pytest.raises(ValueError):
        Game.resume(setup, game.mark, game.history[:game.mark["entries"] - 1])


def sealed(path: Path, records: list[dict]) -> Path:
    path.write_bytes(journal_bytes(records))
    path.with_name(path.name + ".bak").write_bytes(path.read_bytes())
    return path


RECORDS = [{"journal": "referee-journal", "version": 3, "tables": {}},
           {"put": {"t": {"1": {"a": 1}}}}]


def test_the_head_is_the_chain_s_checked_over_the_whole_journal(tmp_path):
    journal = sealed(tmp_path / "s.json", RECORDS)
    assert checked_head(journal) == scan(journal.read_bytes()).head


def test_a_byte_changed_before_the_last_line_gives_no_head(tmp_path):
    """The whole chain is checked: a byte changed anywhere, with the file's size, time and
    inode as they were, is found by every reader, ``status`` included."""
    journal = sealed(tmp_path / "s.json", RECORDS)
    info = journal.stat()
    data = bytearray(journal.read_bytes())
    data[data.index(b'"tables"') + 2] ^= 1
    with journal.open("r+b") as f:  # in place: the same inode
        f.write(data)
    os.utime(journal, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert checked_head(journal) is None


@pytest.mark.parametrize("content", [
    b"",
    b'{"journal": "referee-journal", "version": 1, "tables": {}}\n',  # never sealed
    b"not a journal\n",
])
def test_no_head_without_a_sealed_journal(tmp_path, content):
    journal = tmp_path / "s.json"
    journal.write_bytes(content)
    journal.with_name("s.json.bak").write_bytes(content)
    assert checked_head(journal) is None
    assert checked_head(tmp_path / "missing.json") is None


def test_an_unfinished_last_line_gives_no_head(tmp_path):
    journal = sealed(tmp_path / "s.json", RECORDS[:1])
    with journal.open("ab") as f:
        f.write(b'{"put": {"t": {"1"')  # a write killed midway
    assert checked_head(journal) is None


def test_a_backup_that_is_not_the_journal_s_first_lines_gives_no_head(tmp_path):
    journal = sealed(tmp_path / "s.json", RECORDS)
    journal.with_name("s.json.bak").write_bytes(journal_bytes(RECORDS + [{"put": {"t": {
        "2": {"a": 2}}}}]))  # the backup holds a line the journal lost
    assert checked_head(journal) is None


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
    assert checkpoint.load(TRIBUNE, sessions_dir / f"{sid}.json") is not None  # made again


def test_a_proven_checkpoint_whose_snapshot_does_not_load_is_ignored(
        tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    path = checkpoint.path_of(sessions_dir / f"{sid}.json")
    truth = status(tribune, sid)
    raw = checkpoints.read(path)
    raw["snapshot"]["state"] = {"players": "nonsense"}
    checkpoints.write(path, raw)
    assert status(tribune, sid) == truth


@pytest.mark.parametrize("change", ["figure", "version"])
def test_a_checkpoint_changed_on_disk_or_from_another_version_is_not_read(
        tribune, sessions_dir, game_at_phase_2, change):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    place(tribune, sid, "Ann", "bowl")
    path = checkpoint.path_of(journal)
    raw = checkpoints.read(path)
    if change == "figure":  # still JSON, still a state: only the proof tells
        raw["snapshot"]["state"]["players"][0]["money"] += 100
        proof, _, _document = path.read_bytes().partition(b"\n")
        path.write_bytes(proof + b"\n" + json.dumps(raw).encode())
    else:
        raw["program"] = "0.0.1"
        checkpoints.write(path, raw)
    with SessionStore(sessions_dir).open(sid) as session:
        assert checkpoint.kept(TRIBUNE, session) is None
    assert checkpoint.load(TRIBUNE, journal) is None
    assert status(tribune, sid)["players"] == replayed(tribune, sessions_dir, sid)["players"]


def test_a_hand_edit_of_the_journal_makes_the_checkpoint_stale(tribune, sessions_dir,
                                                               game_at_phase_2):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    status(tribune, sid)
    edit_sealed(journal, lambda records: json.loads(
        json.dumps(records).replace('"gla3"', '"gla4"')))
    assert checkpoint.load(TRIBUNE, journal) is None
    assert status(tribune, sid) == replayed(tribune, sessions_dir, sid)


def test_the_checkpoint_follows_the_head_of_the_session(tribune, sessions_dir,
                                                       game_at_phase_2):
    sid = game_at_phase_2
    journal = sessions_dir / f"{sid}.json"
    place(tribune, sid, "Ann", "bowl")
    assert tribune("undo", sid).code == 0
    status(tribune, sid)  # replays, and keeps the position under the new head
    with SessionStore(sessions_dir).open(sid) as session:
        head = session.head
    assert checkpoints.read(checkpoint.path_of(journal))["head"] == [head.lines, head.digest]


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

    monkeypatch.setattr("referee.store.files.write_atomically", refuse)
    assert status(tribune, sid) == truth
    assert not checkpoint.path_of(sessions_dir / f"{sid}.json").exists()


def test_deleting_a_session_deletes_its_checkpoint(cli, tribune, sessions_dir, game_at_phase_2):
    sid = game_at_phase_2
    status(tribune, sid)
    assert cli("sessions", "delete", sid, "--yes").code == 0
    assert sorted(p.name for p in sessions_dir.iterdir()) == []


# ------------------------------------------------------------ enter resumes, replay decides
def play_through_enter(tribune, sessions_dir, sid, entries, check_every=1):
    """Record ``entries`` one ``enter`` at a time; every ``check_every`` entries, the game
    that ``enter`` left (resumed from the checkpoint) must be the replayed one."""
    for n, action in enumerate(entries, start=1):
        r = tribune("enter", sid, "--entry", json.dumps(action.to_json()), "--json")
        assert r.code == 0, r.err
        if n % check_every == 0:
            kept_json = json.loads(r.out)
            kept_json.pop("rulings")
            assert kept_json == {k: v for k, v in replayed(tribune, sessions_dir, sid).items()
                                 if k != "id"}
            with SessionStore(sessions_dir).open(sid) as session:
                from referee.table import session as sessions

                replay_game = sessions.load(TRIBUNE, session)
            status(tribune, sid)  # keeps the checkpoint again, from the replay
            with SessionStore(sessions_dir).open(sid) as session:
                assert checkpoint.kept(TRIBUNE, session)["mark"] == replay_game.mark


@pytest.fixture
def virtual_game(tribune, sessions_dir):
    r = tribune("new", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--edition",
                "ffg", "--points-variant", "--deck", "virtual", "--thermae", "2", "--seed", "4")
    assert r.code == 0, r.err
    return SessionStore(sessions_dir).ids()[0]


def the_game(sessions_dir, sid, count):
    """``count`` random legal entries from where the session stands."""
    with SessionStore(sessions_dir).open(sid) as session:
        from referee.table import session as sessions

        game = sessions.load(TRIBUNE, session)
    rng = random.Random(count)
    entries = []
    while len(entries) < count and game.pending() is not None:
        entries.append(rng.choice(game.legal_entries()))
        game.apply(entries[-1])
    return entries, game


def test_enter_resumes_from_the_round_mark_and_replays_only_what_follows(
        tribune, sessions_dir, virtual_game, monkeypatch):
    from referee.table import session as sessions

    sid = virtual_game
    entries, game = the_game(sessions_dir, sid, 120)
    assert game.mark["entries"] > 40  # the game is rounds in
    play_through_enter(tribune, sessions_dir, sid, entries[:-1], check_every=20)
    replays, setups = [], []
    real_replay = sessions.replay
    monkeypatch.setattr(sessions, "replay",
                        lambda *args: replays.append(args[-1]) or real_replay(*args))
    real_setup_of = sessions.setup_of
    monkeypatch.setattr(sessions, "setup_of",
                        lambda *args: setups.append(args) or real_setup_of(*args))
    r = tribune("enter", sid, "--entry", json.dumps(entries[-1].to_json()), "--json")
    assert r.code == 0, r.err
    assert replays == []  # resumed from the mark: no whole replay
    assert setups == []  # its setup is the checkpoint's: the box file is not read again
    assert json.loads(r.out)["pending"] == TRIBUNE.status_json(game)["pending"]


def test_enter_replays_the_whole_game_when_the_mark_does_not_fit(tribune, sessions_dir,
                                                                 virtual_game):
    sid = virtual_game
    journal = sessions_dir / f"{sid}.json"
    entries, _game = the_game(sessions_dir, sid, 80)
    play_through_enter(tribune, sessions_dir, sid, entries[:-1], check_every=79)
    raw = checkpoints.read(checkpoint.path_of(journal))
    raw["snapshot"]["mark"]["entries"] = 10**6  # more entries than the journal holds
    checkpoints.write(checkpoint.path_of(journal), raw)
    play_through_enter(tribune, sessions_dir, sid, entries[-1:])
