"""Tribune sessions at a chosen length, written exactly as a real game writes them.

A 4-player FFG game in virtual-deck mode (fixed seed) is played with random legal answers
through ``referee.table.session`` — the layer the guided table UI records with — so the journal
holds the same entries, rulings and batches a real table would produce.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from bench import folders
from bench.timing import ROOT
from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.actions import Entry
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
    next_entry: Entry  # the game's own next entry: a follower placement

    @property
    def path(self) -> Path:
        return self.root / f"{self.session_id}.json"

    def restore(self) -> None:
        """Put the sessions folder back as it was kept (see ``bench.folders``)."""
        folders.restore(self.root)

    def to_json(self) -> dict:
        return {"root": str(self.root), "session_id": self.session_id, "events": self.events,
                "next_entry": self.next_entry.to_json()}

    @classmethod
    def from_json(cls, raw: dict) -> Point:
        from referee.tribune.actions import from_json

        return cls(Path(raw["root"]), raw["session_id"], raw["events"],
                   from_json(raw["next_entry"]))


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
            sessions.apply(TRIBUNE, session, game, rng.choice(game.legal_entries() or []))
        count = len(session.events)
    return Point(root, session.id, count, rng.choice(game.legal_entries() or []))


def concordia_input(folder: Path) -> Path:
    """The scored example game of docs/concordia.md, as a ``--input`` file."""
    return _example(folder, "concordia", r"<!-- example-input -->\s*```json\n(.*?)```")


def trajan_input(folder: Path) -> Path:
    """The scored example of docs/trajan.md (three players), as a ``--input`` file."""
    return _example(folder, "trajan", r"A scored example[^\n]*\n\n```json\n(.*?)```")


def _example(folder: Path, game: str, pattern: str) -> Path:
    text = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    found = re.search(pattern, text, re.S)
    if found is None:
        raise RuntimeError(f"docs/{game}.md has no example input")
    path = folder / f"{game}-game.json"
    path.write_text(found.group(1), encoding="utf-8")
    return path
