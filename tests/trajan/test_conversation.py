"""Trajan's guided questions through the conversation kit: each defect a table met, as a
test. The answers are typed as a person types them (``ScriptedPrompter.line`` reads each
like the real question line). The game is the one played on a pseudo-terminal
(``tests/terminal/test_trajan_pty.py``): Ann and Bob, the referee dealing with seed 10."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.guide import Guide
from referee.terminal.prompter import ScriptedPrompter
from referee.trajan.actions import from_json
from referee.trajan.setup import Setup
from referee.trajan.ui.render import piece
from referee.trajan.ui.table import TRAJAN
from tests.table.conversation import Played, play_new
from tests.terminal.test_trajan_pty import NEW, TWIN
from tests.trajan.test_deal import CODE

SETUP = ["yo gw pb yo gw pb", "bp wg oy bp wg oy", "3", "2", "3", "1", "3", "2", "3 4 5",
         "1 5 6"]


@pytest.fixture
def play(cli, sessions_dir, monkeypatch):
    """The answers typed at ``trajan new`` (the setup's own answers first, unless the game
    is begun otherwise), then quit; what was recorded."""
    def run(answers: list[Any], *new: str, lang: str = "en", setup: bool = True) -> Played:
        played = play_new(cli, sessions_dir, monkeypatch, ("trajan", "new", *(new or NEW)),
                          [*(SETUP if setup else []), *answers], lang)
        played.entries = [{k: v for k, v in e.items() if k != "kind"} for e in played.entries]
        return played
    return run


def at(tmp_path, before: int, typed: list[str], lang: str = "en") -> tuple[ScriptedPrompter,
                                                                           list[dict], str]:
    """The pty game's first ``before`` entries entered, then ``typed`` at the questions
    that follow (and quit): the prompter, what the answers recorded, what was printed."""
    import contextlib
    import io

    from referee.i18n import set_language

    setup = Setup.create(["Ann", "Bob"], "Ann", seed=10)
    session, game = sessions.create(TRAJAN, SessionStore(tmp_path), setup)
    prompter = ScriptedPrompter([*typed, "quit"])
    out = io.StringIO()
    set_language(lang)
    try:
        with session, contextlib.redirect_stdout(out):
            from referee.terminal import output

            output.console.cache_clear()
            sessions.apply_all(TRAJAN, session, game, [from_json(e) for e in TWIN[:before]])
            Guide(TRAJAN, session, game, prompter).run()
            made = [{k: v for k, v in e.payload.items() if k != "kind"}
                    for e in session.entries()[before:]]
    finally:
        set_language("en")
        output.console.cache_clear()
    assert prompter.answers == []
    return prompter, made, " ".join(out.getvalue().split())


# ------------------------------------------------------------------ typed text is read
def test_quit_typed_at_the_tray_question_quits_and_sows_nothing(play):
    played = play([])  # the fixture types quit at the first turn's tray question
    assert played.prompter.asked[-1] == "Ann: which tray do you sow, and in what colour order?"
    assert [e["type"] for e in played.entries].count("sow") == 0
    assert "Continue with: referee trajan resume" in played.out


def test_a_lone_enter_at_a_list_takes_nothing(play):
    played = play(["", "6", "2"])
    assert played.prompter.refusals == ["Type a number from 1 to 6, or a name."]
    assert played.entries[-1] == TWIN[10]


def test_an_empty_tray_cannot_be_sown(tmp_path):
    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    for raw in TWIN[:23]:
        game.apply(from_json(raw))
    empty = next(i for i, t in enumerate(game.state.player("Bob").trays) if not t)
    prompter, made, _out = at(tmp_path, 23, [str(empty + 1), "1", "6", "1"])
    assert prompter.refusals[0].endswith("cannot be chosen now: empty")
    assert made[0] == TWIN[23]


# ------------------------------------------------------------------ a refusal keeps its turn
def test_a_refused_colour_order_asks_the_order_again_and_keeps_the_tray(tmp_path):
    prompter, made, _out = at(tmp_path, 25, ["1", "gbyx", "gbyy", "gbyo"])
    first, second = prompter.refusals
    assert "colours are letters y o g w p b" in first
    assert "Tray I holds" in second and "(rule: Sowing the action markers" in second
    assert prompter.asked.count("Ann: which tray do you sow, and in what colour order?") == 1
    assert made[0] == TWIN[25]


def test_undo_goes_back_from_the_order_to_the_tray_then_to_the_last_entry(tmp_path):
    prompter, made, out = at(tmp_path, 10, ["6", "undo", "5", "undo", "undo", "yes"])
    assert "Back one question." in out
    # the referee drew new stack tops when Bob took his tiles: the table says yes first
    assert "Careful: this takes back an entry that showed cards (The 9 VP Trajan stack" in out
    assert "Took back: Bob takes starting tiles from 9 VP, legionaries" in out
    assert made == []


# ------------------------------------------------------------------ nothing given up by Enter
def test_a_pass_is_taken_only_from_a_yes(tmp_path):
    prompter, made, _out = at(tmp_path, 11, ["8", "", "no", "8", "yes"])
    assert prompter.refusals == ["Answer yes or no."]
    assert "Take no tile from the forum? (yes/no)" in prompter.asked
    assert made == [{"type": "pass", "player": "Ann"}]


def test_help_at_every_kind_of_question_says_how_to_answer(tmp_path):
    from referee.i18n import catalog

    for before, kind in ((0, "markers"), (2, "starting_card"), (8, "start_tiles"),
                         (10, "sow"), (15, "seaport"), (16, "seaport_discard"),
                         (18, "trajan"), (19, "extra_action"), (28, "construction"),
                         (37, "figures"), (40, "military"), (43, "consul")):
        for lang in ("en", "ru", "es"):
            _p, _made, out = at(tmp_path / f"{kind}-{lang}", before,
                                ["помощь" if lang == "ru" else "help"], lang)
            rule = catalog("core", lang).gettext("Rule: {rule}").split("{")[0]
            assert rule in out, (kind, lang)
            said = out.split(rule, 1)[1]
            assert "Traceback" not in out
            assert len(said.split(".")[0]) > 20, (kind, lang, said)  # the question's help


# ------------------------------------------------------------------ the table is told
def test_a_virtual_deal_names_everything_it_lays_out(play):
    played = play([])
    out = played.out
    assert "A forum tile face up in each province: Alpes: commodity wild, Raetia: bread" in out
    assert "Building area, row 1: A1: roof (5 VP), B1: steps (3 VP)" in out
    assert "The Trajan stacks, each with its top tile face up: 9 VP tile (green, green)" in out
    assert "Beside the senate track, gold side up: scrolls and oil, religion" in out
    assert "Discard pile 1: gems turned up from the deck" in out
    assert "Bob draws furs from the deck" in out
    assert "The 2 cards Trajan stack now shows 2 cards tile (orange, orange)" in out


def test_new_stack_tops_and_the_quarter_end_refills_are_named(tmp_path):
    _p, _made, out = at(tmp_path, 18, ["2"])
    assert re.search(r"The \+2 Trajan stack now shows \+2 tile \(\w+, \w+\)", out)
    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    for raw in TWIN[:43]:
        game.apply(from_json(raw))
    game.state.board.provinces["alpes"] = None  # its tile taken, and nobody there
    said = [TRAJAN.ruling_text(r) for r in game.apply(from_json(TWIN[43]))]
    refill = [t for t in said if t.startswith("A forum tile face up in each province left")]
    tile = game.state.board.provinces["alpes"]
    assert tile is not None
    assert refill == [f"A forum tile face up in each province left empty: Alpes: "
                      f"{piece(tile)}"]
    assert any(t.startswith("The forum holds: ") for t in said)
    assert any(t.startswith("Beside the senate track, gold side up: ") for t in said)


def test_building_cells_name_their_tile(tmp_path):
    from referee.trajan.ui.questions import Turn

    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    for raw in TWIN[:28]:
        game.apply(from_json(raw))
    talk = Turn(game, TRAJAN).talk()
    cells = next(talk)
    titles = [(o.title, o.detail) for o in cells.options]
    assert ("A2: fountain (5 VP)", "+5 VP and the Seaport action (first fountain)") in titles
    assert ("recruit a worker", "13 subjects in the supply") in titles


def test_no_code_of_the_data_reaches_a_screen(tmp_path, cli, sessions_dir):
    played_out = at(tmp_path, 0, [])[2]
    made = cli("trajan", "new", *NEW, "--no-play", "--json").json()["id"]
    for raw in TWIN[:40]:
        assert cli("trajan", "enter", made, "--entry", json.dumps(raw)).code == 0
    texts = [played_out, cli("trajan", "status", made).out, cli("trajan", "log", made).out]
    for text in texts:
        assert CODE.findall(text) == []


# ------------------------------------------------------------------ every language
def test_a_russian_table_types_russian_colours_cards_and_buildings(play):
    played = play(["жо зб рг жо зб рг", "гр бз ож гр бз ож", "украшения", "2", "3", "1",
                   "3", "2", "3 4 5", "1 5 6", "6", "гр", "хлеб"], lang="ru", setup=False)
    assert played.entries[:12] == TWIN[:12]


def test_a_spanish_table_types_its_own_letters_where_b_is_white(play):
    played = play(["an vb rz an vb rz", "zr bv na zr bv na", "joyas", "2", "3", "1", "3",
                   "2", "3 4 5", "1 5 6", "6", "zr"], lang="es", setup=False)
    assert played.entries[0]["trays"] == ["yo", "gw", "pb", "yo", "gw", "pb"]
    assert played.entries[:11] == TWIN[:11]


def test_a_building_and_a_province_named_in_russian(tmp_path):
    _p, made, _out = at(tmp_path, 28, ["фонтан 5"], "ru")
    assert made[0] == TWIN[28]
    _p, made, _out = at(tmp_path / "military", 40, ["Норик"], "ru")
    assert made[0] == TWIN[40]


# ------------------------------------------------------------------ smaller things
def test_ship_loads_show_their_points_and_say_to_turn_the_ship_grey(tmp_path):
    prompter, made, out = at(tmp_path, 29, ["load", "2"])
    assert made[0] == TWIN[29]
    from referee.trajan.ui.questions import Turn

    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    for raw in TWIN[:29]:
        game.apply(from_json(raw))
    talk = Turn(game, TRAJAN).talk()
    next(talk)
    loads = talk.send("·ship")
    shown = [(o.title, o.detail) for o in loads.options]
    assert shown[:2] == [("same-goods ship: pottery, pottery", "6 VP, then turn the ship grey"),
                         ("pairs ship: pottery, pottery", "5 VP, then turn the ship grey")]
    assert not any("+0" in title or "wilds)" in title for title, _d in shown)
    assert "pairs ship (coloured side): fits, 5 VP [Seaport" in out
    assert "Turn the pairs ship to its grey side" in out


def test_discard_pile_options_name_their_top_card(tmp_path):
    prompter, _made, _out = at(tmp_path, 2, ["jewellery"])
    from referee.trajan.ui.questions import Turn

    game = TRAJAN.new_game(Setup.create(["Ann", "Bob"], "Ann", seed=10))
    for raw in TWIN[:2]:
        game.apply(from_json(raw))
    titles = [o.title for o in next(Turn(game, TRAJAN).talk()).options]
    assert titles == ["the deck", "gems from discard pile 1", "jewellery from discard pile 2"]


# ------------------------------------------------------------------ the rest of the loop
def test_markers_the_rules_refuse_are_asked_again(play):
    played = play(["yyy gw pb yo gw pb", "yo gw pb yo gw pw", *SETUP], setup=False)
    three, white = played.prompter.refusals
    assert "exactly 2 markers" in three and "3 white markers; a mat has 2" in white
    assert played.entries[:10] == TWIN[:10]


def test_status_and_help_at_a_turn_keep_the_turn(play):
    played = play(["6", "status", "help", "2"])
    assert "Building area" in played.out and "Next: Ann: which tray do you sow" in played.out
    assert "Rule: Sowing the action markers" in played.out
    assert played.entries[-1] == TWIN[10]


@pytest.mark.parametrize("kind, said", [
    ("figures", "pass places none"), ("demands", "A demand that can be met must be met")])
def test_help_at_the_two_choices_says_what_they_mean(tmp_path, kind, said):
    from tests.terminal.test_trajan_pty import stopped_before

    sid, _game = stopped_before(tmp_path, kind, 2)
    with SessionStore(tmp_path).open(sid, write=True) as session:
        prompter = ScriptedPrompter(["help", "quit"])
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            from referee.terminal import output

            output.console.cache_clear()
            Guide(TRAJAN, session, sessions.load(TRAJAN, session), prompter).run()
        output.console.cache_clear()
    assert said in " ".join(out.getvalue().split())


def test_new_without_players_asks_them_the_start_player_and_who_draws(play, sessions_dir):
    played = play(["Ann, Bob, Ann", "Ann, Bob", "Bob", "the table"], "--seed", "3",
                  setup=False)
    assert played.prompter.refusals == ["Two players have the same name"]
    store = SessionStore(sessions_dir)
    with store.open(store.latest("trajan")) as session:
        header = session.header
    assert header.start_player == "Bob" and header.options["deal"] == "table"
    assert played.entries == []
