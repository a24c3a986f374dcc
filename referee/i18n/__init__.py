"""The one translation layer for everything the user reads.

Catalogs are standard gettext ``.po`` files (edited by people) compiled to ``.mo``
(read at run time by the standard library) under ``referee/i18n/locale``. There is
one domain per part of the program: ``core`` for shared text and one per game, so
each game's vocabulary lives in its own catalog. Source text is English.

Usage in a module::

    from referee.i18n import N_, translator
    _ = translator("tribune")
    _("{player} pays {amount} denarii", player="Mike", amount=3)

``N_`` marks a msgid for extraction without translating it (for text stored in
errors and rulings and translated only when shown).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.rulings import Term

LANGUAGES = ("en", "ru", "es")
DOMAINS = ("core", "tribune", "concordia", "trajan")
LOCALE_DIR = Path(__file__).parent / "locale"
#: Where the language comes from after ``--lang``, first found wins. ``LANGUAGE`` is GNU
#: gettext's list of preferred languages (``ru:en``); it comes before the locale variables as
#: in gettext itself.
_ENV_VARS = ("REFEREE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_language = "en"
_language_explicit = False  # chosen with --lang or REFEREE_LANG (a session's own yields to it)
_cache: dict[tuple[str, str], gettext.NullTranslations] = {}


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, when shown."""
    return message


def resolve_language(explicit: str | None = None,
                     environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``--lang`` first, then ``REFEREE_LANG``, ``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``.

    Locale values such as ``ru_RU.UTF-8`` map to ``ru``; anything unsupported
    (including ``C`` and ``POSIX``) falls back to English. ``LANGUAGE`` may list several
    languages (``de:es:en``): the first one we have is used, and if none is, the locale
    variables decide.
    """
    if explicit:
        return explicit if explicit in LANGUAGES else "en"
    env = os.environ if environ is None else environ
    for var in _ENV_VARS:
        value = env.get(var, "")
        if not value:
            continue
        codes = [_code(item) for item in value.split(":") if item]
        if var == "LANGUAGE":
            known = [code for code in codes if code in LANGUAGES]
            if known:
                return known[0]
            continue
        return codes[0] if codes and codes[0] in LANGUAGES else "en"
    return "en"


def _code(locale_name: str) -> str:
    """``ru_RU.UTF-8`` → ``ru``; ``es@euro`` → ``es``."""
    return locale_name.split(".")[0].split("@")[0].split("_")[0].lower()


def set_language(language: str, *, explicit: bool = False) -> None:
    global _language, _language_explicit
    _language = language if language in LANGUAGES else "en"
    _language_explicit = explicit


def language_explicit() -> bool:
    """Whether this run's language was asked for with ``--lang`` or ``REFEREE_LANG``."""
    return _language_explicit


@contextmanager
def framework_language(language: str) -> Iterator[None]:
    """Translate the words Typer itself prints (panel titles, "Aborted!") while inside.

    Typer looks them up with the standard ``gettext`` functions, which read the language
    from ``LANGUAGE`` on every call; the user's own value is put back on the way out, so it
    still counts for the next command run in the same process.
    """
    saved = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = language
    gettext.bindtextdomain("framework", str(LOCALE_DIR))
    gettext.textdomain("framework")
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved


def current_language() -> str:
    return _language


def catalog(domain: str, language: str | None = None) -> gettext.NullTranslations:
    lang = language or _language
    key = (lang, domain)
    if key not in _cache:
        _cache[key] = gettext.translation(domain, LOCALE_DIR, languages=[lang], fallback=True)
    return _cache[key]


def _fill(text: str, params: Mapping[str, Any], domain: str) -> str:
    if not params:
        return text
    values = {k: _value(v, domain) for k, v in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def _value(value: Any, domain: str) -> Any:
    if isinstance(value, (str, int)):  # most params, and the only kind the root help has:
        return value  # it need not load referee.rulings (and msgspec)
    from referee.rulings import Plural, Term

    if isinstance(value, Term):
        cat = catalog(domain)
        if value.context:
            return cat.pgettext(value.context, value.msgid)
        return cat.gettext(value.msgid)
    if isinstance(value, Plural):
        text = catalog(domain).ngettext(value.singular, value.plural, value.n)
        return _fill(text, {"n": value.n}, domain)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_value(v, domain)) for v in value) or "—"
    return value


class Translator:
    """Translates msgids of one domain into the current language and fills in params."""

    def __init__(self, domain: str) -> None:
        if domain not in DOMAINS:
            raise ValueError(f"unknown translation domain {domain!r}")
        self.domain = domain

    def __call__(self, message: str, /, **params: Any) -> str:
        return _fill(catalog(self.domain).gettext(message), params, self.domain)

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        text = catalog(self.domain).ngettext(singular, plural, n)
        return _fill(text, {"n": n, **params}, self.domain)

    def ctx(self, context: str, message: str, /, **params: Any) -> str:
        return _fill(catalog(self.domain).pgettext(context, message), params, self.domain)

    def term(self, term: Term) -> str:
        return str(_value(term, self.domain))


def translator(domain: str) -> Translator:
    return Translator(domain)
