"""The whole commands timed from the outside, as a person at the table runs them: the
installed ``referee`` script of the environment under test, against that environment's
bare ``python -c pass``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BASELINE = "python -c pass"
SHORT, LONG = "50", "1500"  # the sessions built by bench/worker.py
WORD = {SHORT: "short", LONG: "long"}


def commands(bin_dir: Path, built: dict[str, Any]) -> dict[str, list[str]]:
    referee = [str(bin_dir / "referee")]
    found = {
        BASELINE: [str(bin_dir / "python"), "-c", "pass"],
        "referee --help": [*referee, "--help"],
        "referee concordia score --json": [*referee, "concordia", "score", "--input",
                                           built["concordia"], "--json"],
        "referee trajan score --json": [*referee, "trajan", "score", "--input",
                                        built["trajan"], "--json"],
    }
    for size in (SHORT, LONG):
        point = built["points"][size]
        at = [*referee, "--sessions-dir", point["root"], "tribune"]
        found[status(size)] = [*at, "status", point["session_id"]]
        found[enter(size)] = [*at, "enter", point["session_id"], "--entry",
                              json.dumps(point["next_entry"])]
    return found


def status(size: str) -> str:
    return f"referee tribune status ({WORD[size]} session)"


def enter(size: str) -> str:
    return f"referee tribune enter ({WORD[size]} session)"
