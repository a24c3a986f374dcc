"""Whole numbers as people type them: the one reader behind every prompt and every number
a command-line option takes, so ``³``, ``½`` or a thousand digits get the same answer
wherever they are typed."""

from __future__ import annotations

import re

#: signs a keyboard or a phone may give instead of ASCII + and -
SIGNS = str.maketrans({"\u2212": "-", "\ufe63": "-", "\uff0d": "-", "\u2010": "-",
                       "\u2011": "-", "\u2012": "-", "\u2013": "-", "\ufe62": "+",
                       "\uff0b": "+"})
_WHOLE = re.compile(r"[+-]?\d+")


def parse_whole(text: str) -> int | None:
    """A whole number as a person types it, or None: decimal digits of any script (٣,
    ３), spaces around them, one sign. Superscripts, fractions and numerals that are not
    decimal digits (², ½, Ⅻ) are not whole numbers."""
    text = text.strip().translate(SIGNS)
    if not _WHOLE.fullmatch(text):
        return None
    try:
        return int(text)
    except ValueError:  # more digits than Python converts: no count at a table is that big
        return None
