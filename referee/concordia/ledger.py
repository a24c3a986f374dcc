"""What every card effect shares: the board it is played on, payments and receipts.

Money and goods go through :func:`pay`, :func:`earn` and :func:`receive` only, so the
bank's tally (used by the invariants) always balances the players' holdings.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from referee import data
from referee.concordia.actions import COLONIST_KINDS
from referee.concordia.box import Box, GameMap
from referee.concordia.errors import ConcordiaRuleViolation
from referee.concordia.model import city_index, colonist_kind, goods_index, province_index
from referee.concordia.names import NameIndex
from referee.concordia.rulebook import bad_input, ref, violation
from referee.concordia.setup import Setup
from referee.concordia.state import GameState, PlayerState
from referee.concordia.wording import goods as goods_words
from referee.concordia.wording import sestertii
from referee.i18n import N_
from referee.rulings import Plural, Ruling, Term
from referee.values import Cached

UNKNOWN_CITY = N_("Unknown city “{text}” on the {map} map.")
UNKNOWN_CITY_NEAR = N_("Unknown city “{text}” on the {map} map; did you mean {suggestions}?")


class Board(Cached):
    """The fixed facts of one game: the box, the map side, its routes and city goods."""

    box: Box
    setup: Setup

    @cached_property
    def map(self) -> GameMap:
        return self.box.maps[self.setup.map_id]

    @cached_property
    def routes(self) -> dict[str, dict[str, list[str]]]:
        return {kind: self.box.neighbours(self.setup.map_id, kind) for kind in ("land", "sea")}

    @cached_property
    def routes_confirmed(self) -> bool:
        return data.is_confirmed(self.box.routes(self.setup.map_id)["confidence"])

    @cached_property
    def _cities(self) -> NameIndex:
        return city_index(self.map)

    @cached_property
    def _provinces(self) -> NameIndex:
        return province_index(self.map)

    def city(self, text: str) -> str:
        found = self._cities.find(text)
        if found is None:
            near = self._cities.suggest(text)
            raise bad_input(UNKNOWN_CITY_NEAR if near else UNKNOWN_CITY, text=text,
                            map=Term(self.map.name), suggestions=" / ".join(near))
        return found

    def province(self, text: str) -> str:
        found = self._provinces.find(text)
        if found is None:
            raise bad_input(N_("Unknown province “{text}” on the {map} map."), text=text,
                            map=Term(self.map.name))
        return found

    @cached_property
    def _goods(self) -> NameIndex:
        return goods_index(self.box)

    def good(self, text: str) -> str:
        """A good named in any of the languages (``brick``, ``кирпич``, ``ladrillo``)."""
        found = text if text in self.box.goods else self._goods.find(text)
        if found is None:
            raise bad_input(N_("Unknown good “{text}”; the goods are {goods}."),
                            text=text, goods=[Term(g) for g in self.box.goods])
        return found

    def colonist(self, text: str) -> str:
        """A colonist kind named in any of the languages (``land``, ``суша``, ``mar``)."""
        found = text if text in COLONIST_KINDS else colonist_kind(text)
        if found is None:
            raise bad_input(N_("A colonist is land or sea, not {kind}."), kind=text)
        return found

    def cells(self) -> int:
        return self.box.fact("economy", "storehouse", "cells").value


def pay(s: GameState, p: PlayerState, money: int = 0,
        goods: Mapping[str, int] | None = None) -> None:
    """Take the money and goods, or refuse (changing nothing) when the player lacks them."""
    goods = {g: n for g, n in (goods or {}).items() if n}
    lacking = {g: n - p.goods.get(g, 0) for g, n in goods.items() if n > p.goods.get(g, 0)}
    if money > p.money or lacking:
        raise violation("concordia.pieces.money_goods",
                        N_("{player} cannot pay {cost}: short of {short}."), player=p.name,
                        cost=priced(money, goods),
                        short=priced(max(0, money - p.money), lacking))
    p.money -= money
    s.bank_money += money
    for g, n in goods.items():
        p.goods[g] -= n
        s.bank_goods[g] += n


def priced(money: int, goods: Mapping[str, int]) -> list[Plural]:
    """Money and goods as counted words, leaving out what is nil ("2 sestertii, 1 brick")."""
    return ([sestertii(money)] if money else []) + goods_words(goods)


def short_of(p: PlayerState, money: int, goods: Mapping[str, int]) -> list[Plural]:
    """What ``p`` lacks to pay ``money`` and ``goods`` ([] when it can)."""
    lacking = {g: n - p.goods.get(g, 0) for g, n in goods.items() if n > p.goods.get(g, 0)}
    return priced(max(0, money - p.money), lacking)


def earn(s: GameState, p: PlayerState, money: int) -> None:
    p.money += money
    s.bank_money -= money


def receive(b: Board, s: GameState, who: int, goods: Mapping[str, int]) -> list[Ruling]:
    """Goods into a storehouse. When they do not all fit and are of several kinds, the
    owner chooses which to keep (a ``storehouse`` question); no cell may stay empty."""
    p = s.players[who]
    goods = {g: n for g, n in goods.items() if n}
    free = b.cells() - p.used_cells()
    total = sum(goods.values())
    if total <= free:
        _store(s, p, goods)
        return []
    cells = b.box.fact("economy", "storehouse", "cells")
    rule = ref("concordia.storehouse.overflow", confirmed=cells.confirmed)
    if len(goods) == 1 or free == 0:
        kept = {g: min(n, free) for g, n in goods.items()} if len(goods) == 1 else {}
        _store(s, p, kept)
        return [Ruling(rule, N_("{player}'s storehouse has room for {free} of {goods}; the "
                                "rest is lost."),
                       {"player": p.name, "free": free, "goods": goods_words(goods)})]
    s.overflow.append((who, goods))
    return [Ruling(rule, N_("{player}'s storehouse has room for {free} of {goods}: "
                            "{player} chooses which to keep."),
                    {"player": p.name, "free": free, "goods": goods_words(goods)})]


def keep(b: Board, s: GameState, who: int, chosen: Mapping[str, int]) -> list[Ruling]:
    """Answer to the ``storehouse`` question: exactly the free cells, from what came in."""
    p = s.players[who]
    _, incoming = s.overflow[0]
    free = b.cells() - p.used_cells()
    rule = ref("concordia.storehouse.overflow",
               confirmed=b.box.fact("economy", "storehouse", "cells").confirmed)
    if any(n > incoming.get(g, 0) for g, n in chosen.items()) or sum(chosen.values()) != free:
        raise ConcordiaRuleViolation(N_("Keep exactly {free} goods, chosen from {goods}: no cell "
                                        "may stay empty."), rule=rule, free=free,
                                     goods=goods_words(incoming))
    s.overflow.pop(0)
    _store(s, p, chosen)
    return [Ruling(rule, N_("{player} keeps {goods}."),
                   {"player": p.name, "goods": goods_words(chosen)})]


def _store(s: GameState, p: PlayerState, goods: Mapping[str, int]) -> None:
    for g, n in goods.items():
        p.goods[g] = p.goods.get(g, 0) + n
        s.bank_goods[g] -= n
