"""Box data and group-chosen readings, loaded from ``data/box.json`` (user override merged).

A game stores the *resolved* settings in its setup, so replays never depend on the
data file as it is later. :func:`resolve` reports every problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee import data
from referee.errors import RefereeError
from referee.i18n import N_
from referee.tribune import DOMAIN
from referee.tribune.cards import FACTIONS, MAX_VALUE, Card, Faction, kept
from referee.tribune.errors import TribuneInputError, together


def entries() -> dict[str, dict[str, Any]]:
    """Every setting with its value, choices, confidence and note."""
    raw = data.load(DOMAIN, "box")
    settings = raw.get("settings") if isinstance(raw, dict) else None
    if not isinstance(settings, dict):
        raise _broken_box(["settings"])
    broken = [repr(key) for key, entry in settings.items()
              if not (isinstance(entry, dict) and "value" in entry
                      and isinstance(entry.get("choices"), list)
                      and isinstance(entry.get("confidence"), str))]
    if broken:
        raise _broken_box(broken)
    changed = _override("box").get("settings")
    for key, change in (changed.items() if isinstance(changed, dict) else ()):
        if key in settings and set(change) - {"note"}:
            # The group, not a source, decided this entry now (a note changes no ruling).
            settings[key] = {**settings[key], "confidence": data.USER}
    return settings


def _broken_box(keys: list[str]) -> TribuneInputError:
    # Only the user's override can break the shipped file, so name it.
    return TribuneInputError(
        N_("Box data in {path} is not valid: {keys} need a value, a list of choices and a "
           "confidence tag"), path=str(data.override_path(DOMAIN, "box")), keys=", ".join(keys))


def deck_tag() -> str:
    """The confidence of the box's deck composition; USER once the override changes it."""
    if set(_override("deck")) - {"_label"}:
        return data.USER
    return str(data.load(DOMAIN, "deck").get("confidence"))


def unconfirmed_keys(deck: Mapping[str, Sequence[int]] | None = None) -> frozenset[str]:
    """The box data that rulings resting on it must call unconfirmed: settings no rulebook
    confirms or that the user's override changed, and "deck" for a game with a deck (``deck``)
    that is not the box's composition or whose composition is not confirmed."""
    keys = {k for k, e in entries().items() if not data.is_confirmed(e["confidence"])}
    if deck is not None and not (data.is_confirmed(deck_tag())
                                 and _sorted(deck) == _sorted(synthetic_deck())):
        keys.add("deck")
    return frozenset(keys)


def reading_keys() -> frozenset[str]:
    """The settings that are readings of a rule the texts leave open, not box data: a
    ruling resting on one says its reading is unconfirmed."""
    return frozenset(k for k, e in entries().items() if e.get("kind") == "reading")


def _sorted(deck: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    return {faction: sorted(values) for faction, values in deck.items()}


def _override(name: str) -> dict[str, Any]:
    """The user's override of data file ``name`` as written, or {} when there is none."""
    path = data.override_path(DOMAIN, name)
    if not path.exists():
        return {}
    raw = data.read_json(path)
    return raw if isinstance(raw, dict) else {}


def shown(value: Any) -> str:
    """A setting value as the user writes it: JSON, except that text is shown bare."""
    import json

    return value if isinstance(value, str) else json.dumps(value)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values: ``True`` is not ``1`` and ``3.0`` is not ``3``."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def resolve(chosen: object = None) -> dict[str, Any]:
    """Defaults from the box file, replaced by the group's choices, all checked against
    the choices the box file declares."""
    if chosen is None:
        chosen = {}
    if not isinstance(chosen, Mapping):
        raise TribuneInputError(N_("Board settings must be an object of KEY: VALUE pairs, "
                                   "not {value!r}"), value=chosen)
    meta = entries()
    problems: list[RefereeError] = []
    for key in sorted(set(chosen) - set(meta), key=str):
        problems.append(TribuneInputError(N_("Unknown board setting {key!r}"), key=key))
    resolved: dict[str, Any] = {}
    for key, entry in meta.items():
        value = chosen.get(key, entry["value"])
        choices = entry["choices"]
        match = next((c for c in choices if same(value, c)), None)
        if value is None and entry.get("required"):
            problems.append(TribuneInputError(
                N_("Board setting {key!r} has no default: choose one of {choices}"),
                key=key, choices=", ".join(map(shown, choices))))
        elif match is None and not (value is None and None in choices):
            problems.append(TribuneInputError(
                N_("Board setting {key!r} must be one of {choices}, not {value!r}"),
                key=key, choices=", ".join(map(shown, choices)), value=value))
        resolved[key] = match
    if problems:
        raise together(problems)
    return resolved


def synthetic_deck() -> dict[str, list[int]]:
    """The shipped (synthetic, clearly labelled) composition or the user's override."""
    cards: dict[str, list[int]] = data.load(DOMAIN, "deck")["cards"]
    return cards


def deck_cards(composition: object) -> list[Card]:
    """A composition (faction id → values) as a card list, checked: card values in range,
    one leader per faction."""
    if not isinstance(composition, Mapping):
        raise TribuneInputError(N_("The deck list must be an object: faction → list of card "
                                   "values, not {value!r}"), value=composition)
    problems: list[RefereeError] = []
    cards: list[Card] = []
    for faction in FACTIONS:
        values = composition.get(faction.value, [])
        if not (isinstance(values, (list, tuple)) and all(
                type(v) is int and 0 <= v <= MAX_VALUE for v in values)):
            problems.append(TribuneInputError(
                N_("Deck list: {faction} must be a list of card values from 0 to {top}"),
                faction=faction.term, top=MAX_VALUE))
            continue
        if values.count(0) != 1:
            problems.append(TribuneInputError(
                N_("Deck list: {faction} must have exactly one leader (value 0)"),
                faction=faction.term))
        cards.extend(kept(faction, v) for v in values)
    unknown = set(composition) - {f.value for f in Faction}
    if unknown:
        problems.append(TribuneInputError(N_("Deck list: unknown factions {names}"),
                                          names=", ".join(sorted(map(str, unknown)))))
    if problems:
        raise together(problems)
    return cards
