"""The action wheel: sowing markers mancala-style, and the Trajan tile check.

Trays are numbered 0..5 here (I..VI on the mat), clockwise. Sowing takes every
marker from one tray and drops one into each following tray, the origin included
once the lap comes round, so 6 or 12 markers end in the origin tray.
"""

from __future__ import annotations

from collections import Counter

from referee.errors import InputError, InputErrors
from referee.i18n import N_
from referee.trajan import box
from referee.trajan.rulebook import bad_input, violation
from referee.trajan.terms import read_colours
from referee.values import Value

TRAYS = 6
ROMAN = ("I", "II", "III", "IV", "V", "VI")
COLOURS = {"y": "yellow", "o": "orange", "g": "green", "w": "white", "p": "pink", "b": "blue"}
UNKNOWN = "?"  # a marker whose colour was not given


class Wheel(Value):
    trays: tuple[tuple[str, ...], ...]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(len(t) for t in self.trays)

    @property
    def colours_known(self) -> bool:
        return all(c != UNKNOWN for tray in self.trays for c in tray)


class Sowing(Value):
    origin: int
    picked: tuple[str, ...]
    drops: tuple[int, ...]  # the tray each picked marker goes into, in order

    @property
    def target(self) -> int:
        return self.drops[-1]

    @property
    def steps(self) -> int:
        return len(self.picked)

    @property
    def into_target(self) -> int:
        return self.drops.count(self.target)


class TileCheck(Value):
    """Can the tile beside the target tray be completed, and with which dropped colours."""

    needed: tuple[str, str]
    possible: bool
    drop: tuple[str, ...]  # colours to drop into the target tray (others go anywhere)
    missing: tuple[str, ...]  # colours neither there nor in hand, when impossible


def parse_tray(text: str) -> int:
    key = text.strip().upper()
    if key in ROMAN:
        return ROMAN.index(key)
    if key.isdigit() and 1 <= int(key) <= TRAYS:
        return int(key) - 1
    raise bad_input(N_("Tray {tray!r} must be I..VI or 1..6"), tray=text)


def parse_colours(text: str) -> tuple[str, ...]:
    bad = [ch for ch in text if ch not in COLOURS]
    if bad:
        raise bad_input(N_("{text!r}: colours are letters y o g w p b"), text=text)
    return tuple(COLOURS[ch] for ch in text)


def parse_wheel(text: str) -> Wheel:
    """``2,2,2,2,2,2`` (counts) or ``yo,gw,pb,yo,gw,pb`` (colours as the letters of any
    language, ``-`` for empty)."""
    items = [item.strip() for item in text.split(",")]
    problems = []
    if len(items) != TRAYS:
        raise bad_input(N_("Give {n} trays separated by commas, got {got}"), n=TRAYS,
                        got=len(items))
    trays: list[tuple[str, ...]] = []
    for item in items:
        if item.isdigit():
            trays.append((UNKNOWN,) * int(item))
        elif item in ("", "-"):
            trays.append(())
        else:
            try:
                trays.append(read_colours(item))
            except InputError as error:  # collect, so every bad tray is reported
                problems.append(error)
    if problems:
        raise InputErrors(problems)
    wheel = Wheel(tuple(trays))
    check_markers(wheel)
    return wheel


def check_markers(wheel: Wheel) -> None:
    per_colour = box.value("wheel", "markers_per_colour")
    problems = []
    if sum(wheel.counts) != per_colour * len(COLOURS):
        problems.append(violation("trajan.setup.markers",
                                  N_("The trays hold {got} markers; a mat has {want}"),
                                  got=sum(wheel.counts), want=per_colour * len(COLOURS)))
    seen = Counter(c for tray in wheel.trays for c in tray if c != UNKNOWN)
    for colour, n in sorted(seen.items()):
        if n > per_colour:
            problems.append(violation("trajan.setup.markers",
                                      N_("{n} {colour} markers; a mat has {want}"),
                                      n=n, colour=colour, want=per_colour))
    if problems:
        raise InputErrors(problems)


def sow(wheel: Wheel, origin: int) -> Sowing:
    picked = wheel.trays[origin]
    if not picked:
        raise violation("trajan.turn.sow", N_("Tray {tray} is empty; pick a tray with markers"),
                        tray=ROMAN[origin])
    drops = tuple((origin + k) % TRAYS for k in range(1, len(picked) + 1))
    return Sowing(origin, picked, drops)


def after(wheel: Wheel, sowing: Sowing, order: tuple[str, ...] | None = None) -> Wheel:
    """The wheel once ``order`` (a rearrangement of the picked markers) has been dropped."""
    order = sowing.picked if order is None else order
    if Counter(order) != Counter(sowing.picked):
        raise ValueError("order must use exactly the picked markers")
    trays = [list(t) for t in wheel.trays]
    trays[sowing.origin] = []
    for tray, colour in zip(sowing.drops, order, strict=True):
        trays[tray].append(colour)
    return Wheel(tuple(tuple(t) for t in trays))


def reaching(wheel: Wheel, target: int) -> list[Sowing]:
    """Every sowing this turn whose last marker lands in ``target``."""
    found = []
    for origin, tray in enumerate(wheel.trays):
        if tray and (origin + len(tray)) % TRAYS == target:
            found.append(sow(wheel, origin))
    return found


def check_tile(wheel: Wheel, sowing: Sowing, needed: tuple[str, str]) -> TileCheck:
    staying = () if sowing.target == sowing.origin else wheel.trays[sowing.target]
    lacking = Counter(needed) - Counter(staying)
    drop = tuple(lacking.elements())
    missing = tuple((lacking - Counter(sowing.picked)).elements())
    possible = not missing and len(drop) <= sowing.into_target
    return TileCheck(needed, possible, drop if possible else (), missing)


def order_for(sowing: Sowing, drop: tuple[str, ...]) -> tuple[str, ...]:
    """A colour order that puts ``drop`` into the target tray (the player may pick another)."""
    rest = list((Counter(sowing.picked) - Counter(drop)).elements())
    wanted = list(drop)
    order = []
    for tray in sowing.drops:
        source = wanted if tray == sowing.target and wanted else rest
        order.append(source.pop(0))
    return tuple(order)
