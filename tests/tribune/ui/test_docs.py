"""docs/tribune.md shows real output: its check examples are run and compared."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

DOC = Path(__file__).parents[3] / "docs" / "tribune.md"


def blocks(section: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8").split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.*?)```", text, flags=re.S)


def examples(section: str):
    """(command, expected output) pairs from the ``$ referee …`` blocks of a section."""
    for block in blocks(section):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _sep, output = chunk.partition("\n")
            yield shlex.split(command)[1:], output


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_dispute_check_examples_are_real_output(cli):
    found = list(examples("Dispute checks"))
    assert len(found) == 12
    for args, expected in found:
        result = cli(*args)
        assert result.code == 0, result.err
        assert flat(result.out) == flat(expected), args


def test_the_explain_example_is_real_output(cli, monkeypatch):
    monkeypatch.chdir(DOC.parents[1])  # the example names sessions/examples from the top
    ((args, expected),) = examples("Status, log and explain")
    assert flat(cli(*args).out) == flat(expected)


def test_the_log_example_is_real_output(cli, monkeypatch):
    monkeypatch.chdir(DOC.parents[1])
    shown = blocks("Status, log and explain")[0]
    entries = [flat(e) for e in re.split(r"^(?=\s+(?:\d+|\.\.\.)\s)", shown, flags=re.M)
               if e.strip() and e.strip() != "..."]
    real = flat(cli("--sessions-dir", "sessions/examples", "tribune", "log").out)
    assert len(entries) == 9 and all(entry in real for entry in entries)
