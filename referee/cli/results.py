"""What every game's ``score`` command shares: the options that keep a typed-in final score
as a finished game, the one call that keeps it, and how an irregular end state is scored
(``referee.irregular``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.options import JSON_HELP
from referee.i18n import N_, translator

if TYPE_CHECKING:
    from referee.errors import RuleViolation
    from referee.outcome import Outcome

_ = translator("core")

SAVE_OPTION = typer.Option(True, "--save/--no-save", help=_(
    "Keep this final score as a finished game (for history, stats and exports); "
    "--no-save only shows it."))
DATE_OPTION = typer.Option(None, "--date", metavar="YYYY-MM-DD", help=_(
    "Day the game was played (default: today)."))
MINUTES_OPTION = typer.Option(None, "--minutes", min=1, help=_(
    "How long the game took, in minutes (left out unless given)."))
IRREGULAR_OPTION = typer.Option(False, "--irregular", help=_(
    "Score an end state no game can reach (a piece forgotten at the table) anyway: each "
    "rule it breaks is listed beside the score and kept with the result."))
LOCATION_OPTION = typer.Option(None, "--location", help=_(
    "Where the game was played (sent to BG Stats)."))
COMMENTS_OPTION = typer.Option(None, "--comments", help=_(
    "A comment kept with the game (sent to BG Stats)."))


def parse_day(text: str | None, flag: str = "--date") -> date | None:
    from referee.errors import InputError

    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(N_("{flag} takes a day as YYYY-MM-DD, not {value!r}"), flag=flag,
                         value=text) from None


def replay_facts(save: bool, day: str | None, minutes: int | None, location: str | None,
                 comments: str | None) -> dict[str, Any]:
    """What ``replay --save`` keeps of when, how long and where the game was played (the
    day parsed before the game runs, so a typo costs nothing)."""
    given = {"--date": day, "--minutes": minutes, "--location": location,
             "--comments": comments}
    if not save and any(v is not None for v in given.values()):
        from referee.errors import InputError

        raise InputError(N_("{options}: only with --save"), options=" ".join(
            k for k, v in given.items() if v is not None))
    from referee.results.record import play_facts

    facts = play_facts(parse_day(day), minutes, location, comments)
    if location is not None:
        from referee.cli.exporting import remember_location

        remember_location(location)
    if day is None:
        del facts["played_at"]  # the moment of the replay, as the session's start says
    return facts


def keep_score(outcome: Outcome, entered: Any, *, save: bool, day: date | None,
               minutes: int | None, start_player: str | None = None,
               options: Mapping[str, Any] | None = None,
               irregular: Sequence[RuleViolation] = ()) -> str | None:
    """Save a typed-in final score as a finished session; its id, or None with --no-save.
    (Commands parse ``--date`` before asking anything, so a typo costs no answers.) The
    irregularities it was scored with are kept in the session's header."""
    if not save:
        return None
    from referee.irregular import as_rulings
    from referee.results.record import save_scored
    from referee.settings import store

    if irregular:
        options = {**(options or {}), "irregular": [r.to_json() for r in as_rulings(irregular)]}
    return save_scored(store(), outcome, entered, day=day, duration_min=minutes,
                       start_player=start_player, options=options)


def report_score(outcome: Outcome, entered: Any, found: Sequence[RuleViolation], *,
                 as_json: bool, sheet_json: Callable[[], Mapping[str, Any]],
                 print_sheet: Callable[[], None], save: bool, day: date | None,
                 minutes: int | None, start_player: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
    """How every game's ``score`` ends: the score kept (unless ``--no-save``), then shown as
    JSON (the game's own sheet, then the shared fields: :func:`scored_json`) or as the
    game's table with its irregularities and where it was kept. The sheet is made only for
    the output asked for (a table's views load what JSON needs not)."""
    kept = keep_score(outcome, entered, save=save, day=day, minutes=minutes,
                      start_player=start_player, options=options, irregular=found)
    if as_json:
        from referee.terminal.output import print_json

        print_json(scored_json(sheet_json(), outcome, kept, found))
    else:
        print_sheet()
        say_irregular(found)
        say_kept(kept)


def irregular_json(found: Sequence[RuleViolation]) -> list[dict[str, Any]]:
    """``--json``'s ``irregular``: each rule the end state breaks, with its message."""
    from referee.terminal.messages import message

    return [{"rule": p.rule.rule_id if p.rule else None,
             "edition": p.rule.edition if p.rule else None, "message": message(p)}
            for p in found]


def say_irregular(found: Sequence[RuleViolation]) -> None:
    """The lines under a score table that say what makes the end state irregular."""
    if not found:
        return
    from referee.terminal.messages import message
    from referee.terminal.output import console

    out = console()
    out.print(_.plural("Scored as irregular: {n} rule this end state breaks",
                       "Scored as irregular: {n} rules this end state breaks", len(found)),
              markup=False, style="bold")
    for problem in found:
        out.print("  " + message(problem), markup=False)


def say_kept(session_id: str | None) -> None:
    """The line under a score table that says where the result went."""
    if session_id is None:
        return
    from referee.terminal.output import console

    console().print(_("Saved as finished game {id}.", id=session_id), markup=False)
    console().print(_("To BG Stats: referee sessions export {id} --format bgstats",
                      id=session_id), markup=False)


def scored_json(shown: Mapping[str, Any], outcome: Outcome, kept: str | None,
                irregular: Sequence[RuleViolation] = ()) -> dict[str, Any]:
    """A score command's ``--json``: the game's own table, then the result in the shape every
    game shares (``docs/results.md``), the id of the finished game it was kept as and the
    irregularities it was scored with (``[]`` for an end state a game can reach)."""
    return {**shown, "outcome": outcome.to_json(), "session": kept,
            "irregular": irregular_json(irregular)}


def print_times(session: Any) -> None:
    """Under a finished game's score sheet: how long it took at the table, each player's
    thinking time and the table's own time per phase (``referee.results.timing``)."""
    from referee.results.record import played_game
    from referee.results.timing import clock
    from referee.terminal.output import print_line

    played = played_game(session)
    if played is None or played.times is None:
        return
    times = played.times
    print_line(_("Time at the table: {time}.", time=clock(times.seconds)))
    players = [_.plural("{player} {time} ({n} answer)", "{player} {time} ({n} answers)",
                        times.answers[p], player=p, time=clock(s))
               for p, s in times.thinking.items()]
    print_line(_("Thinking time: {players}.", players=", ".join(players)))
    if times.table:
        print_line(_("The table's own time: {phases}.", phases=", ".join(
            f"{phase_name(k)} {clock(v)}" for k, v in times.table.items())))
    if times.pauses:
        print_line(pauses_text(times))


def phase_name(phase: str) -> str:
    """A phase as the journal names it ("" where a game records none)."""
    from referee.results.timing import CORRECTIONS

    if phase == CORRECTIONS:
        return _("corrections")
    return phase or _("play")


def pauses_text(times: Any) -> str:
    from referee.results.timing import PAUSE_S, clock

    return _.plural("Left out: {n} pause of more than {limit} minutes ({time}).",
                    "Left out: {n} pauses of more than {limit} minutes ({time}).",
                    times.pauses, limit=PAUSE_S // 60, time=clock(times.paused))


results_app = typer.Typer(help=_("Finished games between copies of the referee: export all "
                                 "of them, import another copy's."), no_args_is_help=True)


@results_app.command("export", help=_("Every finished game as one JSON document, for "
                                      "another copy's 'referee results import'."))
def export_results(
    output: Path | None = typer.Option(None, "--output", "-o", help=_(
        "Write to this file instead of stdout ('-' is stdout).")),
) -> None:
    from referee.cli.exporting import emit
    from referee.results.merge import results_document
    from referee.results.stats import finished_games
    from referee.settings import store
    from referee.terminal.output import json_text

    games, _names, unreadable = finished_games(store())
    _left_out(unreadable)
    emit(json_text(results_document(games)) + "\n", output)


@results_app.command("import", help=_("Add the finished games another copy exported ('referee "
                                      "results export', or 'referee sessions export ID "
                                      "--format json'); games already here are left as they "
                                      "are."))
def import_results(
    file: Path = typer.Argument(..., metavar="FILE", help=_("The exported file ('-' reads "
                                                            "standard input).")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.data import read_json
    from referee.results.merge import import_games, read_games
    from referee.settings import store
    from referee.terminal.output import print_json, print_line

    games = read_games(read_json(file), str(file))
    report = import_games(store(), games)
    if as_json:
        print_json(report)
        return
    print_line(_("Imported {added} finished games; {known} were already here.",
                 added=len(report["added"]), known=len(report["already_here"])))


def _left_out(unreadable: list[str]) -> None:
    if unreadable:
        from referee.terminal.output import print_error

        print_error(_("Left out, unreadable (see referee sessions repair): {ids}",
                      ids=", ".join(unreadable)))
