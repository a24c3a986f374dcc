"""The `referee trajan` commands, driven in-process against real files."""

import json

import pytest

from referee.terminal import prompter
from referee.terminal.prompter import ScriptedPrompter

# The 10 bonus tiles a 2-player game hands out: one each at setup (gold), then each quarter
# one gold to the first consul and one silver to the second. Those not named in the totals
# below score nothing: no cards shown, no forum tile of the icon, no worker building.
SCORE = {"players": [
    {"name": "Livia", "vp": 61, "cards_in_hand": 2, "workers_in_camp": 1,
     "trajan_tiles_on_wheel": 1, "construction_tiles": {"roof": 3}, "senate_position": 0,
     "senate_stack_rank": 2,
     "bonus_tiles": [{"kind": "legionaries", "side": "silver"},
                     {"kind": "columns_furs", "side": "gold"},
                     {"kind": "scrolls_oil", "side": "gold"},
                     {"kind": "fruit_pottery", "side": "silver"}],
     "legionaries_in_provinces": 3},
    {"name": "Marcus", "vp": 70, "cards_in_hand": 1, "senate_position": 0,
     "senate_stack_rank": 1,
     "bonus_tiles": [{"kind": "games", "side": "gold"}, {"kind": "bread", "side": "gold"},
                     {"kind": "religion", "side": "gold"}, {"kind": "wine_fish", "side": "gold"},
                     {"kind": "jewellery_gems", "side": "silver"},
                     {"kind": "cattle_wheat", "side": "silver"}],
     "forum_demand_tiles": {"games": 0}},
]}


@pytest.fixture
def write(tmp_path):
    def put(doc, name="in.json"):
        path = tmp_path / name
        path.write_text(json.dumps(doc), encoding="utf-8")
        return path
    return put


def test_score_from_a_file(cli, write):
    r = cli("trajan", "score", "--input", write(SCORE), "--json")
    assert r.code == 0, r.err
    out = {p["name"]: p for p in r.json()["players"]}
    # Livia: 61 + 2 cards + 1 worker + 1 Trajan tile + roof x3 (10) + silver legionaries 3 x 1
    # = 78. Marcus: 70 + 1 card + gold games without a forum games tile (0) = 71.
    assert out["Livia"]["total"] == 78 and out["Livia"]["breakdown"]["construction_sets"] == 10
    assert out["Marcus"]["total"] == 71 and out["Marcus"]["breakdown"]["bonus:games"] == 0
    assert r.json()["ranking"] == ["Livia", "Marcus"]
    assert (out["Livia"]["ranking"], out["Marcus"]["ranking"]) == (1, 2)


def test_score_table_in_russian(cli, write):
    r = cli("--lang", "ru", "trajan", "score", "--input", write(SCORE))
    assert r.code == 0, r.err
    assert "Итого" in r.out and "78" in r.out


def test_score_explain_lists_every_line(cli, write):
    r = cli("trajan", "score", "--input", write(SCORE), "--explain")
    assert "Sets of 4: none; sets of 3: roof" in r.out
    assert "silver legionaries: 3 counted, 1 VP each" in r.out


def test_score_reports_the_first_problem_and_json_lists_every_one(cli, write):
    bad = {"players": [{"name": "A", "vp": 1, "cards_in_hand": -2, "senate_position": 1},
                       {"name": "B", "vp": "x", "senate_position": 0}]}
    r = cli("trajan", "score", "--input", write(bad))
    assert r.code == 2
    [line] = r.err.strip().splitlines()
    assert line.endswith("(and 2 more problems; --json lists them all)")
    r = cli("trajan", "score", "--input", write(bad), "--json")
    assert r.code == 2 and len(json.loads(r.out)["errors"]) == 3


def test_score_does_not_prompt_without_a_terminal(cli):
    r = cli("trajan", "score")
    assert r.code == 2 and "--input" in r.err


def test_score_interactive_with_scripted_answers(cli, monkeypatch):
    answers = ["2", "Ann, Bob",
               # Ann: VP, 4 items, 5 building kinds, construction wilds
               "40", "1", "0", "0", "2", "0", "0", "0", "0", "0", "0",
               # bonus tiles: workers gold; 4 workers on the building area; senate start, top
               "workers", "gold", "4", "start", "1",
               "45", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0",
               # Bob's starting tile, cattle and wheat gold, with no such cards shown
               "cattle and wheat", "gold", "0", "0", "0", "start", "2"]
    script = ScriptedPrompter(answers)
    monkeypatch.setattr(prompter, "make_prompter", lambda hint: script)
    # only the starting tiles were typed: a game of four quarters hands out 8 more, so the
    # end state is scored as irregular, which it says
    r = cli("trajan", "score", "--json", "--irregular")
    assert r.code == 0, r.err
    out = {p["name"]: p["total"] for p in r.json()["players"]}
    # Ann: 40 + 1 card + 2 Trajan tiles + gold workers 4 x 1 = 47; Bob: 45.
    assert out == {"Ann": 47, "Bob": 45}
    assert [i["rule"] for i in r.json()["irregular"]] == ["trajan.bonus.handed"]
    assert script.answers == []


def test_quarter_end_senate_example(cli, write):
    doc = {"quarter": 1, "demands": ["bread", "games", "games"],
           "bonus_tiles": ["religion", "workers"], "first_consul_takes": "religion",
           "players": [
               {"name": "Green", "senate_position": 5, "senate_stack_rank": 1,
                "forum_demand_tiles": {"bread": 1, "games": 2}},
               {"name": "Brown", "senate_position": 5, "senate_stack_rank": 2,
                "senate_tiles": [3], "trajan_demand_tiles": {"games": 1}, "vp": 12}]}
    r = cli("trajan", "check", "quarter-end", "--input", write(doc), "--json")
    assert r.code == 0, r.err
    out = r.json()
    assert (out["first_consul"], out["second_consul"]) == ("Brown", "Green")
    brown = next(d for d in out["demands"] if d["name"] == "Brown")
    # Brown meets one games demand with his Trajan tile; bread and the other games: -9.
    assert (brown["unmet"], brown["penalty"], brown["vp_after"]) == (2, -9, 3)
    assert len(out["checklist"]) == 8
    human = cli("--lang", "ru", "trajan", "check", "quarter-end", "--input", write(doc))
    assert human.code == 0 and "Сенат" in human.out


def test_quarter_end_asks_the_first_consul(cli, monkeypatch):
    answers = ["2", "2", "bread, bread, religion", "wine and fish, workers", "A, B",
               "1", "0", "0", "0", "0", "0", "0", "4", "1", "",
               "0", "0", "0", "0", "0", "0", "0", "4", "2", "5",
               "workers"]
    script = ScriptedPrompter(answers)
    monkeypatch.setattr(prompter, "make_prompter", lambda hint: script)
    r = cli("trajan", "check", "quarter-end", "--json")
    assert r.code == 0, r.err
    out = r.json()
    assert out["first_consul"] == "B"  # 4 + 5 votes against 4
    a = next(d for d in out["demands"] if d["name"] == "A")
    assert (a["unmet"], a["penalty"]) == (2, -9)
    bonus = [x for x in out["rulings"] if "gold" in x["params"]][0]
    assert bonus["params"]["gold"]["term"] == "workers"


def test_sow_and_reach(cli):
    r = cli("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--from", "V", "--time", "9",
            "--players", "2", "--json")
    plan = r.json()["plans"][0]
    assert (plan["target"], plan["action"], plan["time_steps"], plan["round_ends"]) == (
        "I", "seaport", 2, True)
    r = cli("trajan", "check", "sow", "--trays", "yo,b,yo,gg,ww,ppb", "--reach", "military",
            "--tile", "III=yo:worker1", "--json")
    # I (2 markers) and II (1) end in III; so does VI (3 markers: I, II, III).
    assert [p["from"] for p in r.json()["plans"]] == ["I", "II", "VI"]
    assert all(p["trajan_tile"]["possible"] for p in r.json()["plans"])


def test_sow_errors_exit_2_with_the_rule(cli):
    r = cli("trajan", "check", "sow", "--trays", "4,0,2,2,2,2", "--from", "II")
    assert r.code == 2 and "Sowing the action markers" in r.err
    r = cli("trajan", "check", "sow", "--trays", "2,2,2,2,2,2")
    assert r.code == 2 and "--reach" in r.err
    r = cli("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--from", "I", "--time", "3")
    assert r.code == 2 and "--players" in r.err
    r = cli("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--from", "I", "--tile", "III=yo")
    assert r.code == 2 and "colours" in r.err


def test_ship_military_and_build(cli):
    r = cli("trajan", "check", "ship", "--cards", "wine,wine,wine", "--grey", "same", "--json")
    same = next(s for s in r.json()["ships"] if s["ship"] == "same")
    assert (same["vp"], same["side"]) == (7, "grey")
    r = cli("trajan", "check", "military", "move", "--from", "camp", "--json")
    assert r.json()["neighbours"] == ["alpes", "raetia", "noricum"]
    r = cli("trajan", "check", "military", "move", "--from", "camp", "--to", "britannia")
    assert r.code == 2 and "3" in r.err
    r = cli("trajan", "check", "military", "legionary", "--province", "britannia", "--others", "1",
            "--json")
    assert r.json()["vp"] == 7
    r = cli("trajan", "check", "build", "--mine", "B2", "--to", "B3", "--tile", "window:4",
            "--json")
    assert (r.json()["vp"], r.json()["bonus_action"]) == (4, "military")
    r = cli("--lang", "ru", "trajan", "check", "build", "--mine", "B2", "--to", "D4")
    assert r.code == 2 and "D4" in r.err and "не граничит" in r.err


def test_a_tile_worth_a_superscript_is_refused_not_a_traceback(cli):
    r = cli("trajan", "check", "build", "--to", "B2", "--tile", "window:³")
    assert r.code == 2 and r.err.strip() == "--tile is kind:VP, e.g. window:4"
    assert cli("trajan", "check", "build", "--to", "B2", "--tile", "window:٤").code == 0


def test_the_calculators_old_names_still_work_but_are_not_listed(cli):
    """The calculators moved under ``check``; their old top-level names stay as hidden
    aliases (Trajan's quarter-end, sow, ship, build, military; Concordia's calc)."""
    old = cli("trajan", "sow", "--trays", "2,2,2,2,2,2", "--from", "V", "--json")
    new = cli("trajan", "check", "sow", "--trays", "2,2,2,2,2,2", "--from", "V", "--json")
    assert old.code == new.code == 0 and old.json() == new.json()
    listed = cli("trajan", "--help").out
    assert "check" in listed and not any(f"  {name} " in listed for name in
                                         ("sow", "ship", "build", "military", "quarter-end"))
    calc = cli("concordia", "calc", "tribune", "--taken-back", "5", "--json")
    check = cli("concordia", "check", "tribune", "--taken-back", "5", "--json")
    assert calc.code == check.code == 0 and calc.json() == check.json()
    assert "  calc " not in cli("concordia", "--help").out
