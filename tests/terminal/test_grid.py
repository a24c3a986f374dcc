"""The status grid draws exactly what Rich's own table draws, characters and bold
headings alike, and leaves a table too wide for the screen to Rich."""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.console import Console

from referee.terminal.grid import Grid

CELL = st.text(st.characters(categories=("L", "N", "P", "Zs"), exclude_characters="\n"),
               min_size=1, max_size=12).map(str.strip).filter(bool)


def drawn(renderable: object, width: int) -> tuple[str, str]:
    """The plain text and the text with styles (as escape codes) a console prints."""
    plain = Console(file=io.StringIO(), width=width, color_system=None, markup=False)
    styled = Console(file=io.StringIO(), width=width, color_system="standard",
                     force_terminal=True, markup=False)
    for console in (plain, styled):
        console.print(renderable)
    return plain.file.getvalue(), styled.file.getvalue()  # type: ignore[attr-defined]


def test_a_status_grid_is_rich_s_table_line_for_line() -> None:
    grid = Grid(("Игрок", "Denarios", "Hand"), [["Ann (красный)", "7", "12"], ["Боб", "3", "0"]])
    assert drawn(grid, 80) == drawn(grid.table(), 80)
    assert drawn(grid, 80)[0].splitlines()[1] == "┃ Игрок         ┃ Denarios ┃ Hand ┃"


@settings(max_examples=60, derandomize=True, deadline=None)
@given(headings=st.lists(CELL, min_size=1, max_size=6), data=st.data(),
       width=st.integers(20, 100))
@example(headings=["名前", "x"], data=None, width=80)  # wide characters count twice
def test_any_grid_is_drawn_as_rich_draws_it(headings: list[str], data: st.DataObject | None,
                                           width: int) -> None:
    rows = (data.draw(st.lists(st.lists(CELL, min_size=len(headings), max_size=len(headings)),
                               max_size=5)) if data else [["東京タワー", "1"]])
    grid = Grid(headings, rows)
    assert drawn(grid, width) == drawn(grid.table(), width)


def test_a_grid_too_wide_for_the_screen_is_left_to_rich_which_wraps_it() -> None:
    grid = Grid(("Player", "Denarii"), [["Maximilianus Aurelius", "17"]])
    narrow = drawn(grid, 24)[0]
    assert narrow == drawn(grid.table(), 24)[0]
    assert max(len(line) for line in narrow.splitlines()) <= 24


@pytest.mark.parametrize("name", ["\x1b[2J", "Ann\u202e", "[bold]x[/]"])
def test_cells_are_text_with_controls_shown_escaped(name: str) -> None:
    text = drawn(Grid(("Player",), [[name]]), 80)[0]
    assert "\x1b" not in text and "\u202e" not in text
    assert name.encode("unicode_escape").decode() in text or name in text
