"""``concordia score``'s answer: the score sheet as a table and as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.concordia.ui.rulings import rulings_json, unconfirmed_note
from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.scoring import Scoresheet

_ = translator("concordia")


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
