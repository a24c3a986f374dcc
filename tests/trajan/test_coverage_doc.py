"""docs/rules-coverage.md lists every Trajan rule id, and every test it names exists."""

import re
from pathlib import Path

from referee.trajan.rulebook import RULES

ROOT = Path(__file__).parents[2]


def trajan_section() -> str:
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    return text.split("## Trajan", 1)[1].split("\n## ", 1)[0]


def test_every_rule_id_is_documented_and_no_other():
    ids = set(re.findall(r"`(trajan\.[a-z0-9_.]+)`", trajan_section()))
    assert ids == set(RULES)


def test_named_tests_exist():
    """A row's tests cell names ``module::test`` and then bare names of the same module."""
    missing = []
    for row in trajan_section().splitlines():
        if not row.startswith("| `trajan."):
            continue
        module = None
        for path, name in re.findall(r"`(?:property )?(?:([\w/.]+)::)?(test_\w+)`",
                                     row.split("|")[-2]):
            module = path or module
            where = ROOT / module if "/" in module else ROOT / "tests" / "trajan" / (
                module + ".py")
            if f"def {name}(" not in where.read_text(encoding="utf-8"):
                missing.append(f"{module}::{name}")
    assert missing == []
