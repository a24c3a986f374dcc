"""What a session file holds: a header and an append-only list of events.

Both are plain frozen value objects with ``to_json``/``from_json``; the field
meanings and the versioning policy are documented in ``docs/sessions.md``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from msgspec import Struct, field, structs

from referee import __version__

FORMAT = "referee-session"
FORMAT_VERSION = 1
SOURCES = ("entered", "derived", "correction")
UNDO = "undo"  # the event type that withdraws earlier events
#: How a session came to be: a game played with the referee, or a final score typed in.
MODES = ("guided", "scored")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_id(started: datetime) -> str:
    # Sortable by start time, short enough to type, unique thanks to the random tail.
    return f"{started:%Y%m%d-%H%M%S}-{os.urandom(2).hex()}"


class Player(Struct, frozen=True):
    name: str
    colour: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour}


class Header(Struct, frozen=True):
    id: str
    game: str
    edition: str
    players: tuple[Player, ...]
    start_player: str
    options: Mapping[str, Any]
    started_at: str
    app_version: str = __version__
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    mode: str = "guided"

    @classmethod
    def new(cls, *, game: str, edition: str, players: list[str] | list[Player],
            start_player: str | None = None, options: Mapping[str, Any] | None = None,
            mode: str = "guided") -> Header:
        if mode not in MODES:
            raise ValueError(f"unknown session mode {mode!r}")
        started = datetime.now(UTC)
        seats = tuple(p if isinstance(p, Player) else Player(p) for p in players)
        return cls(id=new_id(started), game=game, edition=edition, players=seats,
                   start_player=start_player or (seats[0].name if seats else ""),
                   options=dict(options or {}),
                   started_at=started.isoformat(timespec="milliseconds"), mode=mode)

    def retailed(self) -> Header:
        """The same header under an id with another random tail (the id was taken)."""
        return structs.replace(self, id=new_id(datetime.fromisoformat(self.started_at)))

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format, "format_version": self.format_version,
            "app_version": self.app_version, "id": self.id, "game": self.game,
            "edition": self.edition, "players": [p.to_json() for p in self.players],
            "start_player": self.start_player, "options": dict(self.options),
            "started_at": self.started_at, "mode": self.mode,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Header:
        return cls(
            id=data["id"], game=data["game"], edition=data["edition"],
            players=tuple(Player(p["name"], p.get("colour")) for p in data["players"]),
            start_player=data["start_player"], options=dict(data.get("options") or {}),
            started_at=data["started_at"], app_version=data.get("app_version", "?"),
            format=data["format"], format_version=data["format_version"],
            mode=data.get("mode") or "guided",
        )


class EventDraft(Struct, frozen=True):
    """An event before the store gives it a number and a time."""

    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    actor: str = "table"
    source: str = "entered"
    round: int | None = None
    phase: str | None = None

    def __post_init__(self) -> None:
        _check_source(self.source)
        json.dumps(self.payload)  # payloads must be JSON-native; fail at the call site


class Event(EventDraft, frozen=True):
    """A recorded event. ``cause`` links a derived event to the entry that produced it."""

    seq: int = 0
    time: str = ""
    cause: int | None = None
    key: str | None = None  # idempotency key of the submission this entry came from

    def __post_init__(self) -> None:
        # An event is stamped from a draft already checked, or read from the journal's own
        # JSON: encoding its payload again would cost a JSON dump per event on every open.
        _check_source(self.source)

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "time": self.time, "actor": self.actor, "round": self.round,
                "phase": self.phase, "type": self.type, "payload": _plain(self.payload),
                "source": self.source, "cause": self.cause,
                **({"key": self.key} if self.key is not None else {})}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        # The payload was just decoded from JSON: a shallow copy keeps the stored document
        # apart without walking the whole tree again.
        return cls(type=data["type"], payload=dict(data.get("payload") or {}),
                   actor=data["actor"], source=data["source"], round=data.get("round"),
                   phase=data.get("phase"), seq=data["seq"], time=data["time"],
                   cause=data.get("cause"), key=data.get("key"))

    @property
    def is_entry(self) -> bool:
        """Entered by people (or a correction of such an entry), as opposed to derived."""
        return self.source != "derived" and self.type != UNDO


def _check_source(source: str) -> None:
    if source not in SOURCES:
        raise ValueError(f"unknown event source {source!r}")


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def stamp(draft: EventDraft, seq: int, cause: int | None) -> Event:
    return Event(**{f: getattr(draft, f) for f in draft.__struct_fields__},
                 seq=seq, time=now(), cause=cause)


def number(drafts: Sequence[EventDraft], seq: int) -> list[Event]:
    """Stamp drafts as events ``seq``, ``seq + 1``, ...; a derived event's ``cause`` is the
    entry before it in the batch."""
    cause: int | None = None
    batch: list[Event] = []
    for draft in drafts:
        batch.append(stamp(draft, seq, cause if draft.source == "derived" else None))
        if draft.source != "derived":
            cause = seq
        seq += 1
    return batch


__all__ = ["Header", "Player", "Event", "EventDraft", "FORMAT", "FORMAT_VERSION", "MODES", "UNDO",
           "number", "stamp"]
