"""Small builders of HTML text: everything that reaches the page goes through ``esc``.

Names and notes come from the players, so every text is escaped where it is put into the
page; the page's policy forbids inline scripts and styles, so the look is given by classes
(``board.css``) alone.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

#: colours a player may be given, by their id in any game: each has a class in board.css
KNOWN_COLOURS = frozenset({"red", "blue", "green", "yellow", "black", "white", "purple",
                           "orange", "pink", "brown", "grey"})


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def tag(name: str, content: str = "", cls: str = "", **attrs: object) -> str:
    """``<name class=cls attr=value>content</name>``; ``content`` is HTML already, every
    attribute value is escaped (``data_x`` becomes ``data-x``)."""
    parts = [name] + ([f'class="{esc(cls)}"'] if cls else [])
    parts += [f'{key.rstrip("_").replace("_", "-")}="{esc(value)}"'
              for key, value in attrs.items() if value is not None]
    return f"<{' '.join(parts)}>{content}</{name}>"


def text(name: str, value: object, cls: str = "", **attrs: object) -> str:
    """An element holding ``value`` as text."""
    return tag(name, esc(value), cls, **attrs)


def join(parts: Iterable[str]) -> str:
    return "".join(parts)


class Painter:
    """Players as the page shows them: a chip with their colour and name."""

    def __init__(self, colours: Mapping[str, str | None], seats: Iterable[str]) -> None:
        self.colours = dict(colours)
        self.seats = {name: i for i, name in enumerate(seats, 1)}

    def cls(self, name: str) -> str:
        colour = (self.colours.get(name) or "").strip().lower()
        if colour in KNOWN_COLOURS:
            return f"pc pc-{colour}"
        return f"pc pc-seat{self.seats.get(name, 0)}"

    def chip(self, name: str) -> str:
        return tag("span", tag("i", "", "dot") + esc(name), f"who {self.cls(name)}")

    def dot(self, name: str) -> str:
        """A follower or marker of the player, its name for whoever cannot tell colours."""
        return tag("i", "", f"dot {self.cls(name)}", title=name, aria_label=name, role="img")

    def names(self, names: Iterable[str]) -> str:
        return join(self.chip(n) for n in names)
