"""Time at the table from the journal's times; results moved between two copies; a replayed
game kept with its day, length, place and comment."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.results.helpers import TRIBUNE, decode, score, write

SCENARIO = Path(__file__).parents[2] / "sessions/examples/scenarios/tribune-two-rounds.json"
THINK = {"Ann": 60, "Bob": 30, "table": 5}  # seconds each answer takes
PAUSE_BEFORE = 7  # the 7th entry comes after a night's break


class Clock:
    def __init__(self) -> None:
        self.moment = datetime.now(UTC)

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)

    def __call__(self) -> str:
        return self.moment.isoformat(timespec="milliseconds")


@pytest.fixture
def timed(sessions_dir, monkeypatch):
    """The two-round Tribune scenario played entry by entry with a clock: Ann takes a
    minute per answer, Bob half a minute, the table 5 seconds; a 10-hour pause before the
    7th entry (a Bob answer or a card turned up, whatever the scenario has there)."""
    from referee.store import SessionStore, model
    from referee.table import scenario
    from referee.table import session as sessions
    from referee.tribune.ui.table import TRIBUNE as TABLE

    raw = scenario.read(TABLE, SCENARIO)
    clock = Clock()
    monkeypatch.setattr(model, "now", clock)
    session, game = sessions.create(TABLE, SessionStore(sessions_dir),
                                    TABLE.setup_from_json(raw["setup"]), raw.get("colours"))
    expected = {"Ann": 0, "Bob": 0, "table": 0}
    with session:
        for n, entry in enumerate(raw["entries"], 1):
            actor = entry.get("player", "table")
            clock.advance(10 * 3600 if n == PAUSE_BEFORE else THINK[actor])
            if n != PAUSE_BEFORE:
                expected[actor] += THINK[actor]
            sessions.apply(TABLE, session, game, scenario.entry_of(TABLE, game, entry))
    return session.id, expected


def test_history_shows_thinking_time_table_time_and_pauses(cli, timed):
    sid, expected = timed
    [game] = cli("history", "--json").json()
    times = game["times"]
    thinking = {t["player"]: t["seconds"] for t in times["thinking"]}
    assert thinking == {"Ann": expected["Ann"], "Bob": expected["Bob"]}
    assert sum(times["table"].values()) == expected["table"]
    assert set(times["table"]) <= {"cards", "followers", "regions", "takeovers", "setup"}
    assert (times["pauses"], times["paused_s"]) == (1, 10 * 3600)
    assert times["seconds"] == sum(expected.values())  # the night left out
    assert game["duration_min"] == round(sum(expected.values()) / 60)
    out = cli("history").out
    assert "Thinking: Ann " in out and "1 pause of more than 30 minutes" in out


def test_the_score_sheet_and_stats_show_the_times(cli, timed):
    sid, expected = timed
    status = cli("tribune", "status", sid).out
    assert "Time at the table:" in status and "Thinking time: Ann" in status
    found = cli("stats", "--json").json()
    ann = next(r for r in found["thinking"] if r["player"] == "Ann")
    assert (ann["games"], ann["seconds"]) == (1, expected["Ann"])
    assert ann["per_answer_s"] == THINK["Ann"] or ann["answers"] < 20
    assert found["table_time"] and found["games"][0]["timed"] == 1
    assert "Thinking time" in cli("stats").out


def test_a_guided_game_sends_its_measured_length_to_bgstats(cli, timed):
    sid, expected = timed
    play = decode(cli("sessions", "export", sid, "--format", "bgstats", "--no-qr").out)
    assert play["durationMin"] == round(sum(expected.values()) / 60)


def test_a_long_pause_is_counted_for_nobody():
    from referee.results.timing import PAUSE_S, measure

    class E:
        def __init__(self, t, actor, source="entered", type="x", phase="p"):
            self.time, self.actor, self.source, self.type, self.phase = t, actor, source, \
                type, phase

    start = "2026-11-21T18:00:00+00:00"
    events = [E("2026-11-21T18:00:00+00:00", "referee", "derived"),
              E("2026-11-21T18:02:00+00:00", "Ann"),           # 2 minutes of thinking
              E("2026-11-21T18:02:00+00:00", "referee", "derived"),
              E("2026-11-22T09:00:00+00:00", "Bob"),           # overnight: a pause
              E("2026-11-22T09:00:30+00:00", "table"),         # a card turned up
              E("2026-11-22T09:01:00+00:00", "table", type="undo")]
    times = measure(start, events, ["Ann", "Bob"])
    assert times is not None
    assert times.thinking == {"Ann": 120, "Bob": 0} and times.answers == {"Ann": 1, "Bob": 0}
    assert times.table == {"p": 30, "corrections": 30} and times.seconds == 180
    assert times.pauses == 1 and times.paused > PAUSE_S


# ------------------------------------------------------------------ two laptops
def test_results_exported_here_and_imported_there_give_the_same_history(
        cli, tmp_path, timed, monkeypatch):
    score(cli, tmp_path, "trajan", "--date", "2026-11-02", "--minutes", "75")
    score(cli, tmp_path, "concordia")
    exported = tmp_path / "ours.json"
    assert cli("results", "export", "-o", exported).code == 0
    here = cli("history", "--json").json()
    here_stats = cli("stats", "--json").json()
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(tmp_path / "other-laptop"))
    assert cli("history", "--json").json() == []
    result = cli("results", "import", exported, "--json")
    assert result.code == 0, result.err
    assert len(result.json()["added"]) == 3
    assert cli("history", "--json").json() == here
    assert cli("stats", "--json").json() == here_stats
    again = cli("results", "import", exported, "--json").json()
    assert again == {"added": [], "already_here": result.json()["added"]}
    assert cli("tribune", "status").code == 2  # an imported game is no game to resume


def test_a_session_export_is_imported_and_names_meet_the_alias_table(cli, tmp_path,
                                                                     monkeypatch):
    sid = score(cli, tmp_path, "tribune", "--date", "2026-09-01")["session"]
    exported = tmp_path / "one.json"
    cli("sessions", "export", sid, "-o", exported)
    monkeypatch.setenv("REFEREE_SESSIONS_DIR", str(tmp_path / "other-laptop"))
    path = write(tmp_path, [dict(e, name=e["name"].lower()) for e in TRIBUNE], "low.json")
    cli("tribune", "score", "--input", path, "--date", "2026-10-01")
    cli("players", "alias", "ann", "Annie")
    assert cli("results", "import", exported).code == 0
    history = cli("history", "--json").json()
    assert [g["session"] for g in history][0] == sid
    assert {s["player"] for g in history for s in g["standings"]} == {"Annie", "Bob", "Cid"}


@pytest.mark.parametrize("doc", [{"format": "something"}, {"format": "referee-results",
                                                           "version": 1, "games": [{}]},
                                 [1, 2], {"format": "referee-results", "version": 9}])
def test_an_import_of_the_wrong_shape_is_refused(cli, tmp_path, doc):
    result = cli("results", "import", write(tmp_path, doc, "bad.json"))
    assert result.code == 2 and "Traceback" not in result.err
    assert cli("history", "--json").json() == []


# ------------------------------------------------------------------ replay --save
def test_replay_save_keeps_the_day_length_place_and_comment(cli):
    result = cli("tribune", "replay", SCENARIO, "--save", "--date", "2026-10-12",
                 "--minutes", "95", "--location", "Club Alea", "--comments", "Two rounds")
    assert result.code == 0, result.err
    [game] = cli("history", "--json").json()
    assert (game["date"], game["duration_min"], game["location"]) == ("2026-10-12", 95,
                                                                      "Club Alea")
    assert game["times"] is None  # a replay's own seconds are no game's times
    play = decode(cli("sessions", "export", game["session"], "--format", "bgstats",
                      "--no-qr").out)
    assert (play["playDate"], play["durationMin"]) == ("2026-10-12 12:00:00", 95)
    assert (play["location"], play["comments"]) == ("Club Alea", "Two rounds")
    unsaved = cli("tribune", "replay", SCENARIO, "--minutes", "95")
    assert unsaved.code == 2 and "only with --save" in unsaved.err


def test_a_replay_without_a_length_sends_none(cli):
    assert cli("tribune", "replay", SCENARIO, "--save").code == 0
    [game] = cli("history", "--json").json()
    assert game["duration_min"] is None
    play = decode(cli("sessions", "export", game["session"], "--format", "bgstats",
                      "--no-qr").out)
    assert "durationMin" not in play and json.dumps(play)
