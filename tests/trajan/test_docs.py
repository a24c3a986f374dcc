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
