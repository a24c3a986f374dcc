"""Counted words ("3 bricks", "2 sestertii") inside Concordia rulings, and rulings as text.

Counts are :class:`~referee.rulings.Plural` values: the translation layer puts them into the
right plural form of the current language only when shown, so Russian gets its three forms.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.concordia import DOMAIN
from referee.i18n import translator
from referee.rulings import Plural, Ruling

_ = translator(DOMAIN)


def plural(one: str, many: str, n: int) -> Plural:
    return Plural(n, one, many)


_GOODS = {
    "brick": lambda n: plural("{n} brick", "{n} bricks", n),
    "food": lambda n: plural("{n} food", "{n} food", n),
    "tools": lambda n: plural("{n} tools", "{n} tools", n),
    "wine": lambda n: plural("{n} wine", "{n} wine", n),
    "cloth": lambda n: plural("{n} cloth", "{n} cloth", n),
    "any": lambda n: plural("{n} good of your choice", "{n} goods of your choice", n),
}


def goods(bundle: Mapping[str, int]) -> list[Plural]:
    """``{"brick": 1, "wine": 2}`` as counted words, in a stable order."""
    order = list(_GOODS)
    return [_GOODS[g](n) for g, n in sorted(bundle.items(), key=lambda i: order.index(i[0])) if n]


def sestertii(n: int) -> Plural:
    return plural("{n} sestertius", "{n} sestertii", n)


def cards(n: int) -> Plural:
    return plural("{n} card", "{n} cards", n)


def describe(ruling: Ruling) -> str:
    return _(ruling.message, **ruling.params)
