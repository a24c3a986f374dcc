"""Fixtures for the Tribune table commands: the real CLI in-process, scripted prompts."""

from __future__ import annotations

import pytest

from referee.terminal import prompter as prompter_module


@pytest.fixture
def tribune(cli):
    """``tribune("check", "takeover", ..., lang="ru")`` runs ``referee tribune ...``."""
    def run(*args, lang=None):
        return cli(*(("--lang", lang) if lang else ()), "tribune", *args)
    return run


@pytest.fixture
def answers(monkeypatch):
    """``answers(prompter)``: every prompt of the next commands is answered by it."""
    def use(prompter):
        monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: prompter)
        monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
        return prompter
    return use
