"""Factions and colours are understood in English, Russian or Spanish."""

from __future__ import annotations

import pytest

from referee.tribune.actions import from_json
from referee.tribune.cards import faction_option


@pytest.mark.parametrize("typed,faction", [
    ("gladiators", "gladiators"), ("Гладиаторы", "gladiators"), ("gladiadores", "gladiators"),
    ("VESTAL VIRGINS", "vestals"), ("Весталки", "vestals"), ("Vírgenes Vestales", "vestals"),
    ("vestales", "vestals"), ("sen", "senators"), ("сенаторы", "senators"),
    ("Patricios", "patricians"), ("off", "off"), ("2", "2"),
])
def test_a_faction_choice_in_any_language(typed, faction):
    assert faction_option(typed) == faction
    chosen = from_json({"type": "choose", "player": "Ann", "option": typed})
    assert chosen.option == faction


@pytest.mark.parametrize("typed,colour", [("red", "red"), ("Rojo", "red"), ("красный", "red"),
                                          ("AZUL", "blue"), ("teal", "teal")])
def test_a_colour_in_any_language(typed, colour):
    from referee.tribune.ui.flags import colour_id

    assert colour_id(typed) == colour


def test_colours_typed_in_one_language_are_shown_in_another(cli):
    result = cli("tribune", "new", "--player", "Ann:rojo", "--player", "Bob:синий",
                 "--edition", "ffg", "--points-variant", "--deck", "virtual", "--thermae", "3",
                 "--no-play")
    assert result.code == 0, result.err
    english = " ".join(cli("tribune", "status").out.split())
    assert "Ann (red)" in english and "Bob (blue)" in english
    russian = cli("--lang", "ru", "tribune", "status").out
    assert "красный" in russian and "синий" in russian


def test_a_recorded_choice_is_read_as_written(monkeypatch):
    """The journal holds what ``to_json`` wrote: an option id, not a name to match again."""
    import referee.tribune.actions as actions
    from referee.tribune.ui.table import TRIBUNE

    typed = from_json({"type": "choose", "player": "Ann", "option": "Gladiadores"})
    recorded = typed.to_json()
    assert recorded["option"] == "gladiators"

    def refuse(text: str) -> str:
        raise AssertionError(f"{text!r} was matched again")

    monkeypatch.setattr(actions, "faction_option", refuse)
    for option in ("gladiators", "sell", "off", "2"):
        again = TRIBUNE.entry_from_record({**recorded, "option": option})
        assert again == actions.Choose("Ann", option)
    assert TRIBUNE.entry_from_record(recorded) == typed
