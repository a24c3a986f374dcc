"""The guided setup offers every reading of the box data a group may change, with the
engine's default, and each has a flag equivalent."""

from __future__ import annotations

import json

import pytest

from referee.errors import Cancelled
from referee.store import SessionStore
from referee.table import session as sessions
from referee.terminal.prompter import ScriptedPrompter
from referee.tribune import EDITIONS, box
from referee.tribune.ui.setup_flow import readings_for, value_word
from referee.tribune.ui.table import TRIBUNE

CARD = ["type in", "Test card", "no hourglass", "no", "no", "3", "no", "3", "no", "60", "no",
        "3", "no", "1", "no"]  # the last: not saved for later games


class Recording(ScriptedPrompter):
    """Also keeps each list question with its items and the one highlighted (what Enter
    alone takes)."""

    def __init__(self, answers):
        super().__init__(answers)
        self.lists: dict[str, tuple[list, object]] = {}

    def line(self, line, resolve, *, error=""):
        titles = [item.title for item in line.items]
        self.lists[line.message] = (titles, None if line.highlight is None
                                    else titles[line.highlight])
        return super().line(line, resolve, error=error)


def test_every_reading_with_a_choice_is_asked_for_some_game():
    choosable = {key for key, entry in box.entries().items()
                 if len(entry.get("choices") or []) > 1} - {"thermae_fields"}  # asked first
    asked = {key for edition in EDITIONS for variant in (True, False)
             for key in readings_for(edition, variant)}
    assert asked == choosable


@pytest.mark.parametrize("variant,question,answer,default", [
    (CARD, "A player announced \"Veni, vidi, vici\" but no longer meets the card when the "
           "round ends: is that player still a qualifier?", "announcement", "round_end"),
    (["point-value variant"], "Point-value variant: does the first player to reach the "
                              "marker count take the 2-point bonus?", True, False),
])
def test_the_end_of_game_readings_are_asked_with_the_engines_default(
        tribune, answers, sessions_dir, monkeypatch, variant, question, answer, default):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    # change them: Field of Mars … the end, then the supply reading (asked last)
    readings = ["no", *(value_word(v) for v in (None, True, "extra", answer, "substitute"))]
    prompter = answers(Recording(["Ann, Bob", "no colour", "no colour", "Ann", "ffg", *variant,
                                  "table", "2", *readings, "hidden", Cancelled]))
    assert tribune("new").code == 130  # stopped at the first card, the session saved
    assert prompter.lists[question][1] == value_word(default)
    store = SessionStore(sessions_dir)
    with store.open(store.ids()[0]) as session:
        settings = sessions.setup_of(TRIBUNE, session).settings
    key = "qualifier_drops" if variant == CARD else "point_variant_bonus"
    assert settings[key] == answer


def test_a_reading_is_also_a_flag(tribune, sessions_dir, tmp_path):
    card = tmp_path / "card.json"
    card.write_text(json.dumps({
        "title": "Test card", "needed": {"2": 1},
        "goals": [{"kind": "tribune"}, {"kind": "favor"}, {"kind": "laurels", "threshold": 3},
                  {"kind": "legions", "threshold": 3}, {"kind": "denarii", "threshold": 60},
                  {"kind": "markers", "threshold": 3}]}))
    flags = ["--player", "Ann", "--player", "Bob", "--edition", "ffg", "--victory", str(card),
             "--deck", "table", "--thermae", "2", "--bids", "hidden"]
    r = tribune("new", *flags, "--setting", "qualifier_drops=announcement")
    assert r.code == 0, r.err
    store = SessionStore(sessions_dir)
    with store.open(store.ids()[0]) as session:
        assert sessions.setup_of(TRIBUNE, session).settings["qualifier_drops"] == "announcement"
    wrong = tribune("new", *flags, "--setting", "qualifier_drops=never")
    assert wrong.code == 2 and "qualifier_drops" in wrong.err


def test_no_limit_on_the_field_of_mars_is_named_and_kept(sessions_dir):
    from referee.terminal.prompter import Choice, select_keys
    from referee.tribune.ui.setup_flow import value_word

    assert value_word(None) == "no limit"
    choices = [Choice(value_word(v), v) for v in box.entries()["mars_spaces"]["choices"]]
    assert select_keys(choices, None, default=3) >= 1  # offered, and choosable


def test_no_hourglass_is_said_in_the_hourglass_own_words(tribune, answers, sessions_dir):
    """"none" served the tile (una loseta: ninguna) and the hourglass (un reloj) alike, so
    Spanish offered "ninguna" for the hourglass; each has its own words now."""
    prompter = answers(Recording(["Ann, Bob", "sin color", "sin color", "Ann", "ffg",
                                  "teclear", "Carta", Cancelled]))
    assert tribune("new", lang="es").code == 130
    assert prompter.lists[prompter.asked[-1]][0][0] == "sin reloj de arena"
