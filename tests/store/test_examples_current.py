"""The example sessions the docs show are in the journal format this program writes, so a
reader who copies one gets no conversion notice and its integrity chain is checked."""

import json
from pathlib import Path

import pytest

from referee.store.chain import VERSION
from referee.store.store import SessionStore

EXAMPLES = Path(__file__).parents[2] / "sessions" / "examples"
FILES = sorted(p for p in EXAMPLES.rglob("*.json") if "scenarios" not in p.parts)


def test_there_are_examples():
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_is_current_and_intact(path):
    first = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert first["version"] == VERSION
    session = SessionStore(path.parent).open(path.stem)
    assert session.head.lines == len(path.read_text(encoding="utf-8").splitlines())
