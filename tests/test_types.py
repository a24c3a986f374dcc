"""Static types: the shared foundation and the rules cores type-check cleanly with mypy."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
CHECKED = ["referee/store", "referee/cli", "referee/i18n", "referee/errors.py",
           "referee/rulings.py", "referee/data.py", "referee/concordia", "referee/trajan",
           "referee/tribune"]


@pytest.mark.slow
def test_mypy_finds_no_type_errors():
    from mypy import api

    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                      *[str(ROOT / p) for p in CHECKED]])
    assert status == 0, stdout + stderr
