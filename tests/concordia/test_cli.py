"""The ``referee concordia`` commands, run in-process against real files."""

from __future__ import annotations

import json

import pytest

from referee.terminal import prompter
from referee.terminal.prompter import ScriptedPrompter
from tests.concordia.helpers import DATA, STARTING, end_state, example


def write(tmp_path, raw, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_score_json_lists_players_in_input_order(cli):
    result = cli("concordia", "score", "--input", DATA / "rulebook_end_state.json", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert [p["name"] for p in data["players"]] == ["Red", "Blue", "Yellow"]
    red = data["players"][0]
    assert red["total"] == 114
    assert red["breakdown"] == {"vesta": 3, "jupiter": 18, "saturnus": 28, "mercurius": 16,
                                "mars": 30, "minerva": 12, "concordia": 7}
    assert data["ranking"] == ["Red", "Blue", "Yellow"]
    assert data["confirmed"] is True


def test_score_table_shows_why_and_ranking(cli):
    result = cli("concordia", "score", "--input", DATA / "rulebook_end_state.json")
    assert result.code == 0
    assert "4 cards × 7 provinces" in result.out
    assert "1. Red: 114" in result.out


def test_score_in_russian(cli):
    result = cli("--lang", "ru", "concordia", "score", "--input",
                 DATA / "rulebook_end_state.json")
    assert result.code == 0
    assert "4 карты × 7 провинций" in result.out
    assert "Сатурн" in result.out


def test_a_file_with_several_problems_gets_one_line_and_json_lists_them_all(cli, tmp_path):
    """One line: the problem that comes first in the file, its line, how many more."""
    raw = example()
    red, blue = raw["players"][0], raw["players"][1]
    red["houses"] += ["Roma", "LONDINIVM", "Londinum"]
    red["colonists_on_board"] = 7
    blue["sestertii"] = -3
    blue["cards"] = STARTING + ["Consull"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(raw, indent=2), encoding="utf-8")
    text = path.read_text(encoding="utf-8").splitlines()
    red_line = text.index('      "name": "Red",') + 1
    result = cli("concordia", "score", "--input", path)
    assert result.code == 2
    [line] = result.err.strip().splitlines()
    assert line.startswith(f"{path}, line {red_line}: Red: ")
    assert line.endswith("(and 5 more problems; --json lists them all)")
    as_json = cli("concordia", "score", "--input", path, "--json")
    assert as_json.code == 2
    problems = json.loads(as_json.out)["errors"]
    messages = [p["message"] for p in problems]
    assert len(messages) == 6
    assert any("Roma" in m for m in messages)
    assert any("two houses in Londinium" in m for m in messages)
    assert any("did you mean Londinium" in m for m in messages)
    assert any("7 colonists" in m for m in messages)
    assert any("-3" in m for m in messages)
    assert any("did you mean Consul" in m for m in messages)
    at = {p["message"]: p["line"] for p in problems}
    assert text[at[next(m for m in messages if "Consull" in m)] - 1].strip() == '"Consull"'
    assert text[at[next(m for m in messages if "7 colonists" in m)] - 1].strip() == \
        '"colonists_on_board": 7,'
    assert text[at[next(m for m in messages if "-3" in m)] - 1].strip() == '"sestertii": -3,'


def test_more_than_15_houses_and_impossible_cards_are_rejected(cli, tmp_path):
    raw = example()
    raw["players"][0]["houses"] = list(raw["cities"])[:16]
    raw["players"][1]["cards"] = STARTING + ["Diplomat (Mars)"]   # deck V: 5 players only
    result = cli("concordia", "score", "--input", write(tmp_path, raw), "--json")
    assert result.code == 2
    messages = " | ".join(e["message"] for e in json.loads(result.out)["errors"])
    assert "16 houses" in messages
    assert "Diplomat (Mars)" in messages and "3 players" in messages


def test_score_without_terminal_names_the_flag(cli):
    result = cli("concordia", "score")
    assert result.code == 2
    assert "--input" in result.err


def test_interactive_scoring_builds_the_same_game(cli, monkeypatch, tmp_path):
    answers = ["imperium", 3, "Red", "Blue", "Yellow"]
    for player in end_state()["players"]:
        bought = player["cards"][len(STARTING):]
        answers += [*bought, "", *player["houses"], "", str(player["colonists_on_board"]),
                    str(player["sestertii"])]
        answers += [str(player.get("storehouse", {}).get(g, 0))
                    for g in ("brick", "food", "tools", "wine", "cloth")]
    houses = sorted({h for p in end_state()["players"] for h in p["houses"]})
    answers += [end_state()["cities"][c] for c in houses]
    answers += ["Red", "Blue"]
    script = ScriptedPrompter(answers)
    monkeypatch.setattr(prompter, "make_prompter", lambda hint: script)
    saved = tmp_path / "answers.json"
    result = cli("concordia", "score", "--json", "--save-input", saved)
    assert result.code == 0, result.err
    assert script.answers == []
    assert result.json()["players"][0]["total"] == 114
    assert json.loads(saved.read_text())["players"][0]["concordia"] is True


def test_interactive_house_prompt_refuses_roma_and_suggests(monkeypatch, cli):
    script = ScriptedPrompter(["imperium", 3, "Red", "Blue", "Yellow", "", "Rome"])
    monkeypatch.setattr(prompter, "make_prompter", lambda hint: script)
    result = cli("concordia", "score")
    assert result.code == 2
    assert "Roma" in result.err


def test_setup_is_saved_and_scoring_takes_city_goods_from_the_session(cli, tmp_path):
    made = cli("concordia", "setup", "--map", "imperium", "--players", "3", "--seed", "11",
               "--name", "Red", "--name", "Blue", "--name", "Yellow", "--json")
    assert made.code == 0, made.err
    setup = made.json()
    raw = end_state()
    del raw["cities"]
    result = cli("concordia", "score", "--input", write(tmp_path, raw), "--session",
                 setup["session"], "--json")
    assert result.code == 0, result.err
    red = result.json()["players"][0]
    goods = [setup["cities"][c] for c in raw["players"][0]["houses"]]
    # Jupiter depends only on the dealt goods: 2 cards × houses outside brick cities.
    assert red["breakdown"]["jupiter"] == 2 * sum(1 for g in goods if g != "brick")


def test_setup_checklist_and_unconfirmed_note(cli):
    result = cli("concordia", "setup", "--map", "italia", "--players", "2", "--seed", "3",
                 "--no-save")
    assert result.code == 0, result.err
    assert "Praefectus Magnus" in result.out
    assert "letter D stay in the box" in result.out
    assert "back in the box: III, IV, V" in result.out
    assert "does not confirm" in result.out      # the letter-B mix is disputed


def test_setup_rejects_map_player_mismatch(cli):
    result = cli("concordia", "setup", "--map", "italia", "--players", "5", "--no-save")
    assert result.code == 2
    assert "2–4" in result.err


@pytest.mark.parametrize("args,expected", [
    (["house", "--city", "Aquileia", "--city-good", "Aquileia=food", "--existing", "2"],
     {"goods": {"brick": 1, "food": 1}, "sestertii": 6}),
    (["card", "--card", "Colonist", "--slot", "6", "--consul"], {"total": {"food": 1}}),
    (["card", "--card", "Colonist", "--slot", "6"],
     {"total": {"food": 1, "cloth": 1, "any": 1}}),
    (["tribune", "--taken-back", "5"], {"sestertii": 2}),
    (["colonist", "--on-board", "3", "--new", "2"],
     {"income": 8, "cost": {"food": 2, "tools": 2}}),
    (["vesta", "--sestertii", "13", "--goods", "cloth=1,tools=3", "--goods", "brick=1"],
     {"wealth": 38, "points_per_card": 3}),
    (["interim", "--score", "Ann=20", "--score", "Bob=17"],
     {"sestertii": {"Ann": 2, "Bob": 1}}),
])
def test_calculators_json(cli, args, expected):
    result = cli("concordia", "check", *args, "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert {k: data[k] for k in expected} == expected
    assert data["explanation"]


def test_a_malformed_city_good_names_its_own_option(cli):
    for check in (["house", "--city", "Londinium"], ["prefect", "--coins", "Britannia"]):
        result = cli("concordia", "check", *check, "--city-good", "Londinium")
        assert result.code == 2
        assert "--city-good expects NAME=VALUE, not “Londinium”." in result.err


def test_calculator_errors_exit_2(cli):
    result = cli("concordia", "check", "house", "--city", "Roma")
    assert result.code == 2 and "Roma" in result.err
    result = cli("concordia", "check", "trade", "--goods", "wine=3", "--colonists-on-board", "2",
                 "--sestertii", "0", "--sell", "wine=1", "--buy", "wine=1")
    assert result.code == 2 and "two different kinds" in result.err


def test_prefect_with_session_goods(cli):
    made = cli("concordia", "setup", "--map", "imperium", "--players", "4", "--seed", "5",
               "--json").json()
    syria = {c: made["cities"][c] for c in ("Antiochia", "Tyros")}
    result = cli("concordia", "check", "prefect", "--session", made["session"], "--province",
                 "Syria", "--player", "P", "--house", "P=Tyros", "--magnus", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["marker"] == made["markers"]["Syria"]
    assert data["bonus"] == {"P": {made["markers"]["Syria"]: 2}}
    assert data["production"] == {"P": {syria["Tyros"]: 1}}


def test_map_lists_routes_both_ways(cli):
    result = cli("concordia", "map", "--map", "imperium", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["land"]["Roma"] == ["Aquileia", "Novaria", "Syracusae"]
    assert data["sea"]["Roma"] == ["Carthago", "Massilia", "Syracusae"]
    assert "Roma" in data["land"]["Novaria"]
    assert data["routes_confidence"] == "SINGLE"
