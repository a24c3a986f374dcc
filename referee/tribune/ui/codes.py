"""Typing cards, factions and victory cards on the command line: codes, suggestions."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path

from referee.i18n import N_
from referee.tribune.cards import FACTIONS, MAX_VALUE, Card, Faction
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rulebook import ref

ALL_CODES = [f"{f.code}{v}" for f in FACTIONS for v in range(MAX_VALUE + 1)]


def parse_faction(text: str) -> Faction:
    """``senators``, ``sen`` or the start of either; near misses get a suggestion."""
    key = text.strip().lower()
    for f in FACTIONS:
        if key in (f.value, f.code) or (len(key) >= 3 and f.value.startswith(key)):
            return f
    names = [f.value for f in FACTIONS]
    near = difflib.get_close_matches(key, names, n=2, cutoff=0.5)
    if near:
        raise TribuneInputError(N_("Unknown faction {name!r}; did you mean {suggestions}?"),
                                name=text, suggestions=" / ".join(near))
    raise TribuneInputError(N_("Unknown faction {name!r}; factions are {choices}"),
                            name=text, choices=", ".join(names))


def check_pair(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A Field of Mars pair: two cards of one faction."""
    if len(cards) != 2 or cards[0].faction is not cards[1].faction:
        raise TribuneRuleViolation(N_("A pair is two cards of one faction, not {cards}"),
                                   cards=[c.code for c in cards],
                                   rule=ref("tribune.phase3.mars"))
    return tuple(cards)


def victory_card(name: str):
    """A saved card by key (or title), or a card in a JSON file."""
    from referee.data import read_json
    from referee.tribune.victory import VictoryCard, library

    saved = library()
    key = "-".join(name.lower().split())
    if key in saved:
        return saved[key]
    path = Path(name)
    if path.suffix == ".json" or path.exists():
        return VictoryCard.from_json(read_json(path))
    raise TribuneInputError(N_("No saved victory card {name!r}; saved cards: {choices}"),
                            name=name, choices=", ".join(saved) or "—")
