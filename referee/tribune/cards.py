"""Factions, cards and the short card codes the table types (``sen4``, ``gla0``, ``ves10``)."""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Iterable
from functools import cache, cached_property, lru_cache
from typing import Any

from referee.i18n import N_
from referee.rulings import Term
from referee.tribune.errors import TribuneInputError
from referee.values import Cached

MAX_VALUE = 10  # the highest printed value is 9 or 10 (facts §11.1), so accept up to 10


class Faction(enum.Enum):
    """The seven factions in board order, which is also the order of Phases 4 and 5."""

    GLADIATORS = "gladiators"
    LEGATES = "legates"
    PRAETORIANS = "praetorians"
    PLEBEIANS = "plebeians"
    PATRICIANS = "patricians"
    VESTALS = "vestals"
    SENATORS = "senators"

    # A member is its own one instance, so identity can hash it: Enum's hash is Python code
    # (a hash of the name), and dicts keyed by faction and Counters of cards call it often.
    __hash__ = object.__hash__

    @property
    def code(self) -> str:
        return _CODES[self]

    @property
    def term(self) -> Term:
        return _TERMS[self]

    @property
    def leader(self) -> Term:
        return Term(_LEADERS[self])

    @property
    def card_word(self) -> str:
        """Msgid naming one of its cards by value: "Senator {value}"."""
        return _CARD_WORDS[self]

    @property
    def index(self) -> int:
        return FACTIONS.index(self)


FACTIONS: tuple[Faction, ...] = tuple(Faction)

_CODES = {Faction.GLADIATORS: "gla", Faction.LEGATES: "leg", Faction.PRAETORIANS: "pra",
          Faction.PLEBEIANS: "ple", Faction.PATRICIANS: "pat", Faction.VESTALS: "ves",
          Faction.SENATORS: "sen"}
_BY_CODE = {code: faction for faction, code in _CODES.items()}
_VALUES = frozenset(f.value for f in Faction)
_SHORT = {Faction.VESTALS: ("Vestales",)}  # the Spanish table's short name for them
_NAMES = {Faction.GLADIATORS: N_("Gladiators"), Faction.LEGATES: N_("Legates"),
          Faction.PRAETORIANS: N_("Praetorians"), Faction.PLEBEIANS: N_("Plebeians"),
          Faction.PATRICIANS: N_("Patricians"), Faction.VESTALS: N_("Vestal Virgins"),
          Faction.SENATORS: N_("Senators")}
_TERMS = {faction: Term(name) for faction, name in _NAMES.items()}  # one each: Terms are frozen
_LEADERS = {Faction.GLADIATORS: N_("Spartacus"), Faction.LEGATES: N_("Varus"),
            Faction.PRAETORIANS: N_("Gaius Tigellinus"), Faction.PLEBEIANS: N_("Agrippa"),
            Faction.PATRICIANS: N_("Scipio Africanus"), Faction.VESTALS: N_("Aquilia Severa"),
            Faction.SENATORS: N_("Cato the Elder")}
_CARD_WORDS = {Faction.GLADIATORS: N_("Gladiator {value}"), Faction.LEGATES: N_("Legate {value}"),
               Faction.PRAETORIANS: N_("Praetorian {value}"),
               Faction.PLEBEIANS: N_("Plebeian {value}"),
               Faction.PATRICIANS: N_("Patrician {value}"),
               Faction.VESTALS: N_("Vestal Virgin {value}"),
               Faction.SENATORS: N_("Senator {value}")}


@lru_cache(maxsize=256)
def faction_option(text: str) -> str:
    """The faction id ``text`` names (its id, code, or name in English, Russian or Spanish,
    any case and accents), so a choice of faction can be typed in the player's language;
    any other text is returned unchanged."""
    if text in _VALUES:
        return text
    from referee.i18n.matching import fold

    return _faction_spellings().get(fold(text), text)


@lru_cache(maxsize=1)
def _faction_spellings() -> dict[str, str]:
    # Folded once: a replay meets every other choice ("sell", "off", "2") as a new text.
    from referee.i18n.matching import spellings

    return spellings({f.value: _NAMES[f] for f in FACTIONS}, "tribune",
                     {f.value: (_CODES[f], *_SHORT.get(f, ())) for f in FACTIONS})


class Card(Cached):
    """A faction card. Cards with the same faction and value are interchangeable."""

    faction: Faction
    value: int

    @cached_property
    def code(self) -> str:
        return f"{self.faction.code}{self.value}"

    @property
    def is_leader(self) -> bool:
        return self.value == 0  # each faction has exactly one card of value 0, its leader

    def __str__(self) -> str:
        return self.code

    def to_json(self) -> str:
        return self.code

    @cached_property
    def name(self) -> CardName:
        """The card inside a ruling or a question (shown by name, not by code); kept, as
        cards are named in ruling after ruling."""
        return CardName(self.code)

    @cached_property
    def key(self) -> tuple[int, int]:
        """Sort key: board order, then value (kept: hands are sorted again and again)."""
        return (self.faction.index, self.value)


class CardName(Term, frozen=True):
    """A card inside a message. The table interface shows it by name in the user's language
    ("Senator 4", a leader as "Spartacus"); ``msgid`` holds the card's code, which is what
    a renderer that does not know cards shows instead."""

    @property
    def card(self) -> Card:
        return parse_card(self.msgid)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.msgid}


# \d is any script's decimal digit (int() reads them all); superscripts are not digits here.
_CODE_RE = re.compile(r"^([a-z]+)\s*(\d{1,6})$")
_CACHE: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """``"sen4"`` → Card(SENATORS, 4). Unknown codes raise an error that suggests near matches."""
    key = text.strip().lower()
    if key in _CACHE:
        return _CACHE[key]
    match = _CODE_RE.match(key)
    faction = _BY_CODE.get(match.group(1)) if match else None
    if match is None or faction is None:
        near = _suggest(key)
        if near:
            raise TribuneInputError(N_("Unknown card code {code!r}; did you mean {suggestions}?"),
                                    code=text, suggestions=" / ".join(near))
        raise TribuneInputError(
            N_("Unknown card code {code!r}: a code is a faction prefix ({factions}) and a "
               "value, e.g. sen4"), code=text, factions=", ".join(_BY_CODE))
    value = int(match.group(2))
    if value > MAX_VALUE:
        raise TribuneInputError(N_("Card value {value} is out of range 0–{top}"),
                                value=value, top=MAX_VALUE)
    card = _CACHE[key] = kept(faction, value)
    return card


@cache  # at most 7 factions × 11 values
def kept(faction: Faction, value: int) -> Card:
    """The one Card of ``faction`` and ``value`` (a value already checked) this process
    uses: every game deals its deck again, and a card kept works out its code, name and
    sort key once, not once per game."""
    return Card(faction, value)


def _suggest(key: str) -> list[str]:
    digits = "".join(ch for ch in key if ch.isdecimal())[:6]
    letters = "".join(ch for ch in key if ch.isalpha())
    near = difflib.get_close_matches(letters, list(_BY_CODE), n=2, cutoff=0.3)
    return [f"{code}{int(digits)}" for code in near] if digits else []


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]
