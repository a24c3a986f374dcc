"""``trajan status``: the board and each player's mat, as JSON and as tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.i18n import translator
from referee.terminal.output import console
from referee.trajan import construction as building
from referee.trajan import wheel as w
from referee.trajan.holdings import senate_spaces
from referee.trajan.terms import letters_of
from referee.trajan.ui.render import piece, word

_ = translator("trajan")


def status_json(game: Any) -> dict[str, Any]:
    q = game.pending()
    return {"game": "trajan", "setup": game.setup.to_json(), "state": game.state.to_json(),
            "entries": len(game.history),
            "pending": None if q is None else q.to_json(), "result": result_json(game)}


def result_json(game: Any) -> dict[str, Any] | None:
    """A finished game's score as ``trajan score --json`` gives it (the calculator's table,
    then the result in the shape every game shares); None while the game runs."""
    final, shared = game.final_score(), game.outcome()
    if final is None or shared is None:
        return None
    return {**final.to_json(), "outcome": shared.to_json()}


def _counts(found: Mapping[str, int]) -> str:
    return ", ".join(f"{word(k)} ×{n}" for k, n in sorted(found.items()) if n) or "–"


def print_building_area(game: Any) -> None:
    """The building area as the board lays it out: columns A to E from the left, rows 1
    to 4 from the top, each cell with its tile (kind and VP) and the workers on it, as
    the Construction question and the table deal name the cells."""
    from rich.table import Table

    s, b = game.state, game.state.board
    columns, rows = building.grid()
    view = Table("", *(building.name((x, 0))[0] for x in range(columns)),
                 title=_("Building area"), show_lines=True)
    for y in range(rows):
        cells = []
        for x in range(columns):
            tile = b.cells.get((x, y))
            here = [p.name for p in s.players if (x, y) in p.workers]
            text = _("{kind} {vp}", kind=word(tile[0]), vp=tile[1]) if tile else "–"
            cells.append("\n".join([text, *here]))
        view.add_row(str(y + 1), *cells)
    console().print(view)


def print_status(game: Any, colours: Mapping[str, str | None]) -> None:
    from rich.table import Table

    s, b = game.state, game.state.board
    console().print(_("Quarter {quarter}, round {round}; time marker {time} of {lap}; demands "
                      "up: {demands}; bonus tiles beside the senate: {bonus}; in the bag: "
                      "{bag}", quarter=b.quarter, round=b.round, time=b.time, lap=b.lap,
                      demands=", ".join(word(d) for d in b.demands_up) or "–",
                      bonus=", ".join(word(t) for t in b.bonus_up) or "–",
                      bag=sum(b.bonus_bag.values())), markup=False)
    console().print(_("Forum: {tiles}", tiles=_counts(b.forum)), markup=False)
    console().print(_("Trajan stacks: {tops}", tops=", ".join(
        piece(t.code) if t else _("{stack}: none left", stack=word(k))
        for k, t in b.tops.items())), markup=False)
    console().print(_("Provinces: {provinces}", provinces="; ".join(
        f"{word(name)}: {word(tile) if tile else '–'}" + "".join(
            f" [{p.name}]" for p in s.players if name in p.legions or p.leader == name)
        for name, tile in b.provinces.items())), markup=False)
    print_building_area(game)
    view = Table("", *(p.name for p in s.players), title=_("Players"))
    spaces = senate_spaces()
    rows = {
        _("VP"): [str(p.vp) for p in s.players],
        _("Wheel"): [" ".join(f"{r}:{letters_of(t) or '-'}"
                              + (f"[{letters_of(c.colours)}]" if c else "")
                              for r, t, c in zip(w.ROMAN, p.trays, p.cells, strict=True))
                     for p in s.players],
        _("Arch"): ["–" if p.arch is None else w.ROMAN[p.arch] for p in s.players],
        _("Hand"): [_counts(p.hand) for p in s.players],
        _("Display"): [_counts(p.display) for p in s.players],
        _("Tiles"): [_counts(p.tiles) for p in s.players],
        _("Trajan tiles kept"): [_counts(p.kept) for p in s.players],
        _("Camps"): [", ".join((
            _.plural("{n} worker", "{n} workers", p.workers_camp),
            _.plural("{n} legionary", "{n} legionaries", p.legion_camp),
            _("{n} in the supply", n=p.supply))) for p in s.players],
        _("Building"): [_counts(p.building) for p in s.players],
        _("Leader"): [word(p.leader) for p in s.players],
        _("Legionaries"): [", ".join(word(x) for x in sorted(p.legions)) or "–"
                           for p in s.players],
        _("Senate"): [str(spaces[p.senate]) for p in s.players],
        _("Bonus tiles"): [", ".join(f"{word(k)} ({word(side)})" for k, side in p.bonus)
                           for p in s.players],
    }
    for label, values in rows.items():
        view.add_row(label, *values)
    console().print(view)
