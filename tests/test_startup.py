"""`referee --help` stays fast by importing no engine, storage or prompt library.

Start-up time itself is measured in bench/; this test pins down the cause of a slow
start (an eager import) so it cannot creep back unnoticed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from referee.cli.app import build, command_path

HEAVY = ("tinydb", "questionary", "prompt_toolkit", "referee.store.session", "hypothesis")
GAMES = ("tribune", "concordia", "trajan")


#: listed with the modules when the run worked out the platform's data folder (on Linux,
#: without platformdirs: referee.paths)
DATA_FOLDER = "(platform data folder)"


def modules_after(*argv: str) -> list[str]:
    code = ("import sys\nfrom referee.cli.main import main\n"
            f"code = main({list(argv)!r})\n"
            "paths = sys.modules.get('referee.paths')\n"
            f"found = {[DATA_FOLDER]!r} if paths and "
            "paths._platform_data_dir.cache_info().currsize else []\n"
            "loaded = sorted([*sys.modules, *found])\n"
            "import json\n"  # only now, to list them
            "print(json.dumps(loaded), file=sys.stderr)\n"
            "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, stdin=subprocess.DEVNULL)
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


def _built(game: str, *within: str) -> dict:
    """What Typer made of the game's branch: command name → its subcommands (or None)."""
    group = typer.main.get_command(build(game, within=within)).commands[game]
    return {name: sorted(getattr(c, "commands", {})) or None for name, c in group.commands.items()}


def test_a_run_builds_only_the_command_it_names():
    # Typer reads the signature of every command it builds (6-10 ms for a game's tree).
    assert _built("tribune", "status", "--json") == {"status": None}
    assert _built("tribune", "check", "takeover", "--faction", "x") == {"check": ["takeover"]}
    assert _built("trajan", "check", "military", "--help") == {"check": ["military"]}


TABLE = ["resume", "status", "log", "explain", "undo", "enter", "repair", "replay"]


@pytest.mark.parametrize(("game", "commands"), [
    ("tribune", ["new", *TABLE, "score", "rules", "simulate", "check"]),
    ("concordia", ["new", *TABLE, "score", "setup", "map", "simulate", "check", "calc"]),
    ("trajan", ["new", *TABLE, "score", "simulate", "quarter-end", "sow", "ship", "build",
                "check", "military"]),
])
def test_every_game_lists_its_commands_from_its_command_table(game, commands):
    # A command, then the groups (Typer lists them after the commands); one table shape for
    # every game, with the calculators under ``check`` (old names kept, hidden)
    assert list(_built(game, "--help")) == commands
    assert _built(game, "status", "--json") == {"status": None}
    assert _built(game, "score", "--json") == {"score": None}


@pytest.mark.parametrize("within", [(), ("--help",), ("stauts",)])
def test_a_help_or_an_unknown_command_builds_the_whole_branch(within):
    whole = _built("tribune", *within)
    assert {"status", "enter", "check", "new"} <= set(whole) and len(whole["check"]) > 1


@pytest.mark.parametrize(("args", "path"), [
    (["tribune", "status"], ["tribune", "status"]),
    (["--lang", "ru", "trajan", "score"], ["trajan", "score"]),
    (["--sessions-dir", "tribune", "concordia"], ["concordia"]),
    (["--lang=es", "--sessions-dir=x", "sessions", "list"], ["sessions", "list"]),
    (["--help"], []),
    ([], []),
])
def test_the_command_path_skips_the_root_options(args, path):
    assert command_path(args) == path


def test_an_unknown_command_is_still_refused_with_the_whole_tree(cli):
    result = cli("tribun", "status")
    assert result.code == 2 and "tribun" in result.err


#: Libraries a command must not import unless it needs them: pydantic comes with Typer
#: 0.29+ (see the pin in pyproject.toml), prompts only when one is shown, Rich only when
#: something is rendered (never its Markdown and syntax machinery), the session store only
#: where sessions are read, the Tribune engine not when a checkpoint spares the replay.
#: filelock (logging, platform …) and secrets (random, hmac, base64) cost more than a tenth of
#: a saving command; the lock is the store's own and session ids take os.urandom. Box data
#: is read beside the package, not through importlib.resources (zipfile …).
NEVER = ("pydantic", "questionary", "prompt_toolkit", "asyncio", "rich.markdown", "rich.syntax",
         "markdown_it", "pygments", "hypothesis", "filelock", "secrets", "logging",
         "importlib.resources", "zipfile")
NO_RICH = ("rich",)
NO_STORE = ("tinydb", "referee.store")
NO_REPLAY = ("referee.tribune.engine", "referee.tribune.core", "referee.tribune.rules")
#: opening a session (its journal read through TinyDB, an object per event): trusting a
#: checkpoint needs only the store's paths and the journal's last line
NO_OPEN = ("tinydb", "referee.store.session", "referee.store.journal", "referee.store.model",
           "referee.store.lock", "referee.store.repair", "referee.table.session")
#: OpenSSL (hashlib's first import loads it): the journal's chain and the checkpoint's proof
#: are checked with CPython's own BLAKE2b (referee.hashing)
NO_HASHING = ("hashlib", "_hashlib")
#: Rich's emoji table: codes in players' names are shown as typed, never replaced
NO_EMOJI = ("rich._emoji_codes",)
#: the platform's data folder (platformdirs): a kept position's setup is read as written,
#: not checked against the box file (and its user corrections) again
NO_BOX_DATA = ("platformdirs", DATA_FOLDER)
#: the modules of Tribune's check calculators, for a run that builds none of them
NO_CHECKS = ("referee.tribune.ui.check_commands", "referee.tribune.ui.check_more",
             "referee.tribune.ui.check_region")
#: the `sessions` command group, for a game's own command (its session-id completer is in
#: referee.settings)
NO_SESSIONS_GROUP = ("referee.cli.sessions",)
#: the prompts and the questions of a new game, for a command that asks nothing
NO_PROMPTS = ("referee.terminal.prompter", "referee.tribune.ui.setup_flow",
              "referee.concordia.ui.forms")
#: what the root help needs not: rulings and the value classes behind them (only the i18n layer
#: names them, for params that are terms or plurals), and the error output (loaded when a
#: command fails)
NO_RULINGS = ("referee.rulings", "msgspec", "referee.terminal.messages")
#: Trajan's score views render the wheel, quarter and turn: not under --json
NO_TRAJAN_VIEWS = ("referee.trajan.ui.views", "referee.trajan.wheel", "referee.trajan.quarter")
#: a typed-in score is written whole as a new session: nothing of reading a journal back, and
#: its two lines are sealed without OpenSSL (hashlib's import)
NO_JOURNAL = ("tinydb", "referee.store.session", "referee.store.journal", "referee.store.tables",
              "referee.store.repair", "referee.store.notices", "hashlib", "_hashlib")
#: platformdirs, for a run that looks up box data (and its user corrections) or keeps a session
#: in the default folder: on Linux referee.paths names the folder it would name, without it
NO_PLATFORMDIRS = ("platformdirs",) if sys.platform == "linux" else ()
#: a game's other commands, for its `score`: the guided game (the shared table commands and
#: the game's table), the calculators
NO_OTHER_COMMANDS = ("referee.table", "referee.cli.table", "referee.concordia.ui.table",
                     "referee.concordia.ui.questions", "referee.concordia.ui.check",
                     "referee.trajan.ui.table", "referee.trajan.ui.check")
#: the guided game, for a calculator: the table layer past its rulings' text (the shared
#: commands, the game's TableGame, the loop and the sessions), the game's table side, the
#: store and the engine's entry point
NO_GUIDED_GAME = ("referee.cli.table", "referee.table.game", "referee.table.guide",
                  "referee.table.session", "referee.table.checkpoint", "referee.tribune.ui.table",
                  "referee.tribune.ui.questions",
                  "referee.tribune.engine", "referee.store", "tinydb")

#: the standard json module, for a status shown to people: msgspec reads what it reads
NO_JSON = ("json",)
#: Rich's Table, for the status grid (referee.terminal.grid draws it when it fits)
NO_RICH_TABLE = ("rich.table",)

#: the board page: its server, pages and drawings load only when `referee board` runs (or the
#: board a guided game starts beside itself, which is a process of its own)
NO_BOARD = ("referee.board", "http.server", "socketserver", "http.client", "email",
            "segno")


def _loaded(prefixes: tuple[str, ...], modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)]


@pytest.fixture(scope="module")
def light_inputs(tmp_path_factory) -> dict[str, str]:
    """A saved Tribune game, a Concordia and a Trajan score input."""
    folder = tmp_path_factory.mktemp("light")
    sessions = folder / "sessions"
    # the checkpoint's proof is made with this key; the runs under test are given it too
    env = {**os.environ, "REFEREE_SESSIONS_DIR": str(sessions),
           "REFEREE_KEY_FILE": str(folder / "checkpoint.key")}

    def referee(*args: str) -> str:
        return subprocess.run([sys.executable, "-m", "referee", *args], env=env, check=True,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout

    referee("tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
            "--points-variant", "--deck", "virtual", "--thermae", "3", "--seed", "4",
            "--no-play")
    [session] = json.loads(referee("sessions", "list", "--json"))
    referee("tribune", "status", session["id"])  # keeps the checkpoint later reads use
    # A second game, for an entry (its opening discard: the first two cards Ann holds)
    env["REFEREE_SESSIONS_DIR"] = str(folder / "entered")
    referee("tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
            "--points-variant", "--deck", "virtual", "--thermae", "3", "--seed", "4",
            "--no-play")
    [entered] = json.loads(referee("sessions", "list", "--json"))
    pending = json.loads(referee("tribune", "status", entered["id"], "--json"))["pending"]
    entry = {"type": "cards", "player": "Ann", "cards": pending["choose_from"][:2]}
    concordia = folder / "concordia.json"
    concordia.write_text(json.dumps(CONCORDIA), encoding="utf-8")
    trajan = folder / "trajan.json"
    trajan.write_text(json.dumps(TRAJAN), encoding="utf-8")
    return {"sessions": str(sessions), "id": session["id"], "concordia": str(concordia),
            "key": env["REFEREE_KEY_FILE"],
            "trajan": str(trajan), "entered": str(folder / "entered"),
            "entered_id": entered["id"], "entry": json.dumps(entry)}


LIGHT = {
    "help": (["--help"], NEVER + NO_RICH + NO_STORE + NO_PROMPTS + NO_RULINGS),
    # `referee` alone off a terminal prints the same help: no menu, so no prompt library
    "alone": ([], NEVER + NO_RICH + NO_STORE + NO_PROMPTS + NO_RULINGS),
    "tribune status --json": (["--sessions-dir", "{sessions}", "tribune", "status", "{id}",
                               "--json"],
                              NEVER + NO_RICH + NO_REPLAY + NO_PROMPTS + NO_OPEN + NO_CHECKS
                              + NO_SESSIONS_GROUP + NO_HASHING + NO_BOX_DATA),
    "tribune status": (["--sessions-dir", "{sessions}", "tribune", "status", "{id}"],
                       NEVER + NO_REPLAY + NO_PROMPTS + NO_OPEN + NO_CHECKS
                       + NO_SESSIONS_GROUP + NO_HASHING + NO_EMOJI + NO_BOX_DATA + NO_JSON
                       + NO_RICH_TABLE),
    # An entry's rulings and the next question are lines of text, folded at a terminal
    # (FORCE_COLOR, below): no Rich, not even its width tables for English text; the journal
    # is checked with CPython's own BLAKE2b, without loading OpenSSL
    "tribune enter": (["--sessions-dir", "{entered}", "tribune", "enter", "{entered_id}",
                       "--entry", "{entry}"],
                      NEVER + NO_RICH + NO_PROMPTS + NO_CHECKS + NO_SESSIONS_GROUP
                      + ("hashlib", "_hashlib")),
    # A score is kept as a finished game by default (docs/results.md), which needs the store;
    # with --no-save it only shows the score and loads no storage at all.
    "concordia score --json": (["--sessions-dir", "{sessions}", "concordia", "score", "--input",
                                "{concordia}", "--json"],
                               NEVER + NO_RICH + NO_PROMPTS + NO_OTHER_COMMANDS
                               + NO_SESSIONS_GROUP + NO_JOURNAL + NO_PLATFORMDIRS),
    "concordia score --json --no-save": (["concordia", "score", "--input", "{concordia}",
                                          "--json", "--no-save"],
                                         NEVER + NO_RICH + NO_STORE + NO_PLATFORMDIRS),
    "trajan score --json": (["--sessions-dir", "{sessions}", "trajan", "score", "--input",
                             "{trajan}", "--json"],
                            NEVER + NO_RICH + NO_PROMPTS + NO_TRAJAN_VIEWS + NO_OTHER_COMMANDS
                            + NO_SESSIONS_GROUP + NO_JOURNAL + NO_PLATFORMDIRS),
    "trajan score --json --no-save": (["trajan", "score", "--input", "{trajan}", "--json",
                                       "--no-save"],
                                      NEVER + NO_RICH + NO_STORE + NO_PLATFORMDIRS),
    # A calculator runs the rules on the position it is given: nothing of the guided game
    "tribune check conflict": (["tribune", "check", "conflict", "--faction", "sen", "--first",
                                "sen5,sen4", "--second", "sen6,sen3"],
                               NEVER + NO_PROMPTS + NO_GUIDED_GAME + NO_SESSIONS_GROUP),
    "sessions list --json": (["--sessions-dir", "{sessions}", "sessions", "list", "--json"],
                             NEVER + NO_RICH),
}


#: run as at a terminal, where output is folded to its width
AT_A_TERMINAL = {"tribune enter"}


@pytest.mark.parametrize("name", LIGHT)
def test_a_light_command_imports_no_heavy_library(name, light_inputs, monkeypatch):
    argv, forbidden = LIGHT[name]
    monkeypatch.setenv("REFEREE_KEY_FILE", light_inputs["key"])
    if name in AT_A_TERMINAL:
        monkeypatch.setenv("FORCE_COLOR", "1")
    loaded = modules_after(*(a.format(**light_inputs) for a in argv))
    assert _loaded(forbidden + NO_BOARD, loaded) == []


@pytest.mark.parametrize("argv", [("tribune", "resume", "--help"), ("trajan", "new", "--help"),
                                  ("concordia", "new", "--help"), ("--help",)])
def test_board_s_server_loads_for_no_other_command(argv):
    """``--board`` is an option of the guided games' commands: the board is not loaded."""
    assert _loaded(NO_BOARD, modules_after(*argv)) == []


def test_the_board_s_help_loads_its_command_alone():
    loaded = modules_after("board", "--help")
    assert "referee.board.command" in loaded
    assert _loaded(("referee.board.server", "referee.board.live", "referee.board.public",
                    "http.server", "segno", "referee.store", "tinydb"), loaded) == []


CONCORDIA = json.loads(
    (Path(__file__).parents[1] / "docs" / "concordia.md").read_text(encoding="utf-8")
    .split("<!-- example-input -->", 1)[1].split("```json", 1)[1].split("```", 1)[0])
TRAJAN = {"players": [  # with the 10 bonus tiles a 2-player game hands out
    {"name": "Livia", "vp": 61, "cards_in_hand": 2, "senate_position": 0, "senate_stack_rank": 2,
     "construction_tiles": {"roof": 3},
     "bonus_tiles": [{"kind": k, "side": side} for k, side in (
         ("bread", "gold"), ("workers", "gold"), ("wine_fish", "gold"),
         ("legionaries", "silver"), ("columns_furs", "silver"))]},
    {"name": "Marcus", "vp": 70, "cards_in_hand": 1, "senate_position": 0,
     "senate_stack_rank": 1,
     "bonus_tiles": [{"kind": k, "side": side} for k, side in (
         ("games", "gold"), ("religion", "gold"), ("cattle_wheat", "gold"),
         ("bonus_tiles", "silver"), ("scrolls_oil", "silver"))]},
]}


def test_the_entry_point_leaves_the_run_s_objects_to_the_end_of_the_process(light_inputs):
    """``run`` hands its exit code on with the run's objects frozen (Python's last garbage
    collections skip them), and what the command printed is all there."""
    code = ("import gc, sys\nfrom referee.cli.main import run\n"
            "try:\n    run()\nexcept SystemExit as done:\n"
            "    print(json.dumps([done.code, gc.get_freeze_count()]), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", "import json\n" + code, "--sessions-dir",
                           light_inputs["sessions"], "tribune", "status", light_inputs["id"],
                           "--json"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    exit_code, frozen = json.loads(done.stderr.strip().splitlines()[-1])
    assert exit_code == 0 and frozen > 10_000
    assert json.loads(done.stdout)["id"] == light_inputs["id"]
