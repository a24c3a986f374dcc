"""The state of a guided game: plain data, rebuilt by replaying the entries.

The engine works on a copy (``GameState.copy``) and swaps it in only when the whole entry
succeeded, so a refused entry leaves this untouched. Cards a player owns are keys: the card id for a
starting card, ``id@deck`` for one bought from the market (a bought Mercator pays 5).
A colonist stands in a city (``(city,)``) or on a route (``(a, b)``, sorted).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from referee.values import Mutable, field, to_builtins

Place = tuple[str, ...]


def card_id(key: str) -> str:
    return key.split("@")[0]


def route(kind: str, a: str, b: str) -> tuple[str, Place]:
    return kind, tuple(sorted((a, b)))


class PlayerState(Mutable):
    name: str
    seat: int  # 1 = start player, then clockwise
    money: int
    goods: dict[str, int]
    stored: dict[str, int]  # colonists in the storehouse, by kind
    hand: list[str]
    discard: list[str] = field(default_factory=list)  # bottom first; the last is on top
    houses: list[str] = field(default_factory=list)
    colonists: list[tuple[str, Place]] = field(default_factory=list)  # (kind, place)

    def cards(self) -> list[str]:
        return [*self.hand, *self.discard]

    def used_cells(self) -> int:
        return sum(self.goods.values()) + sum(self.stored.values())

    def top(self) -> str | None:
        return self.discard[-1] if self.discard else None

    def copy(self) -> PlayerState:
        return PlayerState(self.name, self.seat, self.money, dict(self.goods), dict(self.stored),
                           list(self.hand), list(self.discard), list(self.houses),
                           list(self.colonists))


class GameState(Mutable):
    players: list[PlayerState]
    goods_side: dict[str, bool]  # province -> its bonus marker shows the good (not coins)
    display: list[str]  # market card keys, slot 1 first
    pile: list[str] | None  # the draw pile, top first, when its order is known
    unseen: dict[str, list[str]]  # deck -> card ids still in it, when the order is not
    active: int = 0  # index into players of whose turn it is
    magnus: int = 0  # index of the Praefectus Magnus holder
    concordia: int | None = None  # index of whoever took the Concordia card
    last_turns: int | None = None  # turns still to play once the end is triggered
    overflow: list[tuple[int, dict[str, int]]] = field(default_factory=list)
    reveals: int = 0  # display cards the table still has to turn up
    bank_money: int = 0  # net paid into the bank: money is unlimited, so it may go below 0
    bank_goods: Counter = field(default_factory=Counter)
    turns: int = 0

    def pile_size(self) -> int:
        if self.pile is not None:
            return len(self.pile)
        return sum(len(cards) for cards in self.unseen.values())

    def occupied(self) -> Counter:
        return Counter((kind, place) for p in self.players for kind, place in p.colonists
                       if len(place) == 2)

    def houses_in(self, city: str) -> int:
        return sum(city in p.houses for p in self.players)

    def copy(self) -> GameState:
        """A copy an entry can change without touching this state: new containers, the
        strings and tuples inside them shared (they never change)."""
        return GameState([p.copy() for p in self.players], dict(self.goods_side),
                         list(self.display), None if self.pile is None else list(self.pile),
                         {deck: list(cards) for deck, cards in self.unseen.items()},
                         self.active, self.magnus, self.concordia, self.last_turns,
                         [(who, dict(goods)) for who, goods in self.overflow], self.reveals,
                         self.bank_money, Counter(self.bank_goods), self.turns)

    @property
    def over(self) -> bool:
        return self.last_turns == 0 and not self.overflow and not self.reveals

    def to_json(self) -> dict[str, Any]:
        raw = to_builtins(self)
        raw["bank_goods"] = dict(self.bank_goods)
        return raw

    def fingerprint(self) -> str:
        from referee.hashing import fingerprint

        return fingerprint(json.dumps(self.to_json(), sort_keys=True, default=list))
