"""Seaport: does a set of commodity cards fit each ship, and what does it score there."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.i18n import N_
from referee.rulings import Plural, Ruling, Term
from referee.trajan import box
from referee.trajan.inputs import Checker
from referee.trajan.rulebook import bad_input, ruling
from referee.trajan.terms import term, word_id
from referee.values import Value

SIDES = ("coloured", "grey")


class Load(Value):
    ship: str
    side: str  # the side the ship shows now
    fits: bool
    vp: dict[str, int]  # by side; empty when it does not fit
    wilds_used: int
    ruling: Ruling

    def to_json(self) -> dict[str, Any]:
        return {"ship": self.ship, "side": self.side, "fits": self.fits,
                "vp": self.vp.get(self.side, 0), "vp_by_side": self.vp,
                "wilds_used": self.wilds_used, "ruling": self.ruling.to_json()}


def parse_cards(text: str) -> list[str]:
    check = Checker()
    names = [check.choice({"card": c.strip()}, "card", "cards", box.commodities())
             for c in text.split(",") if c.strip()]
    check.done()
    return names


def check_hand(cards: list[str], wilds: int, grey: set[str]) -> list[Load]:
    ships = box.fact("ships", "ships")
    grey = {word_id(g, ships.value) for g in grey}
    unknown = sorted(grey - set(ships.value))
    if unknown:
        raise bad_input(N_("Unknown ship {ship!r}; choose from {choices}"), ship=unknown[0],
                        choices=", ".join(ships.value))
    if not cards and not wilds:
        raise bad_input(N_("Name at least one card (or a commodity wild) to load"))
    return [_best(kind, cards, wilds, "grey" if kind in grey else "coloured",
                  ships.value[kind], ships.confirmed) for kind in ships.value]


def _best(kind: str, cards: list[str], wilds: int, side: str, table: dict[str, list[int]],
          confirmed: bool) -> Load:
    """Use as many wilds as raise the score on the current side."""
    best = None
    for used in range(wilds + 1):
        size, problem = shape(kind, Counter(cards), used)
        fits = problem is None and 1 <= size <= len(table[side])
        if fits and (best is None or table[side][size - 1] > table[side][best[0] - 1]):
            best = (size, used)
    if best is None:
        size, problem = shape(kind, Counter(cards), 0)
        if problem is None:
            problem = N_("too many cards for this ship")
        return Load(kind, side, False, {}, 0, ruling(
            "trajan.seaport.ship", N_("{ship}: does not fit: {reason}"), confirmed=confirmed,
            ship=term(kind), reason=Term(problem)))
    size, used = best
    vp = {s: table[s][size - 1] for s in SIDES}
    if not used:
        return Load(kind, side, True, vp, used, ruling(
            "trajan.seaport.ship", N_("{ship} ({side} side): fits, {vp} VP"),
            confirmed=confirmed, ship=term(kind), side=term(side), vp=vp[side]))
    return Load(kind, side, True, vp, used, ruling(
        "trajan.seaport.wild", N_("{ship} ({side} side): fits, {vp} VP; {used}"),
        confirmed=confirmed, ship=term(kind), side=term(side), vp=vp[side], wilds=used,
        used=Plural(used, "{n} commodity wild used", "{n} commodity wilds used")))


def shape(kind: str, counts: Counter, wilds: int) -> tuple[int, str | None]:
    """The load's size as the ship's table counts it, or why the cards break the pattern."""
    cards = sum(counts.values())
    if kind == "same":
        ok = len(counts) <= 1
        return cards + wilds, None if ok else N_("the cards are not all one commodity")
    if kind == "different":
        ok = all(n == 1 for n in counts.values())
        return cards + wilds, None if ok else N_("a commodity appears twice")
    if any(n > 2 for n in counts.values()):
        return 0, N_("a commodity appears more than twice")
    singles = sum(n == 1 for n in counts.values())
    if wilds < singles or (wilds - singles) % 2:
        return 0, N_("a card has no partner of the same commodity")
    return (cards + wilds) // 2, None
