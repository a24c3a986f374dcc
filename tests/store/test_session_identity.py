"""Which session a command uses: the one its file is named for, and without an id the one
written last (never the highest id, which follows the clock)."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime, timedelta

import pytest

from referee.store import SessionStore
from tests.store.conftest import TABLE, start_game, status


def copy_over(sessions_dir, source: str, target: str) -> None:
    """Another game's journal and backup copied under ``target``'s file names."""
    for suffix in (".json", ".json.bak"):
        shutil.copyfile(sessions_dir / f"{source}{suffix}", sessions_dir / f"{target}{suffix}")
    (sessions_dir / f"{target}.json.checkpoint").unlink(missing_ok=True)


def test_a_journal_under_another_session_s_name_is_refused_and_named(tribune, cli,
                                                                      sessions_dir):
    first = start_game(tribune, sessions_dir)
    second = start_game(tribune, sessions_dir)
    copy_over(sessions_dir, second, first)
    for args in (("status", first), ("enter", first, "--entry",
                                     '{"type": "place", "player": "Ann", "space": "bowl"}')):
        r = tribune(*args)
        assert r.code == 2, r.out
        assert first in r.err and second in r.err
    listed = cli("sessions", "list", "--json").json()
    ids = [s["id"] for s in listed]
    assert sorted(ids) == sorted({first, second})  # each id once
    [copied] = [s for s in listed if s["id"] == first]
    assert copied["problem"] and second in copied["problem"]


class _Earlier(datetime):
    """The clock two days behind."""

    @classmethod
    def now(cls, tz=None):
        return datetime.now(tz) - timedelta(days=2)


def set_back(sessions_dir, sid: str) -> None:
    """The files' times, as a clock two days behind writes them."""
    then = (datetime.now(UTC) - timedelta(days=2)).timestamp()
    for path in sessions_dir.glob(f"{sid}*"):
        os.utime(path, (then, then))


@pytest.fixture
def clock_set_back(tribune, sessions_dir, monkeypatch):
    """An older game, then a new one started with the clock two days behind: its id sorts
    first. Returns (older, newer)."""
    older = start_game(tribune, sessions_dir)
    monkeypatch.setattr("referee.store.model.datetime", _Earlier)
    r = tribune("new", *TABLE)
    assert r.code == 0, r.err
    [newer] = set(SessionStore(sessions_dir).ids()) - {older}
    set_back(sessions_dir, newer)
    assert newer < older
    return older, newer


def test_without_an_id_status_uses_the_game_written_last_and_names_it(tribune, clock_set_back):
    older, newer = clock_set_back
    r = tribune("status", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["id"] == newer
    assert newer in r.err  # says which session it used
    shown = tribune("status")
    assert shown.code == 0 and newer in shown.err


def test_without_an_id_enter_goes_to_the_game_written_last(tribune, sessions_dir,
                                                          clock_set_back):
    older, newer = clock_set_back
    reveal = json.dumps({"type": "reveal", "card": "gla3"})
    r = tribune("enter", "--entry", reveal)
    assert r.code == 0, r.err
    assert newer in r.err
    with SessionStore(sessions_dir).open(newer) as s:
        assert s.entries()[-1].payload["card"] == "gla3"


def test_writing_to_an_older_game_makes_it_the_latest(tribune, sessions_dir, clock_set_back):
    older, newer = clock_set_back
    r = tribune("enter", older, "--entry",
                json.dumps({"type": "place", "player": "Ann", "space": "bowl"}))
    assert r.code == 0, r.err
    assert status(tribune)["id"] == older


def test_a_refused_entry_does_not_make_a_game_the_latest(tribune, sessions_dir, clock_set_back):
    older, newer = clock_set_back
    r = tribune("enter", older, "--entry",
                json.dumps({"type": "place", "player": "Bob", "space": "bowl"}))
    assert r.code == 2
    assert status(tribune)["id"] == newer
