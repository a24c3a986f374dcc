"""What Concordia's values complete to in a shell: cities, ``CITY=GOOD``."""

from __future__ import annotations


def cities(incomplete: str) -> list[str]:
    """Concordia city names of both board sides."""
    from referee.concordia.box import load_box

    names = sorted({c for m in load_box().maps.values() for c in m.cities})
    return [n for n in names if n.casefold().startswith(incomplete.casefold())]


def city_goods(incomplete: str) -> list[str]:
    """``NAME=GOOD``: the city first."""
    name, sep, _good = incomplete.partition("=")
    return [c + "=" for c in cities(name)] if not sep else []
