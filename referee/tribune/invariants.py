"""Conservation laws of a Tribune game, checked by the simulator after every entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.tribune.cards import FACTIONS
from referee.tribune.state import GameState


def broken(s: GameState, st: Mapping[str, Any]) -> list[str]:
    """Every conservation law the state ``s`` breaks, as short English text (a report for
    developers, not for players); ``st``: the setup's box settings."""
    problems = []
    if s.card_total() != st["deck_size"]:
        problems.append(f"cards: {s.card_total()} accounted for, not {st['deck_size']}")
    if s.bank + s.colosseum + sum(p.money for p in s.players) != 0:
        problems.append("money not conserved between bank, players and Colosseum")
    counts = [s.colosseum, s.deck.unknown, s.discard.unknown]
    for p in s.players:
        counts += [p.money, p.laurels, p.legions, p.hand.unknown]
        if len(set(p.markers)) != len(p.markers):
            problems.append(f"{p.name} holds two markers of one faction")
    if min(counts) < 0:
        problems.append("a negative amount or count")
    per_faction = Counter(f for p in s.players for f in p.markers)
    if any(n > st["markers_per_faction"] for n in per_faction.values()):
        problems.append("more faction markers handed out than exist")
    if set(s.controllers) != set(s.sets):
        problems.append("a faction with a controller but no set, or a set without one")
    for faction, cards in s.sets.items():
        if len(cards) < 2 or any(c.faction is not faction for c in cards):
            problems.append(f"the {faction.value} control set is not a legal set")
    if s.temporary is not None and s.controllers.get(FACTIONS[5]) != s.temporary:
        problems.append("the temporary favor is held without Vestal Virgins control")
    return problems
