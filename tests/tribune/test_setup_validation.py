"""Setups, victory cards and board settings as files give them: every value is checked for
its type as well as its content, each refusal names the field, and all problems of one
setup are reported together."""

from __future__ import annotations

import pytest

from referee.errors import Cancelled, InputError, InputErrors, RefereeError
from referee.terminal.messages import lines
from referee.tribune import box
from referee.tribune.setup import NAME_LIMIT, Setup
from referee.tribune.ui.setup_flow import ask_players, enter_card
from referee.tribune.victory import VictoryCard
from tests.tribune.test_kernels import card_json
from tests.tribune.ui.helpers import conversed


def setup_json(**changes):
    good = Setup.create(["Ann", "Bob"], "Ann", settings={"thermae_fields": 3}).to_json()
    return {**good, **changes}


def problems(error) -> list[str]:
    """Each problem as the user reads it."""
    return lines(error)


# ------------------------------------------------------------------------------ players
@pytest.mark.parametrize("name", ["Ann\nBob", "\x1b[2J", "\ud800", "Ann\tB", "Zo\u200be"])
def test_a_name_with_a_character_that_cannot_be_shown_is_refused(name):
    with pytest.raises(InputError, match="cannot be shown on one line"):
        Setup.create(["Cid", name], settings={"thermae_fields": 3})


def test_names_are_at_most_30_characters_and_trimmed():
    longest = "Ü" * NAME_LIMIT
    setup = Setup.create([f"  {longest} ", "Bob"], settings={"thermae_fields": 3})
    assert setup.players == (longest, "Bob") and setup.start_player == longest
    with pytest.raises(InputError, match="too long: at most 30 characters"):
        Setup.create([longest + "x", "Bob"], settings={"thermae_fields": 3})


@pytest.mark.parametrize("names", [["Ann", "ANN"], ["Ann", "TABLE"], ["Ann", " "]])
def test_names_differ_ignoring_case_and_are_not_the_table(names):
    with pytest.raises(InputError, match="different \\(ignoring case\\)"):
        Setup.create(names, settings={"thermae_fields": 3})


def test_names_with_spaces_and_other_scripts_are_fine():
    setup = Setup.create(["Anna Maria", "Олег", "José", "李"], settings={"thermae_fields": 3})
    assert setup.players == ("Anna Maria", "Олег", "José", "李")


@pytest.mark.parametrize("players,message", [
    ("Ann", "The players must be a list of names, not 'Ann'"),
    (["Ann", 7], "A player name must be text, not 7"),
])
def test_players_of_the_wrong_type_are_refused(players, message):
    with pytest.raises(RefereeError) as caught:
        Setup.from_json(setup_json(players=players, start_player="Ann"))
    assert message in problems(caught.value)


def test_the_setup_questions_refuse_a_junk_name_on_the_spot():
    _answer, prompter = conversed(ask_players, ["Ann, Bob\x1b[2J", "Ann", "Ann, Bob",
                                                "red", "blue"])
    assert "cannot be shown on one line" in prompter.refusals[0]
    assert "2 to 5 different names" in prompter.refusals[1]
    assert prompter.asked[-1] == "Bob's colour:"


# ------------------------------------------------------------------------------ seed, modes
@pytest.mark.parametrize("seed", ["abc", 1e400, True, 3.0, None, [1]])
def test_the_seed_must_be_a_whole_number(seed):
    with pytest.raises(InputError, match="The seed must be a whole number"):
        Setup.from_json(setup_json(seed=seed))


def test_huge_and_negative_seeds_are_whole_numbers():
    for seed in (-7, 10**30):
        assert Setup.from_json(setup_json(seed=seed)).seed == seed


@pytest.mark.parametrize("field", ["edition", "deck_mode"])
def test_an_unhashable_edition_or_deck_mode_is_refused_by_name(field):
    with pytest.raises(InputError, match="Unknown (edition|deck mode) \\['ffg'\\]"):
        Setup.from_json(setup_json(**{field: ["ffg"]}))


def test_a_setup_that_is_not_an_object_or_lacks_fields_is_refused():
    with pytest.raises(InputError, match="Not a valid Tribune setup: 'abc'"):
        Setup.from_json("abc")
    with pytest.raises(InputError, match="missing start_player, deck_mode"):
        Setup.from_json({"players": ["Ann", "Bob"], "edition": "ffg"})


def test_every_problem_of_a_setup_file_is_reported_at_once():
    raw = setup_json(seed="abc", settings={"thermae_fields": 4}, deck="abc",
                     victory={**card_json(), "needed": 4}, players=["Ann", "Ann\nBob"])
    with pytest.raises(InputErrors) as caught:
        Setup.from_json(raw)
    found = problems(caught.value)
    assert len(found) == 5, found
    for field in ("seed", "thermae_fields", "deck list", "goals are needed", "player name"):
        assert any(field in p for p in found), field


def test_a_victory_of_false_is_not_the_point_variant():
    with pytest.raises(InputError, match="A victory card must be an object"):
        Setup.from_json(setup_json(victory=False))
    assert Setup.from_json(setup_json(victory=None)).points_variant


# ------------------------------------------------------------------------------ board settings
def test_settings_must_be_an_object():
    with pytest.raises(InputError, match="Board settings must be an object"):
        Setup.from_json(setup_json(settings=["thermae_fields", 3]))


@pytest.mark.parametrize("key,value", [
    ("thermae_fields", True), ("thermae_fields", 3.0), ("thermae_fields", "3"),
    ("scipio_amount", True), ("cesura_continue", 1), ("catacombs_prices", 5),
    ("catacombs_prices", [4, 3]), ("catacombs_prices", [4.0, 3, 2]), ("mars_spaces", 0),
])
def test_a_setting_must_be_one_of_the_declared_choices_with_its_type(key, value):
    with pytest.raises(InputError) as caught:
        box.resolve({"thermae_fields": 3, key: value})
    assert caught.value.params["key"] == key


def test_every_setting_declares_its_choices_and_its_default_is_one_of_them():
    for key, entry in box.entries().items():
        assert entry["value"] in entry["choices"] or entry.get("required"), key


def test_resolved_settings_are_the_declared_values():
    resolved = box.resolve({"thermae_fields": 2, "catacombs_prices": (4, 3, 2)})
    assert resolved["catacombs_prices"] == [4, 3, 2] and resolved["mars_spaces"] is None


def test_a_broken_box_override_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    (tmp_path / "tribune").mkdir()
    path = tmp_path / "tribune" / "box.json"
    path.write_text('{"settings": {"mars_spaces": {"choices": 4}}}', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        Setup.create(["Ann", "Bob"], settings={"thermae_fields": 3})
    assert caught.value.params == {"path": str(path), "keys": "'mars_spaces'"}


# ------------------------------------------------------------------------------ deck lists
@pytest.mark.parametrize("deck,message", [
    ("abc", "The deck list must be an object"),
    ({"senators": "0123"}, "must be a list of card values from 0 to 10"),
    ({"senators": [0, 11]}, "must be a list of card values from 0 to 10"),
    ({"senators": [0, True]}, "must be a list of card values from 0 to 10"),
    ({"senators": [0, 0]}, "exactly one leader"),
    ({7: [0]}, "unknown factions 7"),
])
def test_a_malformed_deck_list_is_refused(deck, message):
    with pytest.raises(RefereeError) as caught:
        box.deck_cards(deck)
    assert any(message in p for p in problems(caught.value)), problems(caught.value)


# ------------------------------------------------------------------------------ victory cards
@pytest.mark.parametrize("changes,message", [
    ({"goals": "abc"}, "goals must be a list of the six goals, not 'abc'"),
    ({"goals": [1]}, "Unknown goal 1"),
    ({"goals": [{"kind": "favor", "obligatory": "yes"}]}, "'obligatory' must be true or false"),
    ({"goals": [{"kind": "laurels", "threshold": 2.5}]}, "needs a number of at least 1"),
    ({"needed": 4}, "how many goals are needed"),
    ({"needed": {"4": 3.7}}, "'4' players → 3.7 is not valid"),
    ({"needed": {"4": True}}, "'4' players → True is not valid"),
    ({"needed": {"four": 3}}, "'four' players → 3 is not valid"),
    ({"title": ["x"]}, "needs a title"),
    ({"title": "Carpe\nDiem"}, "printable text of at most 60 characters"),
])
def test_a_malformed_victory_card_names_the_problem(changes, message):
    with pytest.raises(RefereeError) as caught:
        VictoryCard.from_json({**card_json(), **changes})
    assert any(message in p for p in problems(caught.value)), problems(caught.value)


def test_a_victory_card_that_is_not_an_object_is_refused():
    for raw in ("abc", [card_json()], 5):
        with pytest.raises(InputError, match="A victory card must be an object"):
            VictoryCard.from_json(raw)


def test_the_card_questions_refuse_a_title_that_cannot_be_shown():
    answer, prompter = conversed(lambda: enter_card(3, "ffg"), ["Carpe\x1b[2JDiem",
                                                                "Carpe Diem", Cancelled])
    assert answer is Cancelled and "printable text" in prompter.refusals[0]
    assert prompter.asked[-1] == "Hourglass on the card:"
