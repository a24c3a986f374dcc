"""The scored examples in docs/trajan.md are real: their inputs give the totals the guide states."""

import re
from pathlib import Path

GUIDE = Path(__file__).parents[2] / "docs" / "trajan.md"


def _json_blocks():
    return re.findall(r"```json\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def test_final_scoring_example(cli, tmp_path):
    path = tmp_path / "final.json"
    path.write_text(_json_blocks()[0], encoding="utf-8")
    out = cli("trajan", "score", "--input", path, "--json").json()
    # The guide's hand count: Marcus 154, Octavia 154 (the stack puts Marcus first), Livia 144.
    assert [(p["name"], p["total"]) for p in out["players"]] == [
        ("Marcus", 154), ("Octavia", 154), ("Livia", 144)]


def test_quarter_end_example(cli, tmp_path):
    path = tmp_path / "quarter.json"
    path.write_text(_json_blocks()[1], encoding="utf-8")
    out = cli("trajan", "check", "quarter-end", "--input", path, "--json").json()
    assert (out["first_consul"], out["second_consul"]) == ("Brown", "Green")
    assert {d["name"]: d["vp_after"] for d in out["demands"]} == {
        "Green": 16, "Brown": 31, "Blue": 9}


def test_status_example_is_the_real_output(cli, monkeypatch):
    """Every line the guide shows of the shipped game's ``status`` is a line it prints; the
    JSON excerpt's numbers are its ``result``."""
    block = re.search(r"<!-- status-example -->\n```text\n(.*?)```",
                      GUIDE.read_text(encoding="utf-8"), re.S).group(1)
    text, _, json_part = block.partition("--json\n")
    session = ("--sessions-dir", str(GUIDE.parents[1] / "sessions" / "examples" / "trajan"))
    monkeypatch.setenv("COLUMNS", "100")
    shown = {line.rstrip() for line in cli(*session, "trajan", "status").out.splitlines()}
    documented = [line.rstrip() for line in text.splitlines()[1:-1] if line != "…"]
    assert documented and [line for line in documented if line not in shown] == []
    result = cli(*session, "trajan", "status", "--json").json()["result"]
    bob = result["players"][0]
    assert (bob["name"], bob["total"], bob["breakdown"]["track"]) == ("Bob", 77, 32)
    assert result["ranking"] == ["Bob", "Ann"] and result["rulings"] == []
    assert '"ranking": ["Bob", "Ann"]' in json_part and '"total": 77' in json_part
    first = result["outcome"]["standings"][0]
    assert (first["player"], first["score"], first["rank"]) == ("Bob", 77, 1)
