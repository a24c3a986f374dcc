"""Concordia played through its real questions on a pseudo-terminal, 80 columns, in
English, Russian and Spanish, by a careless typist (an extra Enter and a stray answer
after every answer, sent before the next question is drawn): what the session records
must be the same game entered as JSON, with no traceback and no line cut.

The table typed its board in (so the table turns up each card that refills the display,
and names it) and plays every card there is: Senator, Diplomat (as a Senator), Architect
(two moves and a house), Prefect (production and the cash), Consul (buying nothing,
confirmed), Mercator (a trade, and none, confirmed), Tribune, Colonist (the income) and a
specialist (producing nothing, confirmed). Card names, goods and yes are typed in the
table's language; the rest by number.
"""

from __future__ import annotations

import json

import pytest

from referee.concordia.box import load_box
from referee.concordia.deal import deal
from tests.terminal.harness import (
    cut_lines,
    entered,
    environment,
    play,
    recorded,
    referee,
)

PLAYERS = ("--player", "Ann", "--player", "Bob", "--player", "Cid", "--map", "imperium",
           "--start", "Ann")
DISPLAY = ["mason", "colonist", "architect", "prefect", "mercator", "farmer", "smith"]

WORDS = {
    "en": {"senator": "senator", "diplomat": "diplomat", "architect": "architect",
           "prefect": "prefect", "consul": "consul", "mercator": "mercator",
           "tribune": "tribune", "colonist": "colonist", "mason": "mason", "wine": "wine",
           "food": "food", "tools": "tools", "yes": "yes", "c1": "c1", "b1": "b1",
           "sea": "sea", "gallia": "Gallia"},
    "ru": {"senator": "сенатор", "diplomat": "дипломат", "architect": "архитектор",
           "prefect": "префект", "consul": "консул", "mercator": "торговец",
           "tribune": "трибун", "colonist": "колонист", "mason": "каменщик", "wine": "вино",
           "food": "еда", "tools": "инструменты", "yes": "да", "c1": "т1", "b1": "к1",
           "sea": "морской", "gallia": "Галлия"},
    "es": {"senator": "senador", "diplomat": "diplomático", "architect": "arquitecto",
           "prefect": "prefecto", "consul": "cónsul", "mercator": "mercader",
           "tribune": "tribuno", "colonist": "colono", "mason": "albañil", "wine": "vino",
           "food": "comida", "tools": "herramientas", "yes": "sí", "c1": "te1",
           "b1": "la1", "sea": "marítimo", "gallia": "Galia"},
}


def answers(lang: str) -> list[str]:
    """Every answer of the game, as the table types it in ``lang``."""
    w = WORDS[lang]
    return [
        # round 1: each player buys two cards; the table turns up the refills
        w["senator"], "1 2", w["wine"], "1", "consul",
        w["senator"], "1 2", w["food"], "1", "1",
        w["senator"], "1 2", w["tools"], "1", "1",
        # round 2: a Diplomat copies Cid's Senator; two moves and a house; production
        w["diplomat"], "Cid", "3", w["tools"], "1",
        w["architect"], "3", f"{w['sea']} Roma > Massilia", "1",
        w["prefect"], w["gallia"],
        # round 3: the Consul buys nothing (confirmed); a trade; the Tribune
        w["consul"], "8", w["yes"],
        w["mercator"], w["c1"], w["b1"],
        w["tribune"], "1",
        # round 4: the Colonist's income; the Prefect's cash; a Mercator trading nothing
        w["colonist"], "2",
        w["prefect"], "13",
        "4", "", "", w["yes"],
        # round 5: the Mason, with no house to produce in (confirmed)
        w["mason"], w["yes"],
        "quit",
    ]


TWIN = [
    {"type": "senator", "player": "Ann", "purchases": [{"slot": 1, "any": []},
                                                       {"slot": 2, "any": ["wine"]}]},
    {"type": "reveal", "card": "diplomat_saturnus"}, {"type": "reveal", "card": "consul"},
    {"type": "senator", "player": "Bob", "purchases": [{"slot": 1, "any": []},
                                                       {"slot": 2, "any": ["food"]}]},
    {"type": "reveal", "card": "architect"}, {"type": "reveal", "card": "colonist"},
    {"type": "senator", "player": "Cid", "purchases": [{"slot": 1, "any": []},
                                                       {"slot": 2, "any": ["tools"]}]},
    {"type": "reveal", "card": "mercator"}, {"type": "reveal", "card": "prefect"},
    {"type": "diplomat", "player": "Ann", "target": "Cid", "card": None,
     "action": {"type": "senator", "purchases": [{"slot": 3, "any": ["tools"]}]}},
    {"type": "reveal", "card": "vintner"},
    {"type": "architect", "player": "Bob",
     "moves": [{"kind": "land", "start": ["Roma"], "path": ["Novaria"]},
               {"kind": "sea", "start": ["Roma"], "path": ["Massilia"]}],
     "build": ["Massilia"]},
    {"type": "prefect", "player": "Cid", "province": "Gallia"},
    {"type": "consul", "player": "Ann", "slot": None},
    {"type": "mercator", "player": "Bob", "sell": {"cloth": 1}, "buy": {"brick": 1},
     "market": False},
    {"type": "tribune", "player": "Cid", "colonist": None},
    {"type": "colonist", "player": "Ann", "place": [], "cash": True},
    {"type": "prefect", "player": "Bob", "province": None},
    {"type": "mercator", "player": "Cid", "sell": {}, "buy": {}, "market": False},
    {"type": "specialist", "player": "Ann", "card": "mason"},
]


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """The board as the table laid it out: seed 5's city tokens, a display of deck I."""
    dealt = deal(load_box(), "imperium", ["Ann", "Bob", "Cid"], 5, "Ann")
    path = tmp_path_factory.mktemp("board") / "board.json"
    path.write_text(json.dumps({"cities": dealt.cities, "display": DISPLAY}))
    return path


@pytest.fixture(scope="module")
def twin(board, tmp_path_factory):
    return entered(tmp_path_factory.mktemp("json"), "concordia",
                   [*PLAYERS, "--setup", str(board)], TWIN)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_careless_table_records_the_game_the_json_records(board, twin, tmp_path, lang):
    sessions = tmp_path / "sessions"
    played = play(referee("concordia", "new", *PLAYERS, "--setup", str(board)),
                  environment(sessions, lang), [(None, keys) for keys in answers(lang)])
    assert played.code == 0, played.text
    assert recorded(sessions) == twin
    assert cut_lines(played.lines) == [], cut_lines(played.lines)
