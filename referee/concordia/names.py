"""Matching what people type to cities, cards and goods.

The board writes V for U (LONDINIVM), people drop dots and case, and Russian players type
Russian card names, so names are compared in a folded form and typos get suggestions.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from referee.i18n.matching import fold, translations

__all__ = ["NameIndex", "fold", "translations"]


class NameIndex:
    """Folded names (and aliases) of a set of things, each known by an id."""

    def __init__(self, names: Mapping[str, Iterable[str]]) -> None:
        self.display: dict[str, str] = {}
        self._ids: dict[str, str] = {}
        for key, spellings in names.items():
            spellings = list(spellings)
            self.display[key] = spellings[0]
            for spelling in spellings:
                self._ids.setdefault(fold(spelling), key)

    def find(self, text: str) -> str | None:
        return self._ids.get(fold(text))

    def suggest(self, text: str, limit: int = 3) -> list[str]:
        """Display names close to ``text``: completions of it first, then near spellings."""
        folded = fold(text)
        keys = [k for k in self._ids if folded and k.startswith(folded)]
        keys += difflib.get_close_matches(folded, list(self._ids), n=limit, cutoff=0.6)
        found: list[str] = []
        for key in keys:
            name = self.display[self._ids[key]]
            if name not in found:
                found.append(name)
        return found[:limit]

    def completions(self) -> list[str]:
        return list(self.display.values())
