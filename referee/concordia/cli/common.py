"""The Typer app and what the Concordia commands share: box, sessions, output of rulings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from referee.concordia import SUMMARY
from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.box import Box, GameMap
    from referee.concordia.calculators import Calculation
    from referee.rulings import Ruling

_ = translator("concordia")
app = typer.Typer(help=_(SUMMARY), no_args_is_help=True)
JSON_HELP = _("Print machine-readable JSON.")
SESSION_HELP = _("Saved game (id or unique prefix) whose city goods to use.")


def box() -> Box:
    from referee.concordia.box import load_box

    return load_box()


def board_side(name: str) -> tuple[Box, GameMap]:
    """The box and the named board side, or every problem with the name at once."""
    from referee.concordia.parsing import Problems
    from referee.concordia.validation import parse_map

    the_box, problems = box(), Problems()
    game_map = parse_map(name, the_box, problems)
    problems.raise_if_any()
    assert game_map is not None  # parse_map reports a problem whenever it finds no map
    return the_box, game_map


def read_input(path: Path) -> Any:
    from referee.data import read_json

    return read_json(path)


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


def session_setup(ref: str) -> dict:
    """The setup a saved Concordia session recorded."""
    from referee.cli.settings import settings
    from referee.errors import SessionError
    from referee.i18n import N_
    from referee.store import SessionStore

    with SessionStore(settings().sessions_dir).open(ref) as session:
        event = session.last_effective("setup")
        options = session.header.options
        if session.header.game == "concordia" and event is None and "cities" in options:
            return {"map": options["map"], "cities": options["cities"]}  # a guided game
        if session.header.game != "concordia" or event is None:
            raise SessionError(N_("Session {id} holds no Concordia setup."), domain="concordia",
                               id=session.id)
        return dict(event.payload)


def city_goods(game_map: GameMap, box: Box, pairs: Sequence[str],
               session: str | None) -> Mapping[str, str]:
    """City → good from the session (if given), then from ``--city NAME=GOOD`` flags."""
    from referee.concordia.parsing import Problems, parse_pairs
    from referee.concordia.validation import parse_cities

    known = dict(session_setup(session)["cities"]) if session else {}
    problems = Problems()
    known.update(parse_cities(parse_pairs(pairs, "--city", problems), game_map, box, problems))
    problems.raise_if_any()
    return known
