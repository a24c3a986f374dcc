"""Where the user's files live: the platform's user data folder unless the user says."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from referee import paths


def test_everything_lives_in_the_platform_data_folder_by_default(user_data_home, monkeypatch):
    monkeypatch.delenv("REFEREE_SESSIONS_DIR", raising=False)
    assert paths.data_dir() == user_data_home  # $XDG_DATA_HOME/referee on Linux
    assert paths.sessions_dir() == user_data_home / "sessions"
    assert paths.aliases_file() == user_data_home / "players.json"


def test_the_environment_moves_the_data_or_just_the_sessions(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("REFEREE_SESSIONS_DIR", raising=False)
    assert paths.sessions_dir() == tmp_path / "data" / "sessions"
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(tmp_path / "elsewhere"))
    assert paths.sessions_dir() == tmp_path / "elsewhere"
    assert paths.aliases_file() == tmp_path / "data" / "players.json"


def test_box_data_corrections_are_read_from_the_data_folder(user_data_home):
    from referee.data import override_path

    assert override_path("tribune", "box") == Path(user_data_home) / "tribune" / "box.json"


def test_a_score_lands_in_the_data_folder_without_any_setting(cli, tmp_path, user_data_home,
                                                               monkeypatch):
    import json

    monkeypatch.delenv("REFEREE_SESSIONS_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    source = tmp_path / "s.json"
    source.write_text(json.dumps([{"name": "Ann"}, {"name": "Bob"}]))
    sid = cli("tribune", "score", "--input", source, "--json").json()["session"]
    assert (user_data_home / "sessions" / f"{sid}.json").exists()
    assert not (tmp_path / "sessions").exists()


@pytest.mark.skipif(sys.platform != "linux", reason="the folder is worked out here on Linux only")
@pytest.mark.parametrize(("home", "xdg"), [
    ("/home/ann", None), ("/home/ann/", ""), ("/", None), ("/home/ann", "/data/xdg"),
    ("/home/ann", "/data/xdg/"), ("/home/ann", "/data/with space "), ("/home/ann", "relative"),
    ("/home/ann", "  "), ("relative", None), ("", "/data/xdg"),
])
def test_the_data_folder_is_the_one_platformdirs_names(home, xdg, monkeypatch):
    # Worked out without importing platformdirs where it can be; the same folder either way.
    from platformdirs import user_data_path

    for name, value in (("HOME", home), ("XDG_DATA_HOME", xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected = user_data_path("referee", appauthor=False)
    except RuntimeError:  # platformdirs finds no home folder
        assert paths._linux_data_dir() is None
        return
    assert paths._platform_data_dir.__wrapped__() == expected
    if (os.path.isabs(home) and not xdg) or os.path.isabs(xdg or ""):
        assert paths._linux_data_dir() == expected  # found without platformdirs
