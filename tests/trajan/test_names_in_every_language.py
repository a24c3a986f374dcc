"""Provinces, commodities, ships and tiles are understood in English, Russian or Spanish."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("typed", ["germania_inferior", "Germania Inferior", "НИЖНЯЯ ГЕРМАНИЯ",
                                   "germania inferior"])
def test_a_province_in_any_language(cli, typed):
    result = cli("trajan", "check", "military", "move", "--from", typed, "--json")
    assert result.code == 0, result.err
    assert '"from": "germania_inferior"' in result.out


@pytest.mark.parametrize("typed", ["britannia", "Британия", "Britania", "BRITANNIA"])
def test_a_spanish_or_russian_province_scores_the_same(cli, typed):
    result = cli("trajan", "check", "military", "legionary", "--province", typed, "--others", "1",
                 "--json")
    assert result.code == 0, result.err
    assert '"province": "britannia"' in result.out


def test_commodities_and_ships_in_any_language(cli):
    english = cli("trajan", "check", "ship", "--cards", "wine,wine,fish,fish", "--grey", "pairs",
                  "--json").out
    mixed = cli("trajan", "check", "ship", "--cards", "вино,VINO,pescado,Рыба", "--grey",
                "корабль пар", "--json").out
    assert mixed == english


def test_a_score_file_may_name_things_in_russian():
    from referee.trajan.inputs import Checker

    check = Checker()
    found = check.counts({"cards": {"вино": 2, "Pescado": 1}}, "cards", "Ann",
                         ["wine", "fish", "oil"])
    check.done()
    assert found == {"wine": 2, "fish": 1}


def test_unknown_names_are_still_refused(cli):
    result = cli("trajan", "check", "military", "move", "--from", "Атлантида")
    assert result.code == 2 and "Атлантида" in result.err


@pytest.mark.parametrize("lang, trays, tile", [
    ("en", "yo,gw,pb,yo,gw,pb", "III=pb"), ("ru", "жо,зб,рг,жо,зб,рг", "III=рг"),
    ("es", "an,vb,rz,an,vb,rz", "III=rz")])
def test_colour_letters_of_the_tables_language(cli, lang, trays, tile):
    """Russian and Spanish tables type their own letters (Spanish b is blanco, white)."""
    result = cli("--lang", lang, "trajan", "check", "sow", "--trays", trays, "--from", "I",
                 "--tile", tile, "--json")
    assert result.code == 0, result.err
    plan = result.json()["plans"][0]
    assert plan["trajan_tile"]["needs"] == ["pink", "blue"]
    assert plan["trajan_tile"]["possible"]


@pytest.mark.parametrize("kind", ["window", "окно", "Ventana"])
def test_a_building_tile_kind_in_any_language(cli, kind):
    result = cli("trajan", "check", "build", "--to", "B2", "--tile", f"{kind}:4", "--json")
    assert result.code == 0, result.err
    assert result.json()["vp"] == 4 and result.json()["bonus_action"] == "military"
