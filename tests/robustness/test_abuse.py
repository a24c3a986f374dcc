"""Every command, fed bad input: one clear line, exit code 2, and the sessions folder
exactly as it was (every file but the ``.bak``, which any writable open refreshes).

``{sid}`` in a case stands for a real Tribune session 41 entries in (Bob owes a sealed
chariot bid, with 9 denarii); ``@name`` for a file of ``FILES``.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.robustness.helpers import files, new_session, script, setup

GOOD_SCENARIO = {"format": "referee-tribune-scenario", "version": 1,
                 "setup": setup().to_json(), "entries": [a.to_json() for a in script()[:12]]}


def scenario(**changes) -> str:
    return json.dumps({**GOOD_SCENARIO, **changes})


def with_setup(**changes) -> str:
    return scenario(setup={**GOOD_SCENARIO["setup"], **changes})


ILLEGAL_AT_3 = [*GOOD_SCENARIO["entries"][:2], {"type": "bid", "player": "Ann", "amount": -1}]
FILES = {
    "not-json": "{not json",
    "empty": "",
    "binary": "\x00\x01\x02\ufffd",
    "number": "42",
    "list-of-numbers": "[1, 2, 3]",
    "entries-bad": json.dumps([{"type": "bid", "player": "Bob", "amount": 2}, {"type": "x"}]),
    "wrong-format": scenario(format="something-else"),
    "no-entries": json.dumps({k: v for k, v in GOOD_SCENARIO.items() if k != "entries"}),
    "entries-not-list": scenario(entries="all of them"),
    "one-player": with_setup(players=["Ann"], start_player="Ann"),
    "unknown-edition": with_setup(edition="deluxe"),
    "illegal-at-3": scenario(entries=ILLEGAL_AT_3),
    "wrong-kind": scenario(entries=[{**GOOD_SCENARIO["entries"][0], "kind": "curia"}]),
    "entry-not-object": scenario(entries=[5]),
    "seed-text": with_setup(seed="abc"),
    "settings-text": with_setup(settings="abc"),
    "victory-goals-junk": json.dumps({"title": "x", "goals": "abc", "needed": {"4": 3}}),
    "score-junk": json.dumps([{"name": "Ann", "laurels": "many"}]),
    "concordia-no-players": json.dumps({"map": "imperium", "cities": {}, "players": []}),
}

LONG = "x" * 20_000
JUNK = ["\x00", "\ud800", "Ann\nBob", "\x1b[2J", "ｓｅｎ４", "💥" * 50, LONG]
BID = '{{"type": "bid", "player": "{player}", "amount": {amount}}}'


def bid(amount, player="Bob") -> list[str]:
    return ["tribune", "enter", "{sid}", "--entry", BID.format(player=player, amount=amount)]


def enter(entry) -> list[str]:
    return ["tribune", "enter", "{sid}", "--entry",
            entry if isinstance(entry, str) else json.dumps(entry)]


def new(*players: str, **flags: str) -> list[str]:
    options = {"edition": "ffg", "deck": "virtual", "thermae": "3", **flags}
    args = ["tribune", "new", "--no-play", "--points-variant"]
    for player in players:
        args += ["--player", player]
    for name, value in options.items():
        args += [f"--{name}", value]
    return args


CASES = [
    # sessions
    ["sessions", "show", "no-such-session"],
    ["sessions", "show", ""],
    ["sessions", "show", "20"],  # two sessions start so: ambiguous
    ["sessions", "show", "{sid}", "--bogus"],
    ["sessions", "export", "{sid}", "--format", "xml"],
    ["sessions", "export", "{sid}", "--format", "bgstats"],  # not finished
    ["sessions", "export", "{sid}", "-o", "/no/such/folder/out.json"],
    ["sessions", "undo", "{sid}", "--count", "0"],
    ["sessions", "undo", "{sid}", "--count", "-5"],
    ["sessions", "undo", "{sid}", "--count", "100000"],
    ["sessions", "undo", "{sid}", "--count", "abc"],
    ["sessions", "undo", "{sid}", "--count", "9" * 40],
    ["sessions", "undo", "no-such-session"],
    ["sessions", "repair", "no-such-session"],
    ["sessions", "delete", "{sid}"],  # asks for confirmation, and nobody can answer
    ["sessions", "delete", "no-such-session", "--yes"],
    ["sessions", "frobnicate"],
    *[["sessions", "show", junk] for junk in JUNK],
    # tribune new
    new("Ann"),
    new("A", "B", "C", "D", "E", "F"),
    new("Ann", "Ann"),
    new("Ann", ""),
    new("Ann", "table"),
    new("Ann", "Bob", edition="deluxe"),
    new("Ann", "Bob", deck="paper"),
    new("Ann", "Bob", thermae="7"),
    new("Ann", "Bob", thermae="-1"),
    new("Ann", "Bob", thermae="three"),
    new("Ann", "Bob", setting="no-equals-sign"),
    new("Ann", "Bob", setting="mars_spaces=[1,2"),
    new("Ann", "Bob", setting="no_such_setting=3"),
    new("Ann", "Bob", setting="mars_spaces=99"),
    new("Ann", "Bob", start="Zed"),
    new("Ann", "Bob", bids="sometimes"),
    new("Ann", "Bob", seed="abc"),
    ["tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
     "--victory", "no-such-card", "--deck", "virtual", "--thermae", "3", "--no-play"],
    ["tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
     "--victory", "@not-json", "--deck", "virtual", "--thermae", "3", "--no-play"],
    ["tribune", "new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
     "--victory", "@victory-goals-junk", "--deck", "virtual", "--thermae", "3", "--no-play"],
    ["tribune", "new"],  # no flags, no terminal to ask on
    *[new("Ann", junk) for junk in ["Ann\nBob", "\x1b[2J", "\ud800", LONG]],
    # tribune resume, status, log, explain
    ["tribune", "resume", "no-such-session"],
    ["tribune", "resume", "{sid}"],  # no terminal
    ["tribune", "status", "no-such-session"],
    ["tribune", "status", "{sid}", "--lang", "xx"],
    ["tribune", "log", "no-such-session"],
    ["tribune", "explain", "{sid}", "abc"],
    ["tribune", "explain", "{sid}", "-1"],
    ["tribune", "explain", "{sid}", "999999"],
    ["tribune", "explain", "{sid}", "9" * 40],
    ["tribune", "explain", "{sid}", "٣"],
    ["tribune", "explain", "no-such-session", "5"],
    ["tribune", "explain"],
    # tribune enter: malformed
    enter("not json"),
    enter("[]"),
    enter("{}"),
    enter('"a string"'),
    enter("42"),
    enter("null"),
    enter('{"type": "pass"'),
    enter({"type": "teleport", "player": "Bob"}),
    enter({"type": "bid", "player": {"a": [1, {"b": 2}]}, "amount": 2}),
    enter({"type": "bid", "player": "Bob"}),
    enter({"type": "bid", "player": "Bob", "amount": 1.5}),
    enter({"type": "bid", "player": "Bob", "amount": "3"}),
    enter({"type": "bid", "player": "Bob", "amount": True}),
    enter({"type": "bid", "player": "Bob", "amount": None}),
    enter([{"type": "bid", "player": "Bob", "amount": 1}] * 1000),
    # tribune enter: well formed, refused by the rules
    bid(-5),
    bid(10),  # more than Bob has
    bid(10**30),
    bid(-(10**30)),
    bid(2, player="Ann"),  # not Ann's turn
    bid(2, player="Zed"),
    bid(2, player="BOB"),
    bid(2, player=" Bob"),
    *[enter({"type": "bid", "player": junk, "amount": 2}) for junk in JUNK],
    enter({"type": "place", "player": "Bob", "space": "forum.1"}),
    enter({"type": "place", "player": "Bob", "space": "moon.9"}),
    enter({"type": "cards", "player": "Bob", "cards": ["xyz9"]}),
    enter({"type": "cards", "player": "Bob", "cards": ["sen99"]}),
    enter({"type": "cards", "player": "Bob", "cards": "sen4"}),
    enter({"type": "reveal", "card": "sen4"}),  # a virtual deck turns up its own cards
    enter({"type": "choose", "player": "Bob", "option": "zzz"}),
    enter({"type": "pass", "player": "Bob"}),
    # several entries: one bad one, and none is saved
    enter([{"type": "bid", "player": "Bob", "amount": 2},
           {"type": "bid", "player": "Bob", "amount": 2}]),
    ["tribune", "enter", "{sid}", "--file", "@entries-bad"],
    ["tribune", "enter", "{sid}", "--file", "/no/such/file.json"],
    ["tribune", "enter", "{sid}", "--file", "@not-json"],
    ["tribune", "enter", "{sid}", "--file", "@binary"],
    ["tribune", "enter", "{sid}", "--file", "@empty"],
    ["tribune", "enter", "{sid}", "--entry", "{}", "--file", "@number"],
    ["tribune", "enter", "{sid}"],
    ["tribune", "enter", "no-such-session", "--entry", BID.format(player="Bob", amount=1)],
    # tribune replay
    ["tribune", "replay", "/no/such/scenario.json"],
    ["tribune", "replay", "@not-json"],
    ["tribune", "replay", "@binary"],
    ["tribune", "replay", "@wrong-format"],
    ["tribune", "replay", "@no-entries"],
    ["tribune", "replay", "@entries-not-list"],
    ["tribune", "replay", "@one-player"],
    ["tribune", "replay", "@unknown-edition"],
    ["tribune", "replay", "@illegal-at-3"],
    ["tribune", "replay", "@illegal-at-3", "--save"],
    ["tribune", "replay", "@illegal-at-3", "--json"],
    ["tribune", "replay", "@wrong-kind"],
    ["tribune", "replay", "@entry-not-object"],
    ["tribune", "replay", "/tmp"],
    ["tribune", "replay", "@seed-text"],
    ["tribune", "replay", "@settings-text"],
    # tribune score, rules, simulate
    ["tribune", "score", "--input", "/no/such/file.json"],
    ["tribune", "score", "--input", "@not-json"],
    ["tribune", "score", "--input", "@list-of-numbers"],
    ["tribune", "score", "--input", "@score-junk"],
    ["tribune", "score"],
    ["tribune", "score", "--edition", "deluxe", "--input", "@score-junk"],
    ["tribune", "rules", "no-such-topic"],
    ["tribune", "rules", "\x1b[2J"],
    ["tribune", "simulate", "--players", "1"],
    ["tribune", "simulate", "--players", "9"],
    ["tribune", "simulate", "--games", "0"],
    ["tribune", "simulate", "--games", "-3"],
    ["tribune", "simulate", "--mode", "paper"],
    ["tribune", "simulate", "--edition", "deluxe"],
    ["tribune", "simulate", "--variant", "both-and-neither"],
    # tribune check
    ["tribune", "check", "takeover", "--faction", "xyz", "--challenger", "sen4,sen5"],
    ["tribune", "check", "takeover", "--faction", "senators", "--challenger", "xyz"],
    ["tribune", "check", "takeover", "--faction", "senators"],
    ["tribune", "check", "conflict", "--faction", "senators", "--first", "sen99"],
    ["tribune", "check", "mars", "--pair", "Ann=sen4"],
    ["tribune", "check", "mars", "--pair", "junk"],
    ["tribune", "check", "chariot", "--bid", "Ann=-3"],
    ["tribune", "check", "chariot", "--bid", "Ann=abc"],
    ["tribune", "check", "atrium", "--first", "-1", "--second", "2"],
    ["tribune", "check", "atrium", "--first", "abc", "--second", "2"],
    ["tribune", "check", "cesura", "--hand", "junk"],
    ["tribune", "check", "cesura", "--set", "xyz=sen4"],
    ["tribune", "check", "victory", "--card", "no-such-card", "--players", "4"],
    ["tribune", "check", "victory", "--card", "@not-json", "--players", "4"],
    ["tribune", "check", "victory", "--card", "@victory-goals-junk", "--players", "4"],
    ["tribune", "check", "victory", "--card", "@number", "--players", "9"],
    ["tribune", "check", "victory", "--card", "@number", "--players", "4", "--markers", "99"],
    # concordia and trajan
    ["concordia", "score", "--input", "/no/such/file.json"],
    ["concordia", "score", "--input", "@not-json"],
    ["concordia", "score", "--input", "@concordia-no-players"],
    ["concordia", "score"],
    ["concordia", "setup", "--map", "atlantis", "--players", "4", "--no-save"],
    ["concordia", "setup", "--map", "imperium", "--players", "9", "--no-save"],
    ["concordia", "map", "--map", "atlantis"],
    ["concordia", "check", "card", "--card", "Unicorn"],
    ["concordia", "check", "trade", "--colonists-on-board", "9", "--sestertii", "3"],
    ["trajan", "score", "--input", "@list-of-numbers"],
    ["trajan", "check", "quarter-end", "--input", "@not-json"],
    ["trajan", "check", "sow", "--trays", "junk"],
    ["trajan", "check", "sow", "--trays", "2,2,2"],
    ["trajan", "check", "ship", "--cards", "unicorn"],
    ["trajan", "check", "build", "--to", "Z99"],
    ["trajan", "check", "military", "move", "--from", "atlantis"],
    # the command line itself
    ["--lang", "xx", "sessions", "list"],
    ["no-such-command"],
    ["--sessions-dir", "@number", "tribune", "new", "--player", "Ann", "--player", "Bob",
     "--edition", "ffg", "--points-variant", "--deck", "virtual", "--thermae", "3"],
]

PLACEHOLDER = re.compile(r"\{[a-z_]+(![rs])?\}")


def case_id(args) -> str:
    text = " ".join(args).encode("ascii", "backslashreplace").decode()
    return text if len(text) <= 80 else f"{text[:40]}…{text[-36:]}"


def params():
    for case in CASES:
        yield pytest.param(case, id=case_id(case))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inputs")
    for name, text in FILES.items():
        (folder / name).write_bytes(text.encode("utf-8", "surrogatepass"))
    return folder


@pytest.fixture
def sid(cli, sessions_dir):
    new_session(sessions_dir, 1)  # a second session with the same date prefix
    sid = new_session(sessions_dir, 40)
    assert cli("tribune", "enter", sid, "--entry", json.dumps(script()[40].to_json())).code == 0
    return sid


def test_there_are_at_least_100_cases():
    assert len(CASES) >= 100


@pytest.mark.parametrize("args", list(params()))
def test_bad_input_gets_one_clear_line_and_changes_nothing(cli, sessions_dir, sid, inputs,
                                                           args):
    args = [str(inputs / a[1:]) if a.startswith("@") else a.replace("{sid}", sid)
            for a in args]
    before = files(sessions_dir)
    result = cli(*args)
    assert result.code == 2, result.out[-500:]
    assert "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    if lines and lines[0].startswith("Usage:"):  # the argument parser frames its complaint
        assert len(lines) == 3 and lines[2].startswith("Try "), lines
        lines = lines[1:2]
    [line] = lines
    assert line.strip() and line.isprintable() and len(line) <= 600
    assert not PLACEHOLDER.search(line), line
    assert files(sessions_dir) == before
