"""The final point table: from a JSON file, from prompts, or from a finished game.

Input format (``docs/tribune.md``): a list with one object per player holding ``name``,
``tribune``, ``scroll``, ``eternal_favor``, ``temporary_favor``, ``first_to_qualify``,
``qualified`` (booleans) and ``legions``, ``laurels``, ``faction_markers``, ``denarii``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.data import read_json
from referee.game.question import Form
from referee.i18n import N_, translator
from referee.rulings import Term
from referee.table.kit import YES_NO, Ask, Option, Talk, names_of
from referee.tribune.errors import TribuneInputError
from referee.tribune.rulebook import MONEY
from referee.tribune.scoring import Score, explain, rank

if TYPE_CHECKING:
    from referee.terminal.prompter import Prompter

_ = translator("tribune")

NONE, NONE_WORD, NOBODY = "·none", N_("none"), N_("nobody")

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


def ask_entries(prompter: Prompter, edition: str) -> list[dict[str, Any]]:
    """The point table asked at the terminal through the conversation kit: ``undo`` goes
    back a question, ``help`` says what one needs, ``quit`` stops."""
    from referee.table.guide import before_game

    return before_game(prompter, lambda: score_talk(edition),
                       _("No game: only the final score is being entered."))


def score_talk(edition: str) -> Talk:
    """The players, then each player's tiles, favors, counts and qualification, then who
    takes the 2-point bonus."""
    names = yield Ask(Form.TEXT, _("Players, separated by commas:"), parse=_names,
                      help=_("Their names, 2 to 5 of them."))
    entries: list[dict[str, Any]] = []
    for name in names:
        tile = yield Ask(Form.ONE, _("{player}: which tile?", player=name), (
            Option(NONE, _(NONE_WORD), names=names_of(NONE_WORD, "tribune")),
            *(Option(key, _.term(CATEGORIES[key]),
                     names=names_of(CATEGORIES[key].msgid, "tribune"))
              for key in ("scroll", "tribune"))),
            help=_("The Scroll and the Tribune are the two sides of one tile."))
        entry: dict[str, Any] = {"name": name, "tribune": tile == "tribune",
                                 "scroll": tile == "scroll"}
        entry["eternal_favor"] = yield YES_NO(_("{player}: eternal favor?", player=name))
        # one temporary favor tile, given back in FFG by a holder of the eternal favor
        taken = any(e["temporary_favor"] for e in entries)
        entry["temporary_favor"] = False
        if not taken and not (edition == "ffg" and entry["eternal_favor"]):
            entry["temporary_favor"] = yield YES_NO(_("{player}: temporary favor?",
                                                      player=name))
        for key, top in (("legions", None), ("laurels", None), ("faction_markers", 7),
                         ("denarii", None)):
            entry[key] = yield Ask(Form.NUMBER, _("{player}: {what}?", player=name,
                                                  what=category_name(key, edition)),
                                   low=0, high=top)
        entry["qualified"] = yield YES_NO(_("{player}: met the victory conditions?",
                                            player=name))
        entry["first_to_qualify"] = False
        entries.append(entry)
    qualified = [e for e in entries if e["qualified"]]
    if qualified:
        question = (_("Who met the victory conditions first (2-point bonus)?")
                    if edition == "ffg" else _("Who ended the game (2-point bonus)?"))
        first = yield Ask(Form.ONE, question, (
            *(Option(e["name"], e["name"]) for e in qualified),
            Option(NONE, _(NOBODY), names=names_of(NOBODY, "tribune"))))
        for e in entries:
            e["first_to_qualify"] = e["name"] == first
    return entries


def _names(text: str) -> list[str]:
    from referee.names import player_name

    names = [n.strip() for n in text.split(",") if n.strip()]
    if not 2 <= len(names) <= 5 or len(set(names)) != len(names):
        raise TribuneInputError(N_("Enter 2 to 5 different names, separated by commas"))
    for name in names:
        player_name(name)  # raises BadName, said under the question
    return names
