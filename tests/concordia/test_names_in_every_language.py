"""Places, goods and cards are understood by their board, English, Russian or Spanish name,
and shown in the user's language."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("city,good", [
    ("Colonia A.", "wine"), ("КОЛОНИЯ АГРИППИНА", "вино"), ("колония агриппина", "Vino"),
    ("Colonia Agrippina", "vino"), ("colonia", "VINO"),
])
def test_a_city_and_its_good_in_any_language(cli, city, good):
    result = cli("concordia", "check", "house", "--city", city, "--city-good", f"{city}={good}",
                 "--existing", "1")
    assert result.code == 0, result.err
    assert "1 brick, 1 wine and 4 × 2 = 8" in " ".join(result.out.split())


@pytest.mark.parametrize("province,house", [("Syria", "Antiochia"), ("сирия", "Антиохия"),
                                            ("SYRIA", "antiochia"), ("Siria", "Antioquia")])
def test_a_province_in_any_language(cli, province, house):
    result = cli("concordia", "check", "prefect", "--map", "imperium", "--city-good",
                 "Antiochia=food,Tyros=cloth", "--province", province, "--player", "Red",
                 "--house", f"Red={house}")
    assert result.code == 0, result.err
    assert "Red takes 1 cloth from the Syria marker" in " ".join(result.out.split())


def test_russian_shows_russian_place_names(cli):
    result = cli("--lang", "ru", "concordia", "check", "prefect", "--map", "imperium",
                 "--city-good", "Antiochia=food,Tyros=cloth", "--province", "Syria",
                 "--player", "Red", "--house", "Red=Antiochia")
    assert "провинции Сирия" in " ".join(result.out.split())
    assert "Syria" not in result.out


def test_the_map_shows_the_board_name_beside_the_russian_one(cli):
    result = cli("--lang", "ru", "concordia", "map", "--map", "imperium")
    assert "Массилия (Massilia)" in result.out
    assert "Рим (Roma)" in result.out


def test_every_spanish_name_is_a_place_on_a_board():
    from referee.concordia.box import ROMA, load_box
    from referee.concordia.vocabulary import SPANISH_NAMES

    places = {ROMA} | {name for m in load_box().maps.values()
                       for name in [*m.provinces, *m.cities]}
    assert set(SPANISH_NAMES) <= places


def test_the_cash_option_names_the_provinces_in_the_language(cli):
    args = ("concordia", "check", "prefect", "--map", "imperium", "--coins", "Syria",
            "--coins", "Libya", "--city-good", "Antiochia=food,Tyros=cloth,Cyrene=wine",
            "--city-good", "Leptis Magna=brick")
    assert "The markers of Syria, Libya show 3 coins" in " ".join(cli(*args).out.split())
    assert "Сирия, Ливия: 3 монеты" in " ".join(cli("--lang", "ru", *args).out.split())


def test_a_name_index_is_kept_for_its_box_and_made_anew_for_another():
    # A game's input is checked player by player, each asking for the same indexes.
    from referee.concordia.box import load_box
    from referee.concordia.model import card_index, city_index

    box = load_box()
    assert card_index(box) is card_index(box)
    assert city_index(box.maps["imperium"]) is city_index(box.maps["imperium"])
    again = load_box()  # read again (a correction may have been saved since): its own index
    assert again is not box and card_index(again) is not card_index(box)
    assert card_index(box).find("architect") == "architect"
