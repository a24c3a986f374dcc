"""The guided game at the command line: two full games from scenario files through
``enter`` reach the calculator's score; illegal entries are refused (exit 2, the rule
named) and leave the session file as it was; undo and status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.store import SessionStore
from referee.store.journal import scan
from referee.trajan import actions, holdings
from referee.trajan.engine import Game
from referee.trajan.setup import Setup

from .engine_helpers import choices_game

SCENARIOS = Path(__file__).parents[2] / "sessions" / "examples" / "scenarios"


def scenario(players: int) -> dict:
    return json.loads((SCENARIOS / f"trajan-{players}-players.json").read_text("utf-8"))


def new_session(cli, setup: dict) -> str:
    args = ["trajan", "new", "--seed", str(setup["seed"]), "--deal", setup["deal"],
            "--no-play"]
    for name in setup["players"]:
        args += ["--player", name]
    assert cli(*args).code == 0
    return cli("trajan", "status", "--json").json()["id"]


def write(tmp_path: Path, name: str, doc) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def session_file(sessions_dir: Path, sid: str) -> bytes:
    return (sessions_dir / f"{sid}.json").read_bytes()


def saved_setup(cli, tmp_path: Path, doc: dict) -> str:
    """A session begun with a scenario's own setup (``replay --save`` of its first entry):
    the shipped scenarios were recorded before the two choices were asked."""
    first = {**doc, "entries": doc["entries"][:1]}
    assert cli("trajan", "replay", write(tmp_path, "first.json", first), "--save").code == 0
    return cli("trajan", "status", "--json").json()["id"]


# a refusal for some of the questions a game asks, and the rule it must name
ILLEGAL = {
    "sow": lambda q, game: {"type": "sow", "player": q.actor, "tray": _empty_or_wrong(q, game),
                            "order": "yyyyyyy"},
    "forum": lambda q, game: {"type": "forum", "player": q.actor, "tile": "not-a-tile"},
    "senate": lambda q, game: {"type": "senate", "player": _other(q, game)},
    "military": lambda q, game: {"type": "military", "player": q.actor, "mode": "move",
                                 "province": _far(q, game)},
    "figures": lambda q, game: {"type": "figures", "player": q.actor, "count": q.params["most"]
                                + 1},
    "demands": lambda q, game: _unheld_tile(q, game),
}
ALWAYS = ("figures", "demands")  # the two choices: always tried


def _far(q, game) -> str:
    """A province the leader cannot reach in one move."""
    from referee.trajan import military

    leader = game.state.player(q.actor).leader
    near = {leader, *military.neighbours(leader)}
    return next(p for p in ("britannia", "noricum", "aquitania") if p not in near)


def _unheld_tile(q, game) -> dict:
    """One forum tile more of an icon than the player holds."""
    tiles = game.state.player(q.actor).tiles
    icon = min(holdings.DEMANDS, key=lambda i: tiles[i])
    return {"type": "demands", "player": q.actor, "forum": {icon: tiles[icon] + 1}}


def _other(q, game) -> str:
    return next(n for n in game.setup.players if n != q.actor)


def _empty_or_wrong(q, game) -> str:
    trays = game.state.player(q.actor).trays
    return next((r for r, t in zip("I II III IV V VI".split(), trays, strict=True) if not t),
                "I")


@pytest.mark.parametrize("which", ["2-players", "4-players", "choices"])
def test_a_full_game_through_enter_reaches_the_calculators_score(cli, sessions_dir, tmp_path,
                                                                  which):
    doc = choices_game() if which == "choices" else scenario(int(which[0]))
    game = Game(Setup.from_json(doc["setup"]))
    if which == "choices":  # a new session asks both choices
        sid, entries = new_session(cli, doc["setup"]), doc["entries"]
    else:
        sid, entries = saved_setup(cli, tmp_path, doc), doc["entries"][1:]
        game.apply(actions.from_json(doc["entries"][0]))
    refused, waiting, tried = 0, [], set()
    for n, raw in enumerate(entries):
        q = game.pending()
        if q.kind in ILLEGAL and (n % 7 == 0 or q.kind in ALWAYS):  # try what rules forbid
            if waiting:  # the entries so far, checked and written together
                assert cli("trajan", "enter", sid, "--file",
                           write(tmp_path, f"upto{n}.json", waiting)).code == 0
                waiting = []
            before = session_file(sessions_dir, sid)
            bad = cli("trajan", "enter", sid, "--entry", json.dumps(ILLEGAL[q.kind](q, game)))
            assert bad.code == 2 and "(rule: " in bad.err, bad.err
            assert session_file(sessions_dir, sid) == before
            refused += 1
            tried.add(q.kind)
        game.apply(actions.from_json(raw))
        waiting.append(raw)
    assert refused >= 3
    if which == "choices":
        assert tried >= set(ALWAYS)
    assert cli("trajan", "enter", sid, "--file", write(tmp_path, "rest.json", waiting)).code == 0
    status = cli("trajan", "status", sid, "--json").json()
    assert status["pending"] is None and status["state"]["over"]
    by_hand = cli("trajan", "score", "--input", write(tmp_path, "end.json", holdings.end_state_doc(
        game.state)), "--json").json()
    played = cli("trajan", "replay", write(tmp_path, "whole.json", doc), "--json").json()["result"]
    assert [(s["player"], s["score"]) for s in played["standings"]] == [
        (p["name"], p["total"]) for p in by_hand["players"]]
    stored = cli("sessions", "export", sid).json()["result"]["outcome"]  # kept in the session
    assert stored["standings"] == played["standings"]


def test_undo_and_status_and_log(cli, tmp_path):
    doc = scenario(2)
    sid = new_session(cli, doc["setup"])
    assert cli("trajan", "enter", sid, "--file", write(tmp_path, "some.json",
                                                       doc["entries"][:12])).code == 0
    before = cli("trajan", "status", sid, "--json").json()
    assert cli("trajan", "enter", sid, "--entry", json.dumps(doc["entries"][12])).code == 0
    undone = cli("trajan", "undo", sid, "--json")
    assert undone.code == 0
    after = cli("trajan", "status", sid, "--json").json()
    assert after["state"] == before["state"] and after["pending"] == before["pending"]
    log = cli("trajan", "log", sid, "--json").json()
    assert any("sows" in line["text"] or "markers" in line["text"] for line in log)
    shown = cli("trajan", "status", sid)
    assert shown.code == 0 and "Ann" in shown.out
    assert cli("trajan", "explain", sid, "3").code == 0


def test_a_new_game_needs_players_off_a_terminal(cli):
    r = cli("trajan", "new", "--player", "Ann")
    assert r.code == 2 and "2 to 4" in r.err
    assert cli("trajan", "new").code == 2


def test_the_shipped_example_session_is_what_the_scenario_produces():
    from referee.store import SessionStore
    from referee.table import session as sessions
    from referee.table.scenario import read, run
    from referee.trajan.ui.table import TRAJAN

    store = SessionStore(SCENARIOS.parent / "trajan")
    (session_id,) = store.ids()
    game, _rulings = run(TRAJAN, read(TRAJAN, SCENARIOS / "trajan-2-players.json"))
    with store.open(session_id) as session:
        assert sessions.load(TRAJAN, session).fingerprint() == game.fingerprint()
        assert session.last_effective("outcome").payload == game.outcome().to_json()


def test_simulate_command_reports_finished_games_and_no_violations(cli):
    out = cli("trajan", "simulate", "--players", "3", "--games", "2", "--json").json()
    assert (out["games"], out["finished"], out["invariant_violations"]) == (2, 2, 0)
    assert cli("trajan", "simulate", "--deal", "dealer").code == 2


def test_a_refused_entry_leaves_an_unfinished_last_line_for_the_next_recorded_one(
        cli, sessions_dir, tmp_path):
    """The shared table layer's store path: a write cut short before (no newline) is left
    byte for byte by a refusal, and cut off by the next entry recorded, with one notice."""
    doc = scenario(2)
    sid = new_session(cli, doc["setup"])
    assert cli("trajan", "enter", sid, "--file", write(tmp_path, "some.json",
                                                       doc["entries"][:12])).code == 0
    path = sessions_dir / f"{sid}.json"
    backup = path.with_name(path.name + ".bak")
    whole = session_file(sessions_dir, sid)
    torn = whole + b'{"put":{"events":{"99":{"seq":99,"ty'
    path.write_bytes(torn)
    saved = backup.read_bytes()
    game = Game(Setup.from_json(doc["setup"]))
    for raw in doc["entries"][:12]:
        game.apply(actions.from_json(raw))
    q = game.pending()
    bad = cli("trajan", "enter", sid, "--entry", json.dumps(
        {"type": q.kind, "player": _other(q, game)}))
    assert bad.code == 2 and "unfinished write" not in bad.err
    assert path.read_bytes() == torn and backup.read_bytes() == saved
    good = cli("trajan", "enter", sid, "--entry", json.dumps(doc["entries"][12]))
    assert good.code == 0 and good.err.count("unfinished write") == 1
    after = path.read_bytes()
    found = scan(after)
    assert backup.read_bytes() == after and after.startswith(whole)
    assert found.problem is None and found.torn_tail == 0 and found.lines == \
        whole.count(b"\n") + 1
    with SessionStore(sessions_dir).open(sid) as session:
        assert [actions.from_json(e.payload) for e in session.entries()] == \
            [actions.from_json(raw) for raw in doc["entries"][:13]]


def test_log_and_explain_show_the_two_choices_with_their_rules(cli, tmp_path):
    doc = choices_game()
    assert cli("trajan", "replay", write(tmp_path, "whole.json", doc), "--save").code == 0
    log = cli("trajan", "log", "--json").json()
    sid = cli("trajan", "status", "--json").json()["id"]
    chosen = {line["type"]: line for line in log if line["type"] in ("figures", "demands")}
    assert "places" in chosen["figures"]["text"] and "hands in" in chosen["demands"]["text"]
    for kind, rule, effect in (
            ("figures", "Trajan tiles: 1 or 2 subjects to a camp", "camp"),
            ("demands", "Quarter end: the people's demands", "demands with Trajan tiles")):
        shown = cli("trajan", "explain", sid, str(chosen[kind]["seq"]))
        assert shown.code == 0, shown.err
        assert f"Accepted under: {rule}" in shown.out and effect in shown.out
    russian = cli("--lang", "ru", "trajan", "explain", sid, str(chosen["demands"]["seq"]))
    assert "Принято по правилу: Конец квартала: потребности народа" in russian.out
