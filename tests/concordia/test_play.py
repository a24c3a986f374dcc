"""Guided Concordia through the shared table commands: new, enter, status, log, explain, undo."""

from __future__ import annotations

import json

from tests.concordia.helpers import DATA

NEW = ("concordia", "new", "--player", "Ann:red", "--player", "Bob", "--player", "Cid",
       "--map", "imperium", "--seed", "5", "--start", "Ann", "--no-play")


def started(cli) -> str:
    made = cli(*NEW)
    assert made.code == 0, made.err
    assert "Praefectus Magnus to Cid" in made.out          # the checklist for the box
    return cli("concordia", "status", "--json").json()["id"]


def enter(cli, entry: dict):
    return cli("concordia", "enter", "--entry", json.dumps(entry), "--json")


def test_new_then_entries_status_log_explain_and_undo(cli):
    started(cli)
    status = cli("concordia", "status", "--json").json()
    assert status["pending"]["actor"] == "Ann" and status["pending"]["kind"] == "turn"
    assert [p["sestertii"] for p in status["players"]] == [5, 6, 7]
    assert status["praefectus_magnus"] == "Cid" and len(status["display"]) == 7
    move = {"type": "architect", "player": "Ann",
            "moves": [{"kind": "land", "start": ["Roma"], "path": ["Novaria"]}]}
    done = enter(cli, move)
    assert done.code == 0, done.err
    assert done.json()["pending"]["actor"] == "Bob"
    log = cli("concordia", "log", "--json").json()
    walked = next(line for line in log if "colonist goes Roma, Novaria" in line["text"])
    explained = cli("concordia", "explain", str(walked["seq"]))
    assert explained.code == 0 and "Architect: moving colonists" in explained.out
    shown = " ".join(cli("concordia", "status").out.split())
    assert "Ann: 5 sestertii" in shown and "land Novaria–Roma" in shown
    undone = cli("concordia", "undo")
    assert undone.code == 0 and "Took back: Ann: Architect" in undone.out
    assert cli("concordia", "status", "--json").json()["pending"]["actor"] == "Ann"


def test_refused_entries_exit_2_name_the_rule_and_change_nothing(cli):
    started(cli)
    before = cli("concordia", "status", "--json").json()
    for entry, rule in [
        ({"type": "tribune", "player": "Bob"}, "A turn: play one card from the hand"),
        ({"type": "architect", "player": "Ann", "build": ["Roma"]},
         "Architect: no houses in Roma"),
        ({"type": "architect", "player": "Ann",
          "moves": [{"kind": "sea", "start": ["Roma"], "path": ["Novaria"]}]},
         "Architect: moving colonists"),
        ({"type": "diplomat", "player": "Ann", "target": "Bob",
          "action": {"type": "prefect", "province": None}},
         "Diplomat: copy an opponent's top card"),
    ]:
        result = cli("concordia", "enter", "--entry", json.dumps(entry))
        assert result.code == 2, entry
        assert rule in result.err and "Traceback" not in result.err
        assert cli("concordia", "status", "--json").json() == before
    garbage = cli("concordia", "enter", "--entry", '{"type": "architect", "moves": 3}')
    assert garbage.code == 2 and "Not a valid Concordia entry" in garbage.err


def test_new_without_a_terminal_names_the_flags(cli):
    result = cli("concordia", "new")
    assert result.code == 2 and "--player" in result.err and "--map" in result.err


def test_a_board_typed_from_the_table_asks_for_each_refill(cli, tmp_path):
    from referee.concordia.box import load_box
    from referee.concordia.deal import deal

    dealt = deal(load_box(), "italia", ["Ann", "Bob"], 9, start_player="Ann")
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"cities": dealt.cities,
                                 "display": [c.card for c in dealt.display]}), "utf-8")
    made = cli("concordia", "new", "--player", "Ann", "--player", "Bob", "--map", "italia",
               "--setup", board, "--no-play")
    assert made.code == 0, made.err
    bought = enter(cli, {"type": "senator", "player": "Ann", "purchases": [{"slot": 1}]})
    assert bought.code == 0, bought.err
    pending = bought.json()["pending"]
    assert (pending["actor"], pending["kind"]) == ("table", "reveal")
    unseen = dealt.draw_pile[0].card
    assert enter(cli, {"type": "reveal", "card": unseen}).code == 0
    assert cli("concordia", "status", "--json").json()["display"][-1] == f"{unseen}@I"


def test_a_guided_session_lends_its_city_goods_to_the_calculators(cli):
    session = started(cli)
    result = cli("concordia", "check", "prefect", "--session", session, "--province", "Italia",
                 "--player", "Ann", "--json")
    assert result.code == 0, result.err


def test_score_input_of_the_rulebook_end_state_still_scores(cli):
    result = cli("concordia", "score", "--input", DATA / "rulebook_end_state.json", "--json")
    assert result.code == 0, result.err


def test_a_refused_entry_leaves_an_unfinished_last_line_for_the_next_recorded_one(
        cli, sessions_dir):
    """Through the shared table layer as for Tribune and Trajan: a write cut short (no
    newline) is left byte for byte by a refusal, and cut off by the next entry recorded."""
    sid = started(cli)
    path = sessions_dir / f"{sid}.json"
    backup = path.with_name(path.name + ".bak")
    whole = path.read_bytes()
    torn = whole + b'{"put":{"events":{"99":{"seq":99,"ty'
    path.write_bytes(torn)
    saved = backup.read_bytes()
    refused = cli("concordia", "enter", "--entry", json.dumps({"type": "tribune", "player": "Bob"}))
    assert refused.code == 2 and "unfinished write" not in refused.err
    assert path.read_bytes() == torn and backup.read_bytes() == saved
    done = enter(cli, {"type": "architect", "player": "Ann",
                       "moves": [{"kind": "land", "start": ["Roma"], "path": ["Novaria"]}]})
    assert done.code == 0 and done.err.count("unfinished write") == 1
    assert done.json()["pending"]["actor"] == "Bob"
    after = path.read_bytes()
    assert backup.read_bytes() == after and after.startswith(whole) and after.endswith(b"\n")
    assert b'"seq":99,"ty' not in after
