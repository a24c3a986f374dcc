"""Rulings as a calculator and the score sheet show them: one line, a footnote for what rests on
unconfirmed data, and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.calculators import Calculation
    from referee.rulings import Ruling

_ = translator("concordia")


def explain(rulings: Sequence[Ruling]) -> str:
    """Rulings as one line; a ruling resting on unconfirmed data is marked with *."""
    from referee.concordia.wording import describe

    return " ".join(describe(r) + ("" if r.rule.confirmed else " *") for r in rulings)


def unconfirmed_note(rulings: Sequence[Ruling]) -> str | None:
    """The footnote for *: which rules rested on data the rulebook does not confirm."""
    titles = sorted({_(r.rule.title) for r in rulings if not r.rule.confirmed})
    if not titles:
        return None
    return _("* Rests on box data the rulebook does not confirm (editable, see "
             "docs/concordia.md): {rules}.", rules="; ".join(titles))


def rulings_json(rulings: Sequence[Ruling]) -> list[dict]:
    from referee.concordia.wording import describe

    return [{"text": describe(r), **r.rule.to_json()} for r in rulings]


def show(calculation: Calculation, as_json: bool) -> None:
    from referee.terminal.output import console, print_json

    if as_json:
        print_json({**calculation.values, "explanation": explain(calculation.rulings),
                    "confirmed": all(r.rule.confirmed for r in calculation.rulings),
                    "rulings": rulings_json(calculation.rulings)})
        return
    console().print(explain(calculation.rulings), markup=False)
    note = unconfirmed_note(calculation.rulings)
    if note:
        console().print(note, markup=False, style="dim")
