"""`referee` alone: at a terminal one question offers what a table wants first (resume the
unfinished game entered last, a new guided game, the help); off a terminal, the help."""

from __future__ import annotations

import json
import time

import pytest

from referee.errors import Cancelled
from referee.terminal import prompter as prompter_module
from referee.terminal.prompter import ScriptedPrompter
from tests.results.helpers import TRIBUNE, write

NEW = [("tribune", "new"), ("concordia", "new"), ("trajan", "new")]
HELP, QUIT = ("--help",), ()
TRIBUNE_NEW = ["tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
               "--points-variant", "--deck", "virtual", "--thermae", "3", "--seed", "4",
               "--no-play", "--json"]


class Menu(ScriptedPrompter):
    """Scripted answers, keeping the values each list offered."""

    def __init__(self, answers):
        super().__init__(answers)
        self.offered = []

    def select(self, message, choices, default=prompter_module.NO_DEFAULT):
        self.offered.append([c.value for c in choices])
        return super().select(message, choices, default)


@pytest.fixture
def at_a_terminal(monkeypatch):
    """``at_a_terminal(answers)``: the next runs are at a terminal, answered from the list."""
    def use(answers):
        menu = Menu(answers)
        monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: menu)
        monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
        return menu
    return use


@pytest.mark.parametrize("root", [[], ["--lang", "ru"], ["--lang", "es"]])
def test_without_a_terminal_it_prints_the_help_and_exits_0(cli, root):
    alone = cli(*root)
    assert alone.code == 0 and alone.err == ""
    assert alone.out == cli(*root, "--help").out and "referee" in alone.out


def test_with_nothing_unfinished_it_offers_the_three_games_the_help_and_quit(cli,
                                                                          at_a_terminal):
    menu = at_a_terminal([HELP])
    shown = cli()
    assert shown.code == 0 and shown.out == cli("--help").out
    assert menu.asked == ["What would you like to do?"]
    assert menu.offered == [[*NEW, HELP, QUIT]]


def test_quit_runs_nothing_and_ctrl_c_exits_130(cli, at_a_terminal, sessions_dir):
    at_a_terminal([QUIT])
    quit_ = cli()
    assert (quit_.code, quit_.out, quit_.err) == (0, "", "")
    at_a_terminal([Cancelled])
    assert cli().code == 130
    assert not sessions_dir.exists() or list(sessions_dir.glob("*.json")) == []


def test_a_new_game_is_started_and_offered_to_resume_next_time(cli, at_a_terminal):
    """Concordia from the menu: its own questions (board side, players, colours, the start
    player, the board dealt here and its checklist), then the game's first question, where
    the table stops; `referee` again offers that game first, and Enter on it asks the same
    question again."""
    menu = at_a_terminal([("concordia", "new"), "italia", "Ann, Bob", "red", "blue",
                          "draw one at random", "deal it here", "", "", Cancelled])
    assert cli().code == 130
    first_question = menu.asked[-1]
    assert menu.asked[1:3] == ["Which side of the board?",
                               "Players, clockwise, separated by commas:"]
    [game] = cli("sessions", "list", "--json").json()
    # the deal draws the start player, who sits first: the order is luck, the names are not
    assert (game["game"], sorted(game["players"]), game["finished"]) == (
        "concordia", ["Ann", "Bob"], False)
    menu = at_a_terminal([("concordia", "resume", game["id"]), Cancelled])
    assert cli().code == 130
    assert menu.offered[0] == [("concordia", "resume", game["id"]), *NEW, HELP, QUIT]
    assert menu.asked[0] == "What would you like to do?"
    assert menu.asked[1] == first_question


def test_the_game_offered_is_the_unfinished_one_entered_last(cli, at_a_terminal, tmp_path):
    """Started first but entered last, it is the one the table was playing; a finished
    game (a typed-in score, newer still) is no game to resume."""
    older = cli(*TRIBUNE_NEW).json()
    newer = cli(*TRIBUNE_NEW).json()
    choice = older["pending"]["choose_from"][:2]
    entry = json.dumps({"type": "cards", "player": "Ann", "cards": choice})
    assert cli("tribune", "enter", older["id"], "--entry", entry).code == 0
    assert cli("tribune", "score", "--input", write(tmp_path, TRIBUNE, "scores.json")).code == 0
    menu = at_a_terminal([QUIT])
    cli()
    [offered] = menu.offered
    assert offered[0] == ("tribune", "resume", older["id"]) and newer["id"] not in str(offered)


def test_the_root_options_hold_for_the_menu_and_the_command_chosen(cli, at_a_terminal,
                                                                   tmp_path):
    """--lang asks in that language and runs the choice in it; --sessions-dir looks for the
    game to resume in that folder."""
    menu = at_a_terminal([HELP])
    shown = cli("--lang", "ru")
    assert menu.asked == ["Что вы хотите сделать?"]
    assert shown.out == cli("--lang", "ru", "--help").out
    elsewhere = tmp_path / "elsewhere"
    made = cli("--sessions-dir", elsewhere, *TRIBUNE_NEW).json()
    menu = at_a_terminal([QUIT])
    cli("--lang", "es")
    assert menu.asked == ["¿Qué desea hacer?"] and len(menu.offered[0]) == 5
    menu = at_a_terminal([QUIT])
    cli("--sessions-dir", elsewhere)
    assert menu.offered[0][0] == ("tribune", "resume", made["id"])


def test_the_resume_item_names_the_game_the_players_and_the_last_entry(monkeypatch):
    from referee.cli.start import resume_title
    from referee.store import Summary

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        found = Summary("20261127-190512-3e18", "trajan", "evrikus-2022",
                        ["Ann", "Bob\x1b[2J"], "2026-11-27T19:05:12+00:00", 40,
                        "2026-11-27T21:04:59.120+00:00", False)
        assert resume_title(found) == ("Resume Trajan with Ann, Bob\\x1b[2J "
                                       "(last entry 2026-11-27 21:04)")
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()


def test_the_menu_names_the_games_as_their_tables_do():
    from referee.cli.app import COMMANDS
    from referee.cli.start import GAMES
    from referee.concordia.ui.table import CONCORDIA
    from referee.trajan.ui.table import TRAJAN
    from referee.tribune.ui.table import TRIBUNE

    assert GAMES == {t.name: t.title for t in (TRIBUNE, CONCORDIA, TRAJAN)}
    assert set(GAMES) == {name for name, command in COMMANDS.items()
                          if command.target == f"referee.{name}.cli:COMMANDS"}
