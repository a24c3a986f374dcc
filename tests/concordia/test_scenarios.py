"""Two full games played through `concordia enter` from their scenario files.

Each file (sessions/examples/scenarios/) holds the setup, every entry of a game to its end,
and illegal entries to try at chosen points ("refused": after entry N, the entry and the rule
it breaks). Every illegal entry exits 2 naming its rule and leaves the session unchanged; the
finished session's result equals `concordia score --input` on the same end state.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.concordia import actions as act
from referee.concordia.box import load_box
from referee.concordia.engine import Game
from referee.concordia.rulebook import RULES
from referee.concordia.setup import Setup
from referee.store import OUTCOME, SessionStore

SCENARIOS = Path(__file__).parents[2] / "sessions" / "examples" / "scenarios"
FILES = ["concordia-imperium-3.json", "concordia-italia-2.json"]


def enter(cli, entries: list, tmp_path: Path):
    path = tmp_path / "entries.json"
    path.write_text(json.dumps(entries), encoding="utf-8")
    return cli("concordia", "enter", "--file", path, "--json")


@pytest.mark.parametrize("name", FILES)
def test_a_full_game_through_enter(cli, sessions_dir, tmp_path, name):
    scenario = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    start = tmp_path / "start.json"
    start.write_text(json.dumps({**scenario, "entries": []}), encoding="utf-8")
    assert cli("concordia", "replay", start, "--save").code == 0
    entries, done = scenario["entries"], 0
    for refusal in scenario["refused"]:
        if refusal["after"] > done:
            result = enter(cli, entries[done:refusal["after"]], tmp_path)
            assert result.code == 0, result.err
            done = refusal["after"]
        before = cli("concordia", "status", "--json").json()
        refused = cli("concordia", "enter", "--entry", json.dumps(refusal["entry"]))
        assert refused.code == 2, refusal
        said = " ".join(refused.err.split())
        assert RULES[refusal["rule"]] in said and "Traceback" not in said
        assert cli("concordia", "status", "--json").json() == before
    assert enter(cli, entries[done:], tmp_path).code == 0
    status = cli("concordia", "status", "--json").json()
    assert status["over"] and status["concordia"] is not None

    store = SessionStore(sessions_dir)
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        recorded = session.last_effective(OUTCOME).payload
    kept = {s["player"]: s["score"] for s in recorded["standings"]}

    box = load_box()
    game = Game.replay(Setup.from_json(scenario["setup"], box),
                       [act.from_json(e) for e in entries], box)
    assert game.invariants() == []
    end = game.score_input()
    typed = tmp_path / "end.json"
    typed.write_text(json.dumps({"map": end.map_id, "cities": dict(end.cities), "players": [
        {"name": p.name, "cards": [box.cards[c].name for c in p.cards], "houses": list(p.houses),
         "colonists_on_board": p.colonists_on_board, "sestertii": p.sestertii,
         "storehouse": dict(p.storehouse), "concordia": p.concordia,
         "praefectus_magnus": p.praefectus_magnus, "seat": p.seat} for p in end.players]}),
        encoding="utf-8")
    scored = cli("concordia", "score", "--input", typed, "--json", "--no-save")
    assert scored.code == 0, scored.err
    assert {p["name"]: p["total"] for p in scored.json()["players"]} == kept


def test_the_shipped_example_session_is_what_the_scenario_produces():
    from referee.concordia.ui.table import CONCORDIA
    from referee.table import session as sessions
    from referee.table.scenario import read, run

    store = SessionStore(SCENARIOS.parent / "concordia")
    (session_id,) = store.ids()
    game, _rulings = run(CONCORDIA, read(CONCORDIA, SCENARIOS / "concordia-italia-2.json"))
    with store.open(session_id) as session:
        assert sessions.load(CONCORDIA, session).fingerprint() == game.fingerprint()
        assert session.last_effective(OUTCOME).payload == game.outcome().to_json()
