"""Every entry of a game: chance entries made by the table and player decisions.

An action's meaning comes from the decision it answers (``Game.pending().kind``): a
:class:`Cards` entry is a Curia discard, a sacrifice, a take-over set… The JSON
``type`` vocabulary is closed: reveal, place, cards, choose, bid, pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.game.contract import Entry
from referee.game.question import TABLE
from referee.i18n import N_
from referee.tribune.cards import Card, codes, faction_option, parse_card, parse_cards
from referee.tribune.errors import TribuneInputError

__all__ = ["TABLE", "Bid", "ByTable", "Cards", "Choose", "Entry", "Pass", "Place", "Reveal",
           "from_json"]


class ByTable(Entry, frozen=True, kw_only=True):
    """An entry the table makes, not a player: a chance the box decided. Its actor is fixed,
    so subclasses are built from their own fields alone (``Reveal(card)``)."""

    player: str = TABLE

    def __post_init__(self) -> None:
        if self.player != TABLE:
            raise ValueError(f"{type(self).__name__} is made by the table, not {self.player!r}")


class Reveal(ByTable, frozen=True):
    """The table says which card was turned face up (table mode only)."""

    type: ClassVar[str] = "reveal"
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card.code}


class Place(Entry, frozen=True):
    """Phase 2: a follower on a space (``forum.3``, ``atrium.1``, ``senators.2``, ``bowl``…)."""

    type: ClassVar[str] = "place"
    space: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "space": self.space}


class Cards(Entry, frozen=True):
    """Named cards from the player's hand (or, at the Catacombs, from the stack)."""

    type: ClassVar[str] = "cards"
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "cards": codes(self.cards)}


class Choose(Entry, frozen=True):
    """One of the named options the decision offers."""

    type: ClassVar[str] = "choose"
    option: str

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "option": self.option}


class Bid(Entry, frozen=True):
    """A sealed bid (Atrium auction, chariot auction)."""

    type: ClassVar[str] = "bid"
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "amount": self.amount}


class Pass(Entry, frozen=True):
    """Decline an optional step (no Curia discard, no take-over attempt…)."""

    type: ClassVar[str] = "pass"


def from_json(raw: Mapping[str, Any], *, names: bool = True) -> Entry:
    """Rebuild an action from its JSON payload; malformed payloads raise an InputError.
    ``names``: a choice may name a faction in any language (``faction_option``); off for a
    payload this program wrote (``to_json``), whose option is already an id."""
    try:
        kind = raw["type"]
        if kind == "reveal":
            return Reveal(parse_card(raw["card"]))
        player = str(raw["player"])
        if kind == "place":
            return Place(player, str(raw["space"]))
        if kind == "cards":
            return Cards(player, parse_cards(raw["cards"]))
        if kind == "choose":
            option = str(raw["option"])
            return Choose(player, faction_option(option) if names else option)
        if kind == "bid":
            amount = raw["amount"]
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise TypeError
            return Bid(player, amount)
        if kind == "pass":
            return Pass(player)
    except (KeyError, TypeError, AttributeError):
        pass
    raise TribuneInputError(N_("Not a valid Tribune entry: {payload}"), payload=dict(raw))
