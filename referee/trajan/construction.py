"""Construction: where a worker may go, the tile it takes and the first-of-kind bonus."""

from __future__ import annotations

from typing import Any

from referee.i18n import N_
from referee.rulings import Ruling
from referee.trajan import box
from referee.trajan.rulebook import bad_input, ruling, violation
from referee.trajan.terms import term
from referee.values import Value

Cell = tuple[int, int]  # (column, row), both from 0; shown as "A1" (column letter, row)


class Placement(Value):
    cell: Cell
    vp: int
    bonus_action: str | None
    rulings: tuple[Ruling, ...]

    def to_json(self) -> dict[str, Any]:
        return {"cell": name(self.cell), "vp": self.vp, "bonus_action": self.bonus_action,
                "rulings": [r.to_json() for r in self.rulings]}


def grid() -> tuple[int, int]:
    size = box.value("construction", "grid")
    return size["columns"], size["rows"]


def name(cell: Cell) -> str:
    return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


def parse_cell(text: str) -> Cell:
    columns, rows = grid()
    key = text.strip().upper()
    if len(key) >= 2 and key[0].isalpha() and key[1:].isdigit():
        cell = (ord(key[0]) - ord("A"), int(key[1:]) - 1)
        if 0 <= cell[0] < columns and 0 <= cell[1] < rows:
            return cell
    raise bad_input(N_("Cell {cell!r} must be a column A-{last} and a row 1-{rows}, like B3"),
                    cell=text, last=chr(ord("A") + columns - 1), rows=rows)


def _touching(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1  # orthogonal only, never diagonal


def legal_cells(mine: set[Cell]) -> list[Cell]:
    """Cells the next worker may go to. Onto one of your own cells only if the group allows it."""
    columns, rows = grid()
    cells = [(c, r) for r in range(rows) for c in range(columns)]
    if not mine:
        return cells
    stack = box.value("construction", "own_worker_may_stack")
    return [cell for cell in cells if any(_touching(cell, m) for m in mine)
            and (stack or cell not in mine)]


def place(mine: set[Cell], cell: Cell, tile: tuple[str, int] | None,
          owned: set[str]) -> Placement:
    """Send a worker to ``cell``; ``tile`` is the (kind, VP) lying there, None if none."""
    stack = box.fact("construction", "own_worker_may_stack")
    if cell not in legal_cells(mine):
        if cell in mine and any(_touching(cell, m) for m in mine):
            raise violation("trajan.construction.placement",
                            N_("{cell} already holds your worker; the group's setting forbids "
                               "a second one there"), confirmed=stack.confirmed, cell=name(cell))
        raise violation("trajan.construction.placement",
                        N_("{cell} does not touch a cell with your worker (sides only, not "
                           "corners)"), cell=name(cell))
    found = [ruling("trajan.construction.placement", N_("A worker may go to {cell}"),
                    confirmed=stack.confirmed or cell not in mine, cell=name(cell))]
    if tile is None:
        found.append(ruling("trajan.construction.tile",
                            N_("No building tile lies on {cell}: no tile, no VP"),
                            cell=name(cell)))
        return Placement(cell, 0, None, tuple(found))
    if cell in mine:
        raise violation("trajan.construction.tile",
                        N_("Your worker already took the tile on {cell}"), cell=name(cell))
    kind, vp = _check_tile(tile, owned)
    found.append(ruling("trajan.construction.tile",
                        N_("Take the {kind} tile and score {vp} VP now"),
                        kind=term(kind), vp=vp))
    if kind in owned:
        return Placement(cell, vp, None, tuple(found))
    kinds = box.fact("construction", "kinds")
    action = kinds.value[kind]
    found.append(ruling("trajan.construction.first_of_kind",
                        N_("Your first {kind} tile: take the {action} action as well, at once"),
                        confirmed=kinds.confirmed, kind=term(kind), action=term(action)))
    return Placement(cell, vp, action, tuple(found))


def _check_tile(tile: tuple[str, int], owned: set[str]) -> tuple[str, int]:
    kind, vp = tile
    kinds = box.value("construction", "kinds")
    values = box.value("construction", "tile_values")
    for unknown in sorted({kind, *owned} - set(kinds)):
        raise bad_input(N_("Unknown building tile {kind!r}; choose from {choices}"),
                        kind=unknown, choices=", ".join(kinds))
    if vp not in values:
        raise bad_input(N_("A building tile is worth {choices} VP, not {vp}"),
                        choices="/".join(str(v) for v in values), vp=vp)
    return kind, vp
