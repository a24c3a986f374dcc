"""The shared ``cli`` fixture, on a terminal too wide to wrap: an error is one line of
output however long it is, so the tests can count lines."""

from __future__ import annotations

import pytest


@pytest.fixture
def cli(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "10000")
    return cli
