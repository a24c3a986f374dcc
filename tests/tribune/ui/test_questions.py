"""Each Tribune question as the conversation kit asks it: what it offers, how the answer is
read, what gives something up, what is typed hidden, and its help in three languages."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from referee.game.question import Form
from referee.i18n import set_language
from referee.table.kit import gives_up
from referee.terminal.asking import Item, choose_items
from referee.tribune.actions import Bid, Cards, Pass, Reveal
from referee.tribune.cards import parse_card, parse_cards
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import HELP, Turn
from tests.tribune.ui.helpers import conversed


@contextmanager
def using_language(language: str):
    set_language(language)
    try:
        yield
    finally:
        set_language("en")


def first_ask(game: Game, hidden_bids: bool = True):
    return next(Turn(game, hidden_bids).talk())


def asked(game: Game, typed: list, hidden_bids: bool = True):
    """(the entry ``typed`` makes at the pending question, the prompter)."""
    return conversed(lambda: Turn(game, hidden_bids).talk(), typed, final=game.check)


def test_the_opening_discards_list_the_players_own_cards_named_together():
    game = Game(Setup.create(["Ann", "Bob"], "Ann", deck_mode="virtual", seed=0,
                             settings={"thermae_fields": 2}))
    d = game.pending()  # Ann discards 2 of her 6 cards
    hand = sorted(d.choose_from, key=lambda c: c.key)
    assert [c.code for c in hand] == ["gla3", "pra3", "ple3", "ple5", "pat6", "sen8"]
    ask = first_ask(game)
    assert ask.form is Form.SEVERAL and [o.value for o in ask.options] == hand
    for typed in ("gla3 ple5", "1, 4", "Gladiator 3, Plebeian 5"):
        answer, prompter = asked(game, [typed])
        assert answer == Cards("Ann", (hand[0], hand[3])) and prompter.refusals == []


def _to_mars(table):
    t = table(["Ann", "Bob"], "Ann")
    t.player("Ann").hand.cards.extend(parse_cards(["sen4", "sen5"]))
    t.player("Ann").hand.unknown -= 2
    t.plan(Ann=["mars"], Bob=["bowl"])
    return t, t.to("mars", "Ann")


def test_field_of_mars_pairs_are_typed_hidden_with_hidden_bids(table):
    t, d = _to_mars(table)
    ask = first_ask(t.game)
    assert ask.hidden and ask.options == () or all(o.title for o in ask.options)
    answer, _prompter = asked(t.game, ["sen4 sen5"])
    assert answer == Cards("Ann", tuple(parse_cards(["sen4", "sen5"])))
    # with bids entered in the open after the reveal, the pair is typed in the open too
    assert not first_ask(t.game, hidden_bids=False).hidden


def test_a_refused_hidden_answer_repeats_nothing_that_was_typed_or_held(table):
    t, d = _to_mars(table)
    answer, prompter = asked(t.game, ["sen4 gla5", "sen4 sen5"])
    assert answer == Cards("Ann", tuple(parse_cards(["sen4", "sen5"])))
    (refusal,) = prompter.refusals
    assert refusal.startswith("Not accepted under Phase 3: Field of Mars")
    assert "sen4" not in refusal and "gla5" not in refusal and "Senator" not in refusal


def test_a_refused_bid_does_not_tell_what_the_bidder_holds(table):
    from referee.tribune.errors import TribuneRuleViolation

    t = table(["Ann", "Bob"], "Ann")
    t.to("chariot_bid", "Ann")
    held = t.player("Ann").money
    with pytest.raises(TribuneRuleViolation) as caught:
        t.game.check(Bid("Ann", held + 1))
    assert str(held) not in str(caught.value) and "amount" not in caught.value.params
    ask = first_ask(t.game)
    assert ask.hidden and ask.high is None  # the bound would say what Ann holds
    answer, prompter = asked(t.game, [str(held + 1), "1"])
    assert answer == Bid("Ann", 1)
    assert str(held) not in prompter.refusals[0]


def test_a_reveal_is_typed_as_a_code_or_a_name_in_any_language(table):
    t = table(["Ann", "Bob"], "Ann")
    for typed in ("sen4", "Senator 4", "Сенатор 4", "senador 4", "sen 4"):
        answer, prompter = asked(t.game, [typed])
        assert answer == Reveal(parse_card("sen4")), typed
    answer, prompter = asked(t.game, ["sne4", "sen4"])
    assert "Unknown card code 'sne4'" in prompter.refusals[0]


@pytest.mark.parametrize("language", ["en", "ru", "es"])
def test_help_at_a_reveal_shows_the_card_code_format(table, language):
    t = table(["Ann", "Bob"], "Ann")
    with using_language(language):
        help_text = first_ask(t.game).help
    assert "sen4" in help_text and "gla" in help_text
    assert ("a leader is 0" in help_text) is (language == "en")


def test_every_question_has_help_in_three_languages():
    from referee.i18n import translator
    from referee.tribune.engine import KINDS

    assert set(HELP) == set(KINDS)  # every kind of question the engine asks
    _ = translator("tribune")
    for kind, text in HELP.items():
        said = {}
        for language in ("en", "ru", "es"):
            with using_language(language):
                said[language] = _(text)
        assert len(set(said.values())) == 3, (kind, said)


@pytest.mark.parametrize("kind", ["curia", "mars"])
def test_a_pass_that_discards_or_forfeits_is_confirmed(table, kind):
    """A lone Enter never passes, and the pass itself asks "sure?"."""
    t = table(["Ann", "Bob"], "Ann")
    if kind == "curia":
        t.deal(curia=[["pra2", "leg3"]])
        t.player("Ann").hand.cards.extend(parse_cards(["sen4"]))
        t.player("Ann").hand.unknown -= 1
        t.plan(Ann=["curia.1"], Bob=["bowl"])
        t.to("curia", "Ann")
    else:
        _to_mars(lambda *a, **k: t)
    player = t.game.pending().actor
    ask = first_ask(t.game)
    assert gives_up(ask, Pass(player))
    answer, prompter = asked(t.game, ["", "pass", "no", "pass", "", "yes"])
    assert answer == Pass(player)
    assert len(prompter.refusals) == 2  # Enter alone: neither a pass nor a yes
    assert "pass" in prompter.refusals[0] or ask.hidden  # hidden: nothing is repeated
    assert sum(1 for q in prompter.asked if "(yes/no)" in q) == 3  # no, Enter, yes


def test_a_takeover_pass_is_confirmed():
    from tests.robustness.helpers import script, setup

    game = Game(setup())
    for entry in script():
        d = game.pending()
        if d.kind == "takeover" and Pass(d.actor) in (game.legal_entries() or []) \
                and len(game.legal_entries()) > 1:
            break
        game.apply(entry)
    else:
        pytest.fail("no take-over with a choice in the scripted game")
    ask = first_ask(game)
    assert gives_up(ask, Pass(d.actor))
    answer, prompter = asked(game, ["", "pass", "", "yes"])
    assert answer == Pass(d.actor) and prompter.refusals


def test_a_list_is_filtered_by_the_spaces_own_names_not_the_cards_beside_them():
    game = Game(Setup.create(["Ann", "Bob"], "Ann", settings={"thermae_fields": 2}))
    for code in ["sen3", "sen4", "sen5", "leg5", "sen6", "pat6", "ple2", "ves3", "sen1",
                 "pra4", "gla0", "pat2", "ple1", "pat2"]:
        game.apply(Reveal(parse_card(code)))
    with using_language("es"):
        ask = first_ask(game)
    items = [Item(o.title, o.detail, o.names) for o in ask.options]
    beside_senators = [i for i, o in enumerate(ask.options) if "Senador" in o.detail]
    assert len(beside_senators) >= 3
    found = choose_items(items, "senador")
    assert all("Senador" in ask.options[i].title for i in found)  # the Senators' spaces
    assert not set(found) & set(beside_senators)
    with using_language("en"):
        ask = first_ask(game)
    items = [Item(o.title, o.detail, o.names) for o in ask.options]
    titles = {ask.options[i].title.split()[0] for i in choose_items(items, "atr")}
    assert titles == {"Atrium"}


def test_the_assassin_of_a_phase_4_take_over_keeps_the_phase_4_heading(monkeypatch):
    from referee.rulings import Ruling
    from referee.tribune.rulebook import ref
    from referee.tribune.ui import questions as guided
    from referee.tribune.ui.questions import TribuneView

    said_lines = []
    monkeypatch.setattr(guided, "tell", lambda text, style="": said_lines.append(text))
    view = object.__new__(TribuneView)
    view.shown, view.curia, view.hidden_bids = (1, 4), None, True
    view.announce([Ruling(ref("tribune.phase5.assassin", "ffg"),
                          "No set of 3 or more cards for the assassin", {})])
    assert view.shown == (1, 4)
    assert not any("Phase 5" in line for line in said_lines)
    view.announce([Ruling(ref("tribune.phase5.benefit", "ffg"), "{player} takes the "
                          "{faction} benefit", {"player": "Ann", "faction": "x"})])
    assert view.shown == (1, 5)  # a real Phase 5 ruling still moves it on
