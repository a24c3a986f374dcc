"""The entries of a guided Concordia game: one frozen value object per kind.

A turn is one personality card played from the hand, so each card has its own entry with
the parameters only the player knows (where the colonists go, which province, what to
trade, which display slots). Two more entries answer the referee's follow-up questions:
:class:`Keep` (goods that do not all fit in a storehouse) and :class:`Reveal` (the card
the table turns up to refill the display when the draw pile's order is not known).
The JSON ``type`` vocabulary is closed: see ``KINDS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.concordia.rulebook import bad_input
from referee.game.contract import Entry
from referee.game.question import TABLE
from referee.i18n import N_
from referee.values import Value

COLONIST_KINDS = ("land", "sea")

Goods = tuple[tuple[str, int], ...]  # a bundle of goods, sorted, counts > 0


def bundle(goods: Mapping[str, int]) -> Goods:
    return tuple(sorted((str(g), int(n)) for g, n in goods.items() if n))


class Move(Value):
    """One colonist's walk. ``start`` is ``(city,)`` for a colonist standing in a city, or
    ``(a, b)`` for one on the route a–b that leaves it through b. ``path`` is the cities
    walked to; it ends on the route between the last two cities of start + path, and each
    city in ``path`` costs one movement point."""

    kind: str
    start: tuple[str, ...]
    path: tuple[str, ...]

    def walk(self) -> tuple[str, ...]:
        return (*self.start, *self.path)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "start": list(self.start), "path": list(self.path)}


class Architect(Entry, frozen=True):
    type: ClassVar[str] = "architect"
    moves: tuple[Move, ...] = ()
    build: tuple[str, ...] = ()  # cities, in the order paid for

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "moves": [m.to_json() for m in self.moves],
                "build": list(self.build)}


class Prefect(Entry, frozen=True):
    """``province`` produces; None takes the cash option instead."""

    type: ClassVar[str] = "prefect"
    province: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "province": self.province}


class Mercator(Entry, frozen=True):
    """``market`` says which Mercator is played when the hand holds both (bought: +5)."""

    type: ClassVar[str] = "mercator"
    sell: Goods = ()
    buy: Goods = ()
    market: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "sell": dict(self.sell), "buy": dict(self.buy),
                "market": self.market}


class Purchase(Value):
    """A display slot (1 = leftmost) and, for a Senator, the goods paid for each "?"."""

    slot: int
    any: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"slot": self.slot, "any": list(self.any)}


class Senator(Entry, frozen=True):
    type: ClassVar[str] = "senator"
    purchases: tuple[Purchase, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "purchases": [p.to_json() for p in self.purchases]}


class Consul(Entry, frozen=True):
    type: ClassVar[str] = "consul"
    slot: int | None = None  # None: buys nothing

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "slot": self.slot}


class Tribune(Entry, frozen=True):
    """``colonist``: "land" or "sea" to put a new colonist in Roma, or None."""

    type: ClassVar[str] = "tribune"
    colonist: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "colonist": self.colonist}


class Colonist(Entry, frozen=True):
    """``place``: new colonists as (kind, city); ``cash``: the income option instead."""

    type: ClassVar[str] = "colonist"
    place: tuple[tuple[str, str], ...] = ()
    cash: bool = False

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "place": [list(p) for p in self.place], "cash": self.cash}


class Specialist(Entry, frozen=True):
    type: ClassVar[str] = "specialist"
    card: str = ""  # mason, farmer, smith, vintner, weaver

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "card": self.card}


class Diplomat(Entry, frozen=True):
    """Plays a Diplomat (``card`` picks which, when several) to perform ``action`` as
    the card on top of ``target``'s discard pile."""

    type: ClassVar[str] = "diplomat"
    target: str = ""
    action: Entry | None = None
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        inner = self.action.to_json() if self.action else None
        if inner:
            inner.pop("player")
        return {**super().to_json(), "target": self.target, "card": self.card,
                "action": inner}


class Keep(Entry, frozen=True):
    """Which of the goods received fill a storehouse that cannot hold them all."""

    type: ClassVar[str] = "keep"
    goods: Goods = ()

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "goods": dict(self.goods)}


class ByTable(Entry, frozen=True, kw_only=True):
    """An entry the table makes, not a player: a chance the box decided. Its actor is fixed,
    so subclasses are built from their own fields alone (``Reveal(card)``)."""

    player: str = TABLE

    def __post_init__(self) -> None:
        if self.player != TABLE:
            raise ValueError(f"{type(self).__name__} is made by the table, not {self.player!r}")


class Reveal(ByTable, frozen=True):
    """The card the table turned up from the draw pile into the display."""

    type: ClassVar[str] = "reveal"
    card: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


PLAYS = (Architect, Prefect, Mercator, Senator, Consul, Tribune, Colonist, Specialist,
         Diplomat)
KINDS = tuple(c.type for c in (*PLAYS, Keep, Reveal))


def from_json(raw: Any) -> Entry:
    """An entry from its JSON payload; anything malformed is one InputError."""
    try:
        return _parse(raw, None)
    except (KeyError, TypeError, ValueError, AttributeError):
        pass
    raise bad_input(N_("Not a valid Concordia entry: {payload}"),
                    payload=raw if isinstance(raw, dict) else str(raw))


def _parse(raw: Mapping[str, Any], player: str | None) -> Entry:
    kind = raw["type"]
    if kind == "reveal":
        return Reveal(_text(raw["card"]))
    who = player if player is not None else _text(raw["player"])
    if kind == "architect":
        return Architect(who, tuple(_move(m) for m in raw.get("moves", [])),
                         tuple(_text(c) for c in raw.get("build", [])))
    if kind == "prefect":
        province = raw.get("province")
        return Prefect(who, None if province is None else _text(province))
    if kind == "mercator":
        return Mercator(who, _goods(raw.get("sell", {})), _goods(raw.get("buy", {})),
                        _flag(raw.get("market")))
    if kind == "senator":
        return Senator(who, tuple(_purchase(p) for p in raw.get("purchases", [])))
    if kind == "consul":
        slot = raw.get("slot")
        return Consul(who, None if slot is None else _count(slot))
    if kind == "tribune":
        colonist = raw.get("colonist")
        return Tribune(who, None if colonist is None else _text(colonist))
    if kind == "colonist":
        place = tuple((_text(k), _text(c)) for k, c in raw.get("place", []))
        return Colonist(who, place, _flag(raw.get("cash", False)) is True)
    if kind == "specialist":
        return Specialist(who, _text(raw["card"]))
    if kind == "diplomat":
        inner = raw.get("action")
        card = raw.get("card")
        return Diplomat(who, _text(raw["target"]), _parse(inner, who) if inner else None,
                        None if card is None else _text(card))
    if kind == "keep":
        return Keep(who, _goods(raw.get("goods", {})))
    raise ValueError(kind)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(value)
    return value


def _flag(value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise TypeError(value)
    return value


def _goods(raw: Any) -> Goods:
    if not isinstance(raw, Mapping):
        raise TypeError(raw)
    return bundle({_text(g): _count(n) for g, n in raw.items()})


def _move(raw: Mapping[str, Any]) -> Move:
    start, path = raw["start"], raw["path"]
    if not isinstance(start, list) or not isinstance(path, list):
        raise TypeError(raw)
    return Move(_text(raw["kind"]), tuple(_text(c) for c in start),
                tuple(_text(c) for c in path))


def _purchase(raw: Mapping[str, Any]) -> Purchase:
    return Purchase(_count(raw["slot"]), tuple(_text(g) for g in raw.get("any", [])))
