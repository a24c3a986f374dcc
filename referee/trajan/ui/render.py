"""Human-readable output of Trajan results: rulings as lines, scores as a table."""

from __future__ import annotations

from collections.abc import Iterable

from referee.i18n import translator
from referee.rulings import Ruling
from referee.terminal.messages import rule_text
from referee.terminal.output import console

_ = translator("trajan")


def line(ruling: Ruling) -> str:
    return _("{text}  [{rule}]", text=_(ruling.message, **ruling.params),
             rule=rule_text(ruling.rule))


def rulings(found: Iterable[Ruling], bullet: str = "•") -> None:
    for r in found:
        console().print(f"{bullet} {line(r)}", markup=False)


def heading(text: str) -> None:
    console().print(text, style="bold", markup=False)


def table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    from rich.table import Table

    view = Table(*columns, title=title)
    for row in rows:
        view.add_row(*row)
    console().print(view)
