"""Shared helpers for the store tests."""

from __future__ import annotations

from referee.store import EventDraft, Header, SessionStore


def new_session(store: SessionStore, players=("Ann", "Bob", "Cid")):
    return store.create(Header.new(game="tribune", edition="ffg", players=list(players)))


def session_with(store: SessionStore, entries: int) -> str:
    """The id of a new session holding notes 0 to ``entries`` - 1, one line each: line 1 is
    the snapshot, line k + 2 holds entry k."""
    with new_session(store) as s:
        for n in range(entries):
            s.append([entry(n)])
        return s.id


def lines_of(path) -> list[bytes]:
    """A file's lines, each with its newline."""
    return path.read_bytes().splitlines(keepends=True)


def entry(n: int, **payload) -> EventDraft:
    return EventDraft(type="note", payload={"n": n, **payload}, actor="Ann")


def derived(n: int) -> EventDraft:
    return EventDraft(type="payout", payload={"n": n}, actor="referee", source="derived")


def edit_sealed(path, change) -> None:
    """Change a session file's records with ``change(records)`` and seal the file and its
    backup again, as a tool that knows the format would: the journal stays intact and only
    its content changes (a plain hand edit is caught by the integrity chain)."""
    import json

    from referee.store.chain import journal_bytes

    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    for record in records:
        record.pop("n", None), record.pop("h", None)
    records = change(records) or records
    for copy in (path, path.with_name(path.name + ".bak")):
        copy.write_bytes(journal_bytes(records))


def as_version_1(raw: bytes) -> bytes:
    """The same journal as a referee from before the integrity chain wrote it."""
    import json

    records = [json.loads(line) for line in raw.splitlines()]
    for record in records:
        record.pop("n"), record.pop("h")
    records[0]["version"] = 1
    return b"".join(json.dumps(r, separators=(",", ":")).encode() + b"\n" for r in records)
