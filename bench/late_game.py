"""Tribune sessions at a chosen length, written exactly as a real game writes them.

A 4-player FFG game in virtual-deck mode (fixed seed) is played with random legal answers
through ``referee.table.session`` — the layer the guided table UI records with — so the journal
holds the same entries, rulings and batches a real table would produce.
"""

from __future__ import annotations

import random
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from bench.timing import ROOT
from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.actions import Action
from referee.tribune.setup import Setup
from referee.tribune.simulate import SIM_CARD
from referee.tribune.ui.table import TRIBUNE

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
SEED = 1  # a game that lasts well past 2,000 events
SAMPLE_KIND = "place"  # entries are timed at a follower placement, the commonest entry


@dataclass(frozen=True)
class Point:
    """A saved session stopped where the next entry is a follower placement."""

    root: Path
    session_id: str
    events: int
    next_entry: Action  # the game's own next entry: a follower placement

    @property
    def path(self) -> Path:
        return self.root / f"{self.session_id}.json"

    def pristine(self) -> Path:
        return self.path.with_name(self.path.name + ".pristine")

    def restore(self) -> None:
        """Put the session back as it was built (an entry benchmark changes it)."""
        shutil.copyfile(self.pristine(), self.path)


def build(root: Path, events: int) -> Point:
    """A session with at least ``events`` events, stopped before a follower placement."""
    store = SessionStore(root)
    setup = Setup.create(PLAYERS, PLAYERS[0], edition="ffg", deck_mode="virtual", seed=SEED,
                         victory=SIM_CARD, settings={"thermae_fields": 3})
    session, game = sessions.create(TRIBUNE, store, setup)
    rng = random.Random(SEED)
    with session:
        while (decision := game.pending()) is None or len(session.events) < events \
                or decision.kind != SAMPLE_KIND:
            if decision is None:
                raise RuntimeError(f"the bench game ended before {events} events")
            sessions.apply(TRIBUNE, session, game, rng.choice(game.legal_actions() or []))
        count = len(session.events)
    point = Point(root, session.id, count, rng.choice(game.legal_actions() or []))
    shutil.copyfile(point.path, point.pristine())
    return point


def concordia_input(folder: Path) -> Path:
    """The scored example game of docs/concordia.md, as a ``--input`` file."""
    text = (ROOT / "docs" / "concordia.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example-input -->\s*```json\n(.*?)```", text, re.S)
    if found is None:
        raise RuntimeError("docs/concordia.md has no example input")
    path = folder / "concordia-game.json"
    path.write_text(found.group(1), encoding="utf-8")
    return path
