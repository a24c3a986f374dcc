"""The benchmark's pieces keep working as the code they drive changes.

Nothing here times anything: speed is measured by bench/run in a clean install and
reported in docs/performance.md, never judged in a test (CI machines differ).
"""

from __future__ import annotations

from pathlib import Path

from bench import folders, suite, worker
from bench.startup import BASELINE, LONG, SHORT, commands, enter, status
from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.ui.table import TRIBUNE


def test_the_sessions_are_real_games_of_the_stated_length(tmp_path):
    built = worker.build(tmp_path)
    for size, raw in built["points"].items():
        assert raw["events"] >= int(size) and raw["next_entry"]["type"] == "place"
        with SessionStore(Path(raw["root"])).open(raw["session_id"]) as session:
            game = sessions.load(TRIBUNE, session)
            assert len(session.events) == raw["events"]
        game.check(TRIBUNE.entry_from_json(raw["next_entry"]))  # the timed entry is legal
    assert Path(built["concordia"]).exists() and Path(built["trajan"]).exists()
    timed = commands(Path("/venv/bin"), built)
    assert timed[BASELINE] == ["/venv/bin/python", "-c", "pass"]
    assert all(cmd[0] == "/venv/bin/referee" for name, cmd in timed.items() if name != BASELINE)
    assert {status(SHORT), status(LONG), enter(SHORT), enter(LONG)} <= set(timed)


def test_an_entry_inside_a_guided_game_is_answered_and_timed(tmp_path):
    # The in-process figure drives the real guided game: a change to how it asks must not
    # leave the benchmark answering a question it no longer puts.
    from bench import entries
    from bench.late_game import Point

    raw = worker.build(tmp_path)["points"][str(worker.SHORT)]
    folders.keep(Path(raw["root"]))
    point = Point.from_json(raw)
    for _ in range(2):  # each from the same saved state
        assert entries.guided_once(point) > 0
        with SessionStore(Path(raw["root"])).open(raw["session_id"]) as session:
            [entry] = [e for e in session.entries() if e.seq > raw["events"]]
            assert entry.payload["space"] == raw["next_entry"]["space"]


def test_restore_brings_back_the_folder_as_kept(tmp_path):
    root = tmp_path / "sessions"
    root.mkdir()
    (root / "a.json").write_text("1\n")
    folders.keep(root)
    (root / "a.json").write_text("1\n2\n")
    (root / "a.state").write_text("derived")
    folders.restore(root)
    assert sorted(p.name for p in root.iterdir()) == ["a.json"]
    assert (root / "a.json").read_text() == "1\n"
    # the checkpoint beside a journal is keyed on its time, among others
    kept_time = (folders.kept(root) / "a.json").stat().st_mtime_ns
    assert (root / "a.json").stat().st_mtime_ns == kept_time


def report() -> dict:
    """Figures that meet every target."""
    ratios = {"referee --help": 5.0, status(LONG): 8.0, enter(LONG): 8.5,
              "referee concordia score --json": 7.0, "referee trajan score --json": 7.0}
    found = {"commands": [{"command": c, "ratio": r, "peak_mb": 30.0}
                          for c, r in ratios.items()],
             "growth": {"status": 1.1, "enter": 1.1}, "guided_ms": {LONG: 1.5},
             "trajan_entry_ms": {"late": 1.0},
             "games_per_second": {"virtual": 120.0},
             "board": {"p95_ms": 150.0}}
    return {**found, "targets": suite.verdicts(found)}


def test_check_passes_when_every_target_is_met():
    assert suite.missed(report()) == []


def test_check_names_each_missed_target_whichever_way_it_points():
    slow = report()
    slow["commands"][0]["ratio"] = 6.5  # --help above its maximum
    slow["games_per_second"]["virtual"] = 99.0  # below its minimum
    slow["targets"] = suite.verdicts(slow)
    assert [t["figure"] for t in suite.missed(slow)] == [
        suite.TARGETS[0][0], "simulated 4-player Tribune games, virtual deck (games/s)"]


def test_a_figure_the_install_cannot_measure_is_not_counted_as_met():
    older = report()
    del older["trajan_entry_ms"]
    older["targets"] = suite.verdicts(older)
    [missing] = suite.missed(older)
    assert missing["met"] is None and missing["figure"].startswith("Trajan entry")


def test_the_board_figures_come_from_viewers_of_a_real_board(tmp_path, monkeypatch):
    from bench import board

    monkeypatch.setattr(board, "VIEWERS", 3)
    monkeypatch.setattr(board, "EVENTS", 50)
    found = board.measure(tmp_path, 2)
    assert found["viewers"] == 3 and found["entries"] == 2 and found["events"] >= 50
    assert 0 < found["median_ms"] <= found["p95_ms"] <= found["max_ms"]
    assert found["from_launch_median_ms"] > found["median_ms"]


def test_percentiles_are_nearest_rank():
    from bench.board import _percentile

    assert _percentile(list(range(1, 101)), 95) == 95
    assert _percentile([3.0, 1.0, 2.0], 50) == 2.0 and _percentile([5.0], 95) == 5.0
