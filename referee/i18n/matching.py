"""Matching what people type to the names of things, in any of the languages.

A player may type a name in English, Russian or Spanish, in any case, with or without accents
(and, for Latin on the boards, V for U as in LONDINIVM), whatever language the output is in.
Names are compared in a folded form.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

from referee.i18n import LANGUAGES, N_, catalog

_NOT_WORD = re.compile(r"[\W_]+")


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold().replace("æ", "ae"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).replace("v", "u")
    return _NOT_WORD.sub(" ", text).strip()


def translations(msgid: str, domain: str) -> list[str]:
    """The name itself and its translation in every language, so any of them matches."""
    return [msgid] + [catalog(domain, lang).gettext(msgid) for lang in LANGUAGES]


def spellings(names: Mapping[str, str], domain: str,
              aliases: Mapping[str, Iterable[str]] | None = None) -> dict[str, str]:
    """Every folded spelling of the keys of ``names`` (key → msgid of its name): the key
    itself, its name in every language and its ``aliases``, each mapped to its key (the
    first key, where two share a spelling). Worth keeping where the same names are looked up
    again and again: it folds every spelling once."""
    found: dict[str, str] = {}
    for key, msgid in names.items():
        for spelling in (key, *translations(msgid, domain), *(aliases or {}).get(key, ())):
            found.setdefault(fold(spelling), key)
    return found


def find(text: str, names: Mapping[str, str], domain: str,
         aliases: Mapping[str, Iterable[str]] | None = None) -> str | None:
    """The key of ``names`` (key → msgid of its name) that ``text`` names: the key itself,
    its name in any language, or one of its ``aliases``; None when nothing matches."""
    return spellings(names, domain, aliases).get(fold(text))


#: the words for a yes/no answer; each language's word and its first letter answer it
YES, NO = N_("yes"), N_("no")


def yes_no(text: str) -> bool | None:
    """The yes/no answer ``text`` gives in any language (``y``, ``да``, ``д``, ``sí``, ``s``,
    ``нет``, ``н``, ``no``, any case, accents optional); None when it is neither."""
    wanted = fold(text)
    if not wanted:
        return None
    for answer, msgid in ((True, YES), (False, NO)):
        words = {fold(word) for word in translations(msgid, "core")}
        if wanted in words or wanted in {word[0] for word in words if word}:
            return answer
    return None

