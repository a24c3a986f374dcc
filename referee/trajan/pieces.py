"""What the box holds for a played game, read from ``data/pieces.json`` and the other files.

Every pool the engine draws from starts here, so the simulator's conservation checks and
the ``score --input`` plausibility checks count against the same numbers.
"""

from __future__ import annotations

from collections import Counter

from referee.trajan import box
from referee.trajan.wheel import COLOURS
from referee.values import Value


class TrajanTile(Value, order=True):
    """One Trajan tile: its kind (``vp``, ``worker2``, ``bread`` …) and the 2 colours it needs.

    The sowing helper (``referee trajan sow --tile``) may be told the colours alone: its kind
    is then None, and only what the colours decide is said."""

    kind: str | None
    colours: tuple[str, str]

    @property
    def code(self) -> str:
        return f"{self.kind}:{''.join(c[0] for c in self.colours)}"

    @property
    def vp(self) -> int:
        return int(box.value("wheel", "trajan_tiles")[self.kind]["vp"])

    @property
    def stack(self) -> str:
        return next(s for s, kinds in stacks().items() if self.kind in kinds)


def stacks() -> dict[str, dict[str, list[str]]]:
    return box.value("pieces", "trajan_stacks")


def trajan_tiles(stack: str) -> Counter[TrajanTile]:
    return Counter(TrajanTile(kind, (COLOURS[pair[0]], COLOURS[pair[1]]))
                   for kind, pairs in stacks()[stack].items() for pair in pairs)


def parse_trajan_tile(code: str) -> TrajanTile | None:
    """``worker1:yo`` back to a tile; None if no tile of the box has that code."""
    for stack in stacks():
        for tile in trajan_tiles(stack):
            if tile.code == code:
                return tile
    return None


def forum_tiles() -> Counter[str]:
    return Counter(box.value("pieces", "forum_tiles"))


def extra_action_tiles() -> Counter[str]:
    return Counter({f"action:{a}": n
                    for a, n in box.value("pieces", "extra_action_tiles").items()})


def commodity_cards() -> Counter[str]:
    each = box.value("pieces", "commodity_cards_per_kind")
    return Counter({c: each for c in box.commodities()})


def demand_tiles() -> Counter[str]:
    return Counter(box.value("pieces", "demand_tiles"))


def bonus_tiles() -> Counter[str]:
    return Counter(box.value("pieces", "bonus_tile_kinds"))


def construction_tiles() -> Counter[tuple[str, int]]:
    kinds = box.value("construction", "kinds")
    return Counter((kind, vp) for kind in kinds
                   for vp in box.value("construction", "tile_values"))


def start() -> dict:
    return box.value("pieces", "start")


def extra_action_of(tile: str) -> str | None:
    """The action an extra-action tile repeats; ``any`` for the wild; None if not one."""
    if tile == "wild_extra":
        return "any"
    kind, _, action = tile.partition(":")
    return action if kind in ("action", "single") else None


def senate_votes(tile: str) -> int:
    return int(tile.removeprefix("senate")) if tile.startswith("senate") else 0
