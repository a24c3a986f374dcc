"""Maintenance of the translation catalogs (a developer tool, never used at run time).

``python -m referee.i18n.catalogs update [DOMAIN ...]`` extracts every marked msgid from the
sources into the domain's template ``locale/<domain>.pot`` and into the ``.po`` files of each
language (keeping existing translations); ``python -m referee.i18n.catalogs compile`` writes
the ``.mo`` files the program reads. A file is rewritten only when a message in it changed
(not for a new date alone), and locations carry no line numbers, so branches that touch
different messages rarely conflict. Needs Babel (installed with the ``test`` extra).
"""

from __future__ import annotations

import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from referee import __version__
from referee.i18n import DOMAINS, LANGUAGES, LOCALE_DIR

PACKAGE_DIR = LOCALE_DIR.parent.parent
KEYWORDS = {"_": None, "N_": None, "plural": (1, 2), "ctx": ((1, "c"), 2), "Plural": (2, 3)}
#: Typer marks its own words (panel titles, "Aborted!") for the standard gettext domain,
#: which referee binds to this catalog.
FRAMEWORK = "framework"
ALL_DOMAINS = (*DOMAINS, FRAMEWORK)
#: Languages every domain must be complete in (English is the source text).
REQUIRED = {domain: LANGUAGES[1:] for domain in ALL_DOMAINS}
#: The header every template and catalog carries.
HEADER = {"project": "referee", "version": __version__,
          "copyright_holder": "the referee contributors",
          "msgid_bugs_address": "the referee issue tracker (see docs/contributing.md)",
          "last_translator": "the referee contributors",
          "language_team": "the referee contributors",
          "header_comment": "# Translations template for PROJECT.\n"
                            "# Copyright (C) YEAR ORGANIZATION\n"
                            "# This file is distributed under the same license as the PROJECT "
                            "project (MIT).\n#",
          "charset": "utf-8"}
#: Header lines that change on every run without any message changing.
_DATES = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', re.MULTILINE)


def domain_of(path: Path) -> str:
    part = path.relative_to(PACKAGE_DIR).parts[0]
    return part if part in DOMAINS else "core"


def _sources(domain: str) -> list[Path]:
    if domain == FRAMEWORK:
        import typer

        return sorted(Path(typer.__file__).parent.rglob("*.py"))
    return [p for p in sorted(PACKAGE_DIR.rglob("*.py")) if domain_of(p) == domain]


def extract(domain: str) -> Catalog:
    """All msgids marked in the sources that belong to ``domain``."""
    found = Catalog(domain=domain, fuzzy=False, **HEADER)
    for path in _sources(domain):
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, options={"encoding": "utf-8"}):
            location = (path.name if domain == FRAMEWORK
                        else str(path.relative_to(PACKAGE_DIR.parent)), lineno)
            found.add(message, locations=[location], context=context, auto_comments=comments)
    return found


def pot_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def load(language: str, domain: str) -> Catalog:
    path = po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain)
    with path.open("rb") as fh:
        return read_po(fh, locale=language, domain=domain)


def update(domains: tuple[str, ...] = ALL_DOMAINS) -> None:
    for domain in domains:
        template = extract(domain)
        _write(pot_path(domain), _po_bytes(template))
        for language in REQUIRED[domain]:
            cat = load(language, domain)
            cat.update(template, no_fuzzy_matching=True)
            cat.obsolete.clear()
            for key, value in HEADER.items():
                setattr(cat, key, value)
            cat.fuzzy = False
            cat.revision_date = datetime.now(UTC)
            _write(po_path(language, domain), _po_bytes(cat))


def compile_all(domains: tuple[str, ...] = ALL_DOMAINS) -> None:
    for domain in domains:
        for language in LANGUAGES[1:]:
            if po_path(language, domain).exists():
                compiled = io.BytesIO()
                write_mo(compiled, load(language, domain), use_fuzzy=False)
                _write(po_path(language, domain).with_suffix(".mo"), compiled.getvalue(),
                       ignore_dates=False)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True,
             include_previous=False, include_lineno=False)
    return out.getvalue()


def _write(path: Path, content: bytes, ignore_dates: bool = True) -> None:
    """Write ``content`` unless the file already says the same (dates aside, for .po/.pot)."""
    if path.exists():
        old = path.read_bytes()
        same = (_DATES.sub(b"", old) == _DATES.sub(b"", content)) if ignore_dates else (
            old == content)
        if same:
            return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


if __name__ == "__main__":
    commands = {"update": update, "compile": compile_all}
    wanted = tuple(sys.argv[2:]) or ALL_DOMAINS
    if len(sys.argv) < 2 or sys.argv[1] not in commands or set(wanted) - set(ALL_DOMAINS):
        sys.exit("usage: python -m referee.i18n.catalogs update|compile [DOMAIN ...]")
    commands[sys.argv[1]](wanted)
