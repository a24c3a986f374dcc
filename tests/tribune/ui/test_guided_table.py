"""A two-round table-mode game played through `referee tribune new` with scripted answers.

Every number is worked out by hand from the rules (FFG):
* setup: Ann (start) 12 denarii, Bob 13; 6 followers each (2 players).
* round 1: bowl Ann +7 (19), Bob +5 (18); Thermae 1 Bob pays 1 (17) for gla3; Forum Ann pays
  3+3 (13) for leg4, leg5, Bob 3 (14) for pat6; Latrine pat5 sold by Ann (+5 → 18); Curia:
  Ann discards ves2 for sen1+pra4, Bob discards ple3 for gla0; Atrium bids Ann 2, Bob 4: Bob
  pays 4 to Ann (Bob 10, Ann 22) and takes ves4, sen6, pra2; Gladiators taken by Bob with
  gla3+gla0: 1 legion + Spartacus 1 legion, marker, starting laurel; chariot Ann 0, Bob 1:
  Bob pays 1 (9) and blocks the Gladiators.
* round 2 (Bob starts): Bob's 6 followers in the bowl 7+5·5 = 32 (41), Ann on Legates 1 and
  5 in the bowl 5·5 = 25 (47); Ann takes the Legates with leg4+leg5: 2 laurels + starting
  laurel = 3 laurels, which meets the entered card (1 goal of: laurels 3, …): "Veni, vidi,
  vici"; Legates benefit: the Scroll; chariot bids 0/0: tie.
* score: Ann Scroll 3 + 3 laurels + 1 marker + 47 → 4 + bonus 2 = 13, qualified;
  Bob 2 legions 4 + 1 laurel + 1 marker + 41 → 4 = 10.
"""

from __future__ import annotations

from referee.store import SessionStore
from referee.table import session as sessions
from referee.tribune.actions import Choose, Place
from referee.tribune.ui.table import TRIBUNE
from tests.tribune.ui.helpers import ActionPrompter

#: the setup questions, typed: players and colours, start player, edition, the card typed
#: in (its title, no hourglass, each goal's number and "obligatory?", the goals needed),
#: not saved, the physical deck, 2 Thermae fields, the usual readings, hidden bids
SETUP = ["Ann, Bob", "red", "blue", "Ann", "ffg", "type in", "Test card", "no hourglass",
         "no", "no", "3", "no", "3", "no", "60", "no", "3", "no", "1",
         "no",  # not saved for later games
         "table", "2", "yes", "hidden"]


def place(player, *spaces):
    return [Place(player, s) for s in spaces]


def alternate(first, second):
    out = []
    for a, b in zip(first, second, strict=True):
        out += [a, b]
    return out


ROUND_1 = [
    # phase 1: Thermae, Forum, then the Curia field by field
    "gla3", "leg2", "leg4", "leg5", "sen3", "pat6", "ple2", "ves3",
    "sen1", "pra4", "gla0", "pat2", "ple1", "pat2",
    # phase 2
    *alternate(place("Ann", "bowl", "forum.1", "forum.2", "latrine"),
               place("Bob", "bowl", "forum.4", "thermae.1", "curia.2")),
    Place("Ann", "atrium.1"), Choose("Ann", "3"), "ves4", "sen6",
    Place("Bob", "atrium.2"), "pra2",
    Place("Ann", "curia.1"), Place("Bob", "gladiators.1"),
    # phase 3: Latrine, Curia, Atrium bids
    "pat5", Choose("Ann", "sell"), "ves2", "ple3", "2", "4",
    # phase 4, 6
    "gla3 gla0", "0", "1", Choose("Bob", "gladiators"),
]
ROUND_2 = [
    "sen2", "sen7", "leg1", "leg3", "pra5", "pat3", "ple4", "ves5",
    "pra6", "leg0", "ves1", "ves6",
    *alternate(place("Bob", *["bowl"] * 5), place("Ann", "legates.1", *["bowl"] * 4)),
    Place("Bob", "bowl"), Place("Ann", "bowl"),
    "leg4 leg5", Choose("Ann", "scroll"), "0", "0",
]


def run_new(tribune, answers, script):
    answers(ActionPrompter(script))
    return tribune("new")


def test_a_two_round_game_at_the_table(tribune, answers, sessions_dir, monkeypatch):
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    r = run_new(tribune, answers, SETUP + ROUND_1 + ROUND_2)
    assert r.code == 0, r.err
    out = r.out
    assert "Stop: Curia field 1 is complete." in out
    assert "Bob pays 4 denarii to Ann" in out
    assert "Bob pays 1 denarius to the bank" in out and "Bob takes Gladiator 3" in out
    assert "\"Veni, vidi, vici\"" in out
    (session_id,) = SessionStore(sessions_dir).ids()
    with SessionStore(sessions_dir).open(session_id) as session:
        game = sessions.load(TRIBUNE, session)
        result = session.last_effective("outcome").payload
    ann, bob = game.state.players
    assert (ann.money, bob.money) == (47, 41)
    assert (ann.laurels, ann.tile, bob.legions, bob.laurels) == (3, "scroll", 2, 1)
    ann_line, bob_line = result["standings"]  # the shared result shape, docs/results.md
    assert (ann_line["player"], ann_line["score"], ann_line["rank"]) == ("Ann", 13, 1)
    assert (bob_line["player"], bob_line["score"], bob_line["rank"]) == ("Bob", 10, 2)
    assert result["winners"] == ["Ann"] and result["game"] == "tribune"
    assert ann_line["breakdown"]["first_to_qualify"] == 2
    assert ann_line["details"] == {"qualified": True}
    assert "Final score" in out
    assert f"To BG Stats: referee sessions export {session_id} --format bgstats" in out
