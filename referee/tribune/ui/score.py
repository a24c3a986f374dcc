"""The final point table: from a JSON file, from prompts, or from a finished game.

Input format (``docs/tribune.md``): a list with one object per player holding ``name``,
``tribune``, ``scroll``, ``eternal_favor``, ``temporary_favor``, ``first_to_qualify``,
``qualified`` (booleans) and ``legions``, ``laurels``, ``faction_markers``, ``denarii``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.data import read_json
from referee.i18n import N_, translator
from referee.rulings import Term
from referee.terminal.prompter import Choice, Prompter, ask_whole
from referee.tribune.errors import TribuneInputError
from referee.tribune.rulebook import MONEY
from referee.tribune.scoring import Score, explain, rank

_ = translator("tribune")

CATEGORIES = {
    "tribune": Term(N_("Tribune")), "scroll": Term(N_("Scroll")),
    "eternal_favor": Term(N_("Eternal favor")), "temporary_favor": Term(N_("Temporary favor")),
    "legions": Term(N_("Legions")), "laurels": Term(N_("Laurels")),
    "faction_markers": Term(N_("Faction markers")), "first_to_qualify": Term(N_("Bonus")),
}


def category_name(key: str, edition: str) -> str:
    if key == "denarii":
        return _.term(MONEY[edition]).capitalize()
    return _.term(CATEGORIES[key])


def read_entries(path: Path) -> list[dict[str, Any]]:
    raw = read_json(path)
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw) or not raw:
        raise TribuneInputError(N_("{path} must hold a list with one object per player"),
                                path=str(path))
    return raw


def result_json(entries: Sequence[Mapping[str, Any]], edition: str,
                irregular: bool = False) -> dict[str, Any]:
    """Players in input order with their totals and breakdown, then the ranking."""
    ranked = rank(entries, edition, irregular)
    by_name = {s.name: s for s in ranked}
    players = [by_name[str(e.get("name", "")).strip()].to_json() for e in entries]
    return {"players": players, "ranking": [s.name for s in ranked],
            "winners": [s.name for s in ranked if s.place == 1]}


def table(ranked: Sequence[Score], edition: str) -> Any:
    """A Rich table: one column per player in final order, one row per category."""
    from rich.table import Table
    from rich.text import Text

    grid = Table(_("Points"), *(s.name for s in ranked), title=_("Final score"))
    for key in ranked[0].breakdown:
        grid.add_row(category_name(key, edition), *(str(s.breakdown[key]) for s in ranked))
    grid.add_row(_("Total"), *(Text(str(s.total), style="bold") for s in ranked))
    grid.add_row(_("Qualified"), *(_("yes") if s.qualified else "—" for s in ranked))
    grid.add_row(_("Place"), *(str(s.place) for s in ranked))
    return grid


def print_result(ranked: Sequence[Score], edition: str, rulings: bool = True) -> None:
    from referee.terminal.output import console
    from referee.tribune.ui.render import ruling_line

    console().print(table(ranked, edition))
    for ruling in explain(list(ranked)) if rulings else ():
        console().print(ruling_line(ruling), markup=False)


def ask_names(prompter: Prompter) -> list[str]:
    def check(text: str) -> str | None:
        from referee.names import name_problem

        names = [n.strip() for n in text.split(",") if n.strip()]
        if not 2 <= len(names) <= 5 or len(set(names)) != len(names):
            return _("Enter 2 to 5 different names, separated by commas")
        return next(filter(None, map(name_problem, names)), None)

    answer = prompter.text(_("Players, separated by commas:"), validate=check)
    return [n.strip() for n in answer.split(",") if n.strip()]


def ask_entries(prompter: Prompter, names: Sequence[str], edition: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for name in names:
        tile = prompter.select(_("{player}: which tile?", player=name), [
            Choice(_("none"), None), Choice(_.term(CATEGORIES["scroll"]), "scroll"),
            Choice(_.term(CATEGORIES["tribune"]), "tribune")])
        entry: dict[str, Any] = {"name": name, "tribune": tile == "tribune",
                                 "scroll": tile == "scroll"}
        entry["eternal_favor"] = prompter.confirm(_("{player}: eternal favor?", player=name))
        # one temporary favor tile, given back in FFG by a holder of the eternal favor
        taken = any(e["temporary_favor"] for e in entries)
        entry["temporary_favor"] = not taken and not (
            edition == "ffg" and entry["eternal_favor"]) and prompter.confirm(
            _("{player}: temporary favor?", player=name))
        for key, top in (("legions", None), ("laurels", None), ("faction_markers", 7),
                         ("denarii", None)):
            entry[key] = ask_whole(prompter, _("{player}: {what}?", player=name,
                                               what=category_name(key, edition)), 0, top)
        entry["qualified"] = prompter.confirm(
            _("{player}: met the victory conditions?", player=name))
        entry["first_to_qualify"] = False
        entries.append(entry)
    qualified = [e for e in entries if e["qualified"]]
    if qualified:
        question = (_("Who met the victory conditions first (2-point bonus)?")
                    if edition == "ffg" else _("Who ended the game (2-point bonus)?"))
        first = prompter.select(question, [Choice(e["name"], e["name"]) for e in qualified]
                                + [Choice(_("nobody"), None)])
        for e in entries:
            e["first_to_qualify"] = e["name"] == first
    return entries
