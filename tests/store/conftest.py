"""Fixtures for the store tests that go through the command line with a real Tribune game."""

from __future__ import annotations

import pytest


@pytest.fixture
def tribune(cli):
    """``tribune("status", sid)`` runs ``referee tribune status sid`` in-process."""
    return lambda *args: cli("tribune", *args)

