"""One output policy for every stream: names that carry terminal escapes, bidi overrides or
spreadsheet formulas reach people as text, and names that name nobody are refused."""

from __future__ import annotations

import csv
import io
import json

import pytest

from referee.errors import Cancelled
from referee.outcome import Outcome, Standing

CLEAR = "Eve\x1b[2J"                  # clears the screen
CLIPBOARD = "Max\x1b]52;c;cm0gLXJm\x07"  # writes the clipboard (OSC 52)
CSI8 = "Kim\x9b2J"                    # the 8-bit CSI: an escape sequence on many terminals
RLO = "Ann\u202egnp.exe"              # right-to-left override: reads as 'Annexe.png'
RAW = ("\x1b", "\x9b", "\u202e", "\x07")


@pytest.fixture
def hostile(sessions_dir):
    """A finished game whose names carry control characters, as a hand-edited and
    re-sealed session file can (the store writes what it is given)."""
    from referee.results.record import save_scored
    from referee.store import SessionStore

    names = [CLEAR, CLIPBOARD, CSI8, RLO]
    standings = tuple(Standing(n, i + 1, 20 - i, i + 1, {"tribune": 20 - i})
                      for i, n in enumerate(names))
    return save_scored(SessionStore(sessions_dir), Outcome("tribune", "ffg", standings), {})


def assert_no_raw(text):
    assert not any(c in text for c in RAW), repr(text)


@pytest.mark.parametrize("command", [["history"], ["stats"], ["players", "list"],
                                     ["sessions", "list"]])
def test_terminal_output_shows_control_characters_escaped(cli, hostile, command):
    result = cli(*command)
    assert result.code == 0, result.err
    assert_no_raw(result.out + result.err)
    if command[0] != "sessions":
        assert "\\x1b[2J" in result.out and "\\u202e" in result.out
    if command == ["history"]:
        assert "\\x9b2J" in result.out and "\\x07" in result.out


def test_the_log_and_errors_show_bidi_overrides_escaped(capsys):
    from referee.terminal.output import print_error, print_line

    print_line(f"12 {RLO} bids 2")
    print_error(f"No player {CLEAR}")
    captured = capsys.readouterr()
    assert captured.out == "12 Ann\\u202egnp.exe bids 2\n"
    assert captured.err == "No player Eve\\x1b[2J\n"


def test_the_rich_console_escapes_text_it_did_not_make_itself(capsys):
    """Strings (table cells included) and Text a renderer built from raw text alike."""
    from rich.table import Table
    from rich.text import Text

    from referee.terminal import output

    output.console.cache_clear()
    table = Table("Player")
    table.add_row(CLIPBOARD)
    table.add_row(Text(CSI8))
    output.console().print(table)
    output.console().print(RLO, "line one\nline two")
    out = capsys.readouterr().out
    assert_no_raw(out)
    assert "\\x1b]52" in out and "\\x9b2J" in out and "\\u202e" in out
    assert "line one\nline two" in out  # line breaks of the program's own text stay


@pytest.mark.parametrize("command", [["history", "--json"], ["stats", "--json"],
                                     ["sessions", "list", "--json"], ["players", "list",
                                                                       "--json"]])
def test_json_output_escapes_c1_and_bidi_characters(cli, hostile, command):
    result = cli(*command)
    assert result.code == 0, result.err
    assert_no_raw(result.out)
    assert "\\u009b" in result.out and "\\u202e" in result.out
    names = json.dumps(result.json(), ensure_ascii=False)
    assert CSI8 in names and RLO in names  # a program reads the same names back


def test_the_json_export_escapes_them_too(cli, hostile):
    result = cli("sessions", "export", hostile)
    assert_no_raw(result.out)
    standings = result.json()["result"]["outcome"]["standings"]
    assert [s["player"] for s in standings] == [CLEAR, CLIPBOARD, CSI8, RLO]


FORMULAS = ["=HYPERLINK(\"http://x\";\"click\")", "+cmd|' /C calc'!A0", "@SUM(A1:A9)",
            "-2+3 Bob"]


@pytest.fixture
def formulas(sessions_dir):
    from referee.results.record import save_scored
    from referee.store import SessionStore

    standings = tuple(Standing(n, i + 1, 10 - i, i + 1, {"vesta": -i})
                      for i, n in enumerate(FORMULAS))
    return save_scored(SessionStore(sessions_dir), Outcome("concordia", "imperium", standings),
                       {})


def _number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def rows(text):
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""),
                           delimiter=";" if text.startswith("\ufeff") and ";" in
                           text.splitlines()[0] else ","))


@pytest.mark.parametrize("command", [["sessions", "export", "{id}", "--format", "csv"],
                                     ["history", "--csv"], ["stats", "--csv"],
                                     ["history", "--excel"]])
def test_csv_cells_that_would_start_a_formula_are_neutralised(cli, formulas, command):
    result = cli(*(formulas if a == "{id}" else a for a in command))
    assert result.code == 0, result.err
    cells = [c for row in rows(result.out) for c in row]
    assert not any(c.startswith(("=", "+", "@")) for c in cells)
    assert not any(c.startswith("-") and not _number(c) for c in cells)
    found = {c for c in cells if c.startswith("'")}
    assert {f"'{n}" for n in FORMULAS} <= found
    if command[0] == "history":
        assert "-1" in cells  # a negative number stays a number


@pytest.mark.parametrize("command", [["history", "--csv"],
                                     ["sessions", "export", "{id}", "--format", "csv"]])
def test_csv_shows_control_characters_escaped(cli, hostile, command):
    result = cli(*(hostile if a == "{id}" else a for a in command))
    assert_no_raw(result.out)
    assert "Max\\x1b]52;c;cm0gLXJm\\x07" in result.out


COMBINING = "\u0301\u0302\u0303"  # three accents and no letter


@pytest.mark.parametrize("name", [COMBINING, "  ", "\u202eAnn", "Ann\x1b[2J", "---"])
def test_a_name_without_a_letter_or_digit_or_with_controls_is_refused(name):
    from referee.names import BadName, player_name

    with pytest.raises(BadName):
        player_name(name)


def test_names_are_composed_nfc():
    from referee.names import player_name

    assert player_name(" Jose\u0301 ") == "Jos\u00e9"
    assert player_name("Ёжик") == "Ёжик" and player_name("7") == "7"


@pytest.mark.parametrize("game", ["tribune", "concordia", "trajan"])
def test_every_games_score_refuses_a_name_of_combining_marks(cli, tmp_path, game):
    from tests.results.helpers import CONCORDIA, TRAJAN, TRIBUNE, write

    if game == "tribune":
        doc = [dict(TRIBUNE[0], name=COMBINING), *TRIBUNE[1:]]
    elif game == "trajan":
        doc = {"players": [dict(TRAJAN["players"][0], name=COMBINING),
                           TRAJAN["players"][1]]}
    else:
        doc = json.loads(CONCORDIA.read_text())
        doc["players"][0]["name"] = COMBINING
    result = cli(game, "score", "--input", write(tmp_path, doc, "in.json"), "--json")
    assert result.code == 2 and "needs at least one letter or digit" in result.err
    assert cli("history", "--json").json() == []


@pytest.mark.parametrize("game, flags", [
    ("tribune", ["--player", "Ann", "--player", COMBINING, "--edition", "ffg",
                 "--points-variant", "--deck", "virtual", "--thermae", "3"]),
    ("concordia", ["--map", "imperium", "--player", "Ann", "--player", COMBINING]),
    ("trajan", ["--player", "Ann", "--player", COMBINING])])
def test_every_games_setup_refuses_it(cli, game, flags):
    result = cli(game, "new", *flags, "--json")
    assert result.code == 2 and "needs at least one letter or digit" in result.err


def test_aliases_and_the_alias_file_refuse_it(cli, user_data_home):
    result = cli("players", "alias", COMBINING, "Ann")
    assert result.code == 2 and "needs at least one letter or digit" in result.err
    user_data_home.mkdir(parents=True, exist_ok=True)
    (user_data_home / "players.json").write_text(json.dumps({"aliases": {"Bob": COMBINING}}))
    result = cli("players", "list")
    assert result.code == 2 and "players.json" in result.err
    assert "needs at least one letter or digit" in result.err


def test_a_prompt_asks_again_for_a_name_without_letters():
    from referee.terminal.prompter import ScriptedPrompter
    from referee.tribune.ui.score import ask_entries

    prompter = ScriptedPrompter(["Ann, " + COMBINING, "quit"])
    with pytest.raises(Cancelled):
        ask_entries(prompter, "ffg")
    assert "letter or digit" in prompter.refusals[0]
