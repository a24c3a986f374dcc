"""Tribune played through its real questions on a pseudo-terminal, 80 columns, in English,
Russian and Spanish, by a careless typist (an extra Enter and a stray answer after every
answer, sent before the next question is drawn): what the session records must be the same
game entered as JSON, with no traceback and no line cut.

The setup questions the flags leave open are answered (the start player, the Thermae's
fields, the usual readings, hidden bids), then a whole round with the virtual deck: the
opening discards, twelve followers, the Latrine, the Curia, the Atrium auction, the
Catacombs, the Field of Mars (one pair played, one pass confirmed), the take-overs, the
faction benefit and the chariot auction, until round 2 asks its first question. On the way
`help` and `status` are typed at a placement, and `undo` at the second bidder's sealed bid
takes back the first bid without showing it. Spaces are typed by their names in the table's
language, yes in its own word, the rest by number, codes or digits.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest

from referee.game.question import Form
from referee.i18n import set_language, translator
from referee.table.kit import gives_up
from referee.tribune.actions import Bid, Cards, Entry, Pass, Place
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.ui.questions import Turn
from tests.terminal.harness import (
    TRACEBACK,
    cut_lines,
    entered,
    environment,
    play,
    recorded,
    referee,
)

FLAGS = ("--player", "Ann:red", "--player", "Bob:blue", "--edition", "ffg",
         "--points-variant", "--deck", "virtual", "--seed", "7")
#: what the setup questions are answered with, as flags (for the game entered as JSON)
ANSWERED = ("--start", "Ann", "--thermae", "2", "--bids", "hidden")
#: where the followers go, in turn order from Ann, while the space is open
PLAN = ["bowl", "thermae.2", "atrium.1", "atrium.2", "curia.3", "gladiators.1", "mars",
        "catacombs.4", "latrine", "mars", "forum.1", "forum.3"]
#: the kinds of question the round must ask (every phase)
KINDS = {"opening_discard", "place", "atrium_turn", "latrine", "curia", "atrium_bid",
         "catacombs", "mars", "takeover", "benefit", "chariot_bid", "chariot_place"}
HEADINGS = {"en": ("Round 1 · Phase 1", "Phase 2", "Phase 3", "Phase 4", "Phase 5", "Phase 6",
                   "Round 2 · Phase 1"),
            "ru": ("Раунд 1 · Фаза 1", "Фаза 2", "Фаза 3", "Фаза 4", "Фаза 5", "Фаза 6",
                   "Раунд 2 · Фаза 1"),
            "es": ("Ronda 1 · Fase 1", "Fase 2", "Fase 3", "Fase 4", "Fase 5", "Fase 6",
                   "Ronda 2 · Fase 1")}


@contextmanager
def speaking(lang: str):
    set_language(lang)
    try:
        yield
    finally:
        set_language("en")


def game() -> Game:
    return Game(Setup.create(["Ann", "Bob"], "Ann", edition="ffg", deck_mode="virtual",
                             seed=7, settings={"thermae_fields": 2}))


def chosen(g: Game, placed: list[str]) -> Entry:
    """The round's answer to the pending question: the planned space while it is open, a
    pass at Ann's Field of Mars (confirmed), small bids, otherwise the first answer that
    plays something."""
    q = g.pending()
    legal = g.legal_entries() or []
    if q.kind == "place":
        wanted = next((s for s in PLAN[len(placed):] if Place(q.actor, s) in legal), None)
        entry = Place(q.actor, wanted) if wanted else legal[0]
        placed.append(entry.space)
        return entry
    if "bid" in q.accepts:  # Ann takes the Atrium cards, Bob the chariot
        return Bid(q.actor, {("atrium_bid", "Ann"): 2, ("atrium_bid", "Bob"): 1,
                             ("chariot_bid", "Ann"): 0}.get((q.kind, q.actor), 1))
    if q.kind == "mars" and q.actor == "Ann" and Pass("Ann") in legal:
        return Pass("Ann")
    return next((e for e in legal if not isinstance(e, Pass)), legal[0])


def typed(g: Game, entry: Entry, lang: str) -> list[Any]:
    """The lines a person types for ``entry``, as the screen in ``lang`` shows it."""
    with speaking(lang):
        ask = next(Turn(g, True).talk())
        yes = translator("core")("yes")
    values = [o.value for o in ask.options]
    if ask.form is Form.NUMBER:
        assert isinstance(entry, Bid)
        lines = [str(entry.amount)]
    elif ask.form is Form.SEVERAL:
        assert isinstance(entry, Cards)
        lines = [" ".join(str(values.index(c) + 1) for c in entry.cards)]
    elif isinstance(entry, Place):
        lines = [ask.options[values.index(entry)].title]  # the space's name
    elif entry in values:
        lines = [str(values.index(entry) + 1)]
    elif isinstance(entry, Pass):
        lines = [{"en": "pass", "ru": "пас", "es": "pasar"}[lang]]
    else:
        assert isinstance(entry, Cards)
        lines = [" ".join(c.code for c in entry.cards)]
    return lines + ([yes] if gives_up(ask, entry) else [])


@cache
def the_round() -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    """The round's entries, and the kind of question each answers."""
    g, placed, entries, kinds = game(), [], [], []
    while g.state.round == 1:
        entry = chosen(g, placed)
        kinds.append(g.pending().kind)
        entries.append(entry)
        g.apply(entry)
    return tuple(entries), tuple(kinds)


def answers(lang: str) -> list[tuple[str | None, str]]:
    """Every line typed, the table commands among them, each with what to wait for before
    it is typed (None: the next question drawn). A confirmation of a pass given face down
    is erased once answered, so the question after it is waited for by its player's name."""
    w = {"en": ("yes", "help", "status", "undo"), "ru": ("да", "помощь", "состояние", "отмена"),
         "es": ("sí", "ayuda", "estado", "deshacer")}[lang]
    lines: list[str | tuple[str, str]] = ["Ann", "2", w[0], "1"]  # start player, Thermae
    #                                      fields, the usual readings, hidden bids
    g = game()
    entries, kinds = the_round()
    first_place = kinds.index("place")
    second_bid = kinds.index("atrium_bid") + 1
    erased = False
    for n, entry in enumerate(entries):
        if n == first_place:
            lines += [w[1], w[2]]  # help, status: the same question again
        if n == second_bid:  # undo at Bob's bid takes back Ann's, unseen; she bids again
            lines += [w[3], *typed(g, entries[n - 1], lang)]
        said = typed(g, entry, lang)
        if erased:
            said[0] = (f"? {g.pending().actor}", said[0])
        with speaking(lang):
            erased = next(Turn(g, True).talk()).hidden and len(said) > 1
        lines += said
        g.apply(entry)
    return [line if isinstance(line, tuple) else (None, line) for line in [*lines, "quit"]]


def test_the_round_asks_every_phase():
    _entries, kinds = the_round()
    assert KINDS <= set(kinds), KINDS - set(kinds)
    assert kinds.count("place") == 12


@pytest.fixture(scope="module")
def twin(tmp_path_factory) -> list[dict[str, Any]]:
    entries, _kinds = the_round()
    return entered(tmp_path_factory.mktemp("json"), "tribune", [*FLAGS, *ANSWERED],
                   [e.to_json() for e in entries])


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_careless_table_records_the_round_the_json_records(twin, tmp_path, lang):
    sessions = tmp_path / "sessions"
    played = play(referee("tribune", "new", *FLAGS), environment(sessions, lang),
                  answers(lang))
    assert played.code == 0, played.text
    assert TRACEBACK not in played.text
    assert recorded(sessions) == twin
    assert cut_lines(played.lines) == [], cut_lines(played.lines)
    for heading in HEADINGS[lang]:
        assert heading in played.text, heading
    if lang == "en":
        flat = " ".join(played.text.split())
        assert "Took back: Ann: an answer given face down" in flat
        assert "Ann bids 2" not in flat  # the sealed bid is never shown
        # Ann's pass at the Field of Mars was confirmed hidden, and its question erased
        assert "Discard no pair" not in flat
