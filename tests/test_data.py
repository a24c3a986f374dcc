"""Box data lookups: shipped files read once, a user's override seen as soon as it changes,
and nothing a caller does to what it is given reaches the next lookup."""

from __future__ import annotations

import json
import os

from referee import data

OLD = 1_600_000_000  # a time long past: the read of a file this old is kept


def _write(path, doc, mtime: int | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    if mtime is not None:
        os.utime(path, (mtime, mtime))


def test_an_override_changed_between_two_loads_is_seen(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    path = data.override_path("trajan", "quarter")
    shipped = data.load("trajan", "quarter")["quarters"]["value"]
    _write(path, {"quarters": {"value": 5}}, mtime=OLD)
    assert data.load("trajan", "quarter")["quarters"]["value"] == 5
    _write(path, {"quarters": {"value": 7}}, mtime=OLD + 60)  # same size, later
    assert data.load("trajan", "quarter")["quarters"]["value"] == 7
    _write(path, {"quarters": {"value": 8}})  # just written: not trusted to its stamp
    assert data.load("trajan", "quarter")["quarters"]["value"] == 8
    _write(path, {"quarters": {"value": 9}})
    assert data.load("trajan", "quarter")["quarters"]["value"] == 9
    path.unlink()
    assert data.load("trajan", "quarter")["quarters"]["value"] == shipped


def test_a_caller_changing_what_it_was_given_does_not_change_the_next_load(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    first = data.load("trajan", "provinces")
    expected = json.loads(json.dumps(first))
    first["adjacency"]["value"].clear()
    first["vp"]["tag"] = "USER"
    first.pop("leader_may_return_to_camp")
    assert data.load("trajan", "provinces") == expected
    value, changed = data.entry("trajan", "provinces", "adjacency", "value")
    value.clear()
    assert data.entry("trajan", "provinces", "adjacency", "value") == \
        (expected["adjacency"]["value"], False)
    # the same with an override kept in memory
    _write(data.override_path("trajan", "provinces"), {"vp": {"value": {"x": 1}}}, mtime=OLD)
    merged = data.load("trajan", "provinces")
    merged["vp"]["value"]["x"] = 2
    assert data.load("trajan", "provinces")["vp"]["value"]["x"] == 1


def test_a_lookup_says_whether_the_override_changed_the_value(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    shipped = data.load("trajan", "quarter")
    same = shipped["quarters"]["value"]
    _write(data.override_path("trajan", "quarter"),
           {"quarters": {"value": same, "note": "as shipped"},
            "forum_tiles_per_player": {"value": 99}}, mtime=OLD)
    assert data.entry("trajan", "quarter", "quarters", "value") == (same, False)
    assert data.entry("trajan", "quarter", "forum_tiles_per_player", "value") == (99, True)
    assert data.entry("trajan", "quarter", "quarters", "note") == ("as shipped", True)
