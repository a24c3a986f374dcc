"""How the referee's words read at the table: counts in the language's plural forms, the
edition's vocabulary, no stray spaces, in every language."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.i18n import set_language
from referee.i18n.catalogs import extract
from referee.tribune.simulate import Driver, setup_for
from tests.tribune.wording import asked, said


@pytest.fixture
def speak():
    """``speak("ru")``: render in that language until the test ends."""
    yield set_language
    set_language("en")


def test_no_tribune_msgid_starts_or_ends_with_whitespace():
    padded = [msgid for message in extract("tribune") if message.id
              for msgid in (message.id if isinstance(message.id, tuple) else (message.id,))
              if msgid != msgid.strip()]
    assert padded == []


@pytest.mark.parametrize("language,laurels,money", [
    ("en", ("Ann gains 2 laurels", "Ann gains 1 laurel"),
     ("Ann takes 12 denarii", "Ann pays 1 denarius to the bank")),
    ("ru", ("Ann получает 2 лавровых венка", "Ann получает 1 лавровый венок"),
     ("Ann получает 12 динариев", "Ann платит 1 динарий в банк")),
    ("es", ("Ann gana 2 laureles", "Ann gana 1 laurel"),
     ("Ann toma 12 denarios", "Ann paga 1 denario a la reserva")),
])
def test_counts_take_the_plural_form_of_the_language(table, speak, language, laurels, money):
    # Ann buys a Thermae card (1) and takes the Legates: 2 laurels, then the starting laurel
    t = table(["Ann", "Bob"], "Ann")
    t.plan(Ann=["thermae.1", "legates.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "leg3", "leg4")
    speak(language)
    texts = [said(r) for r in t.game.log[0] + t.rulings]
    assert all(text in texts for text in laurels + money), texts


def test_the_bowl_and_the_field_of_mars_have_no_number(table):
    t = table(["Ann", "Bob"], "Ann")
    t.plan(Ann=["bowl"], Bob=["mars"])
    t.to("place", "Ann")
    texts = [said(r) for r in t.apply(t.default(t.game.pending()))]
    texts += [said(r) for r in t.apply(t.default(t.game.pending()))]
    assert texts[0] == "Ann: follower on coin bowl" and "Bob: follower on Field of Mars" in texts


@pytest.mark.parametrize("language", ["en", "ru", "es"])
def test_whole_games_read_without_stray_spaces_or_optional_plurals(speak, language):
    speak(language)
    for mode, edition in (("table", "ffg"), ("virtual", "heidelberger")):
        driver, rng = Driver(setup_for(3, mode, edition, "card", seed=7), check=False), \
            random.Random(7)
        texts = []
        while not driver.done:
            texts.append(asked(driver.game.pending()))
            driver.step(rng.choice)
        texts += [said(r) for rulings in driver.game.log for r in rulings]
        bad = [t for t in texts if t != t.strip() or "  " in t or "(s)" in t or "(es)" in t
               or "(ы)" in t]
        assert bad == [], bad[:5]


@pytest.mark.parametrize("edition,word", [("ffg", "denarii"), ("heidelberger", "Sesterzen")])
def test_the_money_goal_is_named_by_the_editions_currency(tribune, answers, monkeypatch,
                                                          edition, word):
    from referee.errors import Cancelled
    from referee.terminal.prompter import ScriptedPrompter

    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    card = ["type in", "Test card", "no hourglass", "no", "no", "3", "no", "3", "no", "60",
            "no", "3", "no", "1"]
    prompter = answers(ScriptedPrompter(["Ann, Bob", "no colour", "no colour", "Ann", edition,
                                         *card, Cancelled]))
    tribune("new")
    assert f"Goal {word}: how many? (1–99)" in prompter.asked
    assert f"Is the goal {word} marked obligatory? (yes/no)" in prompter.asked


@pytest.mark.parametrize("language,lines", [
    ("en", ["Mike pays 3 denarii to the bank", "Mike takes Senator 4", "Ann takes Spartacus",
            "Thermae: Spartacus, Gladiator 5, Legate 5 face up, 0 face down"]),
    ("ru", ["Mike платит 3 динария в банк", "Mike берёт: Сенатор 4", "Ann берёт: Спартак"]),
    ("es", ["Mike paga 3 denarios a la reserva", "Mike toma Senador 4", "Ann toma Espartaco"]),
])
def test_cards_are_named_by_faction_and_value_or_by_their_leader(table, speak, language,
                                                                  lines):
    t = table(["Mike", "Ann"], "Mike")
    t.deal(thermae=["gla0"], forum=["sen4"])
    t.plan(Mike=["forum.1"], Ann=["thermae.1"])
    t.to("chariot_bid")
    speak(language)
    texts = [said(r) for r in t.rulings]
    assert all(line in texts for line in lines), texts


def test_setup_refusals_count_in_the_plural_form():
    from referee.errors import InputErrors
    from referee.terminal.messages import message
    from referee.tribune.setup import Setup
    from referee.tribune.victory import VictoryCard

    card = VictoryCard.from_json({
        "title": "Test card", "needed": {"3": 4},
        "goals": [{"kind": "tribune"}, {"kind": "favor"}, {"kind": "laurels", "threshold": 3},
                  {"kind": "legions", "threshold": 3}, {"kind": "denarii", "threshold": 9},
                  {"kind": "markers", "threshold": 3}]})
    with pytest.raises(InputErrors) as caught:  # one player: too few, and not on the card
        Setup.create(["Ann"], victory=card, settings={"thermae_fields": 2})
    assert any(message(p).startswith("The card Test card is not for 1 player (rule:")
               for p in caught.value.problems)
    with pytest.raises(RefereeError) as short:
        Setup.create(["Ann", "Bob"], deck_mode="virtual", settings={"thermae_fields": 2},
                     deck={"gladiators": [0], "legates": [0], "praetorians": [0],
                           "plebeians": [0], "patricians": [0], "vestals": [0],
                           "senators": [0, 1]})
    assert message(short.value) == "The deck list has 8 cards, the box has 100"
