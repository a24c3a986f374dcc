"""docs/glossary.md is the vocabulary the catalogs must keep: one word per concept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.i18n.catalogs import ALL_DOMAINS, load

GLOSSARY = Path(__file__).parent.parent / "docs" / "glossary.md"
LANGUAGE = re.compile(r"^## .*\(`(\w+)`\)")
SECTION = re.compile(r"^### .*\(`(\w+)`\)")


def _rows() -> list[tuple[str, str, str, str, list[str]]]:
    """(language, domain, concept, term, never) for every table row of the glossary."""
    rows, language, domain = [], None, None
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if match := LANGUAGE.match(line):
            language, domain = match.group(1), None
        elif match := SECTION.match(line):
            domain = match.group(1)
        elif line.startswith("|") and not line.startswith(("| concept", "|---")):
            concept, term, never = (cell.strip() for cell in line.strip("|").split("|"))
            rows.append((language, domain, concept, term,
                         [w.strip() for w in never.split(",") if w.strip()]))
    return rows


def _texts(language: str, domain: str) -> list[str]:
    domains = ALL_DOMAINS if domain == "all" else (domain,)
    texts = []
    for name in domains:
        for message in load(language, name):
            if message.id:
                strings = message.string if isinstance(message.string, tuple) else (
                    message.string,)
                texts.extend(s for s in strings if s)
    return texts


ROWS = _rows()


def test_the_glossary_has_a_table_for_every_language_and_game():
    sections = {(language, domain) for language, domain, *_ in ROWS}
    for language in ("ru", "es"):
        assert {(language, d) for d in ("all", "tribune", "concordia", "trajan")} <= sections


@pytest.mark.parametrize("language,domain,concept,term,never", ROWS,
                         ids=[f"{r[0]}-{r[1]}-{r[2]}" for r in ROWS])
def test_catalogs_use_the_glossary_term(language, domain, concept, term, never):
    texts = _texts(language, domain)
    assert any(term.casefold() in text.casefold() for text in texts), (
        f"{language}/{domain}: the glossary term {term!r} for {concept} is not used")
    for word in never:
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
        found = [text for text in texts if pattern.search(text)]
        assert found == [], (
            f"{language}/{domain}: {word!r} is not the word for {concept}; use {term!r}: {found}")
