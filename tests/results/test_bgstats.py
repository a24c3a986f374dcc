"""The BG Stats link: it decodes to a play the app takes, fits for five players, and shows
as a QR code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.results.bgstats import MAX_LINK
from tests.results.helpers import TRIBUNE, decode, score, write
from tests.results.qr import SGR, read_drawing, read_png
from tests.results.qr import decode as qr_decode

REQUIRED = {"sourceName", "sourcePlayId", "playDate", "game", "players"}
PLAYER_FIELDS = {"name", "sourcePlayerId", "startPlayer", "score", "winner", "rank", "role"}


def link(cli, session_id, *extra):
    result = cli("sessions", "export", session_id, "--format", "bgstats", "--no-qr", *extra)
    assert result.code == 0, result.err
    return result.out.strip()


def assert_valid_play(play):
    """What the app requires (bgstats facts): sourceName, playDate in its format, a game
    with a name and both booleans, players with names; ranks from 1."""
    assert REQUIRED <= set(play) and play["sourceName"] == "referee"
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "
    assert play["game"]["name"] and play["game"]["highestWins"] is True
    assert play["game"]["noPoints"] is False
    for player in play["players"]:
        assert set(player) <= PLAYER_FIELDS and player["name"]
        # defaults are left out: winner only for winners, startPlayer only for the start
        assert player.get("winner", True) is True and player.get("startPlayer", True) is True
        assert isinstance(player["score"], int)
        assert player["rank"] >= 1 and player.get("winner", False) == (player["rank"] == 1)


@pytest.mark.parametrize("game", ["tribune", "concordia", "trajan"])
def test_the_link_decodes_to_a_valid_play(cli, tmp_path, game):
    sid = score(cli, tmp_path, game, "--date", "2026-11-20", "--minutes", "80")["session"]
    play = decode(link(cli, sid))
    assert_valid_play(play)
    assert play["sourcePlayId"] == sid and play["game"]["sourceGameId"] == game
    assert play["playDate"] == "2026-11-20 12:00:00" and play["durationMin"] == 80
    # no BoardGameGeek id is confirmed by two sources: none is sent
    assert "bggId" not in play["game"]


def test_the_play_carries_scores_ranks_winners_and_the_start_player(cli, tmp_path):
    sid = score(cli, tmp_path, "concordia")["session"]
    played = cli("sessions", "export", sid).json()["result"]
    play = decode(link(cli, sid))
    first = next(p["name"] for p in played["players"] if p["seat"] == 1)
    assert [p["name"] for p in play["players"]] == [p["name"] for p in played["players"]]
    assert [p["name"] for p in play["players"] if p.get("startPlayer")] == [first]
    expected = {s["player"]: (s["score"], s["rank"], s["winner"])
                for s in played["outcome"]["standings"]}
    assert {p["name"]: (p["score"], p["rank"], p.get("winner", False))
            for p in play["players"]} == expected


def test_a_bgg_id_the_user_sets_is_sent(cli, tmp_path, user_data_home):
    folder = user_data_home / "results"
    folder.mkdir(parents=True)
    (folder / "games.json").write_text(json.dumps(
        {"games": {"tribune": {"bgg_id": {"value": 27364}}}}))
    sid = score(cli, tmp_path, "tribune")["session"]
    assert decode(link(cli, sid))["game"]["bggId"] == 27364


def test_five_players_with_the_longest_names_stay_under_the_limit(cli, tmp_path):
    # Tribune takes names of up to 30 characters; these need the most encoding there is.
    names = ["Aurelia Valeria Maximiliana Jr", "Bartholomäus Wißmann-Überling",
             "Светлана Александровна Петрова", "Guadalupe Fernández de Córdob",
             "Zoë O'Neill \"Z\" & Co %20 +1 ?"]
    players = [dict(TRIBUNE[i % 3], name=n, first_to_qualify=i == 0)
               for i, n in enumerate(names)]
    path = write(tmp_path, players, "five.json")
    made = cli("tribune", "score", "--input", path, "--json", "--minutes", "240")
    assert made.code == 0, made.err
    sid = made.json()["session"]
    found = link(cli, sid)
    assert len(found) < MAX_LINK
    play = decode(found)
    assert_valid_play(play)
    assert [p["name"] for p in play["players"]] == names
    assert len({p["sourcePlayerId"] for p in play["players"]}) == 5
    as_json = cli("sessions", "export", sid, "--format", "bgstats", "--json").json()
    assert as_json["link"] == found and as_json["length"] == len(found)
    assert as_json["play"] == play


def test_aliases_rename_players_in_the_play(cli, tmp_path):
    sid = score(cli, tmp_path, "trajan")["session"]
    cli("players", "alias", "Livia", "Livia Drusilla")
    names = [p["name"] for p in decode(link(cli, sid))["players"]]
    assert names == ["Livia Drusilla", "Marcus"]


def test_the_qr_code_is_drawn_when_the_terminal_is_wide_enough(cli, tmp_path, monkeypatch):
    sid = score(cli, tmp_path, "trajan")["session"]
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("sessions", "export", sid, "--format", "bgstats", "--qr").out.splitlines()
    assert decode(out[0])["sourcePlayId"] == sid
    drawing = out[1:-1]
    assert drawing and all(set(line) <= set(" █▀▄") for line in drawing)
    assert len({len(line) for line in drawing}) == 1  # a square, not a wrapped mess
    assert "Scan it with the phone" in out[-1]
    monkeypatch.setenv("COLUMNS", "60")
    narrow = cli("sessions", "export", sid, "--format", "bgstats", "--qr").out
    assert "needs a terminal" in narrow and "--qr-open" in narrow and "█" not in narrow


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_drawing_scans_on_dark_and_light_themes(cli, tmp_path, monkeypatch, theme):
    """The drawing gives its own colours (black modules on white), so it reads the same on a
    terminal with light text on black and on one with dark text on white: ZXing decodes
    what each terminal would show back to the printed link."""
    sid = score(cli, tmp_path, "tribune")["session"]
    for name, value in {"COLUMNS": "200", "TTY_COMPATIBLE": "1",
                        "COLORTERM": "truecolor"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = cli("sessions", "export", sid, "--format", "bgstats", "--qr").out
    lines = out.splitlines()
    link = SGR.sub("", lines[0])
    drawing = "\n".join(lines[1:-1])
    white, black = (255, 255, 255), (0, 0, 0)
    colours = (white, black) if theme == "dark" else (black, white)
    assert qr_decode(read_drawing(drawing, *colours)) == link
    assert decode(link)["sourcePlayId"] == sid


def test_the_drawing_without_colours_is_ink_on_paper(cli, tmp_path, monkeypatch):
    """Where colours are off (a pipe, NO_COLOR), dark modules are the characters' ink."""
    sid = score(cli, tmp_path, "tribune")["session"]
    monkeypatch.setenv("COLUMNS", "200")
    out = cli("sessions", "export", sid, "--format", "bgstats", "--qr").out.splitlines()
    rows = read_drawing("\n".join(out[1:-1]), (0, 0, 0), (255, 255, 255))
    assert qr_decode(rows) == out[0]


def test_the_image_decodes_to_the_link(cli, tmp_path):
    sid = score(cli, tmp_path, "concordia")["session"]
    png = tmp_path / "play.png"
    found = link(cli, sid, "--qr-file", png)
    assert qr_decode(read_png(png.read_bytes()), scale=1) == found


def test_qr_open_shows_the_code_in_the_image_viewer(cli, tmp_path, monkeypatch):
    from referee.cli import exporting

    sid = score(cli, tmp_path, "tribune")["session"]
    opened = []
    monkeypatch.setattr(exporting, "launch", lambda path: opened.append(path) or True)
    monkeypatch.setenv("COLUMNS", "60")  # too narrow to draw the code
    result = cli("sessions", "export", sid, "--format", "bgstats", "--qr-open")
    assert result.code == 0, result.err
    found = result.out.splitlines()[0]
    [image] = opened
    assert image.suffix == ".png" and str(image) in result.out and "█" not in result.out
    assert qr_decode(read_png(image.read_bytes()), scale=1) == found
    monkeypatch.setattr(exporting, "launch", lambda path: False)
    result = cli("sessions", "export", sid, "--format", "bgstats", "--qr-open")
    assert result.code == 0 and "No image viewer could be started" in result.out


def test_the_qr_code_can_be_saved_as_an_image(cli, tmp_path):
    sid = score(cli, tmp_path, "tribune")["session"]
    svg, png = tmp_path / "play.svg", tmp_path / "play.png"
    link(cli, sid, "--qr-file", svg)
    assert "<svg" in svg.read_text()
    link(cli, sid, "--qr-file", png)
    assert png.read_bytes().startswith(b"\x89PNG")
    bad = cli("sessions", "export", sid, "--format", "bgstats", "--qr-file", tmp_path / "q.gif")
    assert bad.code == 2 and ".svg or .png" in bad.err


def test_an_unfinished_game_has_no_play_to_send(cli, sessions_dir):
    from referee.store import Header, SessionStore

    header = Header.new(game="trajan", edition="evrikus-2022", players=["Livia", "Marcus"])
    with SessionStore(sessions_dir).create(header):
        pass
    result = cli("sessions", "export", header.id, "--format", "bgstats")
    assert result.code == 2 and "no final result yet" in result.err


SESSION = "20261124-195424-3e18"


def five_player_tribune(duration_min=142, start="Julius"):
    """A guided five-player Tribune game as a session records it: colours, a start
    player, a length."""
    from referee.outcome import Outcome, Standing
    from referee.results.record import PlayedGame
    from referee.store import Player

    names = ["Marcus", "Livia", "Octavia", "Julius", "Claudia"]
    colours = ["red", "blue", "green", "yellow", "purple"]
    scores = [17, 21, 12, 15, 9]
    ranks = [2, 1, 4, 3, 5]
    standings = tuple(Standing(n, i + 1, scores[i], ranks[i], {"tribune": 7})
                      for i, n in enumerate(names))
    return PlayedGame(SESSION, "guided", "2026-11-21T19:03:11.204+00:00", duration_min,
                      tuple(Player(n, c) for n, c in zip(names, colours, strict=True)),
                      start, Outcome("tribune", "ffg", standings))


def test_a_five_player_tribune_link_stays_under_1000_characters():
    """The play of the issue: five players with colours, a start player and a length made
    1,157 characters; only what URL syntax needs is escaped, defaults are left out."""
    from referee.results.bgstats import link as make_link
    from referee.results.bgstats import play
    from referee.results.players import Aliases

    doc = play(five_player_tribune(), Aliases())
    found = make_link(doc)
    assert len(found) < 1000
    assert decode(found) == doc
    query = found.split("?", 1)[1]
    assert "%3A" not in query and "%2C" not in query and ":" in query and "," in query
    assert [p["name"] for p in doc["players"] if p.get("startPlayer")] == ["Julius"]
    assert [p["name"] for p in doc["players"] if p.get("winner")] == ["Livia"]
    assert doc["durationMin"] == 142


@pytest.mark.parametrize("minutes", [None, 0])
def test_no_start_player_and_no_length_are_left_out(minutes):
    from referee.results.bgstats import play
    from referee.results.players import Aliases

    doc = play(five_player_tribune(duration_min=minutes, start=""), Aliases())
    assert "durationMin" not in doc
    assert not any("startPlayer" in p for p in doc["players"])


def test_location_and_comments_are_sent_and_the_location_remembered(cli, tmp_path):
    first = score(cli, tmp_path, "tribune")["session"]
    second = score(cli, tmp_path, "trajan")["session"]
    play = decode(link(cli, first, "--location", "Casa de Ana", "--comments", "Rematch: Bob"))
    assert (play["location"], play["comments"]) == ("Casa de Ana", "Rematch: Bob")
    assert decode(link(cli, second))["location"] == "Casa de Ana"  # the default now
    assert "location" not in decode(link(cli, second, "--location", ""))
    assert "location" not in decode(link(cli, first))


def test_comments_too_long_for_a_link_are_left_out_with_a_note(cli, tmp_path):
    sid = score(cli, tmp_path, "tribune")["session"]
    result = cli("sessions", "export", sid, "--format", "bgstats", "--no-qr", "--comments",
                 "x" * 9000)
    assert result.code == 0 and "comments were left out" in result.err
    assert "comments" not in decode(result.out.strip())


@pytest.mark.parametrize("doc", [
    {"games": []}, {"games": {"tribune": 27364}}, {"games": {"tribune": {"bgg_id": "27364"}}},
    {"games": {"tribune": {"bgg_id": {"value": "27364"}}}}, [1, 2],
    {"games": {"tribune": {"name": 5}}}])
def test_a_games_file_of_the_wrong_shape_is_refused_clearly(cli, tmp_path, user_data_home,
                                                            doc):
    sid = score(cli, tmp_path, "tribune")["session"]
    folder = user_data_home / "results"
    folder.mkdir(parents=True)
    (folder / "games.json").write_text(json.dumps(doc))
    result = cli("sessions", "export", sid, "--format", "bgstats", "--no-qr")
    assert result.code == 2 and "Traceback" not in result.err
    assert "games.json" in result.err and '{"games": {"tribune": ' in result.err


def test_conflicting_options_are_refused(cli, tmp_path):
    sid = score(cli, tmp_path, "tribune")["session"]
    both = cli("sessions", "export", sid, "--format", "bgstats", "--json", "--qr")
    assert both.code == 2 and "cannot be used together" in both.err
    wrong = cli("sessions", "export", sid, "--format", "csv", "--qr-open")
    assert wrong.code == 2 and "only with --format bgstats" in wrong.err


@pytest.mark.parametrize(("columns", "offered"), [(60, True), (200, False)])
def test_the_end_of_a_guided_game_offers_qr_open_where_the_code_does_not_fit(
        cli, sessions_dir, monkeypatch, capsys, columns, offered):
    from referee.cli import exporting
    from referee.store import SessionStore
    from referee.terminal import output

    scenario = Path(__file__).parents[2] / "sessions/examples/scenarios/tribune-two-rounds.json"
    assert cli("tribune", "replay", scenario, "--save").code == 0
    [sid] = SessionStore(sessions_dir).ids()
    monkeypatch.setenv("COLUMNS", str(columns))
    output.console.cache_clear()
    capsys.readouterr()
    with SessionStore(sessions_dir).open(sid) as session:
        exporting.after_game(session)
    out = capsys.readouterr().out
    assert f"referee sessions export {sid} --format bgstats" in out
    assert ("--format bgstats --qr-open" in out) is offered
