"""Shared fixtures: run the real CLI in-process against real files in a temp dir."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

import pytest
from hypothesis import settings

from referee.i18n import set_language
from referee.terminal import output

# Property tests draw the same examples on every run ("ci", the default), so the suite
# passes or fails the same way on every clone; "fuzz" draws new ones each time (see
# docs/contributing.md). An example a fuzz run finds becomes an explicit test.
settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("fuzz", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


@pytest.fixture(autouse=True)
def user_data_home(tmp_path_factory, monkeypatch):
    """The platform's user data and configuration folders of every test are fresh temp
    folders, so a test that unsets REFEREE_DATA_DIR never reads or writes the developer's own
    data, nor the installation's secret."""
    home = tmp_path_factory.mktemp("xdg-data")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    monkeypatch.delenv("REFEREE_KEY_FILE", raising=False)
    return home / "referee"


@pytest.fixture
def sessions_dir(tmp_path, monkeypatch):
    path = tmp_path / "sessions"
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(path))
    return path


@pytest.fixture
def cli(sessions_dir, capsys, monkeypatch):
    """``cli("sessions", "list", "--json")`` → Result(code, out, err)."""
    from referee.cli.main import main

    monkeypatch.setenv("COLUMNS", "120")
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)

    def run(*args: str) -> Result:
        output.console.cache_clear()
        capsys.readouterr()
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    yield run
    set_language("en")
