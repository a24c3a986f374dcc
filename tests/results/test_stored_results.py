"""Every game's typed-in final score is kept as a finished game in the one result shape."""

from __future__ import annotations

import pytest

from referee.outcome import Outcome
from referee.store import SessionStore
from tests.results.helpers import TRIBUNE, score, write
from tests.store.helpers import edit_sealed

GAMES = ("tribune", "concordia", "trajan")


def result_of(cli, session_id):
    return cli("sessions", "export", session_id).json()["result"]


@pytest.mark.parametrize("game", GAMES)
def test_a_score_is_kept_as_a_finished_game_in_the_shared_shape(cli, tmp_path, game):
    printed = score(cli, tmp_path, game)
    result = result_of(cli, printed["session"])
    outcome = result["outcome"]
    assert result["mode"] == "scored" and outcome["game"] == game and outcome["schema"] == 1
    for line in outcome["standings"]:
        assert sum(line["breakdown"].values()) == line["score"]
        assert line["winner"] == (line["rank"] == 1)
    ranks = [line["rank"] for line in outcome["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    seats = sorted(line["seat"] for line in outcome["standings"])
    assert seats == list(range(1, len(seats) + 1))
    assert [p["seat"] for p in result["players"]] == seats
    assert outcome["winners"] == [s["player"] for s in outcome["standings"] if s["winner"]]
    # the rulings say why, in the shape every game shares
    assert outcome["rulings"] and all(set(r) == {"rule", "message", "params"}
                                      for r in outcome["rulings"])
    assert Outcome.from_json(outcome).to_json() == outcome


def test_the_three_games_keep_their_own_edition_and_details(cli, tmp_path):
    tribune = result_of(cli, score(cli, tmp_path, "tribune")["session"])["outcome"]
    assert tribune["edition"] == "ffg"
    assert [(s["player"], s["score"], s["rank"]) for s in tribune["standings"]] == [
        ("Ann", 18, 1), ("Cid", 11, 2), ("Bob", 10, 3)]
    assert tribune["standings"][0]["details"] == {"qualified": True}
    heidelberger = score(cli, tmp_path, "tribune", "--edition", "heidelberger")
    assert result_of(cli, heidelberger["session"])["outcome"]["edition"] == "heidelberger"

    concordia = result_of(cli, score(cli, tmp_path, "concordia")["session"])
    assert concordia["outcome"]["edition"] == "imperium"  # the board side played
    assert set(concordia["outcome"]["standings"][0]["breakdown"]) == {
        "vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia"}
    assert concordia["start_player"] == next(p["name"] for p in concordia["players"]
                                             if p["seat"] == 1)

    trajan = result_of(cli, score(cli, tmp_path, "trajan")["session"])["outcome"]
    assert trajan["edition"] == "evrikus-2022"
    assert [(s["player"], s["score"]) for s in trajan["standings"]] == [
        ("Livia", 78), ("Marcus", 71)]
    assert trajan["standings"][0]["details"] == {"senate_position": 0, "senate_stack_rank": 2}


def test_no_save_only_shows_the_score(cli, tmp_path, sessions_dir):
    assert score(cli, tmp_path, "trajan", "--no-save")["session"] is None
    assert SessionStore(sessions_dir).ids() == []


def test_date_and_minutes_are_recorded(cli, tmp_path):
    sid = score(cli, tmp_path, "tribune", "--date", "2026-10-31", "--minutes", "95")["session"]
    result = result_of(cli, sid)
    assert result["played_at"] == "2026-10-31T12:00:00+00:00"
    assert result["duration_min"] == 95


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_date_is_refused_before_anything_is_asked_or_written(cli, tmp_path,
                                                                   sessions_dir, game):
    path = write(tmp_path, TRIBUNE, "t.json")
    result = cli(game, "score", "--input", path, "--date", "31.10.2026")
    assert result.code == 2 and "--date takes a day as YYYY-MM-DD" in result.err
    assert "Traceback" not in result.err and not sessions_dir.exists()


def test_the_human_output_names_the_saved_game(cli, tmp_path):
    path = write(tmp_path, TRIBUNE, "t.json")
    out = cli("tribune", "score", "--input", path).out
    [line] = [x for x in out.splitlines() if x.startswith("Saved as finished game")]
    sid = line.split()[-1].rstrip(".")
    assert f"referee sessions export {sid} --format bgstats" in out


def test_a_scored_game_is_no_game_to_resume(cli, tmp_path, sessions_dir):
    score(cli, tmp_path, "tribune")
    assert SessionStore(sessions_dir).latest("tribune") is None
    assert SessionStore(sessions_dir).latest() is None


def test_a_guided_tribune_game_records_the_shared_shape_with_its_variant(cli, sessions_dir):
    from referee.results.record import played_game
    from referee.table import session as sessions
    from referee.tribune.engine import Game
    from referee.tribune.setup import Setup
    from referee.tribune.ui.table import TRIBUNE
    from tests.tribune.ui.helpers import self_play

    setup = Setup.create(["Ann", "Bob", "Cid"], "Bob", edition="ffg", deck_mode="virtual",
                         seed=3, settings={"thermae_fields": 3})
    actions = self_play(setup, seed=4)
    store = SessionStore(sessions_dir)
    session, game = sessions.create(TRIBUNE, store, setup)
    with session:
        sessions.apply_all(TRIBUNE, session, game, actions)
        played = played_game(session)
    expected = Game.replay(setup, actions).final_score()
    assert played is not None and played.mode == "guided"
    assert {s.player: s.score for s in played.outcome.standings} == {
        s.name: s.total for s in expected.scores}
    assert played.outcome.variant["deck_mode"] == "virtual"
    assert played.outcome.variant["settings"]["thermae_fields"] == 3
    # entered within a second: no length worth sending (BG Stats gets none)
    assert played.start_player == "Bob" and played.duration_min is None


def test_an_outcome_of_the_older_shape_reads_the_same(sessions_dir):
    from referee.results.record import played_game
    from referee.store import EventDraft, Header

    header = Header.new(game="tribune", edition="ffg", players=["Ann", "Bob", "Cid", "Dan"])
    with SessionStore(sessions_dir).create(header) as s:
        s.append([EventDraft("outcome", {
            "scores": {"Ann": 9, "Bob": 12, "Cid": 12, "Dan": 3},
            "ranking": ["Bob", "Cid", "Ann", "Dan"], "winners": ["Bob", "Cid"],
            "breakdown": {"Bob": {"laurels": 12}}, "tie_break": "shared"},
            actor="referee", source="derived")])
        played = played_game(s)
    assert [(x.player, x.seat, x.rank) for x in played.outcome.standings] == [
        ("Bob", 2, 1), ("Cid", 3, 1), ("Ann", 1, 3), ("Dan", 4, 4)]
    assert played.outcome.winners == ["Bob", "Cid"] and played.outcome.tie_break is None
    assert played.outcome.standings[0].breakdown == {"laurels": 12}


def test_a_hand_edited_result_is_reported_not_a_traceback(cli, sessions_dir, tmp_path):
    sid = score(cli, tmp_path, "tribune")["session"]
    path = sessions_dir / f"{sid}.json"

    def spoil(records):
        [outcome] = [e for e in records[-1]["put"]["events"].values()
                     if e["type"] == "outcome"]
        outcome["payload"]["standings"] = "nonsense"

    edit_sealed(path, spoil)
    result = cli("sessions", "export", sid, "--format", "csv")
    assert result.code == 2 and "cannot be read" in result.err
    assert "Traceback" not in result.err
    history = cli("history")
    assert history.code == 0 and sid in history.err


def test_every_score_command_prints_the_shared_result_shape_too(cli, tmp_path):
    """Each game's --json keeps its own table and adds the one shape: the same keys, the same
    ruling shape, for the three games."""
    shapes = set()
    for game in GAMES:
        printed = score(cli, tmp_path, game, "--no-save")
        outcome = printed["outcome"]
        shapes.add((tuple(outcome), tuple(outcome["standings"][0]),
                    tuple(outcome["rulings"][0]), tuple(outcome["rulings"][0]["rule"])))
        assert outcome["game"] == game and printed["session"] is None
    assert len(shapes) == 1
