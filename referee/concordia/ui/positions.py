"""The box, board side and city goods a command works on, from its flags or a saved session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.box import Box, GameMap

_ = translator("concordia")
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


def session_setup(prefix: str) -> dict:
    """The setup a saved Concordia session recorded."""
    from referee.errors import SessionError
    from referee.i18n import N_
    from referee.settings import settings
    from referee.store import SessionStore

    with SessionStore(settings().sessions_dir).open(prefix) as session:
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
    """City → good from the session (if given), then from ``--city-good NAME=GOOD`` flags."""
    from referee.concordia.parsing import Problems, parse_pairs
    from referee.concordia.validation import parse_cities

    known = dict(session_setup(session)["cities"]) if session else {}
    problems = Problems()
    known.update(parse_cities(parse_pairs(pairs, "--city-good", problems), game_map, box,
                             problems))
    problems.raise_if_any()
    return known
