"""Display names of the game's words, so ids in data and input can be shown translated."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from referee.i18n import LANGUAGES, N_, catalog, current_language
from referee.i18n.matching import find, fold
from referee.rulings import Term
from referee.trajan.rulebook import bad_input

NAMES = {
    # actions (one per tray)
    "seaport": N_("Seaport"), "forum": N_("Forum"), "military": N_("Military"),
    "senate": N_("Senate"), "trajan": N_("Trajan"), "construction": N_("Construction"),
    # marker colours
    "yellow": N_("yellow"), "orange": N_("orange"), "green": N_("green"),
    "white": N_("white"), "pink": N_("pink"), "blue": N_("blue"), "any": N_("any colour"),
    # map
    "camp": N_("military camp"), "alpes": N_("Alpes"), "raetia": N_("Raetia"),
    "noricum": N_("Noricum"), "narbonensis": N_("Narbonensis"),
    "lugdunensis": N_("Lugdunensis"), "belgica": N_("Belgica"),
    "germania_superior": N_("Germania Superior"), "aquitania": N_("Aquitania"),
    "britannia": N_("Britannia"), "germania_inferior": N_("Germania Inferior"),
    # commodities
    "columns": N_("columns"), "furs": N_("furs"), "scrolls": N_("scrolls"), "oil": N_("oil"),
    "fruit": N_("fruit"), "pottery": N_("pottery"), "wine": N_("wine"), "fish": N_("fish"),
    "jewellery": N_("jewellery"), "gems": N_("gems"), "cattle": N_("cattle"),
    "wheat": N_("wheat"),
    # demands and bonus tiles
    "bread": N_("bread"), "games": N_("games"), "religion": N_("religion"),
    "workers": N_("workers"), "legionaries": N_("legionaries"),
    "bonus_tiles": N_("bonus tiles"),
    "columns_furs": N_("columns and furs"), "scrolls_oil": N_("scrolls and oil"),
    "fruit_pottery": N_("fruit and pottery"), "wine_fish": N_("wine and fish"),
    "jewellery_gems": N_("jewellery and gems"), "cattle_wheat": N_("cattle and wheat"),
    "gold": N_("gold"), "silver": N_("silver"), "none": N_("none"),
    # final scoring items
    "cards_in_hand": N_("cards in hand"), "workers_in_camp": N_("workers in the workers' camp"),
    "legionaries_in_camp": N_("legionaries in the military camp"),
    "trajan_tiles_on_wheel": N_("Trajan tiles on the wheel"),
    "senate space": N_("senate space"),
    "senate space, then higher in the stack": N_("senate space, then higher in the stack"),
    # building tiles
    "steps": N_("steps"), "door": N_("door"), "fountain": N_("fountain"),
    "roof": N_("roof"), "window": N_("window"),
    # ships and their sides
    "same": N_("same-goods ship"), "pairs": N_("pairs ship"),
    "different": N_("different-goods ship"), "coloured": N_("coloured"), "grey": N_("grey"),
    # forum and extra-action tiles
    "senate2": N_("senate tile (2 votes)"), "senate3": N_("senate tile (3 votes)"),
    "senate4": N_("senate tile (4 votes)"), "senate5": N_("senate tile (5 votes)"),
    "wild_extra": N_("extra-action wild"), "wild_commodity": N_("commodity wild"),
    "wild_demand": N_("demand wild"), "wild_construction": N_("construction wild"),
    "action:seaport": N_("extra action: Seaport"), "action:forum": N_("extra action: Forum"),
    "action:military": N_("extra action: Military"), "action:senate": N_("extra action: Senate"),
    "action:trajan": N_("extra action: Trajan"),
    "action:construction": N_("extra action: Construction"),
    "single:seaport": N_("forum extra action: Seaport"),
    "single:forum": N_("forum extra action: Forum"),
    "single:military": N_("forum extra action: Military"),
    "single:senate": N_("forum extra action: Senate"),
    "single:trajan": N_("forum extra action: Trajan"),
    "single:construction": N_("forum extra action: Construction"),
    # choices and places
    "demands": N_("bread, games and religion"), "centre": N_("the centre"),
    "deck": N_("the deck"), "pile1": N_("discard pile 1"), "pile2": N_("discard pile 2"),
    "take": N_("take it"),
    # Trajan tile kinds not named above
    "vp": N_("9 VP"), "plus2": N_("+2"), "cards": N_("2 cards"), "worker1": N_("1 worker"),
    "worker2": N_("2 workers"), "legionary1": N_("1 legionary"), "legionary2": N_("2 legionaries"),
}


#: Spanish shows the board's Latin province names; a Spanish player may type these instead.
SPANISH_NAMES = {"britannia": ("Britania",), "raetia": ("Recia",), "noricum": ("Nórico",),
                 "belgica": ("Bélgica",), "lugdunensis": ("Lugdunense",),
                 "narbonensis": ("Narbonense",), "camp": ("campamento",)}


def _letters(ctx: Callable[[str, str], str]) -> dict[str, str]:
    """Each colour's letter, as ``ctx`` (a catalog's pgettext) gives it: the letters differ
    from one language to another (English y o g w p b; Russian ж о з б р г; Spanish a n v
    b r z), so a table types its own."""
    return {"yellow": ctx("colour letter", "y"), "orange": ctx("colour letter", "o"),
            "green": ctx("colour letter", "g"), "white": ctx("colour letter", "w"),
            "pink": ctx("colour letter", "p"), "blue": ctx("colour letter", "b")}


@cache
def letters(language: str) -> dict[str, str]:
    """colour → its letter in ``language``."""
    return _letters(catalog("trajan", language).pgettext)


def letter(colour: str) -> str:
    """A colour's letter in the language shown (``?`` for a colour not given)."""
    return letters(current_language()).get(colour, colour[:1])


def letters_of(colours: Iterable[str]) -> str:
    """Colours as letters in the language shown: ``yo``, ``жо``, ``an``."""
    return "".join(letter(c) for c in colours)


def read_colours(text: str) -> tuple[str, ...]:
    """Colours as a table types them: letters (``yo``) or names (``yellow orange``), in
    any language; a letter means first what it means in the language shown (Spanish ``b``
    is blanco, white; English ``b`` is blue). An InputError names what is not a colour."""
    words = text.replace(",", " ").split()
    named = [find(word, {c: NAMES[c] for c in letters("en")}, "trajan") for word in words]
    if words and all(named):
        return tuple(str(c) for c in named)
    order = [current_language(), *(lang for lang in LANGUAGES if lang != current_language())]
    found = []
    for ch in "".join(words):
        colour = next((c for lang in order for c, mark in letters(lang).items()
                       if fold(mark) == fold(ch)), None)
        if colour is None:
            shown = "".join(letters(current_language()).values())
            raise bad_input(N_("{text!r}: colours are letters {letters}, or their names"),
                            text=text, letters=" ".join(shown))
        found.append(colour)
    return tuple(found)


def word_id(text: Any, allowed: Iterable[str]) -> Any:
    """The id among ``allowed`` that ``text`` names (the id, or its name in English, Russian or
    Spanish, any case and accents); ``text`` unchanged when it names none."""
    if not isinstance(text, str):
        return text
    allowed = list(allowed)
    if text in allowed:
        return text
    found = find(text, {a: NAMES.get(a, a) for a in allowed}, "trajan", SPANISH_NAMES)
    return text if found is None else found


class Piece(Term, frozen=True):
    """A tile or card inside a message, by its code (``door:3``, ``vp:bb``, ``senate5``,
    ``wine``) and, for one laid out, where it lies (``at``: a province, a building cell):
    the table shows it in words ("Alpes: bread", "A1: door (3 VP)", "9 VP tile (blue,
    blue)"); a renderer that does not know pieces shows the code."""

    at: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"piece": self.msgid, "at": self.at}


def term(word: str) -> Term:
    """The translatable name of ``word``; an id we have no name for is shown as is."""
    return Term(NAMES.get(word, word))
