"""Conservation laws of a Concordia game, checked by the simulator after every entry.

Each broken law is one line of English (a report for developers, not for players).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from referee.concordia.box import ROMA
from referee.concordia.state import GameState, PlayerState, card_id

if TYPE_CHECKING:
    from referee.concordia.ledger import Board


def broken(s: GameState, b: Board) -> list[str]:
    """Every conservation law the state ``s`` of a game on board ``b`` breaks."""
    box = b.box
    problems: list[str] = []
    start_money = box.fact("economy", "starting_money").value
    start_goods = box.fact("economy", "storehouse", "start_goods").value
    n = len(s.players)
    if sum(p.money for p in s.players) + s.bank_money != sum(start_money[:n]):
        problems.append("money is not conserved between the players and the bank")
    for good in box.goods:
        held = sum(p.goods.get(good, 0) for p in s.players)
        if held + s.bank_goods[good] != start_goods.get(good, 0) * n:
            problems.append(f"{good} is not conserved between the players and the bank")
    per_kind = Counter(box.fact("economy", "storehouse", "start_colonists").value)
    per_kind.update(box.fact("economy", "storehouse", "start_in_roma").value)
    for p in s.players:
        problems += _player(b, p, per_kind)
    if any(n_ > 1 for n_ in s.occupied().values()):
        problems.append("two colonists stand on one route")
    for city in b.map.cities:
        if s.houses_in(city) > n:
            problems.append(f"more houses in {city} than players")
    problems += _cards(s, b)
    if not 0 <= s.magnus < n or (s.concordia is not None and not 0 <= s.concordia < n):
        problems.append("the Praefectus Magnus or the Concordia card has no valid holder")
    if len(s.display) > box.fact("cards", "display").value["slots"]:
        problems.append("the display holds more than its slots")
    return problems


def _player(b: Board, p: PlayerState, per_kind: Counter) -> list[str]:
    problems = []
    if p.money < 0 or min(p.goods.values(), default=0) < 0 or min(p.stored.values()) < 0:
        problems.append(f"{p.name} has a negative amount")
    if p.used_cells() > b.cells():
        problems.append(f"{p.name}'s storehouse holds more than {b.cells()} cells")
    on_board = Counter(kind for kind, _ in p.colonists)
    for kind, total in per_kind.items():
        if on_board[kind] + p.stored[kind] != total:
            problems.append(f"{p.name} does not have {total} {kind} colonists")
    for kind, place in p.colonists:
        if len(place) == 2 and place[1] not in b.routes[kind].get(place[0], []):
            problems.append(f"{p.name}'s {kind} colonist is on no route: {place}")
        if len(place) == 1 and place[0] != ROMA and place[0] not in b.map.cities:
            problems.append(f"{p.name}'s colonist is in no city: {place}")
    limit = b.box.fact("economy", "house", "per_player").value
    if len(p.houses) > limit or len(set(p.houses)) != len(p.houses) or ROMA in p.houses:
        problems.append(f"{p.name}'s houses break the rules: {p.houses}")
    owned = Counter(card_id(k) for k in p.cards() if "@" not in k)
    starting = Counter({c.id: c.starting for c in b.box.cards.values() if c.starting})
    if owned != starting:
        problems.append(f"{p.name} does not hold the 7 starting cards")
    return problems


def _cards(s: GameState, b: Board) -> list[str]:
    decks = b.setup.decks(b.box)
    sold = Counter(f"{e.card}@{d}" for e in b.box.market for d in e.decks if d in decks)
    seen = Counter(k for p in s.players for k in p.cards() if "@" in k)
    seen.update(s.display)
    seen.update(s.pile or [])
    seen.update(f"{c}@{d}" for d, cards in s.unseen.items() for c in cards)
    return [] if seen == sold else ["market cards are not conserved"]
