"""A boxed table of short cells, drawn line by line as Rich draws its default table.

Rich's ``Table`` measures and wraps every cell, which took a `status` longer than reading
and checking the whole journal. A status grid's cells are a few characters wide, so this
one draws them straight, and hands the table to Rich only when it would not fit the width
(Rich then narrows and wraps the columns).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from referee.terminal.output import shown

# Rich's HEAVY_HEAD box: heavy lines around the headings, light ones around the rows.
_TOP, _HEAD, _RULE, _ROW, _BOTTOM = "┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "└─┴┘"


class Grid:
    """A Rich renderable: bold headings over rows of text (never markup)."""

    def __init__(self, headings: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.headings = [shown(h) for h in headings]
        self.rows = [[shown(c) for c in row] for row in rows]

    def widths(self) -> list[int]:
        from rich.cells import cell_len

        return [max(cell_len(row[i]) for row in [self.headings, *self.rows])
                for i in range(len(self.headings))]

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        widths = self.widths()
        if sum(widths) + 3 * len(widths) + 1 > options.max_width:
            yield self.table()
            return
        from rich.cells import cell_len
        from rich.segment import Segment
        from rich.style import Style

        bold = Style(bold=True)

        def rule(box: str) -> Iterator[Segment]:
            left, fill, cross, right = box[0], box[1], box[2], box[3]
            yield Segment(left + cross.join(fill * (w + 2) for w in widths) + right)
            yield Segment.line()

        def row(cells: Sequence[str], box: str, style: Style | None) -> Iterator[Segment]:
            edge, divider = box[0], box[2]
            yield Segment(edge)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
                # padding in the cell's style, as Rich pads it
                yield Segment(" ", style)
                yield Segment(cell + " " * (width - cell_len(cell)), style)
                yield Segment(" ", style)
                yield Segment(divider if i < len(widths) - 1 else box[3])
            yield Segment.line()

        yield from rule(_TOP)
        yield from row(self.headings, _HEAD, bold)
        yield from rule(_RULE)
        for cells in self.rows:
            yield from row(cells, _ROW, None)
        yield from rule(_BOTTOM)

    def table(self) -> Any:
        """The same table as Rich's own, which wraps cells to fit a narrow width."""
        from rich.table import Table
        from rich.text import Text

        table = Table(*self.headings)
        for cells in self.rows:
            table.add_row(*(Text(c) for c in cells))
        return table
