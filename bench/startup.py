"""Start-up of whole commands, as multiples of a bare ``python -c pass``, and their memory."""

from __future__ import annotations

import sys
from pathlib import Path

BASELINE = "python -c pass"


def commands(sessions: Path, session_id: str, concordia_input: Path) -> dict[str, list[str]]:
    referee = [sys.executable, "-m", "referee"]
    return {
        BASELINE: [sys.executable, "-c", "pass"],
        "referee --help": [*referee, "--help"],
        "referee tribune status": [*referee, "--sessions-dir", str(sessions), "tribune",
                                   "status", session_id],
        "referee concordia score --json": [*referee, "concordia", "score", "--input",
                                           str(concordia_input), "--json"],
    }

