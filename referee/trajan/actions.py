"""Every entry of a guided Trajan game: small frozen value objects with a closed ``type``.

An entry's meaning comes from the question it answers (``Game.pending().kind``). Trays are
0..5 inside (I..VI in JSON), cells are ``(column, row)`` inside (``A1`` in JSON).

=============  ==========================================================================
type           answers
=============  ==========================================================================
drawn          a tile or card the table drew (actor ``table``; deal mode ``table`` only)
markers        setup: the 2 markers each player puts in each tray, by colour
start_tiles    setup: the 3 Trajan stacks a player takes a starting tile from
choose         one named option: a setup card's source, a Trajan tile's effect, an
               extra-action tile to spend, the bonus tile the first consul keeps
sow            the tray emptied and the colour of each marker in the order dropped
seaport        draw (2 cards) / discard (a card onto pile 1 or 2) / take (pile 1 or 2) /
               play (1-2 cards) / ship (cards and commodity wilds onto a ship)
forum          the tile taken from the forum
military       recruit (a legionary) / move (the leader to a province) / deploy (a
               legionary to the leader's province)
senate         advance the disc one space
trajan         the Trajan stack whose top tile goes on the arch's cell
construction   recruit (a worker) / build (a worker onto a cell)
figures        how many subjects a worker or legionary Trajan tile places (1 up to the
               figures it shows)
demands        at a quarter end, the forum tiles (by icon) and demand wilds a player hands
               in; kept Trajan tiles meet the rest
pass           decline an optional step
=============  ==========================================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from referee.game.contract import Entry
from referee.game.question import TABLE
from referee.i18n import N_
from referee.trajan import construction as building
from referee.trajan import wheel as w
from referee.trajan.holdings import DEMANDS
from referee.trajan.rulebook import bad_input


class Drawn(Entry, frozen=True):
    """What the table drew: a tile or card code from the pool the question names."""

    type: ClassVar[str] = "drawn"
    item: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "item": self.item}


class Markers(Entry, frozen=True):
    type: ClassVar[str] = "markers"
    trays: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "trays": [_letters(t) for t in self.trays]}


class StartTiles(Entry, frozen=True):
    type: ClassVar[str] = "start_tiles"
    stacks: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "stacks": list(self.stacks)}


class Choose(Entry, frozen=True):
    type: ClassVar[str] = "choose"
    option: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "option": self.option}


class Sow(Entry, frozen=True):
    type: ClassVar[str] = "sow"
    tray: int
    order: tuple[str, ...]  # colours as dropped, one per following tray

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "tray": w.ROMAN[self.tray], "order": _letters(self.order)}


class Seaport(Entry, frozen=True):
    type: ClassVar[str] = "seaport"
    mode: str
    cards: tuple[str, ...] = ()
    pile: int | None = None  # 1 or 2
    ship: str | None = None
    wilds: int = 0  # commodity wilds loaded with the cards

    def to_json(self) -> dict[str, Any]:
        found = {**super().to_json(), "mode": self.mode}
        if self.cards:
            found["cards"] = list(self.cards)
        if self.pile is not None:
            found["pile"] = self.pile
        if self.ship is not None:
            found["ship"] = self.ship
        if self.wilds:
            found["wilds"] = self.wilds
        return found


class Forum(Entry, frozen=True):
    type: ClassVar[str] = "forum"
    tile: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "tile": self.tile}


class Military(Entry, frozen=True):
    type: ClassVar[str] = "military"
    mode: str
    province: str | None = None

    def to_json(self) -> dict[str, Any]:
        found = {**super().to_json(), "mode": self.mode}
        return found if self.province is None else {**found, "province": self.province}


class Senate(Entry, frozen=True):
    type: ClassVar[str] = "senate"


class Trajan(Entry, frozen=True):
    type: ClassVar[str] = "trajan"
    stack: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "stack": self.stack}


class Construction(Entry, frozen=True):
    type: ClassVar[str] = "construction"
    mode: str
    cell: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        found = {**super().to_json(), "mode": self.mode}
        return found if self.cell is None else {**found, "cell": building.name(self.cell)}


class Figures(Entry, frozen=True):
    type: ClassVar[str] = "figures"
    count: int

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "count": self.count}


class Demands(Entry, frozen=True):
    """The tiles handed in for the quarter's demands: forum tiles by icon, one per tile
    (sorted, so that equal answers are equal entries), and demand wilds."""

    type: ClassVar[str] = "demands"
    forum: tuple[str, ...] = ()
    wilds: int = 0

    @classmethod
    def of(cls, player: str, forum: Mapping[str, int], wilds: int) -> Demands:
        return cls(player, tuple(sorted(Counter(forum).elements())), wilds)

    @property
    def forum_counts(self) -> dict[str, int]:
        return dict(sorted(Counter(self.forum).items()))

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "forum": self.forum_counts, "wilds": self.wilds}


class Pass(Entry, frozen=True):
    type: ClassVar[str] = "pass"


def _letters(colours: tuple[str, ...]) -> str:
    return "".join(c[0] for c in colours)


def _text(raw: Mapping[str, Any], key: str) -> str:
    value = raw[key]
    if not isinstance(value, str):
        raise TypeError(key)
    return value


def _count(raw: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
    value = raw.get(key, default)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(key)
    return value


def _strings(raw: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(key)
    return tuple(value)


FIELDS = {"drawn": {"item"}, "markers": {"trays"}, "start_tiles": {"stacks"},
          "choose": {"option"}, "sow": {"tray", "order"},
          "seaport": {"mode", "cards", "pile", "ship", "wilds"}, "forum": {"tile"},
          "military": {"mode", "province"}, "senate": set(), "trajan": {"stack"},
          "construction": {"mode", "cell"}, "figures": {"count"},
          "demands": {"forum", "wilds"}, "pass": set()}
PER_QUARTER = 3  # demand tiles turned up in a quarter (001 «Конец раунда»)


def from_json(raw: Any) -> Entry:
    """Rebuild an entry from its JSON; anything malformed is an InputError naming it."""
    kind = raw.get("type") if isinstance(raw, Mapping) else None
    if kind not in FIELDS:
        raise bad_input(N_("Not a Trajan entry: {payload}; type is one of {types}"),
                        payload=raw, types=", ".join(FIELDS))
    # the journal and scenarios add the question answered ("kind") and a reader's "note"
    extra = sorted(set(raw) - FIELDS[kind] - {"type", "player", "kind", "note"})
    if extra:
        raise bad_input(N_("A {type} entry has no field {field!r}"), type=kind, field=extra[0])
    try:
        return _build(kind, raw)
    except (KeyError, TypeError, ValueError):
        raise bad_input(N_("Not a valid {type} entry: {payload}"), type=kind,
                        payload=dict(raw)) from None


def _build(kind: str, raw: Mapping[str, Any]) -> Entry:
    player = TABLE if kind == "drawn" else _text(raw, "player")
    if kind == "drawn":
        return Drawn(player, _text(raw, "item"))
    if kind == "markers":
        return Markers(player, tuple(w.parse_colours(t) for t in _strings(raw, "trays")))
    if kind == "start_tiles":
        return StartTiles(player, _strings(raw, "stacks"))
    if kind == "choose":
        return Choose(player, _text(raw, "option"))
    if kind == "sow":
        return Sow(player, w.parse_tray(_text(raw, "tray")),
                   w.parse_colours(_text(raw, "order")))
    if kind == "seaport":
        ship = raw.get("ship")
        if ship is not None and not isinstance(ship, str):
            raise TypeError("ship")
        return Seaport(player, _text(raw, "mode"), _strings(raw, "cards"),
                       _count(raw, "pile"), ship, _count(raw, "wilds", 0) or 0)
    if kind == "forum":
        return Forum(player, _text(raw, "tile"))
    if kind == "military":
        province = raw.get("province")
        if province is not None and not isinstance(province, str):
            raise TypeError("province")
        return Military(player, _text(raw, "mode"), province)
    if kind == "senate":
        return Senate(player)
    if kind == "trajan":
        return Trajan(player, _text(raw, "stack"))
    if kind == "construction":
        cell = raw.get("cell")
        return Construction(player, _text(raw, "mode"),
                            None if cell is None else building.parse_cell(str(cell)))
    if kind == "figures":
        return Figures(player, _whole(raw["count"]))
    if kind == "demands":
        return _demands(player, raw)
    return Pass(player)


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(value)
    return value


def _demands(player: str, raw: Mapping[str, Any]) -> Demands:
    """``forum``: demand icon -> forum tiles handed in; ``wilds``: demand wilds. Together at
    most one tile per demand tile of the quarter."""
    counts = raw.get("forum", {})
    if not isinstance(counts, Mapping) or not set(counts) <= set(DEMANDS):
        raise ValueError("forum")
    counts = {icon: _whole(n) for icon, n in counts.items()}
    wilds = _whole(raw.get("wilds", 0))
    if sum(counts.values()) + wilds > PER_QUARTER:
        raise bad_input(N_("A demands entry hands in at most {n} tiles, one per demand tile "
                           "of the quarter"), n=PER_QUARTER)
    return Demands.of(player, counts, wilds)
