"""``referee concordia score``: final scoring, asked at the table or read from a JSON file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from referee.cli.results import DATE_OPTION, IRREGULAR_OPTION, MINUTES_OPTION, SAVE_OPTION
from referee.concordia.cli.common import (
    JSON_HELP,
    SESSION_HELP,
    _,
    app,
    box,
    read_input,
    rulings_json,
    session_setup,
    unconfirmed_note,
)

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.scoring import Scoresheet


@app.command(help=_("Final scoring: a table per player and god, the ranking and the "
                    "tie-break."))
def score(
    input_file: Path | None = typer.Option(None, "--input", help=_(
        "JSON file with map, cities and players (see docs/concordia.md); without it the "
        "referee asks.")),
    session: str | None = typer.Option(None, "--session", help=SESSION_HELP),
    save_input: Path | None = typer.Option(None, "--save-input", help=_(
        "Write the answers to this JSON file, to score again with --input.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    save: bool = SAVE_OPTION,
    day: str | None = DATE_OPTION,
    minutes: int | None = MINUTES_OPTION,
    irregular: bool = IRREGULAR_OPTION,
) -> None:
    from referee.cli.results import (
        keep_score,
        parse_day,
        say_irregular,
        say_kept,
        scored_json,
    )
    from referee.concordia.end_state import read_end_state
    from referee.concordia.model import map_index
    from referee.concordia.scoring import outcome, score_game
    from referee.errors import InputError
    from referee.i18n import N_

    played = parse_day(day)
    the_box = box()
    setup = session_setup(session) if session else None
    if input_file is not None:
        raw = read_input(input_file)
    else:  # the prompts are loaded only when the table is asked
        from referee.concordia.cli.interview import interview
        from referee.terminal import prompter as prompting

        asker = prompting.make_prompter(_("use --input FILE.json (see docs/concordia.md)."))
        raw = interview(asker, the_box, setup["cities"] if setup else None,
                        setup["map"] if setup else None)
        if save_input is not None:
            save_input.write_text(json.dumps(raw, ensure_ascii=False, indent=2) + "\n",
                                  encoding="utf-8")
    if setup and isinstance(raw, dict):
        given = map_index(the_box).find(str(raw.get("map", setup["map"])))
        if given not in (None, setup["map"]):
            raise InputError(N_("The input is for the {map} map, the session for {session_map}."),
                             domain="concordia", map=given, session_map=setup["map"])
        raw = {**raw, "map": raw.get("map", setup["map"])}
    game, found = read_end_state(raw, the_box, setup and setup["cities"], irregular)
    sheet = score_game(game, the_box)
    first = next((p.name for p in game.players if p.seat == 1), None)
    shared = outcome(sheet, game)
    kept = keep_score(shared, raw, save=save, day=played, minutes=minutes, start_player=first,
                      options={"from_session": session} if session else None, irregular=found)
    if as_json:
        from referee.terminal.output import print_json

        print_json(scored_json(sheet_json(sheet, the_box), shared, kept, found))
    else:
        print_sheet(sheet, the_box)
        say_irregular(found)
        say_kept(kept)


def _row_label(key: str, the_box: Box) -> str:
    if key.startswith("minerva:"):
        return _("Minerva: {card}", card=_(the_box.cards[key.split(":")[1]].name))
    if key == "concordia":
        return _("Concordia card")
    god = the_box.god(key)["name"]
    return _(god)


def sheet_json(sheet: Scoresheet, the_box: Box) -> dict:
    from referee.concordia.wording import describe

    cells = [c for p in sheet.players for c in p.cells]
    return {
        "map": sheet.map_id,
        "players": [{
            "name": p.name, "total": p.total, "place": sheet.places[p.name],
            "breakdown": p.breakdown(),
            "minerva": {c.key.split(":")[1]: c.points for c in p.cells
                        if c.key.startswith("minerva:")},
            "why": {c.key: describe(c.ruling) for c in p.cells},
        } for p in sheet.players],
        "ranking": list(sheet.ranking),
        "ties": rulings_json(sheet.ties),
        "confirmed": sheet.confirmed,
        "unconfirmed": [r for r in rulings_json([c.ruling for c in cells])
                        if not r["confirmed"]],
    }


def print_sheet(sheet: Scoresheet, the_box: Box) -> None:
    from rich.table import Table
    from rich.text import Text

    from referee.concordia.wording import describe
    from referee.terminal.output import console

    table = Table(_("God"), *(p.name for p in sheet.players), show_lines=True,
                  title=_("Concordia, {map}", map=_(the_box.maps[sheet.map_id].name)))
    keys = ["vesta", "jupiter", "saturnus", "mercurius", "mars"]
    keys += sorted({c.key for p in sheet.players for c in p.cells
                    if c.key.startswith("minerva:")})
    keys.append("concordia")
    for key in keys:
        row = []
        for player in sheet.players:
            cell = next((c for c in player.cells if c.key == key), None)
            mark = "" if cell is None or cell.ruling.rule.confirmed else " *"
            row.append("—" if cell is None else
                       Text.assemble((str(cell.points), "bold"), mark, "\n",
                                     (describe(cell.ruling), "dim")))
        table.add_row(_row_label(key, the_box), *row)
    total = _("Total")
    table.add_row(Text(total, style="bold"),
                  *(Text(str(p.total), style="bold") for p in sheet.players))
    out = console()
    out.print(table)
    totals = {p.name: p.total for p in sheet.players}
    for name in sheet.ranking:
        out.print(_("{place}. {name}: {points}", place=sheet.places[name], name=name,
                    points=totals[name]), markup=False)
    for tie in sheet.ties:
        out.print(describe(tie), markup=False)
    note = unconfirmed_note([c.ruling for p in sheet.players for c in p.cells])
    if note:
        out.print(note, markup=False, style="dim")
