"""Static types: the whole package type-checks cleanly with mypy (the rules cores, the shared
layers, the table layer, the command line, results and the store alike)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.mark.slow
def test_mypy_finds_no_type_errors():
    from mypy import api

    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                      str(ROOT / "referee")])
    assert status == 0, stdout + stderr
