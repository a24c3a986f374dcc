"""One history for a group with two laptops: finished games exported by one copy of the
referee, read into another.

Two documents are read: a session export (``referee sessions export ID --format json``,
one game) and a results export (``referee results export``, every finished game)::

    {"format": "referee-results", "version": 1, "games": [<result>, ...]}

where each ``<result>`` is the ``result`` of a session export (``docs/results.md``). A game
is known by its play id (the session id where it was recorded): one already here is left
as it is. An imported game becomes a finished session of its own in mode ``scored`` (no
game to resume), holding the result as recorded there, its times included, so that
``history`` and ``stats`` show it exactly as the other copy does. Names are kept as
recorded; the alias table decides who they are, as for every other game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from referee.errors import InputError
from referee.i18n import N_
from referee.irregular import stored
from referee.outcome import Outcome
from referee.results.record import PlayedGame, outcome_draft
from referee.results.timing import times_from_json
from referee.store import EventDraft, Header, Player, SessionStore

RESULTS_FORMAT = "referee-results"
RESULTS_VERSION = 1
IMPORTED = "imported_result"  # the entry that holds a result read from another copy


def results_document(games: list[PlayedGame]) -> dict[str, Any]:
    return {"format": RESULTS_FORMAT, "version": RESULTS_VERSION,
            "games": [g.to_json() for g in games]}


def read_games(raw: Any, where: str) -> list[PlayedGame]:
    """The finished games a session export or a results export holds."""
    if isinstance(raw, Mapping) and raw.get("format") == "referee-export":
        result = raw.get("result")
        if result is None:
            return []  # a game still going on has no result to bring
        return [played_from_json(result, where)]
    if isinstance(raw, Mapping) and raw.get("format") == RESULTS_FORMAT:
        if raw.get("version") != RESULTS_VERSION:
            raise InputError(N_("{path}: results version {version} is not one this program "
                                "reads ({known})"), path=where, version=raw.get("version"),
                             known=RESULTS_VERSION)
        games = raw.get("games")
        if not isinstance(games, list):
            raise InputError(N_("{path}: \"games\" must be a list of results"), path=where)
        return [played_from_json(g, where) for g in games]
    raise InputError(N_("{path} is neither a session export (referee sessions export ID "
                        "--format json) nor a results export (referee results export)"),
                     path=where)


def played_from_json(raw: Any, where: str) -> PlayedGame:
    """A result as ``PlayedGame.to_json`` wrote it; refused with its session named."""
    session = raw.get("session") if isinstance(raw, Mapping) else None
    try:
        players = tuple(Player(str(p["name"]), p.get("colour")) for p in raw["players"])
        times = raw.get("times")
        played = PlayedGame(
            session=str(session), mode=str(raw["mode"]), played_at=str(raw["played_at"]),
            duration_min=raw.get("duration_min"), players=players,
            start_player=str(raw.get("start_player") or ""),
            outcome=Outcome.from_json(raw["outcome"]),
            times=None if times is None else times_from_json(times),
            irregular=stored({"irregular": raw.get("irregular_rulings")}),
            location=raw.get("location"), comments=raw.get("comments"))
        _check(played)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError(N_("{path}: the result of {id} cannot be read ({reason})"),
                         path=where, id=str(session), reason=f"{type(exc).__name__}: {exc}"
                         ) from None
    return played


def _check(played: PlayedGame) -> None:
    import re
    from datetime import datetime

    from referee.names import player_name

    if not re.fullmatch(r"[0-9A-Za-z][0-9A-Za-z_-]{0,63}", played.session):
        raise ValueError(f"not a session id: {played.session!r}")
    datetime.fromisoformat(played.played_at)
    for p in played.players:
        player_name(p.name)
    if played.duration_min is not None and not isinstance(played.duration_min, int):
        raise TypeError("duration_min must be a whole number")


def import_games(store: SessionStore, games: list[PlayedGame]) -> dict[str, list[str]]:
    """Record every game not here yet; which were added and which were already here."""
    here = set(store.ids())
    added, known = [], []
    for game in games:
        if game.session in here:
            known.append(game.session)
            continue
        store.record(_header(game), [EventDraft(IMPORTED, {"result": game.to_json()},
                                                actor="table"),
                                     outcome_draft(game.outcome)], keep_id=True)
        here.add(game.session)
        added.append(game.session)
    return {"added": added, "already_here": known}


def _header(game: PlayedGame) -> Header:
    options = {"played_at": game.played_at, "duration_min": game.duration_min,
               "imported": {"mode": game.mode},
               **({"times": game.times.to_json()} if game.times else {}),
               **({"location": game.location} if game.location else {}),
               **({"comments": game.comments} if game.comments else {}),
               **({"irregular": [r.to_json() for r in game.irregular]}
                  if game.irregular else {})}
    header = Header.new(game=game.game, edition=game.outcome.edition,
                        players=list(game.players), options=options, mode="scored")
    return replace(header, id=game.session, start_player=game.start_player)
