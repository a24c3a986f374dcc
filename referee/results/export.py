"""Sessions for other tools: a versioned JSON document, a results table as CSV, a BG Stats play.

The JSON and CSV layouts are documented in ``docs/results.md``; ``EXPORT_VERSION`` rises
when a field is renamed, removed or changes its meaning (adding one keeps it).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from msgspec import Struct

from referee.errors import InputError
from referee.i18n import N_
from referee.results.players import Aliases
from referee.results.record import PlayedGame, played_game
from referee.store.model import UNDO
from referee.store.session import Session

EXPORT_FORMAT = "referee-export"
EXPORT_VERSION = 1
#: The fixed columns of the results table; one ``points_<category>`` column per scoring
#: category follows them.
COLUMNS = ("session", "date", "game", "edition", "mode", "duration_min", "player", "seat",
           "colour", "start_player", "score", "rank", "winner")


def withdrawn(session: Session) -> set[int]:
    return {s for e in session.events if e.type == UNDO for s in e.payload.get("withdraws", ())}


def to_json(session: Session) -> dict[str, Any]:
    """Everything the session holds, and its result in the shape every game shares."""
    game = played_game(session)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
            "header": session.header.to_json(),
            "events": [e.to_json() for e in session.events],
            "withdrawn": sorted(withdrawn(session)),
            "result": game.to_json() if game else None}


def finished(session: Session) -> PlayedGame:
    game = played_game(session)
    if game is None:
        raise InputError(N_("Session {id} has no final result yet: finish the game (or type "
                            "the final score in with the game's score command) first."),
                         id=session.id)
    return game


def rows(games: Iterable[PlayedGame], aliases: Aliases) -> tuple[list[str], list[list[Any]]]:
    """One row per player per game, names merged through the alias table."""
    games = list(games)
    categories = sorted({k for g in games for s in g.outcome.standings for k in s.breakdown})
    found = []
    for game in games:
        for s in sorted(game.outcome.standings, key=lambda s: s.seat):
            found.append([game.session, game.date, game.game, game.outcome.edition, game.mode,
                          _blank(game.duration_min), aliases.canonical(s.player), s.seat,
                          game.colour(s.player) or "",
                          "yes" if s.player == game.start_player else "", s.score, s.rank,
                          "yes" if s.winner else "",
                          *(_blank(s.breakdown.get(k)) for k in categories)])
    return [*COLUMNS, *(f"points_{k}" for k in categories)], found


#: What a spreadsheet takes for the start of a formula (OWASP's list for CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class CsvStyle(Struct, frozen=True):
    """How a CSV is written: plain (``,`` and ``.``, no byte order mark), or for a
    spreadsheet program that reads the locale's separator and wants the byte order mark to
    know the text is UTF-8 (``;`` where the decimal mark is a comma)."""

    separator: str = ","
    decimal: str = "."
    bom: bool = False

    @classmethod
    def spreadsheet(cls, decimal_mark: str) -> CsvStyle:
        return cls(";" if decimal_mark == "," else ",", decimal_mark, True)


def to_csv(header: list[str], table: list[list[Any]], style: CsvStyle = CsvStyle()) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=style.separator, lineterminator="\n")
    writer.writerow([cell(h, style) for h in header])
    writer.writerows([cell(v, style) for v in row] for row in table)
    return ("\ufeff" if style.bom else "") + out.getvalue()


def cell(value: Any, style: CsvStyle = CsvStyle()) -> Any:
    """One cell: numbers as numbers (the decimal mark the style's), text as text only.
    Control characters are shown escaped (the one output policy), and text a spreadsheet
    would run as a formula (``=HYPERLINK(…)``, ``+cmd|…``, ``@SUM``, ``-2+3``) starts with
    an apostrophe, as OWASP recommends, so it is shown, never evaluated."""
    from referee.terminal.output import shown

    if isinstance(value, bool) or not isinstance(value, int | float):
        text = str(value)
        return "'" + shown(text) if text.startswith(FORMULA_START) else shown(text)
    return str(value).replace(".", style.decimal) if isinstance(value, float) else value


def _blank(value: Any) -> Any:
    return "" if value is None else value
