"""A finished (or paused) game as the scoring needs it, and name look-ups over the box."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.concordia import DOMAIN
from referee.concordia.box import ROMA, Box, GameMap
from referee.concordia.names import NameIndex, translations
from referee.concordia.vocabulary import SPANISH_NAMES


@dataclass(frozen=True)
class PlayerInput:
    name: str
    cards: tuple[str, ...]          # card ids, starting cards included
    houses: tuple[str, ...]         # city names as in the map data
    colonists_on_board: int
    sestertii: int
    storehouse: Mapping[str, int] = field(default_factory=dict)
    concordia: bool = False
    praefectus_magnus: bool = False
    seat: int = 1                   # 1 = start player, then clockwise


@dataclass(frozen=True)
class GameInput:
    map_id: str
    cities: Mapping[str, str]       # city -> good, from this game's tokens
    players: tuple[PlayerInput, ...]


def city_index(game_map: GameMap) -> NameIndex:
    """Cities of one map, by their board, Russian or Spanish name; Roma is in it so that a
    house there gets its own message."""
    names = {c.name: [c.name, *c.aliases, *translations(c.name, DOMAIN),
                      *SPANISH_NAMES.get(c.name, ())] for c in game_map.cities.values()}
    names[ROMA] = [ROMA, "Rome", *translations(ROMA, DOMAIN)]
    return NameIndex(names)


def province_index(game_map: GameMap) -> NameIndex:
    return NameIndex({p.name: [p.name, *p.aliases, *translations(p.name, DOMAIN),
                               *SPANISH_NAMES.get(p.name, ())]
                      for p in game_map.provinces.values()})


def card_index(box: Box) -> NameIndex:
    return NameIndex({c.id: [c.name, *c.aliases, *translations(c.name, DOMAIN)]
                      for c in box.cards.values()})


def goods_index(box: Box) -> NameIndex:
    aliases = box.raw["economy"]["goods"]["aliases"]
    return NameIndex({g: [g, *aliases.get(g, ()), *translations(g, DOMAIN)] for g in box.goods})


def map_index(box: Box) -> NameIndex:
    return NameIndex({key: [key, *translations(m.name, DOMAIN)] for key, m in box.maps.items()})
