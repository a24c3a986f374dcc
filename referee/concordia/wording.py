"""Counted words ("3 houses") inside rulings, and turning rulings into text.

Ruling parameters may be :class:`Counted`; they are put into the right plural form of the
current language only when shown, so Russian gets its three forms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.concordia import DOMAIN
from referee.i18n import translator
from referee.rulings import Ruling

_ = translator(DOMAIN)


@dataclass(frozen=True)
class Counted:
    one: str
    many: str
    n: int

    def to_json(self) -> int:
        return self.n


def plural(one: str, many: str, n: int) -> Counted:
    return Counted(one, many, n)


_GOODS = {
    "brick": lambda n: plural("{n} brick", "{n} bricks", n),
    "food": lambda n: plural("{n} food", "{n} food", n),
    "tools": lambda n: plural("{n} tools", "{n} tools", n),
    "wine": lambda n: plural("{n} wine", "{n} wine", n),
    "cloth": lambda n: plural("{n} cloth", "{n} cloth", n),
    "any": lambda n: plural("{n} good of your choice", "{n} goods of your choice", n),
}


def goods(bundle: Mapping[str, int]) -> list[Counted]:
    """``{"brick": 1, "wine": 2}`` as counted words, in a stable order."""
    order = list(_GOODS)
    return [_GOODS[g](n) for g, n in sorted(bundle.items(), key=lambda i: order.index(i[0])) if n]


def sestertii(n: int) -> Counted:
    return plural("{n} sestertius", "{n} sestertii", n)


def cards(n: int) -> Counted:
    return plural("{n} card", "{n} cards", n)


def describe(ruling: Ruling) -> str:
    return text(ruling.message, ruling.params)


def text(message: str, params: Mapping[str, Any]) -> str:
    return _(message, **{key: _render(value) for key, value in params.items()})


def _render(value: Any) -> Any:
    if isinstance(value, Counted):
        return _.plural(value.one, value.many, value.n)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_render(v)) for v in value) or "—"
    if hasattr(value, "msgid"):
        return _.term(value)
    return value
