"""Hostile input, generated: more than 500 inputs over the commands that take JSON, files,
ids, paths and keys. Each one is answered in one printable line with exit code 2, no
traceback, and leaves every byte of the session and its backup as it was.

The inputs come from tables (junk values put in each field of a real entry, documents
that are too big, too deep or have numbers too long, files that are not files), so a new
kind of junk is one more line in a table.
"""

from __future__ import annotations

import json
import os

import pytest

from tests.robustness.helpers import new_session, script

NOT_SHOWN = "\x1b]0;owned\x07"  # a terminal title change: must never reach the terminal raw
JUNK_VALUES = [None, True, -1, 0.5, "", " ", "[/]", "[bold red]x", "\x1b[2J", NOT_SHOWN,
               "\x00", "\ud800", "ｓｅｎ４", "x" * 5000, [], {}, [[[]]], {"a": {"b": {}}},
               "Zed", "moon.1", 10 ** 17]
NUMBERS = ["1" * 19, "9" * 5000, "-" + "9" * 4301, "1e400", "-1e400", "NaN", "Infinity",
           "-Infinity", "1.5e308", "0.0000000001e-400"]


def deep(levels: int, open_: str = "[", close: str = "]") -> str:
    return open_ * levels + close * levels


DOCUMENTS = [
    "", " ", "null", "true", "0", "[]", "{}", '""', "[{}]", "[[]]", '{"type": null}',
    "{not json", "[1, 2", '{"type": "pass"', "\x00", "\ufeff{}", "'single'", "{'a': 1}",
    deep(41), deep(1000), deep(100_000), deep(200_000, "{\"a\":", "}"),
    *(f'{{"type": "bid", "player": "Bob", "amount": {n}}}' for n in NUMBERS),
    *(f"[{n}]" for n in NUMBERS),
    json.dumps({"type": "bid", "player": "Bob", "amount": 2, "junk": "x" * 100}) + "x",
    "[" + ",".join(["{}"] * 2000) + "]",
    json.dumps([{"type": "pass", "player": "Bob"}] * 3),
]


def entry() -> dict:
    return script()[41].to_json()


def field_cases() -> list[str]:
    """The next real entry with each of its fields, in turn, set to each junk value, then
    left out, then joined by an unknown field."""
    good = entry()
    cases = []
    for field in good:
        for junk in JUNK_VALUES:
            cases.append(json.dumps({**good, field: junk}))
        cases.append(json.dumps({k: v for k, v in good.items() if k != field}))
    for junk in JUNK_VALUES:
        cases.append(json.dumps({**good, "player": "Bob", "amount": junk}))
        cases.append(json.dumps([good, junk]))
    return cases


ENTRIES = DOCUMENTS + field_cases()
IDS = ["", "x", "[/]", NOT_SHOWN, "\x00", "../../etc/passwd", "/", "*", "2026*", "9" * 5000,
       "-", "\ud800", "ｓｅｎ４", "x" * 10_000]
PATHS = ["", ".", "/", "/dev/null", "/dev/zero", "{fifo}", "{folder}", "{link}",
         "/no/such/dir/out.json", "{self}"]
KEYS = ["", "\x00", "\x1b[2J", "k" * 201, "a\nb"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A sessions folder with one Tribune session 41 entries in, and a folder of hostile
    files: (sessions folder, session id, files folder)."""
    root = tmp_path_factory.mktemp("hostile")
    sessions = root / "sessions"
    sid = new_session(sessions, 41)
    files = root / "files"
    files.mkdir()
    os.mkfifo(files / "fifo")
    (files / "folder").mkdir()
    (files / "target.json").write_text("{}")
    (files / "link").symlink_to(files / "target.json")
    (files / "zero-link").symlink_to("/dev/zero")
    (files / "big.json").write_bytes(b"[" + b"0," * (3 * 1024 * 1024) + b"0]")
    for n, text in enumerate(DOCUMENTS):
        (files / f"doc{n}.json").write_bytes(text.encode("utf-8", "surrogatepass"))
    (files / "latin1.json").write_bytes('{"player": "Jos\xe9"}'.encode("latin-1"))
    return sessions, sid, files


def file_inputs(files) -> list[str]:
    names = [f"doc{n}.json" for n in range(len(DOCUMENTS))]
    return [str(files / n) for n in [*names, "fifo", "folder", "big.json", "zero-link",
                                     "latin1.json", "missing.json"]] + ["/dev/zero", "/"]


def cases(sessions, sid, files) -> list[list[str]]:
    paths = [p.format(fifo=files / "fifo", folder=files / "folder", link=files / "link",
                      self=sessions / f"{sid}.json") for p in PATHS]
    out = [["tribune", "enter", sid, "--entry", e] for e in ENTRIES]
    out += [["tribune", "enter", sid, "--file", f] for f in file_inputs(files)]
    out += [["tribune", "enter", sid, "--key", k, "--entry", json.dumps(entry())]
            for k in KEYS]
    out += [["tribune", "explain", sid, e] for e in DOCUMENTS[:30]]
    for command in (["sessions", "show"], ["sessions", "export"], ["tribune", "status"],
                    ["tribune", "log"], ["sessions", "repair"], ["sessions", "undo"]):
        out += [[*command, i] for i in IDS]
    out += [["sessions", "export", sid, "-o", p] for p in paths]
    for command in (["tribune", "replay"], ["tribune", "score", "--input"],
                    ["concordia", "score", "--input"], ["trajan", "score", "--input"]):
        out += [[*command, f] for f in file_inputs(files)]
    return out


def test_there_are_at_least_500_inputs(tmp_path):
    assert len(cases(tmp_path, "id", tmp_path)) >= 500


def _snapshot(sessions) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(sessions.iterdir())
            if p.suffix in (".json", ".bak")}


def test_every_hostile_input_gets_one_line_and_changes_nothing(cli, folder, monkeypatch):
    sessions, sid, files = folder
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(sessions))
    monkeypatch.setenv("COLUMNS", "10000")
    before = _snapshot(sessions)
    problems = []
    for args in cases(sessions, sid, files):
        result = cli(*args)
        lines = result.err.strip().splitlines()
        if lines and lines[0].startswith("Usage:"):  # the parser frames its complaint
            lines = lines[1:2]
        # One line, also for a file with several problems (the first and a count).
        ok = (result.code == 2 and "Traceback" not in result.err and len(lines) == 1
              and all(line.isprintable() for line in lines) and NOT_SHOWN not in result.out)
        if not ok:
            problems.append((args[:3], [a[:60] for a in args[3:]], result.code,
                             result.err[-300:]))
    assert problems == [], "\n".join(map(repr, problems))
    assert _snapshot(sessions) == before


NAMES = ["[/]x", "[bold]Ann", "Cid [link=http://x]y[/link]"]  # escapes are refused as names


def test_hostile_player_names_are_shown_as_text(cli, sessions_dir):
    players = [a for n in NAMES for a in ("--player", f"{n}:red")]
    made = cli("tribune", "new", "--no-play", "--points-variant", "--edition", "ffg",
               "--deck", "virtual", "--thermae", "3", *players)
    assert made.code == 0, made.err
    for command in (["sessions", "list"], ["sessions", "show", ""], ["tribune", "status"],
                    ["tribune", "log"], ["tribune", "explain", "1"]):
        if command[-1] == "":
            command = [*command[:-1], made.out.split()[2].rstrip(".")]
        result = cli(*command)
        assert result.code == 0 and "Traceback" not in result.err, (command, result.err)
        assert "\x1b" not in result.out and "\x07" not in result.out, command
    assert "[/]" in cli("sessions", "list").out


def test_the_store_refuses_links_fifos_and_folders_in_place_of_its_files(cli, sessions_dir):
    sid = new_session(sessions_dir, 2)
    path = sessions_dir / f"{sid}.json"
    outside = sessions_dir.parent / "outside.json"
    outside.write_bytes(path.read_bytes())
    for name, make in ((f"{sid}.json", lambda p: p.symlink_to(outside)),
                       (f"{sid}.json", os.mkfifo),
                       (f"{sid}.json.bak", lambda p: p.symlink_to(outside)),
                       (f"{sid}.lock", lambda p: p.symlink_to(outside))):
        target = sessions_dir / name
        saved = target.read_bytes() if target.exists() else None
        target.unlink(missing_ok=True)
        make(target)
        result = cli("tribune", "enter", sid, "--entry", json.dumps(script()[2].to_json()))
        [line] = result.err.strip().splitlines()
        assert result.code == 2 and "Refusing to use" in line and name in line, line
        target.unlink()
        if saved is not None:
            target.write_bytes(saved)
    assert outside.read_bytes() == path.read_bytes()  # never written through a link
