"""Box data and group-chosen readings, loaded from ``data/box.json`` (user override merged).

A game stores the *resolved* settings in its setup, so replays never depend on the
data file as it is later. :func:`resolve` reports every problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import data
from referee.errors import InputErrors
from referee.i18n import N_
from referee.tribune import DOMAIN
from referee.tribune.cards import FACTIONS, Card, Faction
from referee.tribune.errors import TribuneInputError


def entries() -> dict[str, dict[str, Any]]:
    """Every setting with its value, choices, confidence and note."""
    return data.load(DOMAIN, "box")["settings"]


def unconfirmed_keys() -> frozenset[str]:
    """Settings no rulebook confirms: rulings that rest on them say so."""
    return frozenset(k for k, e in entries().items() if not data.is_confirmed(e["confidence"]))


def resolve(chosen: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Defaults from the box file, replaced by the group's choices, all checked."""
    meta = entries()
    chosen = dict(chosen or {})
    problems: list[TribuneInputError] = []
    for key in sorted(set(chosen) - set(meta)):
        problems.append(TribuneInputError(N_("Unknown board setting {key!r}"), key=key))
    resolved: dict[str, Any] = {}
    for key, entry in meta.items():
        value = chosen.get(key, entry["value"])
        choices = entry.get("choices")
        if value is None and entry.get("required"):
            problems.append(TribuneInputError(
                N_("Board setting {key!r} has no default: choose one of {choices}"),
                key=key, choices=", ".join(map(str, choices or []))))
        elif choices is not None and value not in choices:
            problems.append(TribuneInputError(
                N_("Board setting {key!r} must be one of {choices}, not {value!r}"),
                key=key, choices=", ".join(map(str, choices)), value=value))
        resolved[key] = value
    if problems:
        raise problems[0] if len(problems) == 1 else InputErrors(problems)
    return resolved


def synthetic_deck() -> dict[str, list[int]]:
    """The shipped (synthetic, clearly labelled) composition or the user's override."""
    return data.load(DOMAIN, "deck")["cards"]


def deck_cards(composition: Mapping[str, list[int]]) -> list[Card]:
    """A composition (faction id → values) as a card list, checked: one leader per faction."""
    problems: list[TribuneInputError] = []
    cards: list[Card] = []
    for faction in FACTIONS:
        values = composition.get(faction.value, [])
        if values.count(0) != 1:
            problems.append(TribuneInputError(
                N_("Deck list: {faction} must have exactly one leader (value 0)"),
                faction=faction.term))
        cards.extend(Card(faction, int(v)) for v in values)
    unknown = set(composition) - {f.value for f in Faction}
    if unknown:
        problems.append(TribuneInputError(N_("Deck list: unknown factions {names}"),
                                          names=", ".join(sorted(unknown))))
    if problems:
        raise problems[0] if len(problems) == 1 else InputErrors(problems)
    return cards
