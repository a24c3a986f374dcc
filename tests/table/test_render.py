"""Text from the group reaches the terminal as text: rulings and questions escape control
characters in their params (a name or note can hold an escape sequence through a hand-made
entry or an old session)."""

from referee.rulings import RuleRef, Ruling
from referee.table import render

RULE = RuleRef("tribune", "tribune.phase3.forum", "Forum")


def test_control_characters_in_params_are_shown_escaped():
    ruling = Ruling(RULE, "{player} pays {amount}", {"player": "Ann\x1b[2J\x07", "amount": 3})
    text = render.text(ruling.message, ruling.params, "tribune")
    assert "\x1b" not in text and "\x07" not in text
    assert "Ann\\x1b[2J\\x07 pays 3" in text


def test_a_game_value_is_escaped_after_the_game_names_it():
    text = render.text("{card}", {"card": object()}, "tribune", shown=lambda v: "card\x9b31m")
    assert text == "card\\x9b31m"


def test_lists_and_plain_values_keep_their_meaning():
    text = render.text("{names}", {"names": ["Bo", "Cy\n"]}, "core")
    assert "\n" not in text and "Bo" in text and "Cy\\n" in text
