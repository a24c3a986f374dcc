"""Export a session as JSON (everything), CSV (one row per event) or a BG Stats play.

A finished game records an ``outcome`` event whose payload is
``{"scores": {name: total}, "ranking": [names], "winners": [names],
"breakdown": {name: {category: points}}, "tie_break": text or null}``.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from referee.errors import InputError
from referee.i18n import N_
from referee.store.model import UNDO
from referee.store.session import Session
from referee.store.store import OUTCOME

#: Names and BoardGameGeek ids for the BG Stats import, which matches games by them.
GAMES = {
    "tribune": ("Tribune: Primus Inter Pares", 27364),
    "concordia": ("Concordia", 124361),
    "trajan": ("Trajan", 102680),
}


def outcome(session: Session) -> dict[str, Any] | None:
    event = session.last_effective(OUTCOME)
    return dict(event.payload) if event else None


def withdrawn(session: Session) -> set[int]:
    return {s for e in session.events if e.type == UNDO for s in e.payload.get("withdraws", ())}


def to_json(session: Session) -> dict[str, Any]:
    return {"header": session.header.to_json(),
            "events": [e.to_json() for e in session.events],
            "withdrawn": sorted(withdrawn(session)),
            "outcome": outcome(session)}


def to_csv(session: Session) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["seq", "time", "actor", "round", "phase", "type", "source", "cause",
                     "withdrawn", "payload"])
    gone = withdrawn(session)
    for e in session.events:
        writer.writerow([e.seq, e.time, e.actor, e.round, e.phase, e.type, e.source, e.cause,
                         e.seq in gone, json.dumps(e.payload, ensure_ascii=False)])
    return out.getvalue()


def to_bgstats(session: Session) -> dict[str, Any]:
    result = outcome(session)
    if result is None:
        raise InputError(N_("Session {id} has no final result yet, so it cannot be exported "
                            "as a BG Stats play."), id=session.id)
    header = session.header
    name, bgg_id = GAMES.get(header.game, (header.game, None))
    scores, winners = result.get("scores", {}), set(result.get("winners", ()))
    return {
        "sourceName": "referee",
        "game": {"name": name, "bggId": bgg_id, "sourceGameId": header.game},
        "playDate": header.started_at[:19].replace("T", " "),
        "players": [{"name": p.name, "sourcePlayerId": p.name, "color": p.colour,
                     "startPlayer": p.name == header.start_player,
                     "score": scores.get(p.name), "winner": p.name in winners}
                    for p in header.players],
        "comments": f"referee session {header.id} ({header.edition})",
    }


def export(session: Session, fmt: str) -> str:
    if fmt == "csv":
        return to_csv(session)
    data = to_bgstats(session) if fmt == "bgstats" else to_json(session)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
