"""A checkpoint beside a session's journal, so that reading a long game does not replay it.

``<id>.json.checkpoint`` holds what ``status`` shows of the game (the game's own
``TableGame.snapshot``) and the header's colours, under a key made of the journal's chain
head (``referee.store.head``: its line count and last integrity check, read from the end of
the file) and the file's size, modification time and inode. It is derived data: the journal
stays the one source of truth. An entry, an undo or a correction adds a line, and an edit
sealed again changes every check after it, so each moves the head; an edit that breaks the
chain leaves the head the last line claims as it was, so the file's own identity is in the
key too (as git notices a changed file without reading it). The checkpoint also names the
program version that wrote it and carries a digest of its snapshot, since commands that go on
with the game start from it. A checkpoint that is missing, stale, unreadable, changed on disk
or another version's is ignored and written again from a replay. Failing to write one (a
read-only folder, a full disk) changes nothing but speed.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from pathlib import Path
from typing import Any

from referee import __version__
from referee.errors import RefereeError
from referee.store.head import written_head
from referee.table.game import TableGame

FORMAT = 2  # bumped whenever what a snapshot holds changes (2: Tribune's round mark)


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + ".checkpoint")


def key(journal: Path) -> str | None:
    """The journal's chain head and file identity, or None when there is no sealed journal
    to key on (then nothing is kept and ``status`` replays)."""
    written = written_head(journal)
    if written is None:
        return None
    head = written.head
    return f"{head.lines}:{head.digest}:{written.size}:{written.mtime_ns}:{written.inode}"


def digest(snapshot: Any) -> str:
    """A check of what a snapshot holds: ``enter`` goes on from it, so a checkpoint damaged
    on disk (still JSON, a figure changed) must not pass for the game. A CRC finds such
    damage as well as a cryptographic hash would (neither stops a deliberate edit, which
    could recompute either) and needs no hashlib, whose OpenSSL load costs ``status`` ~3 ms."""
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


def _matching(table: TableGame, journal: Path) -> dict[str, Any] | None:
    """The checkpoint, when it is one of ``table``'s game that this version of the program
    made from the journal as it is now (another version's rules may have ruled otherwise),
    and holds what it was written with."""
    try:
        raw = json.loads(path_of(journal).read_bytes())
        if (raw["format"], raw["program"], raw["game"], raw["key"]) != (
                FORMAT, __version__, table.name, key(journal)):
            return None
        sound = isinstance(raw["snapshot"], dict) and raw["digest"] == digest(raw["snapshot"])
        return raw if sound else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def load(table: TableGame, journal: Path) -> tuple[Any, dict[str, str | None]] | None:
    """(the game as ``status`` reads it, the players' colours) from a checkpoint that
    matches the journal as it is now; None when there is none to trust."""
    raw = _matching(table, journal)
    try:
        return None if raw is None else (table.from_snapshot(raw["snapshot"]),
                                         dict(raw["colours"]))
    except (ValueError, KeyError, TypeError, AttributeError, RefereeError):
        return None


def kept(table: TableGame, journal: Path) -> dict[str, Any] | None:
    """What a checkpoint that matches the journal as it is now keeps of the game
    (``TableGame.snapshot``, for ``TableGame.resume``); None when there is none to trust.
    Call it with the session open, so the journal cannot change in between."""
    raw = _matching(table, journal)
    return None if raw is None else raw["snapshot"]


def save(table: TableGame, journal: Path, journal_key: str | None, game: Any,
         colours: dict[str, str | None]) -> None:
    """Keep ``game`` as the journal with key ``journal_key`` leaves it. Nothing is kept
    when the journal has changed since (another process wrote to it) or the game has
    nothing to keep."""
    snapshot = table.snapshot(game)
    if snapshot is None or journal_key is None or key(journal) != journal_key:
        return
    text = json.dumps({"format": FORMAT, "program": __version__, "game": table.name,
                       "key": journal_key, "colours": colours, "snapshot": snapshot,
                       "digest": digest(snapshot)}, ensure_ascii=False)
    target = path_of(journal)
    partial = target.with_name(target.name + ".tmp")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
