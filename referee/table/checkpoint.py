"""A checkpoint beside a session's journal, so that reading a long game does not replay it.

``<id>.json.checkpoint`` holds what ``status`` shows of a running game (the game's own
``TableGame.snapshot``) and what it needs of the header (the colours, the language the game
is played in), with the head of the journal it was made from (line count and last integrity
check, which stand for every byte of the journal). The journal stays the one source of
truth; the checkpoint only spares the replay, and is used only when it provably reflects the
journal as it is:

* the journal's whole chain is checked (``referee.store.chain.checked_head``, every line,
  every time) and its head must be the one the checkpoint names;
* the checkpoint carries a proof: a MAC over all it holds, keyed with this installation's
  secret (``referee.store.secret``), which only this installation's program can make, and
  only after replaying that very journal.

A checkpoint that is missing, made for another head (the game went on) or by another version
of the program is ignored and made again from a replay; so is anything else (no proof, a proof
that fails, a file that is no regular file of its own), which is also said once on standard
error. The file is read and written as every store file is (no link followed, a size bound,
a new file renamed into place); failing to write one changes nothing but speed.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, NamedTuple

from referee import __version__
from referee.errors import RefereeError
from referee.table.game import TableGame

FORMAT = 4  # 3: a proof keyed with the installation's secret, the head of the journal;
#            4: the session's language
LIMIT = 16 * 1024 * 1024  # a long game's checkpoint is some tens of kB


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + ".checkpoint")


class Kept(NamedTuple):
    """What a checkpoint gives ``status``: the game as it reads it, the players' colours
    and the language the session is played in (None: not said)."""

    game: Any
    colours: dict[str, str | None]
    language: str | None


def load(table: TableGame, journal: Path) -> Kept | None:
    """What the checkpoint keeps, when it provably reflects the journal as it is; None
    otherwise (then the journal is opened and replayed, which also says what is wrong with
    it)."""
    from referee.store.chain import checked_head

    head = checked_head(journal)
    raw = None if head is None else _proven(table, journal, journal.name[:-5], head)
    if raw is None:
        return None
    try:
        language = raw["language"]
        return Kept(table.from_snapshot(raw["snapshot"]), dict(raw["colours"]),
                    language if isinstance(language, str) else None)
    except (ValueError, KeyError, TypeError, AttributeError, RefereeError):
        _distrusted(path_of(journal))
        return None


def kept(table: TableGame, session: Any) -> dict[str, Any] | None:
    """What the checkpoint keeps of the game (``TableGame.snapshot``, for
    ``TableGame.resume``) when it reflects ``session``'s journal as the open session read and
    checked it; None otherwise. Call it with the session open, so the journal cannot change
    in between."""
    raw = _proven(table, session.path, session.id, session.head)
    snapshot = None if raw is None else raw["snapshot"]
    return snapshot if isinstance(snapshot, dict) else None


def save(table: TableGame, session: Any, game: Any, colours: dict[str, str | None]) -> None:
    """Keep ``game`` as the open ``session``'s journal leaves it (nothing when the game has
    nothing to keep, or there is no key to prove it with)."""
    from referee.hashing import keyed
    from referee.store import secret
    from referee.store.files import write_atomically
    from referee.table.session import ui_options

    snapshot = table.snapshot(game)
    if snapshot is None:
        return
    key = secret.key(create=True)
    if key is None:
        return
    head = session.head
    document = _encode({"format": FORMAT, "program": __version__, "game": table.name,
                        "session": session.id, "head": [head.lines, head.digest],
                        "colours": colours, "language": ui_options(session).get("lang"),
                        "snapshot": snapshot})
    with contextlib.suppress(OSError):  # a read-only folder, a full disk: only speed is lost
        write_atomically(path_of(session.path), keyed(key, document).encode() + b"\n" + document,
                         durable=False, replace_any=True)


def _proven(table: TableGame, journal: Path, session_id: str, head: Any) -> dict[str, Any] | None:
    """The checkpoint's content when its proof holds and it was made, by this version of
    the program, for ``table``'s game in this session at ``head``; None otherwise."""
    import msgspec

    from referee.hashing import keyed, same
    from referee.store import secret
    from referee.store.files import read_regular

    path = path_of(journal)
    try:
        data = read_regular(path, LIMIT)
    except FileNotFoundError:
        return None
    except OSError:  # a link, a FIFO, a device, a folder, too big, unreadable
        _distrusted(path)
        return None
    proof, _, document = data.partition(b"\n")
    key = secret.key()
    if key is None or not same(proof.decode("ascii", "replace"), keyed(key, document)):
        if not data.startswith(b"{"):  # an earlier format, without a proof: quietly replaced
            _distrusted(path)
        return None
    try:
        raw = msgspec.json.decode(document)
    except (msgspec.DecodeError, ValueError, RecursionError):
        _distrusted(path)
        return None
    if not isinstance(raw, dict):
        return None
    made_for = (raw.get("format"), raw.get("program"), raw.get("game"), raw.get("session"))
    if made_for != (FORMAT, __version__, table.name, session_id):
        return None  # another version's or game's: its rules may have ruled otherwise
    if raw.get("head") != [head.lines, head.digest]:
        return None  # the game has gone on (or back) since
    return raw


def _encode(document: dict[str, Any]) -> bytes:
    import msgspec

    try:
        return msgspec.json.encode(document)
    except (UnicodeEncodeError, TypeError):  # a lone surrogate in a name: kept as an escape
        from referee.store.chain import dumps

        return dumps(document)


def _distrusted(path: Path) -> None:
    from referee.store import notices

    notices.tell(notices.CHECKPOINT_DISTRUSTED, path=str(path))
