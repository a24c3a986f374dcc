"""What the guided questions need from the core: the moves and houses a turn leaves open,
the state a partial entry leaves, names in every language, and counted words."""

from __future__ import annotations

import pytest

from referee.concordia.actions import Architect, Mercator, Move
from referee.concordia.architect import buildable, reachable
from referee.concordia.box import load_box
from referee.errors import RefereeError
from referee.i18n import set_language
from referee.terminal.messages import message
from tests.concordia.test_engine import new_game


@pytest.fixture(scope="module")
def box():
    return load_box()


def every_walk(game, who: int, points: int) -> set[tuple]:
    """By brute force: every (colonist, route it stops on) a legal one-colonist move gives."""
    b, s = game.board, game.state
    found = set()
    for kind, place in set(s.players[who].colonists):
        starts = [place] if len(place) == 1 else [place, place[::-1]]
        for start in starts:
            paths = [()]
            for _step in range(points):
                paths = [(*p, c) for p in paths for c in b.routes[kind][(*start, *p)[-1]]]
                for path in paths:
                    try:
                        game.check(Architect(s.players[who].name, (Move(kind, start, path),)))
                    except RefereeError:
                        continue
                    found.add((kind, place, tuple(sorted((*start, *path)[-2:]))))
    return found


def test_the_listed_moves_are_every_legal_stop_and_each_is_legal(box):
    game = new_game(box)
    listed = reachable(game.board, game.state, 0, 2)
    for move, cost in listed:
        game.check(Architect(game.state.players[0].name, (move,)))
        assert cost == len(move.path)
    stops = {(m.kind, m.start if len(m.start) == 1 else tuple(sorted(m.start)),
              tuple(sorted(m.walk()[-2:]))) for m, _cost in listed}
    assert stops == every_walk(game, 0, 2) - {(k, p, e) for k, p, e in every_walk(game, 0, 2)
                                              if e == p}


def test_a_partial_architect_leaves_the_colonists_where_the_moves_put_them(box):
    game = new_game(box)
    name = game.state.players[0].name
    before = game.fingerprint()
    state = game.trial(Architect(name, (Move("land", ("Roma",), ("Novaria",)),)))
    assert ("land", ("Novaria", "Roma")) in state.players[0].colonists
    assert game.fingerprint() == before
    houses = buildable(game.board, state, 0)
    assert [city for city, _money, _goods in houses] == ["Novaria"]


@pytest.mark.parametrize("typed", ["wine", "вино", "vino", "Wine"])
def test_goods_and_colonists_are_named_in_any_language(box, typed):
    game = new_game(box)
    assert game.board.good(typed) == "wine"
    assert [game.board.colonist(t) for t in ("land", "сухопутный", "terrestre", "mar")] == [
        "land", "land", "land", "sea"]


def test_a_short_payment_names_only_what_is_lacking(box):
    game = new_game(box)
    name = game.state.players[0].name
    with pytest.raises(RefereeError) as refused:
        game.check(Mercator(name, (), (("brick", 9),)))
    assert " 0 " not in message(refused.value)


def test_counted_words_agree_with_their_number_in_russian(box):
    from referee.concordia.wording import goods, sestertii
    from referee.i18n import translator

    _ = translator("concordia")
    set_language("ru")
    try:
        said = [_.plural(p.singular, p.plural, p.n) for p in
                [*goods({"food": 1, "wine": 2}), sestertii(5)]]
        points = _.plural("{n} movement point", "{n} movement points", 3)
    finally:
        set_language("en")
    assert said == ["1 единица еды", "2 единицы вина", "5 сестерциев"]
    assert points == "3 очка движения"
