"""What every game's ``score`` command shares: the options that keep a typed-in final score
as a finished game, and the one call that keeps it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

import typer

from referee.i18n import N_, translator

if TYPE_CHECKING:
    from referee.outcome import Outcome

_ = translator("core")

SAVE_OPTION = typer.Option(True, "--save/--no-save", help=_(
    "Keep this final score as a finished game (for history, stats and exports); "
    "--no-save only shows it."))
DATE_OPTION = typer.Option(None, "--date", metavar="YYYY-MM-DD", help=_(
    "Day the game was played (default: today)."))
MINUTES_OPTION = typer.Option(None, "--minutes", min=1, help=_(
    "How long the game took, in minutes (left out unless given)."))


def parse_day(text: str | None, flag: str = "--date") -> date | None:
    from referee.errors import InputError

    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(N_("{flag} takes a day as YYYY-MM-DD, not {value!r}"), flag=flag,
                         value=text) from None


def keep_score(outcome: Outcome, entered: Any, *, save: bool, day: date | None,
               minutes: int | None, start_player: str | None = None,
               options: Mapping[str, Any] | None = None) -> str | None:
    """Save a typed-in final score as a finished session; its id, or None with --no-save.
    (Commands parse ``--date`` before asking anything, so a typo costs no answers.)"""
    if not save:
        return None
    from referee.cli.settings import store
    from referee.results.record import save_scored

    return save_scored(store(), outcome, entered, day=day, duration_min=minutes,
                       start_player=start_player, options=options)


def say_kept(session_id: str | None) -> None:
    """The line under a score table that says where the result went."""
    if session_id is None:
        return
    from referee.cli.output import console

    console().print(_("Saved as finished game {id}.", id=session_id), markup=False)
    console().print(_("To BG Stats: referee sessions export {id} --format bgstats",
                      id=session_id), markup=False)


def scored_json(shown: Mapping[str, Any], outcome: Outcome, kept: str | None) -> dict[str, Any]:
    """A score command's ``--json``: the game's own table, then the result in the shape every
    game shares (``docs/results.md``) and the id of the finished game it was kept as."""
    return {**shown, "outcome": outcome.to_json(), "session": kept}
