"""A finished game as one BG Stats play, and the link the app imports it from.

The app takes a play as ``https://app.bgstatsapp.com/createPlay.html?data=<JSON>``, the JSON
percent-encoded. The link carries the whole play, so its length is the limit: programs keep
it under about 8,000 characters.
Nothing is sent anywhere: the person opens the link (or scans its QR code) on their phone.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn
from urllib.parse import quote

from msgspec import Struct

from referee.data import is_confirmed, load, override_path, read_json
from referee.errors import InputError
from referee.i18n import N_
from referee.results.players import Aliases, key
from referee.results.record import PlayedGame

SOURCE_NAME = "referee"  # the app keys its game and player matching on it: never change it
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
MAX_LINK = 8000


class Title(Struct, frozen=True):
    """A game as other programs know it: its name, and its BoardGameGeek id where that is
    confirmed or the user set it (``referee/results/data/games.json``)."""

    name: str
    bgg_id: int | None


def title(game: str) -> Title:
    users = _users_games()  # checked first: the merge below trusts its shape
    entry = load("results", "games")["games"].get(game) or {"name": game}
    bgg = entry.get("bgg_id") or {}
    trusted = is_confirmed(str(bgg.get("tag"))) or "bgg_id" in users.get(game, {})
    value = bgg.get("value")
    return Title(str(entry["name"]), value if trusted and isinstance(value, int) else None)


#: the shape of the user's ``results/games.json`` (docs/results.md shows it too)
GAMES_SHAPE = '{"games": {"tribune": {"name": "…", "bgg_id": {"value": 27364}}}}'


def _users_games() -> dict[str, Any]:
    """The user's own ``results/games.json``, refused with one clear message unless it has
    the shape :data:`GAMES_SHAPE`: a BoardGameGeek id is a whole number above 0, a name is
    text. (An id set there is the user's, and is sent.)"""
    path = override_path("results", "games")
    if not path.exists():
        return {}
    raw = read_json(path)
    games = raw.get("games") if isinstance(raw, dict) else None
    if not isinstance(games, dict):
        _bad_shape(path, '"games"', N_("an object with one entry per game"))
    for game, entry in games.items():
        where = f'"games"."{game}"'
        if not isinstance(entry, dict):
            _bad_shape(path, where, N_("an object"))
        if "name" in entry and not isinstance(entry["name"], str):
            _bad_shape(path, f'{where}."name"', N_("text"))
        if "bgg_id" in entry:
            bgg = entry["bgg_id"]
            value = bgg.get("value") if isinstance(bgg, dict) else None
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                _bad_shape(path, f'{where}."bgg_id"',
                           N_('an object whose "value" is a whole number above 0'))
    return games


def _bad_shape(path: Any, where: str, wanted: str) -> NoReturn:
    from referee.rulings import Term

    raise InputError(N_("{path}: {where} must be {wanted}; the file's shape is {shape} "
                        "(docs/results.md)"), path=str(path), where=where,
                     wanted=Term(wanted), shape=GAMES_SHAPE)


def play(game: PlayedGame, aliases: Aliases, *, location: str | None = None,
         comments: str | None = None) -> dict[str, Any]:
    """The play object (fields as the app documents them). Every character makes the QR
    code bigger, so what is unknown or the app's default is left out: ``startPlayer``
    where nobody recorded one, ``winner`` but for the winners, ``durationMin`` where no
    length is known (or it is 0), ``role`` where no colour was recorded. Players come in
    seat order, each with a stable id derived from their name."""
    name = title(game.game)
    standing = {s.player: s for s in game.outcome.standings}
    players = []
    for seat in game.players:
        line = standing.get(seat.name)
        shown = aliases.canonical(seat.name)
        player: dict[str, Any] = {"name": shown, "sourcePlayerId": key(shown)}
        if game.start_player and seat.name == game.start_player:
            player["startPlayer"] = True
        if line is not None:
            player["score"] = line.score
            if line.winner:
                player["winner"] = True
            player["rank"] = line.rank
        if seat.colour:
            player["role"] = seat.colour
        players.append(player)
    doc: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game.session,
        "playDate": play_date(game.played_at),
        "game": {"name": name.name, "sourceGameId": game.game, "highestWins": True,
                 "noPoints": False},
        "players": players,
    }
    if name.bgg_id is not None:
        doc["game"]["bggId"] = name.bgg_id
    if game.duration_min:
        doc["durationMin"] = game.duration_min
    if location:
        doc["location"] = location
    if comments:
        doc["comments"] = comments
    return doc


def play_date(iso: str) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in UTC, as the app takes it."""
    from datetime import UTC, datetime

    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


#: What the link leaves as it is in its query: letters, digits and the characters URL
#: syntax allows there unescaped. Quotes, braces, spaces and the characters a query parser
#: reads itself (``&``, ``=``, ``+``, ``#``, ``%``) are percent-encoded; so is every
#: character outside ASCII, as UTF-8.
QUERY_SAFE = "-._~:,!$'()*/?@"


def link(doc: dict[str, Any]) -> str:
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(text, safe=QUERY_SAFE)


def checked_link(game: PlayedGame, aliases: Aliases, *, location: str | None = None,
                 comments: str | None = None) -> tuple[str, dict[str, Any]]:
    """The link and its play, refused if the app could not take it. Comments that would
    make it too long are left out (the play itself fits: a test keeps five players with
    the longest names well under the limit)."""
    doc = play(game, aliases, location=location, comments=comments)
    found = link(doc)
    if len(found) > MAX_LINK and comments:
        doc.pop("comments")
        found = link(doc)
    if len(found) > MAX_LINK:
        raise InputError(N_("Session {id} makes a BG Stats link of {length} characters, more "
                            "than the {limit} the app takes."), id=game.session,
                         length=len(found), limit=MAX_LINK)
    return found, doc
