"""Fixtures for the store tests: an empty store, and the command line with a real Tribune
game."""

from __future__ import annotations

import json

import pytest

from referee.store import SessionStore


@pytest.fixture
def store(tmp_path):
    """An empty session store in a folder of its own (made by the first session)."""
    return SessionStore(tmp_path / "sessions")


#: a two-player table-deck game, and the cards turned up for its first phase
TABLE = ["--player", "Ann", "--player", "Bob", "--edition", "ffg", "--points-variant",
         "--deck", "table", "--thermae", "2"]
PHASE_1 = ["gla3", "leg2", "leg4", "leg5", "sen3", "pat6", "ple2", "ves3",
           "sen1", "pra4", "gla0", "pat2", "ple1", "pat2"]


@pytest.fixture
def tribune(cli):
    """``tribune("status", sid)`` runs ``referee tribune status sid`` in-process."""
    return lambda *args: cli("tribune", *args)


def start_game(tribune, sessions_dir) -> str:
    """A new table-deck game with its first phase entered; its id."""
    before = set(SessionStore(sessions_dir).ids())
    r = tribune("new", *TABLE)
    assert r.code == 0, r.err
    [sid] = set(SessionStore(sessions_dir).ids()) - before
    reveals = json.dumps([{"type": "reveal", "card": c} for c in PHASE_1])
    r = tribune("enter", sid, "--entry", reveals)
    assert r.code == 0, r.err
    return sid


def place(tribune, sid: str, player: str, space: str):
    return tribune("enter", sid, "--entry",
                   json.dumps({"type": "place", "player": player, "space": space}))


def status(tribune, sid: str | None = None) -> dict:
    r = tribune("status", *([sid] if sid else []), "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


@pytest.fixture
def game(tribune, sessions_dir) -> str:
    """A game two placements into its second phase, read once so its checkpoint exists."""
    sid = start_game(tribune, sessions_dir)
    for player, space in (("Ann", "bowl"), ("Bob", "gladiators.1")):
        r = place(tribune, sid, player, space)
        assert r.code == 0, r.err
    status(tribune, sid)
    return sid
