"""``concordia status`` of a guided game: each player's score so far by god while it runs
(the rulebook's optional interim scoring counts every card as at the end), the final score
once it is over; as text in three languages and as JSON, by the code ``concordia score`` and
``concordia check interim`` run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.concordia import actions as act
from referee.concordia.box import load_box
from referee.concordia.end_state import typed_end_state
from referee.concordia.engine import Game
from referee.concordia.rulebook import RULES
from referee.concordia.setup import Setup

SCENARIOS = Path(__file__).parents[2] / "sessions" / "examples" / "scenarios"
BOX = load_box()
GODS = ["vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva"]


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def saved(cli, tmp_path: Path, name: str, entries: int | None = None) -> dict:
    """The scenario's game, saved as a session after its first ``entries`` entries."""
    doc = scenario(name)
    doc = {**doc, "entries": doc["entries"][:entries], "refused": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert cli("concordia", "replay", path, "--save").code == 0
    return doc


def replayed(doc: dict) -> Game:
    return Game.replay(Setup.from_json(doc["setup"], BOX),
                       [act.from_json(e) for e in doc["entries"]], BOX)


def test_a_running_game_shows_the_score_so_far_by_god(cli, tmp_path):
    doc = saved(cli, tmp_path, "concordia-imperium-3.json", 50)
    status = cli("concordia", "status", "--json").json()
    assert status["over"] is False and status["result"] is None
    so_far = status["score_so_far"]
    assert so_far["rule"] == "concordia.interim.score" and so_far["rule"] in RULES
    # Livia (hand-counted from the table after entry 50): 38 sestertii, 2 bricks, 4 wine and
    # 2 cloth = 82 → Vesta 8 with her one Vesta card; houses in Syracusae (food) and Athenae
    # (brick): Jupiter 2 cards × 1, Saturnus 3 × 2 provinces, Mercurius 2 × 2 × 2 kinds;
    # 2 colonists on the board, Mars 3 × 2 × 2 = 12.
    livia = so_far["players"][0]
    assert livia["name"] == "Livia" and livia["total"] == 36
    assert livia["breakdown"] == {"vesta": 8, "jupiter": 2, "saturnus": 6, "mercurius": 8,
                                  "mars": 12, "minerva": 0, "concordia": 0}
    assert all(p["total"] == sum(p["breakdown"].values()) for p in so_far["players"])
    # the calculator for the interim scoring gives the same totals for the same table
    end = tmp_path / "table.json"
    end.write_text(json.dumps(typed_end_state(replayed(doc).score_input(), BOX)), "utf-8")
    interim = cli("concordia", "check", "interim", "--input", end, "--json").json()
    assert interim["scores"] == {p["name"]: p["total"] for p in so_far["players"]}


@pytest.mark.parametrize("lang,heading,gods", [
    ("en", "Score so far:  [Interim scoring: every card scored as at the end]",
     "Vesta 8, Jupiter 2, Saturnus 6, Mercurius 8, Mars 12, Minerva 0"),
    ("ru", "Очки на этот момент:  [Промежуточный подсчёт: все карты считаются как в конце "
           "игры]", "Веста 8, Юпитер 2, Сатурн 6, Меркурий 8, Марс 12, Минерва 0"),
    ("es", "Puntuación hasta ahora:  [Puntuación intermedia: cada carta puntúa como al final]",
     "Vesta 8, Júpiter 2, Saturno 6, Mercurio 8, Marte 12, Minerva 0"),
])
def test_the_score_so_far_reads_in_each_language(cli, tmp_path, lang, heading, gods):
    saved(cli, tmp_path, "concordia-imperium-3.json", 50)
    shown = cli("--lang", lang, "concordia", "status")
    assert shown.code == 0
    lines = shown.out.splitlines()
    at = lines.index(heading)
    assert lines[at + 1] == f"Livia: 36 ({gods})."
    assert [line.partition(":")[0] for line in lines[at + 1:at + 4]] == ["Livia", "Marcus",
                                                                         "Julia"]


def test_the_concordia_card_counts_once_taken(cli, tmp_path):
    doc = scenario("concordia-italia-2.json")
    game = replayed({**doc, "entries": doc["entries"][:-1]})  # Livia's last turn is left
    assert game.pending() is not None and game.state.concordia == 1
    saved(cli, tmp_path, "concordia-italia-2.json", len(doc["entries"]) - 1)
    so_far = cli("concordia", "status", "--json").json()["score_so_far"]
    marcus = next(p for p in so_far["players"] if p["name"] == "Marcus")
    assert marcus["breakdown"]["concordia"] == 7
    shown = cli("concordia", "status").out
    assert any(line.startswith("Marcus: ") and line.endswith(", Concordia card 7).")
               for line in shown.splitlines())


def test_a_finished_game_shows_its_final_score(cli, tmp_path, sessions_dir):
    from referee.store import OUTCOME, SessionStore

    saved(cli, tmp_path, "concordia-italia-2.json")
    status = cli("concordia", "status", "--json").json()
    assert status["over"] is True and status["score_so_far"] is None
    result = status["result"]
    store = SessionStore(sessions_dir)
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        kept = session.last_effective(OUTCOME).payload
    assert result["outcome"] == kept
    assert {p["name"]: p["total"] for p in result["players"]} == {
        s["player"]: s["score"] for s in kept["standings"]} == {"Livia": 77, "Marcus": 80}
    assert result["ranking"] == ["Marcus", "Livia"]
    assert result["players"][1]["breakdown"]["concordia"] == 7
    shown = cli("concordia", "status")
    lines = shown.out.splitlines()
    assert lines[0] == "Concordia, Italia: the game is over after 71 turns."
    assert "Score so far:" not in shown.out
    assert "1. Marcus: 80" in lines and "2. Livia: 77" in lines
