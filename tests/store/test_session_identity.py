"""Which session a command uses: the one its file is named for."""

from __future__ import annotations

import shutil

from tests.store.conftest import start_game


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

