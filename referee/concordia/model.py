"""A finished (or paused) game as the scoring needs it, and name look-ups over the box."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from referee.concordia import DOMAIN
from referee.concordia.box import ROMA, Box, GameMap
from referee.concordia.names import NameIndex, translations
from referee.concordia.vocabulary import SPANISH_NAMES
from referee.values import Value, field


class PlayerInput(Value):
    name: str
    cards: tuple[str, ...]          # card ids, starting cards included
    houses: tuple[str, ...]         # city names as in the map data
    colonists_on_board: int
    sestertii: int
    storehouse: Mapping[str, int] = field(default_factory=dict)
    concordia: bool = False
    praefectus_magnus: bool = False
    seat: int = 1                   # 1 = start player, then clockwise


class GameInput(Value):
    map_id: str
    cities: Mapping[str, str]       # city -> good, from this game's tokens
    players: tuple[PlayerInput, ...]


#: The index of each kind last built, with the box or map it was built from. A game's input is
#: checked player by player and each asks for the same indexes: a 4-player score built 15,
#: folding every name in every language each time, before they were kept (docs/performance.md).
_latest: dict[str, tuple[object, NameIndex]] = {}


def _kept(kind: str, source: object, build: Callable[[], NameIndex]) -> NameIndex:
    latest = _latest.get(kind)
    if latest is None or latest[0] is not source:
        latest = _latest[kind] = (source, build())
    return latest[1]


def city_index(game_map: GameMap) -> NameIndex:
    """Cities of one map, by their board, Russian or Spanish name; Roma is in it so that a
    house there gets its own message."""
    def build() -> NameIndex:
        names = {c.name: [c.name, *c.aliases, *translations(c.name, DOMAIN),
                          *SPANISH_NAMES.get(c.name, ())] for c in game_map.cities.values()}
        names[ROMA] = [ROMA, "Rome", *translations(ROMA, DOMAIN)]
        return NameIndex(names)
    return _kept("cities", game_map, build)


def province_index(game_map: GameMap) -> NameIndex:
    return _kept("provinces", game_map, lambda: NameIndex({
        p.name: [p.name, *p.aliases, *translations(p.name, DOMAIN), *SPANISH_NAMES.get(p.name, ())]
        for p in game_map.provinces.values()}))


def card_index(box: Box) -> NameIndex:
    return _kept("cards", box, lambda: NameIndex({
        c.id: [c.name, *c.aliases, *translations(c.name, DOMAIN)] for c in box.cards.values()}))


def goods_index(box: Box) -> NameIndex:
    aliases = box.raw["economy"]["goods"]["aliases"]
    return _kept("goods", box, lambda: NameIndex({
        g: [g, *aliases.get(g, ()), *translations(g, DOMAIN)] for g in box.goods}))


def colonist_kind(text: str) -> str | None:
    """``land`` or ``sea`` named in any of the languages, or None."""
    from referee.i18n.matching import find

    return find(text, {"land": "land", "sea": "sea"}, DOMAIN,
                {"land": ("суша", "tierra"), "sea": ("море", "mar")})


def map_index(box: Box) -> NameIndex:
    return _kept("maps", box, lambda: NameIndex({
        key: [key, *translations(m.name, DOMAIN)] for key, m in box.maps.items()}))
