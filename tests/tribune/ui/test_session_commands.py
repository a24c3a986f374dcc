"""enter, replay, status, log and explain against real session files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.store import SessionStore
from referee.table import session as sessions
from referee.table.scenario import read, run
from referee.tribune.ui.table import TRIBUNE

EXAMPLES = Path(__file__).parents[3] / "sessions" / "examples"
SCENARIO = EXAMPLES / "scenarios" / "tribune-two-rounds.json"
TABLE = ["--player", "Ann", "--player", "Bob", "--edition", "ffg", "--points-variant",
         "--deck", "table", "--thermae", "2"]
PHASE_1 = ["gla3", "leg2", "leg4", "leg5", "sen3", "pat6", "ple2", "ves3",
           "sen1", "pra4", "gla0", "pat2", "ple1", "pat2"]


def flat(text: str) -> str:
    """The console wraps long lines at the terminal width; compare the words."""
    return " ".join(text.split())


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.endswith(".bak")}


@pytest.fixture
def at_phase_2(tribune, sessions_dir):
    assert tribune("new", *TABLE).code == 0
    reveals = json.dumps([{"type": "reveal", "card": c} for c in PHASE_1])
    r = tribune("enter", "--entry", reveals)
    assert r.code == 0, r.err
    assert "Next: Ann: place a follower (6 left)" in r.out
    return SessionStore(sessions_dir).ids()[0]


@pytest.mark.parametrize("entry,line", [
    ({"type": "place", "player": "Ann", "space": "atrium.2"},
     'Atrium "1." must be filled before "2." (rule: Phase 2: Atrium "1." before "2.")'),
    ({"type": "place", "player": "Bob", "space": "bowl"},
     "It is Ann's decision (place), not Bob's (rule: Whose decision it is)"),
    ({"type": "place", "player": "Ann", "space": "pantheon.1"},
     "Only a player with a Vestal Virgins marker may go to the Pantheon "
     "(rule: Phase 2: Pantheon needs a Vestal Virgins marker)"),
])
def test_a_refused_entry_is_one_line_exit_2_and_the_files_stay_the_same(
        tribune, sessions_dir, at_phase_2, entry, line):
    before = files(sessions_dir)
    r = tribune("enter", at_phase_2, "--entry", json.dumps(entry))
    assert (r.code, flat(r.err)) == (2, line)
    assert files(sessions_dir) == before


def test_a_batch_with_one_refused_entry_writes_nothing(tribune, sessions_dir, at_phase_2):
    before = files(sessions_dir)
    batch = [{"type": "place", "player": "Ann", "space": "bowl"},
             {"type": "place", "player": "Bob", "space": "bowl"},
             {"type": "place", "player": "Ann", "space": "bowl"},
             {"type": "place", "player": "Bob", "space": "atrium.2"}]
    r = tribune("enter", "--entry", json.dumps(batch))
    assert r.code == 2 and "Atrium" in r.err
    assert files(sessions_dir) == before
    ok = tribune("enter", "--entry", json.dumps(batch[:3]))
    assert ok.code == 0
    assert "Ann takes 7 denarii" in ok.out and "Bob takes 5 denarii" in ok.out


def test_enter_json_reports_the_rulings_and_the_next_question(tribune, at_phase_2):
    r = tribune("enter", "--entry", '{"type": "place", "player": "Ann", "space": "bowl"}',
                "--json")
    assert r.code == 0, r.err
    data = r.json()
    assert [x["text"] for x in data["rulings"]] == [
        "Ann: follower on coin bowl  [Phase 2: one follower per space]",
        "Ann takes 7 denarii  [Phase 2: coin bowl]"]
    assert data["rulings"][1]["rule"]["rule"].startswith("tribune.")
    assert data["pending"]["actor"] == "Bob"


def test_a_refused_entry_under_json_is_a_json_error_and_writes_nothing(
        tribune, sessions_dir, at_phase_2):
    before = files(sessions_dir)
    r = tribune("enter", "--entry", '{"type": "place", "player": "Bob", "space": "bowl"}',
                "--json")
    assert r.code == 2 and r.json()["ok"] is False
    assert r.json()["errors"][0]["rule"] is not None
    assert files(sessions_dir) == before


def test_malformed_entries_are_input_errors(tribune, at_phase_2):
    r = tribune("enter", "--entry", "{not json")
    assert r.code == 2 and r.err.startswith("--entry is not valid JSON")
    r = tribune("enter", "--entry", '{"type": "teleport"}')
    assert r.code == 2 and "Not a valid Tribune entry" in r.err


def test_status_json_offers_only_legal_spaces(tribune, at_phase_2):
    data = tribune("status", "--json").json()
    assert data["round"] == 1 and data["phase"] == 2 and data["start_player"] == "Ann"
    assert [p["money"] for p in data["players"]] == [12, 13]
    spaces = [o["space"] for o in data["pending"]["options"]]
    assert "atrium.1" in spaces and "atrium.2" not in spaces and "pantheon.1" not in spaces
    assert data["pending"]["text"] == "Ann: place a follower (6 left)"


def test_status_json_shows_the_board_cards_and_hides_face_down_ones(tribune, at_phase_2):
    data = tribune("status", "--json").json()
    board = data["board"]
    assert set(board) >= {"thermae", "forum", "curia", "atrium", "catacombs", "pantheon"}
    forum = [slot for field in board["forum"] for slot in field]
    assert len(forum) == 6 and all(s["face_up"] and s["card"] for s in forum)
    hidden = [slot for field in board["atrium"] + board["catacombs"] for slot in field]
    assert hidden and all(s["card"] is None and not s["face_up"] for s in hidden)
    assert data["sets"] == {} and len(data["field_laurels"]) == 7
    assert data["supply_left"]["laurels"] == 40 - 7


def test_status_board_in_russian(tribune, at_phase_2):
    out = tribune("status", lang="ru").out
    assert "Раунд 1 · Фаза 2: последователи" in out and "Ждём ответа" in out


def test_replay_of_the_example_game(tribune):
    data = tribune("replay", str(SCENARIO), "--json").json()
    assert data["ok"] is True
    assert data["entries"] == len(read(TRIBUNE, SCENARIO)["entries"])
    scores = {s["name"]: s["total"] for s in data["result"]["scores"]}
    assert scores == {"Ann": 13, "Bob": 10}


def test_replay_stops_at_the_first_illegal_entry_with_its_rule(tribune, tmp_path):
    scenario = read(TRIBUNE, SCENARIO)
    first_place = next(i for i, e in enumerate(scenario["entries"]) if e["type"] == "place")
    scenario["entries"][first_place] = {"type": "place", "player": "Ann", "space": "atrium.2"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    r = tribune("replay", str(path))
    assert r.code == 2
    assert flat(r.err) == (f'Entry {first_place + 1} refused: Atrium "1." must be filled '
                             'before "2." (rule: Phase 2: Atrium "1." before "2.")')
    data = tribune("replay", str(path), "--json").json()
    assert data["ok"] is False
    assert data["errors"][0]["message"].startswith(f"Entry {first_place + 1} refused")
    assert data["errors"][0]["rule"]["rule"] == "tribune.phase2.atrium.order"


def test_replay_checks_the_decision_an_entry_claims_to_answer(tribune, tmp_path):
    scenario = read(TRIBUNE, SCENARIO)
    scenario["entries"][0]["kind"] = "place"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    r = tribune("replay", str(path))
    assert r.code == 2 and "answers 'place', but the game asks 'reveal'" in flat(r.err)


def test_the_shipped_example_session_is_what_the_scenario_produces():
    store = SessionStore(EXAMPLES)
    (session_id,) = store.ids()
    game, _rulings = run(TRIBUNE, read(TRIBUNE, SCENARIO))
    with store.open(session_id) as session:
        assert sessions.load(TRIBUNE, session).fingerprint() == game.fingerprint()
        assert session.last_effective("outcome").payload["winners"] == ["Ann"]


@pytest.fixture
def example(tribune, sessions_dir):
    r = tribune("replay", str(SCENARIO), "--save")
    assert r.code == 0 and "Saved as session" in r.out
    return SessionStore(sessions_dir).ids()[0]


def test_log_lists_entries_and_rulings_with_their_rules(tribune, example):
    lines = tribune("log", "--json").json()
    texts = [line["text"] for line in lines]
    assert "R1 Bob bids 4" in texts
    assert "  Bob pays 4 denarii to Ann  [Phase 3: Atrium auction]".strip() in [
        t.strip() for t in texts]
    assert texts[-1] == "Result: Ann 13, Bob 10"
    # the stored rulings are named in the language asked for, cards included
    russian = tribune("log", lang="ru").out
    assert "R1 Bob выкладывает: Гладиатор 3, Спартак" in russian
    assert "Bob получает 1 легион" in russian


def test_explain_names_the_rule_and_the_other_editions_ruling(tribune, example):
    lines = tribune("log", "--json").json()
    takeover = next(x["seq"] for x in lines if x["text"] == "R1 Bob plays Gladiator 3, Spartacus")
    out = tribune("explain", str(takeover)).out
    assert "It answered: Bob: play a Gladiators set to take over?" in out
    assert "Leader Spartacus was in the set  [Phase 4: leader bonus, FFG edition]" in out
    assert "The Heidelberger edition rules the same here." in out
    chariot = next(x["seq"] for x in lines if x["text"] == "R1 Bob chooses: Gladiators")
    out = tribune("explain", example, str(chariot)).out
    assert "The winner must put it on a faction they control, if they control any." in out
    assert tribune("explain", "99999").code == 2


def test_sessions_export_of_a_finished_game(cli, example):
    play = cli("sessions", "export", example, "--format", "bgstats", "--json").json()["play"]
    assert [(p["name"], p["score"], p.get("winner", False)) for p in play["players"]] == [
        ("Ann", 13, True), ("Bob", 10, False)]


def test_virtual_deck_hands_stay_private_on_the_board(tribune, sessions_dir, monkeypatch):
    from referee.tribune.ui.render import card_text

    monkeypatch.setenv("COLUMNS", "250")  # one line per player: no card name is wrapped
    tribune("new", "--player", "Ann", "--player", "Bob", "--edition", "ffg",
            "--points-variant", "--deck", "virtual", "--thermae", "2", "--seed", "3")
    store = SessionStore(sessions_dir)
    with store.open(store.ids()[0]) as session:
        hand = sessions.load(TRIBUNE, session).state.players[0].hand.cards
    names = sorted(card_text(c) for c in hand)
    assert len(names) == 6
    hidden = tribune("status").out
    assert not any(name in hidden for name in names)
    shown = tribune("status", "--hand", "Ann").out
    assert all(name in shown for name in names)


def test_explain_a_proposed_entry_without_recording_it(tribune, sessions_dir, at_phase_2):
    before = files(sessions_dir)
    refused = tribune("explain", "--json",
                      '{"type": "place", "player": "Ann", "space": "atrium.2"}').json()
    assert refused["accepted"] is False
    assert refused["error"]["rule"]["rule"] == "tribune.phase2.atrium.order"
    assert refused["lines"][-1].startswith("The Heidelberger edition refuses it too")
    accepted = tribune("explain", '{"type": "place", "player": "Ann", "space": "bowl"}').out
    assert "Ann takes 7 denarii  [Phase 2: coin bowl]" in accepted
    assert files(sessions_dir) == before


def test_undo_takes_back_the_last_entries_and_says_which(tribune, at_phase_2):
    r = tribune("undo", at_phase_2, "-n", "2")
    assert r.code == 0, r.err
    assert r.out.splitlines() == ["Took back: table: Plebeian 1 turned up",
                                  "Took back: table: Patrician 2 turned up",
                                  "Next: Which card is turned up at Curia 3?"]
    data = tribune("undo", at_phase_2, "--json").json()
    assert data["undo"]["type"] == "undo" and len(data["undo"]["payload"]["withdraws"]) >= 1
    assert data["pending"]["kind"] == "reveal"
    log = tribune("log", at_phase_2, "--json").json()
    assert sum(1 for line in log if line["source"] == "entered") == len(PHASE_1) - 3


def test_explain_takes_one_proposed_entry(tribune, at_phase_2):
    two = json.dumps([{"type": "pass", "player": "Ann"}] * 2)
    r = tribune("explain", at_phase_2, two)
    assert (r.code, r.err.strip()) == (2, "explain takes one proposed entry, not 2")


def test_new_without_play_names_the_real_entry_flag(tribune):
    r = tribune("new", *TABLE, "--no-play")
    assert r.code == 0 and "--entry '{...}'" in r.out and "--json" not in r.out


def test_new_and_resume_print_json(tribune):
    created = tribune("new", *TABLE, "--json").json()
    assert created["pending"]["kind"] == "reveal" and created["round"] == 1
    resumed = tribune("resume", created["id"], "--json").json()
    assert resumed == created


def test_at_80_columns_status_cuts_no_column(tribune, at_phase_2, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    headings = {"en": ["Player", "Denarii", "Hand", "Legions", "Laurels", "Markers"],
                "ru": ["Игрок", "Динарии", "Рука", "Легионы", "Лавры", "Маркеры"],
                "es": ["Jugador", "Denarios", "Mano", "Legiones", "Laureles", "Marcadores"]}
    for lang in ("en", "ru", "es"):
        shown = tribune("status", at_phase_2, lang=lang).out
        assert "…" not in shown
        assert max(len(line) for line in shown.splitlines()) <= 80
        header = next(line for line in shown.splitlines() if line.startswith("┃"))
        # every heading whole on one line: no word folded into a narrow column
        assert [cell.strip() for cell in header.strip("┃").split("┃")] == headings[lang]


def test_new_json_and_status_before_round_1_give_the_physical_setup(tribune, at_phase_2):
    created = tribune("new", *TABLE, "--json").json()
    steps = created["setup_checklist"]
    assert "Each player takes 6 followers of their colour; the rest stay in the box." in steps
    assert "Starting denarii: Ann 12, Bob 13." in steps
    assert any("deal 6 to each player" in step for step in steps)
    four = ["--player", "Ann", "--player", "Bob", "--player", "Cy", "--player", "Di"]
    steps = tribune("new", *four, *TABLE[4:], "--json").json()["setup_checklist"]
    assert "Each player takes 5 followers of their colour; the rest stay in the box." in steps
    assert "Starting denarii: Ann 12, Bob 13, Cy 14, Di 15." in steps
    russian = tribune("new", *TABLE, "--json", lang="ru").json()["setup_checklist"]
    spanish = tribune("new", *TABLE, "--json", lang="es").json()["setup_checklist"]
    assert len(russian) == len(spanish) == len(steps)
    for translated in (russian, spanish):
        assert not set(translated) & set(created["setup_checklist"])
    assert "setup_checklist" not in tribune("status", at_phase_2, "--json").json()


def test_a_virtual_deck_game_gives_the_physical_setup_during_the_opening_discards(tribune):
    virtual = ["--player", "Ann", "--player", "Bob", "--edition", "ffg", "--points-variant",
               "--deck", "virtual", "--thermae", "2", "--seed", "3"]
    created = tribune("new", *virtual, "--json").json()
    assert created["pending"]["kind"] == "opening_discard"
    steps = created["setup_checklist"]
    assert "The referee holds the faction cards: deal none at the table." in steps
    assert "Starting denarii: Ann 12, Bob 13." in steps


@pytest.mark.parametrize("lang,said", [("ru", "Ждём"), ("es", "Esperando")])
def test_every_command_on_a_session_speaks_its_language_without_lang(tribune, lang, said):
    """A game started in Russian or Spanish goes on in it: status (from a replay, then from
    the checkpoint it left), log, explain, enter and undo, with no --lang given again;
    --lang still wins for one run."""
    assert tribune("new", *TABLE, lang=lang).code == 0
    entered = tribune("enter", "--entry", json.dumps({"type": "reveal", "card": "gla3"}))
    assert entered.code == 0 and "Next: " not in entered.out, entered.out
    for args in (["status"], ["status"], ["log"], ["explain", "1"], ["undo"]):
        r = tribune(*args)
        assert r.code == 0, (args, r.err)
        english = ("Waiting for", "Took back", "Entry ", "Round 1")
        assert not any(word in r.out for word in english), (args, r.out)
    assert said in tribune("status").out
    assert "Waiting for" in tribune("status", lang="en").out
