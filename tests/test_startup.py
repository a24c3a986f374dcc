"""`referee --help` stays fast by importing no engine, storage or prompt library.

Start-up time itself is measured in bench/; this test pins down the cause of a slow
start (an eager import) so it cannot creep back unnoticed.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee.cli.app import command_word

HEAVY = ("tinydb", "questionary", "prompt_toolkit", "referee.store.session", "hypothesis")
GAMES = ("tribune", "concordia", "trajan")


def modules_after(*argv: str) -> list[str]:
    code = ("import sys, json\nfrom referee.cli.main import main\n"
            f"main({list(argv)!r})\n"
            "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_help_imports_no_engine_storage_or_prompt_library():
    loaded = modules_after("--help")
    heavy = [m for m in loaded if m.startswith(HEAVY)]
    engines = [m for m in loaded if m.split(".")[:2] in [["referee", g] for g in GAMES]
               and m.count(".") > 1 and not {"cli", "ui"} & set(m.split(".")[2:])]
    assert heavy == [] and engines == [], (heavy, engines)


def test_a_game_command_builds_only_that_game():
    loaded = modules_after("concordia", "--help")
    others = [m for m in loaded if m.startswith(("referee.tribune", "referee.trajan"))]
    assert others == [] and "referee.concordia.cli" in loaded


@pytest.mark.parametrize(("args", "word"), [
    (["tribune", "status"], "tribune"),
    (["--lang", "ru", "trajan", "score"], "trajan"),
    (["--sessions-dir", "tribune", "concordia"], "concordia"),
    (["--lang=es", "--sessions-dir=x", "sessions", "list"], "sessions"),
    (["--help"], None),
    ([], None),
])
def test_command_word_skips_the_root_options(args, word):
    assert command_word(args) == word


def test_an_unknown_command_is_still_refused_with_the_whole_tree(cli):
    result = cli("tribun", "status")
    assert result.code == 2 and "tribun" in result.err
