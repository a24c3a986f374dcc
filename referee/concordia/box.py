"""The Concordia box: maps, cards, prices and tokens, read from ``data/*.json``.

Every entry keeps the confidence tag of the fact sheet. An entry that the user's override
file touches is re-tagged USER: from then on it rests on what the group typed, not on a source.
"""

from __future__ import annotations

from typing import Any

from referee import data
from referee.concordia import DOMAIN
from referee.concordia.rulebook import bad_input
from referee.data import Fact
from referee.i18n import N_
from referee.values import Value

USER = data.USER
FILES = ("maps", "routes", "cards", "economy", "tokens")
ROMA = "Roma"


class City(Value):
    name: str
    province: str
    letter: str
    aliases: tuple[str, ...]


class Province(Value):
    name: str
    letter: str
    cities: tuple[str, ...]
    aliases: tuple[str, ...]
    confidence: str


class GameMap(Value):
    id: str
    name: str
    min_players: int
    max_players: int
    saturnus_cap: int
    provinces: dict[str, Province]
    cities: dict[str, City]
    confidence: str

    def cities_by_letter(self) -> dict[str, list[str]]:
        letters: dict[str, list[str]] = {}
        for city in sorted(self.cities.values(), key=lambda c: c.name):
            letters.setdefault(city.letter, []).append(city.name)
        return dict(sorted(letters.items()))


class Card(Value):
    id: str
    name: str
    god: str
    starting: int
    good: str | None
    vp: int | None
    aliases: tuple[str, ...]
    confidence: str

    @property
    def confirmed(self) -> bool:
        return data.is_confirmed(self.confidence)


class MarketEntry(Value):
    card: str
    cost: dict[str, int]
    decks: tuple[str, ...]
    confidence: str


class Box:
    """Typed access to the data files; ``fact`` reaches any tagged value."""

    def __init__(self, raw: dict[str, dict]) -> None:
        self.raw = raw
        self.goods: tuple[str, ...] = tuple(raw["economy"]["goods"]["order"])
        self.maps = {key: _game_map(key, entry) for key, entry in raw["maps"].items()}
        self.cards = {key: _card(key, entry) for key, entry in raw["cards"]["cards"].items()}
        self.market = tuple(
            MarketEntry(e["card"], dict(e["cost"]), tuple(e["decks"]), e.get("confidence", USER))
            for e in raw["cards"]["market"])
        _check(self)

    def fact(self, file: str, *path: str) -> Fact:
        """The value at ``path`` with the nearest confidence tag on the way down."""
        node: Any = self.raw[file]
        tag = USER
        for key in path:
            node = node[key]
            if isinstance(node, dict) and "confidence" in node:
                tag = node["confidence"]
        if isinstance(node, dict) and "value" in node:
            node = node["value"]
        return Fact(node, tag)

    def god(self, god: str) -> dict[str, Any]:
        return self.raw["cards"]["gods"][god]

    def market_copies(self, players: int) -> dict[str, int]:
        """How many copies of each card the decks for ``players`` put up for sale."""
        decks = set(self.fact("cards", "decks", "by_players", str(players)).value)
        copies: dict[str, int] = {}
        for entry in self.market:
            copies[entry.card] = copies.get(entry.card, 0) + len(decks.intersection(entry.decks))
        return copies

    def routes(self, map_id: str) -> dict[str, Any]:
        return self.raw["routes"][map_id]

    def neighbours(self, map_id: str, kind: str) -> dict[str, list[str]]:
        """City → cities one land or sea route away (the file lists each route once)."""
        found: dict[str, set[str]] = {}
        for city, ends in self.routes(map_id)[kind].items():
            for end in ends:
                found.setdefault(city, set()).add(end)
                found.setdefault(end, set()).add(city)
        return {city: sorted(ends) for city, ends in sorted(found.items())}


def load_box() -> Box:
    raw = {}
    for name in FILES:
        merged = data.load(DOMAIN, name)
        path = data.override_path(DOMAIN, name)
        if path.exists():
            mark_user(merged, data.read_json(path))
        raw[name] = merged
    return Box(raw)


def mark_user(node: Any, override: Any, owner: dict | None = None) -> None:
    """Tag USER every entry the override sets a value in (``node`` is the merged data)."""
    if isinstance(node, dict) and "confidence" in node:
        owner = node
    if isinstance(node, dict) and isinstance(override, dict):
        for key, value in override.items():
            if isinstance(node.get(key), (dict, list)):
                mark_user(node[key], value, owner)
            elif owner is not None:
                owner["confidence"] = USER
    elif isinstance(node, list):
        # A list is replaced whole, so everything in it comes from the user.
        if owner is not None:
            owner["confidence"] = USER
        for item in node:
            if isinstance(item, dict):
                item["confidence"] = USER


def _game_map(key: str, entry: dict) -> GameMap:
    provinces, cities = {}, {}
    for name, prov in entry["provinces"].items():
        provinces[name] = Province(name, prov["letter"], tuple(prov["cities"]),
                                   tuple(prov.get("aliases", ())), prov.get("confidence", USER))
        for city, aliases in prov["cities"].items():
            cities[city] = City(city, name, prov["letter"], tuple(aliases))
    return GameMap(key, entry["name"], entry["players"]["min"], entry["players"]["max"],
                   entry["saturnus_cap"], provinces, cities, entry.get("confidence", USER))


def _card(key: str, entry: dict) -> Card:
    return Card(key, entry["name"], entry["god"], entry.get("starting", 0), entry.get("good"),
                entry.get("vp"), tuple(entry.get("aliases", ())), entry.get("confidence", USER))


def _check(box: Box) -> None:
    """Catch an override that breaks the data, with a line that says where."""
    gods = box.raw["cards"]["gods"]
    problems = [f"card {c.id}: god {c.god}" for c in box.cards.values() if c.god not in gods]
    problems += [f"card {c.id}: good {c.good}" for c in box.cards.values()
                 if c.good is not None and c.good not in box.goods]
    problems += [f"market: card {e.card}" for e in box.market if e.card not in box.cards]
    problems += [f"market {e.card}: good {g}" for e in box.market for g in e.cost
                 if g not in box.goods]
    if problems:
        raise bad_input(N_("The Concordia data files have unknown entries: {problems}"),
                        problems="; ".join(problems))
