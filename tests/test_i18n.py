"""The translation layer: every message translated, placeholders intact, .mo files fresh."""

from __future__ import annotations

import gettext
import re

import pytest

from referee.i18n import LOCALE_DIR, resolve_language
from referee.i18n.catalogs import ALL_DOMAINS, REQUIRED, extract, load, po_path

PLACEHOLDER = re.compile(r"\{(\w*)[^}]*\}")
PAIRS = [(d, lang) for d in ALL_DOMAINS for lang in REQUIRED[d]]


def _ids(message):
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize("domain,language", PAIRS)
def test_every_message_in_the_sources_is_translated(domain, language):
    catalog = load(language, domain)
    missing = []
    for message in extract(domain):
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        strings = found.string if found is not None else None
        if isinstance(strings, tuple):
            ok = all(strings)
        else:
            ok = bool(strings)
        if not ok or (found is not None and found.fuzzy):
            missing.append(_ids(message)[0])
    assert missing == [], f"{language}/{domain}.po lacks translations for: {missing}"


@pytest.mark.parametrize("domain,language", PAIRS)
def test_translations_keep_the_same_placeholders(domain, language):
    wrong = []
    for message in load(language, domain):
        if not message.id or not message.string:
            continue
        source = set(PLACEHOLDER.findall(" ".join(_ids(message))))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if set(PLACEHOLDER.findall(text)) - source or (
                    not isinstance(message.id, tuple) and set(PLACEHOLDER.findall(text)) != source):
                wrong.append(message.id)
    assert wrong == []


def _messages(catalog) -> dict:
    """What a catalog translates, ignoring the header (its dates change on every update)."""
    def key(value):  # plural entries come back as lists from .mo files, tuples from .po
        return tuple(value) if isinstance(value, (list, tuple)) else value

    return {(m.context, key(m.id)): key(m.string) for m in catalog
            if m.id and m.string and not m.fuzzy}


@pytest.mark.parametrize("domain,language", PAIRS)
def test_compiled_catalogs_match_their_po_files(domain, language):
    from babel.messages.mofile import read_mo

    mo = po_path(language, domain).with_suffix(".mo")
    if not po_path(language, domain).exists():
        assert not [m for m in extract(domain) if m.id], f"{domain} has text but no catalog"
        return
    assert mo.exists(), f"run: python -m referee.i18n.catalogs compile {domain}"
    with mo.open("rb") as fh:
        shipped = _messages(read_mo(fh))
    assert shipped == _messages(load(language, domain)), (
        f"{mo} is stale: run python -m referee.i18n.catalogs compile {domain}")


def test_runtime_reads_the_shipped_catalogs():
    russian = gettext.translation("core", LOCALE_DIR, languages=["ru"])
    assert russian.gettext("Players") == "Игроки"


@pytest.mark.parametrize("explicit,env,expected", [
    ("ru", {"LANG": "es_ES.UTF-8"}, "ru"),
    (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
    (None, {"LC_ALL": "es_AR.UTF-8", "LANG": "ru_RU.UTF-8"}, "es"),
    (None, {"LC_MESSAGES": "es", "LANG": "ru_RU"}, "es"),
    (None, {"REFEREE_LANG": "ru", "LC_ALL": "es_ES"}, "ru"),
    (None, {"LANGUAGE": "es", "LC_ALL": "ru_RU.UTF-8"}, "es"),
    (None, {"REFEREE_LANG": "en", "LANGUAGE": "ru"}, "en"),
    (None, {"LANGUAGE": "de:ru:es", "LANG": "en_US.UTF-8"}, "ru"),
    (None, {"LANGUAGE": "de_DE:fr", "LANG": "es_ES.UTF-8"}, "es"),
    (None, {"LANGUAGE": "ru_RU", "LANG": "C"}, "ru"),
    (None, {"LC_MESSAGES": "es_ES@euro"}, "es"),
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),
    (None, {}, "en"),
])
def test_language_is_chosen_from_flag_then_environment(explicit, env, expected):
    assert resolve_language(explicit, env) == expected


def test_errors_are_shown_in_the_chosen_language(cli):
    assert "Нет партии" in cli("--lang", "ru", "sessions", "show", "nope").err
    assert "Ninguna partida" in cli("--lang", "es", "sessions", "show", "nope").err
    assert "No session matches" in cli("sessions", "show", "nope").err


@pytest.mark.parametrize("n,russian", [(1, "1 клетку"), (3, "3 клетки"), (5, "5 клеток"),
                                       (11, "11 клеток"), (21, "21 клетку"), (22, "22 клетки")])
def test_counts_take_the_plural_form_of_the_language(n, russian):
    from referee.i18n import set_language, translator
    from referee.rulings import Plural

    _ = translator("trajan")
    spaces = Plural(n, "{n} space", "{n} spaces")
    try:
        set_language("ru")
        assert _("The time marker moves {spaces}", spaces=spaces).endswith(russian)
        set_language("en")
        assert _("The time marker moves {spaces}", spaces=spaces).endswith(
            f"{n} space" if n == 1 else f"{n} spaces")
    finally:
        set_language("en")


@pytest.mark.parametrize("args,spanish", [
    (("concordia", "check", "tribune", "--taken-back", "5"), "incluido el Tribuno"),
    (("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--from", "III"), "cuenco V: Trajano"),
])
def test_every_game_speaks_spanish(cli, args, spanish):
    result = cli("--lang", "es", *args)
    assert result.code == 0, result.err
    assert spanish in " ".join(result.out.split())


@pytest.mark.parametrize("lang,usage,metavar,help_option", [
    ("en", "Usage: referee trajan check sow [OPTIONS]", "--trays <text>",
     "Show this message and exit."),
    ("ru", "Использование: referee trajan check sow [ПАРАМЕТРЫ]", "--trays <текст>",
     "Показать эту справку и выйти."),
    ("es", "Uso: referee trajan check sow [OPCIONES]", "--trays <texto>",
     "Mostrar esta ayuda y salir."),
])
def test_the_framework_words_of_the_help_are_translated(cli, lang, usage, metavar, help_option):
    out = cli("--lang", lang, "trajan", "check", "sow", "--help").out
    assert usage in out and metavar in out and help_option in out


@pytest.mark.parametrize("args,russian,spanish", [
    (("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--time", "abc"),
     "'abc' — не целое число.", "'abc' no es un número entero válido."),
    (("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--time"),
     "Параметру --time нужно значение.", "La opción --time necesita un valor."),
    (("concordia", "map", "imperium"), "Лишние аргументы: imperium.",
     "Argumentos de más: imperium."),
])
def test_the_argument_parser_complains_in_the_language(cli, args, russian, spanish):
    for lang, expected in (("ru", russian), ("es", spanish)):
        result = cli("--lang", lang, *args)
        assert result.code == 2
        assert expected in result.err
        assert "Usage" not in result.err


def test_language_variable_is_honoured_and_left_as_it_was(cli, monkeypatch):
    import os

    monkeypatch.setenv("LANGUAGE", "de:ru")
    assert "Нет партии" in cli("sessions", "show", "nope").err
    assert "Ninguna partida" in cli("--lang", "es", "sessions", "show", "nope").err
    assert os.environ["LANGUAGE"] == "de:ru"
    monkeypatch.setenv("REFEREE_LANG", "es")
    assert "Ninguna partida" in cli("sessions", "show", "nope").err


def _template(domain):
    from babel.messages.pofile import read_po

    from referee.i18n.catalogs import pot_path

    with pot_path(domain).open("rb") as fh:
        return read_po(fh, domain=domain)


@pytest.mark.parametrize("domain", ALL_DOMAINS)
def test_each_domain_has_an_up_to_date_template_with_real_headers(domain):
    from referee import __version__

    template = _template(domain)
    assert template.project == "referee" and template.version == __version__
    assert template.charset == "utf-8"
    assert template.msgid_bugs_address and "EMAIL@ADDRESS" not in template.msgid_bugs_address
    assert {(m.context, m.id) for m in template if m.id} == {
        (m.context, m.id) for m in extract(domain) if m.id}, (
        f"run: python -m referee.i18n.catalogs update {domain}")
    for language in REQUIRED[domain]:
        header = load(language, domain)
        assert header.project == "referee" and header.version == __version__


@pytest.mark.parametrize("domain", ALL_DOMAINS)
def test_every_message_reads_in_english_russian_and_spanish_alike(domain):
    """The template is the English text; each message has its Russian and Spanish, with the
    same placeholders, and no catalog keeps a message the program no longer has."""
    english = {(m.context, m.id): m for m in _template(domain) if m.id}
    for language in ("ru", "es"):
        catalog = {(m.context, m.id): m for m in load(language, domain) if m.id}
        assert set(catalog) == set(english), f"{language}/{domain}.po differs from {domain}.pot"
        for key, message in english.items():
            strings = catalog[key].string
            strings = strings if isinstance(strings, tuple) else (strings,)
            assert all(strings), f"{language}/{domain}: no translation for {key[1]!r}"
            source = set(PLACEHOLDER.findall(" ".join(_ids(message))))
            for text in strings:
                assert set(PLACEHOLDER.findall(text)) <= source, (language, key[1], text)


def test_the_completion_options_are_described_in_the_language(cli):
    out = " ".join(cli("--lang", "ru", "--help").out.split())
    assert "Установить дополнение команд для текущей оболочки." in out
    assert "Install completion" not in out


def test_an_unknown_language_is_refused_in_the_environments_language(cli, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    result = cli("--lang", "de", "sessions", "list")
    assert result.code == 2
    assert "--lang debe ser uno de en, ru, es, no 'de'" in result.err
