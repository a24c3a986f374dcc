"""``trajan status`` of a guided game: the kept bread, games and religion Trajan tiles, and a
finished game's final score, as text and as JSON."""

from __future__ import annotations

import json

import pytest

from referee.trajan import actions, holdings
from referee.trajan.engine import Game
from referee.trajan.setup import Setup
from tests.trajan.test_guided import SCENARIOS, new_session, scenario, write


def cells(out: str, label: str) -> list[str]:
    """The players' cells of the table row that starts with ``label``."""
    row = next(line for line in out.splitlines() if line.startswith(f"│ {label} "))
    return [c.strip() for c in row.split("│")[2:-1]]


# The two-player scenario: entry 145 completes Bob's religion Trajan tile (white, green).
KEPT_AT = 145


def test_a_completed_religion_tile_is_shown_as_kept(cli, tmp_path):
    doc = scenario(2)
    sid = new_session(cli, doc["setup"])
    assert cli("trajan", "enter", sid, "--file",
               write(tmp_path, "before.json", doc["entries"][:KEPT_AT - 1])).code == 0
    before = cli("trajan", "status", sid, "--json").json()["state"]["players"]
    assert [p["kept_trajan_tiles"] for p in before] == [{}, {}]
    done = cli("trajan", "enter", sid, "--entry", json.dumps(doc["entries"][KEPT_AT - 1]),
               "--json")
    assert done.code == 0, done.err
    assert any("keeps the tile" in r["text"] for r in done.json()["rulings"])
    players = cli("trajan", "status", sid, "--json").json()["state"]["players"]
    assert {p["name"]: p["kept_trajan_tiles"] for p in players} == {
        "Ann": {}, "Bob": {"religion": 1}}
    assert cells(cli("trajan", "status", sid).out, "Trajan tiles kept") == ["–", "religion ×1"]


@pytest.mark.parametrize("lang,label,religion", [("ru", "Оставленные жетоны Траяна", "религия"),
                                                 ("es", "Fichas de Trajano guardadas",
                                                  "religión")])
def test_the_kept_tiles_row_speaks_each_language(cli, tmp_path, lang, label, religion):
    doc = scenario(2)
    sid = new_session(cli, doc["setup"])
    assert cli("trajan", "enter", sid, "--file",
               write(tmp_path, "upto.json", doc["entries"][:KEPT_AT])).code == 0
    shown = cli("--lang", lang, "trajan", "status", sid).out
    assert cells(shown, label) == ["–", f"{religion} ×1"]


def test_a_finished_game_shows_its_final_score_in_status(cli, tmp_path):
    path = str(SCENARIOS / "trajan-2-players.json")
    assert cli("trajan", "replay", path, "--save").code == 0
    played = cli("trajan", "replay", path, "--json").json()
    status = cli("trajan", "status", "--json").json()
    assert status["pending"] is None and status["state"]["over"]
    result = status["result"]
    doc = scenario(2)
    game = Game.replay(Setup.from_json(doc["setup"]),
                       [actions.from_json(e) for e in doc["entries"]])
    by_hand = cli("trajan", "score", "--input", write(tmp_path, "end.json", holdings.end_state_doc(
        game.state)), "--json", "--no-save").json()
    assert [(p["name"], p["total"]) for p in result["players"]] == [
        (p["name"], p["total"]) for p in by_hand["players"]]
    assert result["ranking"] == by_hand["ranking"]
    assert result["outcome"]["standings"] == played["result"]["standings"]
    shown = cli("trajan", "status")
    assert shown.code == 0
    assert cells(shown.out, "Total") == [str(p["total"]) for p in by_hand["players"]]


def test_a_running_game_has_no_result_yet(cli, tmp_path):
    doc = scenario(2)
    sid = new_session(cli, doc["setup"])
    assert cli("trajan", "enter", sid, "--file",
               write(tmp_path, "some.json", doc["entries"][:10])).code == 0
    assert cli("trajan", "status", sid, "--json").json()["result"] is None
