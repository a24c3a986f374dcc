"""Trajan played through its real questions on a pseudo-terminal, 80 columns, in English,
Russian and Spanish, by a careless typist (an extra Enter and a stray answer after every
answer, sent before the next question is drawn): what the session records must be the same
game entered as JSON, with no traceback and no line cut.

The referee deals (seed 10) and names every tile it lays out. The game goes from the setup
(markers typed as the colour letters of the table's language, starting cards, starting
Trajan tiles) through the first quarter: every action area (the Seaport's draw and discard
and a ship load, the Forum, Military, the Senate, Trajan with an extra-action tile,
Construction), a worker tile's figures, the round ends and the quarter end with its consul's
choice. Card, tile and province names are typed in the table's language, the colour orders
of big trays as its letters; ``undo`` goes back from the colour order to the tray, and
``help`` is asked in the table's language. The same game is played again with the table
drawing every tile and card and naming it as the list shows it; and the two choices (a
worker tile's figures, the way to meet the demands) are answered at sessions stopped before
them."""

from __future__ import annotations

import pytest

from tests.terminal.harness import (
    cut_lines,
    entered,
    environment,
    play,
    recorded,
    referee,
)

NEW = ("--player", "Ann", "--player", "Bob", "--seed", "10")

WORDS = {
    "en": {"ann": "yo gw pb yo gw pb", "bob": "bp wg oy bp wg oy", "jewellery": "jewellery",
           "bread": "bread", "load": "load", "noricum": "Noricum", "scrolls": "scrolls",
           "help": "help", "undo": "undo", "quit": "quit", "gbyo": "gbyo", "wygo": "wygo",
           "ypoy": "ypoy", "gowgp": "gowgp", "pwpyybb": "pwpyybb"},
    "ru": {"ann": "жо зб рг жо зб рг", "bob": "гр бз ож гр бз ож", "jewellery": "украшения",
           "bread": "хлеб", "load": "погрузить", "noricum": "Норик", "scrolls": "свитки",
           "help": "помощь", "undo": "отмена", "quit": "выход", "gbyo": "згжо",
           "wygo": "бжзо", "ypoy": "жрож", "gowgp": "зобзр", "pwpyybb": "рбржжгг"},
    "es": {"ann": "an vb rz an vb rz", "bob": "zr bv na zr bv na", "jewellery": "joyas",
           "bread": "pan", "load": "cargar", "noricum": "Noricum", "scrolls": "pergaminos",
           "help": "ayuda", "undo": "deshacer", "quit": "salir", "gbyo": "vzan",
           "wygo": "bavn", "ypoy": "arna", "gowgp": "vnbvr", "pwpyybb": "rbraazz"},
}


def typed(lang: str) -> list[list[str]]:
    """The keys of each entry of :data:`TWIN`, as the table types them in ``lang``."""
    w = WORDS[lang]
    return [
        # setup: markers, three cards each (deck or a pile's top), three Trajan stacks each
        [w["ann"]], [w["bob"]], [w["jewellery"]], ["2"], ["3"], ["1"], ["3"], ["2"],
        ["3 4 5"], ["1 5 6"],
        # quarter I, round 1
        ["6", "2"], [w["bread"]],  # Ann: the Forum
        ["6", "1"], ["3"],  # Bob: the Forum, an extra-action tile
        ["5", "2"], ["1"], ["2"],  # Ann: the Seaport, draw 2 and discard 1
        ["3", "2"], ["+2"], ["1"], ["5"],  # Bob: Trajan, again with the extra-action tile
        ["3", "1"], ["6"],  # Ann: Trajan
        ["1", "6"], ["1"],  # Bob: the Senate
        ["1", w["gbyo"]], ["1"],  # Ann: four markers, typed as letters; Trajan
        ["2", w["wygo"]], ["A2"], [w["load"], "2"],  # Bob: a first fountain, then a ship
        ["4", w["ypoy"]], ["4"],  # Ann: the Forum
        ["3", "2"], ["5"],  # Bob: Trajan
        ["5", "1"], ["6"],  # Ann: the Forum
        ["5", w["gowgp"]], ["1"], ["1"],  # Bob: a worker tile's figure, the Senate
        ["6", "2"], [w["noricum"]],  # Ann: Military, the leader to Noricum
        ["4", w["pwpyybb"]], ["6"],  # Bob: Trajan; the round and the quarter end
        [w["scrolls"]],  # Bob, first consul, keeps a bonus tile
    ]


def answers(lang: str) -> list[str]:
    """Every answer of the game, as the table types it in ``lang``: at Ann's first sowing
    it goes back from the colour order to the tray and asks for help first."""
    w = WORDS[lang]
    keys = typed(lang)
    keys[10] = ["6", w["undo"], w["help"], "6", "2"]
    return [*(k for entry in keys for k in entry), w["quit"]]


TWIN = [
    {"type": "markers", "player": "Ann", "trays": ["yo", "gw", "pb", "yo", "gw", "pb"]},
    {"type": "markers", "player": "Bob", "trays": ["bp", "wg", "oy", "bp", "wg", "oy"]},
    {"type": "choose", "player": "Ann", "option": "pile2"},
    {"type": "choose", "player": "Ann", "option": "pile1"},
    {"type": "choose", "player": "Ann", "option": "pile2"},
    {"type": "choose", "player": "Bob", "option": "deck"},
    {"type": "choose", "player": "Bob", "option": "pile2"},
    {"type": "choose", "player": "Bob", "option": "pile1"},
    {"type": "start_tiles", "player": "Ann", "stacks": ["cards", "workers", "legionaries"]},
    {"type": "start_tiles", "player": "Bob", "stacks": ["vp", "legionaries", "demands"]},
    {"type": "sow", "player": "Ann", "tray": "VI", "order": "bp"},
    {"type": "forum", "player": "Ann", "tile": "bread"},
    {"type": "sow", "player": "Bob", "tray": "VI", "order": "oy"},
    {"type": "forum", "player": "Bob", "tile": "action:trajan"},
    {"type": "sow", "player": "Ann", "tray": "V", "order": "wg"},
    {"type": "seaport", "player": "Ann", "mode": "draw"},
    {"type": "seaport", "player": "Ann", "mode": "discard", "cards": ["cattle"], "pile": 2},
    {"type": "sow", "player": "Bob", "tray": "III", "order": "yo"},
    {"type": "trajan", "player": "Bob", "stack": "plus2"},
    {"type": "choose", "player": "Bob", "option": "action:trajan"},
    {"type": "trajan", "player": "Bob", "stack": "legionaries"},
    {"type": "sow", "player": "Ann", "tray": "III", "order": "pb"},
    {"type": "trajan", "player": "Ann", "stack": "demands"},
    {"type": "sow", "player": "Bob", "tray": "I", "order": "opb"},
    {"type": "senate", "player": "Bob"},
    {"type": "sow", "player": "Ann", "tray": "I", "order": "gbyo"},
    {"type": "trajan", "player": "Ann", "stack": "vp"},
    {"type": "sow", "player": "Bob", "tray": "II", "order": "wygo"},
    {"type": "construction", "player": "Bob", "mode": "build", "cell": "A2"},
    {"type": "seaport", "player": "Bob", "mode": "ship", "cards": ["pottery", "pottery"],
     "ship": "pairs"},
    {"type": "sow", "player": "Ann", "tray": "IV", "order": "ypoy"},
    {"type": "forum", "player": "Ann", "tile": "games"},
    {"type": "sow", "player": "Bob", "tray": "III", "order": "wp"},
    {"type": "trajan", "player": "Bob", "stack": "legionaries"},
    {"type": "sow", "player": "Ann", "tray": "V", "order": "boy"},
    {"type": "forum", "player": "Ann", "tile": "single:seaport"},
    {"type": "sow", "player": "Bob", "tray": "V", "order": "gowgp"},
    {"type": "figures", "player": "Bob", "count": 1},
    {"type": "senate", "player": "Bob"},
    {"type": "sow", "player": "Ann", "tray": "VI", "order": "wbp"},
    {"type": "military", "player": "Ann", "mode": "move", "province": "noricum"},
    {"type": "sow", "player": "Bob", "tray": "IV", "order": "pwpyybb"},
    {"type": "trajan", "player": "Bob", "stack": "demands"},
    {"type": "choose", "player": "Bob", "option": "scrolls_oil"},
]


@pytest.fixture(scope="module")
def twin(tmp_path_factory):
    return entered(tmp_path_factory.mktemp("json"), "trajan", NEW, TWIN)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_careless_table_records_the_game_the_json_records(twin, tmp_path, lang):
    sessions = tmp_path / "sessions"
    played = play(referee("trajan", "new", *NEW), environment(sessions, lang),
                  [(None, keys) for keys in answers(lang)])
    assert played.code == 0, played.text
    assert recorded(sessions) == twin
    assert cut_lines(played.lines) == [], cut_lines(played.lines)


# ------------------------------------------------------------------ the two choices
def stopped_before(sessions, kind: str, options: int) -> tuple[str, object]:
    """A session of a whole recorded game, stopped at its first ``kind`` question with
    ``options`` answers or more; and the game there."""
    from referee.store import SessionStore
    from referee.table import session as table_sessions
    from referee.trajan.actions import from_json
    from referee.trajan.ui.table import TRAJAN
    from tests.trajan.engine_helpers import before_first, choices_game

    doc = choices_game()
    game, n = before_first(doc, kind, options)
    session, fresh = table_sessions.create(TRAJAN, SessionStore(sessions),
                                           TRAJAN.setup_from_json(doc["setup"]))
    with session:
        table_sessions.apply_all(TRAJAN, session, fresh,
                                 [from_json(e) for e in doc["entries"][:n]])
    return session.id, game


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
@pytest.mark.parametrize("kind, options", [("figures", 3), ("demands", 2)])
def test_the_two_choices_take_the_answer_typed_and_nothing_typed_after_it(tmp_path, lang,
                                                                          kind, options):
    """How many figures a Trajan tile places, how the demands are met: the second answer
    typed by its number, then a habitual Enter and a stray "1": the journal holds the
    second answer and nothing after it."""
    sessions = tmp_path / "sessions"
    sid, game = stopped_before(sessions, kind, options)
    chosen = game.legal_entries()[1]
    played = play(referee("trajan", "resume", sid), environment(sessions, lang),
                  [(None, "2"), (None, WORDS[lang]["quit"])])
    assert played.code == 0, played.text
    assert recorded(sessions)[-1] == chosen.to_json()
    assert cut_lines(played.lines) == [], cut_lines(played.lines)


# ------------------------------------------------------------------ typed text is read
def test_quit_typed_at_the_tray_question_quits_and_resume_asks_it_again(tmp_path):
    """quit and Enter at an arrow-key list once sowed tray I: the text typed is read."""
    sessions = tmp_path / "sessions"
    env = environment(sessions, "en")
    first = answers("en")[:10] + ["quit"]
    played = play(referee("trajan", "new", *NEW), env, [(None, keys) for keys in first])
    assert played.code == 0 and "Continue with: referee trajan resume" in played.text
    assert recorded(sessions) == TWIN[:10]
    again = play(referee("trajan", "resume"), env, [("which tray do you sow", "quit")])
    assert again.code == 0 and recorded(sessions) == TWIN[:10]


# ------------------------------------------------------------------ the table draws
#: what the table drew, in order: the same tiles and cards the referee drew with seed 10
#: (but the 3 demand tiles put back unseen, which the table does not name)
DRAWN = ["wild_commodity", "bread", "games", "wild_commodity", "wild_demand", "religion",
         "games", "bread", "religion", "religion", "games", "bread", "games", "single:seaport",
         "religion", "bread", "action:seaport", "action:forum", "action:trajan", "roof:5",
         "steps:3", "steps:5", "roof:3", "roof:2", "fountain:5", "door:4", "window:3",
         "fountain:3", "window:5", "roof:4", "door:5", "window:4", "window:2", "door:3",
         "steps:2", "steps:4", "door:2", "fountain:2", "fountain:4", "vp:gg", "plus2:op",
         "cards:oy", "worker2:yy", "legionary2:gy", "games:gg", "games", "workers",
         "scrolls_oil", "religion", "gems", "jewellery", "cattle", "pottery", "pottery",
         "furs", "oil", "fish", "cards:oo", "worker2:oo", "legionary1:wb", "vp:bb",
         "legionary1:bb", "religion:ww", "furs", "scrolls", "plus2:gp", "legionary2:py",
         "religion:wg", "bread", "vp:oo", "religion", "legionary2:wy", "games", "games:yg",
         "cattle_wheat", "bonus_tiles", "wild_construction", "wild_demand", "bread",
         "religion", "games", "games", "action:seaport", "action:senate", "action:military"]


def table_deal() -> list[tuple[dict, list[str] | None]]:
    """The same game dealt by the table: each entry of :data:`TWIN`, and the table's draws
    where the rules ask for them (None: typed as the list shows the piece drawn)."""
    from referee.trajan.actions import Drawn, from_json
    from referee.trajan.engine import Game
    from referee.trajan.setup import Setup

    game = Game(Setup.create(["Ann", "Bob"], "Ann", deal="table", seed=10))
    found: list[tuple[dict, list[str] | None]] = []
    draws, entries = iter(DRAWN), iter(enumerate(TWIN))
    while (q := game.pending()) is not None:
        if q.kind == "draw":
            entry, keys = Drawn("table", next(draws)), None
        else:
            n, raw = next(entries, (None, None))
            if raw is None:
                break
            entry, keys = from_json(raw), n
        game.apply(entry)
        found.append((entry.to_json(), keys))
    return found


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_table_draws_and_names_each_piece_as_the_list_shows_it(tmp_path, lang):
    """The table deals: it names every tile and card it draws as the question's list shows
    it, in its own language; the journal is the same game entered as JSON."""
    from referee.i18n import set_language
    from referee.trajan.ui.render import piece

    game = table_deal()
    set_language(lang)
    try:
        shown = {raw["item"]: piece(raw["item"]) for raw, n in game if n is None}
    finally:
        set_language("en")
    keys = typed(lang)
    script = [k for raw, n in game
              for k in (keys[n] if n is not None else [shown[raw["item"]]])]
    new = (*NEW, "--deal", "table")
    twin = entered(tmp_path / "json", "trajan", new, [raw for raw, _n in game])
    sessions = tmp_path / "sessions"
    played = play(referee("trajan", "new", *new), environment(sessions, lang),
                  [(None, k) for k in [*script, WORDS[lang]["quit"]]])
    assert played.code == 0, played.text
    assert recorded(sessions) == twin and len(twin) == len(DRAWN) + len(TWIN)
    assert cut_lines(played.lines) == [], cut_lines(played.lines)
