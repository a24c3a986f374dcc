"""The scored example in docs/concordia.md is the tool's real output."""

from __future__ import annotations

import json
import re
from pathlib import Path

DOC = Path(__file__).parents[2] / "docs" / "concordia.md"


def block(text: str, marker: str) -> str:
    found = re.search(re.escape(marker) + r"\n```\w*\n(.*?)\n```", text, re.S)
    assert found, marker
    return found.group(1)


def test_documented_example_matches_the_real_output(cli, tmp_path, monkeypatch):
    text = DOC.read_text(encoding="utf-8")
    game = tmp_path / "game.json"
    game.write_text(block(text, "<!-- example-input -->"), encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "100")
    result = cli("concordia", "score", "--input", game)
    assert result.code == 0, result.err
    shown = [line.rstrip() for line in block(text, "<!-- example-output -->").splitlines()]
    assert [line.rstrip() for line in same_id(result.out).rstrip().splitlines()] == shown


def same_id(text: str) -> str:
    """The saved game's id as the page shows it: ids differ from run to run."""
    return re.sub(r"\b\d{8}-\d{6}-[0-9a-f]{4}\b", "20261121-190405-3fa2", text)


def test_documented_totals_are_hand_checked(cli, tmp_path):
    # Anna: Saturnus 6 cards (4 Prefects, 2 Diplomats) × 11 provinces = 66; Jupiter 4 × 5 = 20;
    # Vesta 14 + 2 wine 12 + cloth 7 = 33 → 3; Mercurius 1 × 2 × 4 = 8; Mars 1 × 2 × 4 = 8;
    # Weaver 5 × 3 cloth houses = 15. Total 120.
    text = DOC.read_text(encoding="utf-8")
    game = tmp_path / "game.json"
    game.write_text(block(text, "<!-- example-input -->"), encoding="utf-8")
    data = cli("concordia", "score", "--input", game, "--json").json()
    anna = data["players"][0]
    assert anna["breakdown"] == {"vesta": 3, "jupiter": 20, "saturnus": 66, "mercurius": 8,
                                 "mars": 8, "minerva": 15, "concordia": 0}
    assert [p["total"] for p in data["players"]] == [120, 127, 127, 104]
    assert data["ranking"] == ["Clara", "Boris", "Anna", "Dmitri"]


def shown_lines(documented: str) -> list[str]:
    """The lines a documented terminal example shows, without its commands and elisions."""
    return [line.rstrip() for line in documented.splitlines()
            if line != "…" and not line.startswith("$ ")]


def test_the_score_so_far_example_is_the_real_output(cli, tmp_path, monkeypatch):
    scenarios = DOC.parents[1] / "sessions" / "examples" / "scenarios"
    doc = json.loads((scenarios / "concordia-imperium-3.json").read_text(encoding="utf-8"))
    part = tmp_path / "first-60.json"
    part.write_text(json.dumps({**doc, "entries": doc["entries"][:60], "refused": []}),
                    encoding="utf-8")
    assert cli("concordia", "replay", part, "--save").code == 0
    monkeypatch.setenv("COLUMNS", "80")
    real = {line.rstrip() for line in cli("concordia", "status").out.splitlines()}
    documented = shown_lines(block(DOC.read_text(encoding="utf-8"),
                                   "<!-- status-interim-example -->"))
    assert documented and [line for line in documented if line not in real] == []


def test_the_final_status_example_is_the_real_output(cli, monkeypatch):
    session = ("--sessions-dir", str(DOC.parents[1] / "sessions" / "examples" / "concordia"))
    example = block(DOC.read_text(encoding="utf-8"), "<!-- status-final-example -->")
    text, _, json_part = example.partition("--json\n")
    monkeypatch.setenv("COLUMNS", "80")
    real = {line.rstrip() for line in cli(*session, "concordia", "status").out.splitlines()}
    assert [line for line in shown_lines(text) if line not in real] == []
    status = cli(*session, "concordia", "status", "--json").json()
    assert status["score_so_far"] is None
    result = status["result"]
    marcus = result["players"][1]
    assert (marcus["name"], marcus["total"], marcus["place"]) == ("Marcus", 80, 1)
    assert marcus["breakdown"] == {"vesta": 6, "jupiter": 16, "saturnus": 20, "mercurius": 8,
                                   "mars": 12, "minerva": 11, "concordia": 7}
    assert result["ranking"] == ["Marcus", "Livia"]
    assert result["outcome"]["winners"] == ["Marcus"]
    assert result["outcome"]["edition"] == "italia"
    for shown in ('"total": 80', '"ranking": ["Marcus", "Livia"]', '"winners": ["Marcus"]',
                  '"concordia": 7'):
        assert shown in json_part


def test_the_simulate_example_is_the_real_output(cli):
    """The same seed plays the same games; only the time taken differs from run to run."""
    example = block(DOC.read_text(encoding="utf-8"), "<!-- simulate-example -->")
    text, _, json_part = example.partition("--json\n")
    timing = re.compile(r"[\d.]+ s \([\d.]+ games/s\)")
    real = cli("concordia", "simulate", "--players", "3", "--games", "4", "--seed", "2")
    assert real.code == 0
    assert [timing.sub("…", line) for line in shown_lines(text)] == [
        timing.sub("…", line) for line in real.out.splitlines()]
    summary = cli("concordia", "simulate", "--players", "3", "--games", "4", "--seed", "2",
                  "--json").json()
    for key in ("players", "games", "seed", "finished", "turns", "entries", "refused",
                "invariant_violations"):
        assert f'"{key}": {summary[key]}' in json_part, key
    first = summary["by_setting"][0]
    assert json.dumps(first) in json_part
