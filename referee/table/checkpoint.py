"""A checkpoint beside a session's journal, so that reading a long game does not replay it.

``<id>.json.checkpoint`` holds what ``status`` shows of a running game (the game's own
``TableGame.snapshot``) and the header's colours, with the head of the journal it was made
from (line count and last integrity check, which stand for every byte of the journal). The
journal stays the one source of truth; the checkpoint only spares the replay, and is used
only when the journal's whole chain is checked (``referee.store.chain.checked_head``, every
line, every time) and its head is the one the checkpoint names. So a byte changed anywhere in
the journal is found by every reader, whatever the file's size and times say. The checkpoint
also names the program version that wrote it and carries a digest of its snapshot, since
commands that go on with the game start from it. A checkpoint that is missing, made for
another head (the game went on), unreadable, changed on disk or another version's is ignored
and written again from a replay. Failing to write one (a read-only folder, a full disk)
changes nothing but speed.
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
from referee.table.game import TableGame

FORMAT = 3  # 3: the head of the journal's whole chain


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + ".checkpoint")


def digest(snapshot: Any) -> str:
    """A check of what a snapshot holds: ``enter`` goes on from it, so a checkpoint damaged
    on disk (still JSON, a figure changed) must not pass for the game. A CRC finds such
    damage as well as a cryptographic hash would (neither stops a deliberate edit, which
    could recompute either) and needs no hashlib, whose OpenSSL load costs ``status`` ~3 ms."""
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


def load(table: TableGame, journal: Path) -> tuple[Any, dict[str, str | None]] | None:
    """(the game as ``status`` reads it, the players' colours) from the checkpoint, when it
    was made from the journal as it is; None otherwise (then the journal is opened and
    replayed, which also says what is wrong with it)."""
    from referee.store.chain import checked_head

    head = checked_head(journal)
    raw = None if head is None else _matching(table, journal, head)
    try:
        return None if raw is None else (table.from_snapshot(raw["snapshot"]),
                                         dict(raw["colours"]))
    except (ValueError, KeyError, TypeError, AttributeError, RefereeError):
        return None


def kept(table: TableGame, session: Any) -> dict[str, Any] | None:
    """What the checkpoint keeps of the game (``TableGame.snapshot``, for
    ``TableGame.resume``) when it was made from ``session``'s journal as the open session
    read and checked it; None otherwise. Call it with the session open, so the journal cannot
    change in between."""
    raw = _matching(table, session.path, session.head)
    return None if raw is None else raw["snapshot"]


def save(table: TableGame, session: Any, game: Any, colours: dict[str, str | None]) -> None:
    """Keep ``game`` as the open ``session``'s journal leaves it (nothing when the game has
    nothing to keep)."""
    snapshot = table.snapshot(game)
    if snapshot is None:
        return
    head = session.head
    text = json.dumps({"format": FORMAT, "program": __version__, "game": table.name,
                       "head": [head.lines, head.digest], "colours": colours,
                       "snapshot": snapshot, "digest": digest(snapshot)}, ensure_ascii=False)
    target = path_of(session.path)
    partial = target.with_name(target.name + ".tmp")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def _matching(table: TableGame, journal: Path, head: Any) -> dict[str, Any] | None:
    """The checkpoint, when it is one of ``table``'s game that this version of the program
    made from the journal at ``head`` (another version's rules may have ruled otherwise),
    and holds what it was written with."""
    try:
        raw = json.loads(path_of(journal).read_bytes())
        if (raw["format"], raw["program"], raw["game"], raw["head"]) != (
                FORMAT, __version__, table.name, [head.lines, head.digest]):
            return None
        sound = isinstance(raw["snapshot"], dict) and raw["digest"] == digest(raw["snapshot"])
        return raw if sound else None
    except (OSError, ValueError, KeyError, TypeError):
        return None
