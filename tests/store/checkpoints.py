"""Reading and writing checkpoint files in tests, as this installation's program does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.hashing import keyed
from referee.store import secret


def read(path: Path) -> dict[str, Any]:
    """What a checkpoint holds (its proof is not checked)."""
    return json.loads(path.read_bytes().partition(b"\n")[2])


def write(path: Path, raw: dict[str, Any]) -> None:
    """``raw`` as a checkpoint with a valid proof: what this installation's program would
    have written had it kept ``raw`` (another version, a bug); never what an outsider can."""
    document = json.dumps(raw).encode()
    key = secret.key(create=True)
    assert key is not None
    path.write_bytes(keyed(key, document).encode() + b"\n" + document)
