"""docs/rules-coverage.md lists every Tribune rule id, and every test it names exists."""

import re
from pathlib import Path

from referee.tribune.rulebook import RULES

ROOT = Path(__file__).parents[2]


def tribune_section():
    text = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    return text.split("## Tribune", 1)[1].split("\n## ", 1)[0]


def test_every_rule_id_is_documented_and_no_other():
    ids = set(re.findall(r"`(tribune\.[a-z0-9_.]+)`", tribune_section()))
    assert ids == set(RULES)


def test_named_tests_exist():
    here = Path(__file__).parent
    for module, name in re.findall(r"`((?:ui/)?test_\w+)::(test_\w+)`", tribune_section()):
        source = (here / f"{module}.py").read_text(encoding="utf-8")
        assert f"def {name}(" in source, f"{module}::{name}"
