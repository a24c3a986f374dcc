"""A real Tribune game for the robustness tests: its setup, its entries, its session files.

The game is 4-player FFG in virtual-deck mode, played with random legal answers from a
fixed seed, so every test knows the whole game in advance and can check what a session
on disk holds against it.
"""

from __future__ import annotations

import random
import tempfile
from functools import cache
from pathlib import Path

from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.actions import Entry, from_json
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.table import TRIBUNE

PLAYERS = ("Ann", "Bob", "Cid", "Dee")
SEED = 3  # a points-variant game of 746 entries


def setup() -> Setup:
    return Setup.create(list(PLAYERS), "Ann", edition="ffg", deck_mode="virtual", seed=SEED,
                        settings={"thermae_fields": 3})


@cache
def script() -> tuple[Entry, ...]:
    """Every entry of the whole game, in order."""
    game, rng = Game(setup()), random.Random(SEED)
    while game.pending() is not None:
        game.apply(rng.choice(game.legal_entries()))
    return tuple(game.history)


def new_session(root: Path, entries: int = 0) -> str:
    """A session recorded the way the table UI records it, ``entries`` entries in."""
    session, game = sessions.create(TRIBUNE, SessionStore(root), setup())
    with session:
        for action in script()[:entries]:
            sessions.apply(TRIBUNE, session, game, action)
    return session.id


def recorded(root: Path, session_id: str) -> list[Entry]:
    with SessionStore(root).open(session_id) as session:
        return [from_json(e.payload) for e in session.entries()]


def events(root: Path, session_id: str) -> list[tuple]:
    """The session's events without their times: what must match a clean recording."""
    with SessionStore(root).open(session_id) as session:
        return [(e.seq, e.type, e.source, e.cause, e.actor, e.round, e.phase, e.payload)
                for e in session.events]


def files(root: Path) -> dict[str, bytes]:
    """Every file of the sessions folder but the backups, to compare before and after."""
    return {p.name: p.read_bytes() for p in sorted(root.iterdir())
            if p.is_file() and not p.name.endswith(".bak")}


@cache
def clean_recording() -> tuple[tuple[tuple, ...], tuple[int, ...]]:
    """The whole game recorded without interruption: its events, and how many events the
    session holds once n entries are in (``ends[n]``)."""
    with tempfile.TemporaryDirectory() as tmp:
        session, game = sessions.create(TRIBUNE, SessionStore(Path(tmp)), setup())
        ends = [len(session.events)]
        with session:
            for action in script():
                sessions.apply(TRIBUNE, session, game, action)
                ends.append(len(session.events))
        return tuple(events(Path(tmp), session.id)), tuple(ends)


def entries_if_intact(root: Path, session_id: str) -> int:
    """How many entries the session holds, asserting it is exactly what an uninterrupted
    recording of them holds: whole batches, nothing torn, nothing extra, nothing altered."""
    found = events(root, session_id)
    clean, ends = clean_recording()
    assert len(found) in ends, f"{len(found)} events: a batch is cut"
    assert tuple(found) == clean[:len(found)]
    return ends.index(len(found))
