"""``referee history``, ``referee stats`` and ``referee players``: finished games across
sessions, and the alias table that merges names typed differently."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.options import JSON_HELP
from referee.i18n import translator
from referee.terminal.output import console, print_json

if TYPE_CHECKING:
    from referee.results.players import Aliases
    from referee.results.record import PlayedGame

_ = translator("core")
players_app = typer.Typer(help=_("Player names across sessions: merge names typed differently."),
                          no_args_is_help=True)

GAME_OPTION = typer.Option(None, "--game", help=_("Only this game: tribune, concordia or "
                                                  "trajan."))
PLAYER_OPTION = typer.Option(None, "--player", help=_("Only games this player played."))
SINCE_OPTION = typer.Option(None, "--since", metavar="YYYY-MM-DD",
                            help=_("Only games played on this day or later."))
UNTIL_OPTION = typer.Option(None, "--until", metavar="YYYY-MM-DD",
                            help=_("Only games played on this day or earlier."))
CSV_HELP = _("Print CSV (one row per player per game) for a spreadsheet.")
EXCEL_HELP = _("Print CSV as spreadsheet programs open it: UTF-8 with a byte order mark, "
               "and ';' between cells where the locale's decimal mark is a comma.")
#: after the game's name in history: scored with --irregular
IRREGULAR_MARK = " (!)"


class GameName(StrEnum):
    tribune = "tribune"
    concordia = "concordia"
    trajan = "trajan"


def finished_games(game: GameName | None = None, player: str | None = None,
                   since: str | None = None, until: str | None = None,
                   ) -> tuple[list[PlayedGame], Aliases, list[str]]:
    """The finished games the filters keep, with the alias table and the unreadable
    sessions of :func:`referee.results.stats.finished_games`."""
    from referee.cli.results import parse_day
    from referee.results.stats import Filters, select

    filters = Filters(game.value if game else None, player, parse_day(since, "--since"),
                      parse_day(until, "--until"))
    from referee.results.stats import finished_games
    from referee.settings import store

    games, names, unreadable = finished_games(store())
    return select(games, filters, names), names, unreadable


def _warn(unreadable: list[str]) -> None:
    from referee.terminal.output import print_error

    if unreadable:
        print_error(_("Left out, unreadable (see referee sessions repair): {ids}",
                      ids=", ".join(unreadable)))


def _none_found(filtered: bool) -> None:
    from referee.terminal.output import print_line

    print_line(_("No games match these filters.") if filtered else _("No finished games yet."))


def _csv_style(excel: bool):
    from referee.results.export import CsvStyle

    if not excel:
        return CsvStyle()
    from referee.terminal.output import decimal_mark

    return CsvStyle.spreadsheet(decimal_mark())


def history(
    game: GameName | None = GAME_OPTION,
    player: str | None = PLAYER_OPTION,
    since: str | None = SINCE_OPTION,
    until: str | None = UNTIL_OPTION,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    as_csv: bool = typer.Option(False, "--csv", help=CSV_HELP),
    excel: bool = typer.Option(False, "--excel", help=EXCEL_HELP),
) -> None:
    from referee.results.stats import history_json
    from referee.terminal.output import one_of

    one_of({"--json": as_json, "--csv": as_csv, "--excel": excel and not as_csv})
    games, names, unreadable = finished_games(game, player, since, until)
    _warn(unreadable)
    if as_json:
        print_json([history_json(g, names) for g in games])
        return
    if as_csv or excel:
        from referee.results.export import rows, to_csv

        typer.echo(to_csv(*rows(games, names), _csv_style(excel)), nl=False)
        return
    if not games:
        _none_found(any(v is not None for v in (game, player, since, until)))
        return
    from referee.terminal.output import print_line

    width = _width()
    for g in games:
        print_line("\n".join(_history_block(g, names, width)))
    if any(g.irregular for g in games):
        print_line(_("{mark} scored as irregular: an end state no game can reach, kept with "
                     "the rules it breaks (history --json lists them)",
                     mark=IRREGULAR_MARK.strip()))


def _width() -> int | None:
    """The terminal's width, or None when the output goes to a program (nothing folded)."""
    import shutil

    from referee.terminal.output import _is_terminal

    return shutil.get_terminal_size().columns if _is_terminal(sys.stdout) else None


def _history_block(g: PlayedGame, names: Aliases, width: int | None) -> list[str]:
    """One game: its day, game, edition, length and id on one line; its result on the next,
    folded (at a terminal narrower than the result) only between players, never inside a
    name; then who thought how long, and the table's own time."""
    from referee.cli.results import pauses_text, phase_name
    from referee.results.timing import clock

    head = [g.date, g.game + (IRREGULAR_MARK if g.irregular else ""), g.outcome.edition]
    if g.duration_min is not None:
        head.append(_("{minutes} min", minutes=g.duration_min))
    head.append(g.session)
    lines = ["  ".join(head)]
    lines += _units([f"{s.rank}. {names.canonical(s.player)} {s.score}"
                     for s in g.outcome.standings], width)
    if g.times is not None:
        thought = [f"{names.canonical(p)} {clock(t)}" for p, t in g.times.thinking.items()]
        lines += _units([_("Thinking:"), *thought], width, joiner=" ")
        table = [f"{phase_name(k)} {clock(v)}" for k, v in g.times.table.items()]
        if table:
            lines += _units([_("The table's own time:"), *table], width, joiner=" ")
        if g.times.pauses:
            lines.append(INDENT + pauses_text(g.times))
    return lines


INDENT = "    "


def _units(units: list[str], width: int | None, joiner: str = " · ") -> list[str]:
    """``units`` on indented lines no wider than ``width``, broken only between units."""
    from referee.terminal.output import cells_of

    lines, current = [], ""
    for unit in units:
        candidate = f"{current}{joiner}{unit}" if current else unit
        if current and width is not None and cells_of(candidate)(INDENT + candidate) > width:
            lines.append(INDENT + current)
            current = unit
        else:
            current = candidate
    return lines + [INDENT + current] if current else lines


def stats(
    game: GameName | None = GAME_OPTION,
    player: str | None = PLAYER_OPTION,
    since: str | None = SINCE_OPTION,
    until: str | None = UNTIL_OPTION,
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    as_csv: bool = typer.Option(False, "--csv", help=_(
        "Print every figure as one CSV table (a 'table' column says which).")),
    excel: bool = typer.Option(False, "--excel", help=EXCEL_HELP),
) -> None:
    from referee.results.stats import stats as compute
    from referee.terminal.output import one_of

    one_of({"--json": as_json, "--csv": as_csv, "--excel": excel and not as_csv})
    games, names, unreadable = finished_games(game, player, since, until)
    _warn(unreadable)
    found = compute(games, names)
    if as_json:
        print_json(found)
    elif as_csv or excel:
        typer.echo(_stats_csv(found, _csv_style(excel)), nl=False)
    elif not games:
        _none_found(any(v is not None for v in (game, player, since, until)))
    else:
        _print_stats(found)


def _stats_csv(found: dict[str, list[dict[str, Any]]], style: Any) -> str:
    from referee.results.export import to_csv

    columns = ["table"] + sorted({k for rows in found.values() for r in rows for k in r})
    table = [[name] + [row.get(c, "") for c in columns[1:]]
             for name, rows in found.items() for row in rows]
    return to_csv(columns, [["" if v is None else v for v in r] for r in table], style)


def _print_stats(found: dict[str, list[dict[str, Any]]]) -> None:
    from rich.table import Table

    from referee.cli.results import phase_name
    from referee.results.timing import clock

    out = console()
    out.print(_("Plays: {games}", games=", ".join(f"{r['game']} {r['plays']}"
                                                   for r in found["games"])), markup=False)
    table = Table(_("Game"), _("Player"), _("Plays"), _("Wins"), _("Average"), _("Best"),
                  title=_("Players"))
    for r in found["players"]:
        table.add_row(r["game"], r["player"], str(r["plays"]), str(r["wins"]),
                      str(r["average"]), str(r["best"]))
    out.print(table)
    table = Table(_("Game"), _("Edition"), _("Player"), _("Plays"), _("Wins"),
                  title=_("By edition or board side"))
    for r in found["editions"]:
        table.add_row(r["game"], r["edition"], r["player"], str(r["plays"]), str(r["wins"]))
    out.print(table)
    _print_categories(found["categories"])
    table = Table(_("Player"), _("Opponent"), _("Games"), _("Ahead"), _("Behind"), _("Tied"),
                  title=_("Head to head"))
    for r in found["head_to_head"]:
        table.add_row(r["player"], r["opponent"], str(r["games"]), str(r["ahead"]),
                      str(r["behind"]), str(r["tied"]))
    out.print(table)
    if found["thinking"]:
        table = Table(_("Game"), _("Player"), _("Games"), _("Per game"), _("Per answer"),
                      title=_("Thinking time (games the referee timed)"))
        for r in found["thinking"]:
            table.add_row(r["game"], r["player"], str(r["games"]), clock(r["per_game_s"]),
                          clock(r["per_answer_s"]))
        out.print(table)
    if found["table_time"]:
        table = Table(_("Game"), _("Phase"), _("Games"), _("Per game"),
                      title=_("The table's own time"))
        for r in found["table_time"]:
            table.add_row(r["game"], phase_name(r["phase"]), str(r["games"]),
                          clock(r["per_game_s"]))
        out.print(table)


def _print_categories(rows: list[dict[str, Any]]) -> None:
    """Average points per category, one column per player (one table per game)."""
    from rich.table import Table

    for game in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == game]
        players = list(dict.fromkeys(r["player"] for r in mine))
        table = Table(_("Category"), *players, title=_(
            "{game}: average points by category", game=game))
        average = {(r["category"], r["player"]): r["average"] for r in mine}
        for category in dict.fromkeys(r["category"] for r in mine):
            table.add_row(category, *(str(average.get((category, p), "—")) for p in players))
        console().print(table)


@players_app.command("list", help=_("Every player name in finished games and the name shown "
                                    "for it."))
def list_players(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    from referee.results.stats import finished_games
    from referee.settings import store

    games, names, unreadable = finished_games(store())
    _warn(unreadable)
    typed = sorted({s.player for g in games for s in g.outcome.standings})
    rows = [{"as_typed": n, "shown": names.canonical(n)} for n in typed]
    if as_json:
        print_json({"players": rows, "aliases": names.table})
        return
    for row in rows:
        line = row["as_typed"] if row["as_typed"] == row["shown"] else _(
            "{typed} → {shown}", typed=row["as_typed"], shown=row["shown"])
        console().print(line, markup=False)


@players_app.command(help=_("Count ALIAS as the player NAME from now on (history, stats, "
                            "exports)."))
def alias(
    alias_name: str = typer.Argument(..., metavar="ALIAS"),
    name: str = typer.Argument(..., metavar="NAME"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.paths import aliases_file
    from referee.results.players import Aliases

    path = aliases_file()
    table = Aliases.load(path)
    table.add(alias_name, name)
    table.save(path)
    if as_json:
        print_json({"aliases": table.table, "file": str(path)})
    else:
        console().print(_("{alias} now counts as {name}.", alias=alias_name,
                          name=table.canonical(name)), markup=False)


@players_app.command(help=_("Stop counting ALIAS as another player."))
def unalias(
    alias_name: str = typer.Argument(..., metavar="ALIAS"),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.paths import aliases_file
    from referee.results.players import Aliases

    path = aliases_file()
    table = Aliases.load(path)
    table.remove(alias_name)
    table.save(path)
    if as_json:
        print_json({"aliases": table.table, "file": str(path)})
    else:
        console().print(_("{alias} is its own player again.", alias=alias_name), markup=False)
