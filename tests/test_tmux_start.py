"""At a real terminal (tmux, 80 columns): the installed `referee` alone offers the unfinished
game first, in the table's language, and Enter resumes it at its pending question."""

from __future__ import annotations

import os
import shlex
import subprocess

import pytest

from tests.terminal import started, tool

ASKED = {"en": "What would you like to do?", "ru": "Что вы хотите сделать?",
         "es": "¿Qué desea hacer?"}
RESUME = {"en": "Resume Trajan with Ann, Bob", "ru": "Продолжить Trajan: Ann, Bob",
          "es": "Continuar Trajan con Ann, Bob"}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_referee_alone_resumes_the_unfinished_game_with_enter(tmp_path, lang):
    referee = tool("referee")
    sessions = tmp_path / "sessions"
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions), "REFEREE_LANG": "en"}
    subprocess.run([referee, "trajan", "new", "--player", "Ann", "--player", "Bob", "--seed",
                    "3", "--no-play"], env=env, check=True, capture_output=True,
                   stdin=subprocess.DEVNULL)
    command = ["env", f"REFEREE_SESSIONS_DIR={shlex.quote(str(sessions))}",
               f"LANGUAGE={lang}", "TERM=xterm-256color", shlex.quote(referee), ";",
               "echo", "EXITED-$?"]
    with started(tmp_path, command, width=80, height=30) as terminal:
        screen = terminal.wait(ASKED[lang])
        menu = screen.splitlines()
        assert any(line.strip().startswith("» " + RESUME[lang]) for line in menu), screen
        assert max(len(line) for line in menu) <= 80
        terminal.keys("Enter")
        terminal.wait("Ann: which 2 markers go in each tray")  # the game's own language
        terminal.keys("C-c")
        terminal.wait("EXITED-130")
