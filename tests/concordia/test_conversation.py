"""Concordia's guided questions through the conversation kit: each defect a table met, as
a test. The answers are typed as a person types them (``ScriptedPrompter.line`` reads
each like the real question line); the game is seed 5 on Imperium, Ann, Bob and Cid.

Ann's opening hand lists Architect, Diplomat, Mercator, Prefect, Senator, Tribune; her
colonists stand in Roma; she holds 5 sestertii, 1 brick, 2 food, 1 tools, 1 wine, 1 cloth.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.concordia.box import load_box
from referee.store import SessionStore
from referee.table import session as sessions
from referee.terminal.prompter import ScriptedPrompter
from tests.table.conversation import Played, play_new

NEW = ("concordia", "new", "--player", "Ann", "--player", "Bob", "--player", "Cid", "--map",
       "imperium", "--seed", "5", "--start", "Ann")


@pytest.fixture
def play(cli, sessions_dir, monkeypatch):
    def run(answers: list[Any], *new: str, lang: str = "en") -> Played:
        return play_new(cli, sessions_dir, monkeypatch, new or NEW, answers, lang)
    return run


# ------------------------------------------------------------------ nothing from a lone Enter
def test_a_lone_enter_at_the_senator_buys_nothing_without_the_word(play):
    played = play(["senator", "", "", ""])
    assert played.entries == []
    assert played.prompter.refusals == ["Answer yes or no."] * 2
    assert "Buy no card with the Senator? (yes/no)" in played.prompter.asked


def test_empty_mercator_answers_trade_nothing_without_the_word(play):
    played = play(["mercator", "", "", "", "no", "", "", "yes"])
    assert [(e["type"], e["sell"], e["buy"]) for e in played.entries] == [
        ("mercator", {}, {})]
    assert played.prompter.refusals == ["Answer yes or no."] * 2


def test_an_empty_architect_answer_plays_nothing(play):
    played = play(["architect", ""])
    assert played.entries == []
    assert played.prompter.refusals == ["Type a number from 1 to 22, or a name."]


# ------------------------------------------------------------------ a refusal keeps the turn
def test_a_build_that_cannot_be_paid_is_refused_at_the_build_question(play):
    played = play(["architect", "land Roma > Novaria", "sea Roma > Massilia",
                   "Novaria, Massilia", "Novaria"])
    assert "cannot pay" in played.prompter.refusals[0]
    asked = played.prompter.asked
    assert asked.count("Ann: which card is played?") == 1  # never back to the card
    assert asked[-3].startswith("Architect: build") and asked[-2] == asked[-3]
    (architect,) = played.entries
    assert architect["build"] == ["Novaria"] and len(architect["moves"]) == 2


def test_a_route_error_is_refused_at_the_move_before_any_build(play):
    played = play(["architect", "land Roma > Atlantis", "lnad Roma > Novaria",
                   "land Roma > Novaria", "done", ""])
    first, second = played.prompter.refusals
    assert first.startswith("Unknown city “Atlantis” on the Imperium map")
    assert second == "A colonist is land or sea, not lnad."
    assert played.prompter.asked[1] == played.prompter.asked[2] == played.prompter.asked[3]
    assert played.entries[0]["moves"] == [{"kind": "land", "start": ["Roma"],
                                           "path": ["Novaria"]}]


def test_a_refused_mercator_purchase_asks_the_purchase_again(play):
    played = play(["mercator", "wine 1", "brick 9", "brick 1"])
    assert "storehouse" in played.prompter.refusals[0] or "cost" in played.prompter.refusals[0]
    assert played.entries[0]["sell"] == {"wine": 1} and played.entries[0]["buy"] == {
        "brick": 1}


# ------------------------------------------------------------------ undo
def test_undo_in_a_turn_goes_back_one_answer_not_the_previous_turn(play):
    played = play(["tribune", "no new colonist", "mercator", "w1", "undo", "undo",
                   "prefect", "cash"])
    assert [e["type"] for e in played.entries] == ["tribune", "prefect"]
    assert "Took back" not in played.out
    again = play(["tribune", "no new colonist", "undo"])
    assert "Took back: Ann: Tribune" in again.out and again.entries == []


# ------------------------------------------------------------------ every language
def test_a_russian_table_types_russian_goods_and_colonists(play):
    played = play(["торговец", "вино 1", "кир1", "трибун", "сухопутный"], lang="ru")
    assert played.entries[0]["sell"] == {"wine": 1} and played.entries[0]["buy"] == {
        "brick": 1}
    assert played.entries[1]["colonist"] == "land"


def test_a_spanish_table_types_spanish_routes_and_goods(play):
    played = play(["arquitecto", "terrestre Roma > Novaria", "1", ""], lang="es")
    assert played.entries[0]["moves"][0]["kind"] == "land"


# ------------------------------------------------------------------ what the questions show
def test_the_architect_lists_each_colonists_moves_with_their_cost(play):
    from referee.concordia.ui.questions import Turn
    from referee.concordia.ui.table import CONCORDIA
    from tests.concordia.test_engine import new_game

    game = new_game(load_box(), names=("Ann", "Bob", "Cid"), seed=5)
    talk = Turn(game, CONCORDIA).talk()
    next(talk)
    moves = talk.send(next(k for k in game.state.players[0].hand if k == "architect"))
    titles = [(o.title, o.detail) for o in moves.options]
    assert titles[0] == ("done moving", "")
    assert ("land Roma → Novaria–Roma", "1 movement point") in titles
    assert ("sea Roma → Carthago–Massilia", "2 movement points") in titles


def test_the_senator_shows_the_display_and_its_prices(play):
    played = play(["senator", "mason"])
    assert played.entries[0]["purchases"] == [{"slot": 1, "any": []}]
    # the display was listed with each slot's price (ScriptedPrompter keeps the messages)
    from referee.concordia.ui.questions import Turn
    from referee.concordia.ui.table import CONCORDIA
    from tests.concordia.test_engine import new_game

    game = new_game(load_box(), names=("Ann", "Bob", "Cid"), seed=5)
    talk = Turn(game, CONCORDIA).talk()
    next(talk)
    slots = talk.send("senator")
    assert [(o.title, o.detail) for o in slots.options][:2] == [
        ("Mason", "slot 1: 1 food"), ("Diplomat (Saturnus)",
                                      "slot 2: 1 tools, 1 good of your choice")]


def test_a_prefect_on_a_coin_side_province_is_refused_by_the_rule(play):
    played = play(["prefect", "Italia", "prefect", "Italia", "Gallia"])
    assert played.prompter.refusals[0].startswith("The Italia marker shows coins")
    assert "(rule: Prefect: production in a province" in played.prompter.refusals[0]
    assert [e["province"] for e in played.entries] == ["Italia", "Gallia"]


def test_explain_says_what_the_rule_is(cli, play):
    play(["tribune", "no new colonist"])
    log = cli("concordia", "log", "--json").json()
    seq = next(line["seq"] for line in log if line["type"] == "tribune")
    explained = " ".join(cli("concordia", "explain", str(seq)).out.split())
    assert "The Tribune takes the played cards back into the hand" in explained


def test_the_storehouse_question_counts_its_cells_in_words():
    from referee.concordia.ui.table import CONCORDIA
    from tests.concordia.test_engine import new_game

    game = new_game(load_box(), names=("Ann", "Bob", "Cid"), seed=5)
    ann = game.state.players[0]
    ann.goods["brick"] += game.board.cells() - ann.used_cells() - 1  # one cell left
    game.state.overflow = [(0, {"wine": 2, "food": 1})]
    assert CONCORDIA.question_text(game.pending()) == "Ann: which goods fill 1 free cell?"


# ------------------------------------------------------------------ setting up
def test_the_checklist_comes_in_parts_that_fit_a_screen():
    from referee.concordia.deal import deal
    from referee.concordia.ui.checklist import parts
    from referee.terminal.asking import folded

    box = load_box()
    for map_id, names in (("imperium", ["A", "B", "C", "D", "E"]), ("italia", ["A", "B"])):
        for part in parts(deal(box, map_id, names, 7), box):
            assert sum(len(folded(line, 79)) for line in part) <= 30


def test_new_at_a_terminal_asks_colours_the_start_player_and_the_board(play, sessions_dir):
    cities = {"Britannia": "f f", "Dacia": "c w t", "Germania": "b b", "Gallia": "t f f",
              "Hispania": "c b b", "Mauretania": "w t", "Aegyptus": "t c w",
              "Asia": "b f w", "Libya": "b t", "Syria": "b f", "Hellas": "b t",
              "Italia": "f w c"}
    board = [cities[p] for p in ("Britannia", "Dacia", "Germania", "Gallia", "Hispania",
                                 "Mauretania", "Aegyptus", "Asia", "Libya", "Syria",
                                 "Hellas", "Italia")]
    display = "mercator, farmer, mason, diplomat (saturnus), architect, colonist, smith"
    played = play(["imperium", "Ann, Bob, Cid", "red", "blue", "no colour", "Bob",
                   "type it in", *board, display], "concordia", "new")
    store = SessionStore(sessions_dir)
    with store.open(store.latest("concordia")) as session:
        header = session.header
    assert header.start_player == "Bob" and header.player_names[0] == "Bob"
    assert {p.name: p.colour for p in header.players} == {"Ann": "red", "Bob": "blue",
                                                          "Cid": None}
    options = header.options
    assert options["draw_pile"] is None and options["cities"]["Novaria"] == "wine"
    assert options["display"][0] == "mercator@I"
    assert played.entries == []


def test_a_typed_board_refuses_what_the_tokens_cannot_make_on_its_own_question():
    from referee.concordia.ui.setup_flow import ask_new
    from referee.errors import Cancelled

    prompter = ScriptedPrompter(["imperium", "Ann, Bob, Cid", "1", "1", "1", "1",
                                 "type it in", "f f", "f f f", "c", "c w t", "b", "quit"])
    with pytest.raises(Cancelled):
        ask_new(prompter, load_box(), [], {}, None, None)
    too_many, wrong_count, also_wrong = prompter.refusals
    assert "letter A" in too_many and "Name 3 goods" in wrong_count
    assert "Name 2 goods" in also_wrong
    assert [q.split(" (")[0] for q in prompter.asked[-6:]] == [
        "Britannia", "Dacia", "Dacia", "Dacia", "Germania", "Germania"]


def test_entries_typed_in_russian_are_recorded_in_the_games_own_words(play):
    played = play(["торговец", "вино 1", "кирпич 1"], lang="ru")
    assert json.dumps(played.entries[0]["sell"]) == '{"wine": 1}'


def test_a_guided_concordia_session_replays(play, sessions_dir):
    play(["architect", "land Roma > Novaria", "done", "Novaria", "tribune", "sea"])
    from referee.concordia.ui.table import CONCORDIA

    store = SessionStore(sessions_dir)
    with store.open(store.latest("concordia")) as session:
        game = sessions.load(CONCORDIA, session)
    assert game.invariants() == [] and len(game.history) == 2


@pytest.mark.parametrize(("pile", "drawn", "warned"), [
    ("known", 2, True),   # the referee drew them: undoing the entry asks the table first
    ("known", 0, False),  # nothing was drawn
    (None, 2, False),     # the table turned them up itself, each its own entry
])
def test_undo_warns_of_the_cards_a_refill_drew(pile, drawn, warned):
    from types import SimpleNamespace

    from referee.concordia.effects import card_words
    from referee.concordia.rulebook import ref
    from referee.concordia.ui.questions import ConcordiaView
    from referee.concordia.ui.table import CONCORDIA
    from referee.rulings import Ruling
    from referee.store.model import Event
    from referee.table.session import RULING

    refill = Ruling(ref("concordia.market.refill"), "refilled with {cards}",
                    {"cards": card_words(drawn)})
    events = [Event(type="buy", actor="Ann", seq=5, time="t"),
              Event(type=RULING, payload=refill.to_json(), actor="referee",
                    source="derived", seq=6, time="t", cause=5)]
    session = SimpleNamespace(header=SimpleNamespace(options={"draw_pile": pile}),
                              effective_events=lambda: events)
    view = ConcordiaView(CONCORDIA, session, ScriptedPrompter([]))
    assert view.revealed(session, 5) == (["the cards that refilled the display"] if warned
                                         else [])
    assert view.revealed(session, 6) == []
