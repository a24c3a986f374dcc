"""Wording a table tripped on: a ship load said "(+0 wilds)" and never said to turn the
ship grey, the forum refusal said "No senate tile (5 votes) tile lies in the forum", and
counts took no plural forms in Russian and Spanish."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.terminal.messages import message
from referee.trajan import actions as a
from referee.trajan.actions import from_json
from referee.trajan.ui.render import describe
from referee.trajan.ui.table import TRAJAN
from tests.trajan.engine_helpers import before_first, choices_game


def first(doc: dict, test) -> tuple:
    """The scenario's game just before its first entry that passes ``test``, and that entry."""
    from referee.trajan.engine import Game

    game = Game(TRAJAN.setup_from_json(doc["setup"]))
    for raw in doc["entries"]:
        entry = from_json(raw)
        if test(entry):
            return game, entry
        game.apply(entry)
    raise AssertionError("no such entry")


def test_a_load_without_commodity_wilds_says_none():
    load = a.Seaport("Ann", "ship", cards=("wine", "wine"), ship="same", wilds=0)
    assert describe(load) == "Ann loads wine, wine on the same-goods ship"
    wild = a.Seaport("Ann", "ship", cards=("wine",), ship="same", wilds=1)
    assert describe(wild) == "Ann loads wine + 1 commodity wild on the same-goods ship"


def test_a_ship_loaded_on_its_coloured_side_is_turned_grey():
    game, load = first(choices_game(), lambda e: isinstance(e, a.Seaport) and e.mode == "ship")
    assert load.ship not in game.state.board.grey  # a first load: the coloured side
    said = [TRAJAN.ruling_text(r) for r in game.apply(load)]
    assert any(t.startswith("Turn the ") and t.endswith(" ship to its grey side")
               for t in said), said
    assert not any("0 commodity wilds used" in t for t in said)


def test_a_tile_not_in_the_forum_is_refused_in_plain_words():
    game, _n = before_first(choices_game(), "forum", 1)
    actor = game.pending().actor
    assert "senate3" not in game.state.board.forum
    with pytest.raises(RefereeError) as refused:
        game.check(a.Forum(actor, "senate3"))
    text = message(refused.value)
    assert "The forum holds no senate tile (3 votes); it holds" in text
    assert "tile tile" not in text


def test_counts_take_their_languages_plural_forms(cli):
    made = cli("trajan", "new", "--player", "Ann", "--player", "Bob", "--seed", "10",
               "--no-play", "--json").json()["id"]
    en = " ".join(cli("trajan", "status", made).out.split())
    assert "1 worker, 1 legionary, 13 in the supply" in en
    es = " ".join(cli("--lang", "es", "trajan", "status", made).out.split())
    assert "1 trabajador, 1 legionario" in es
    from referee.i18n import set_language, translator

    set_language("ru")
    try:
        said = translator("trajan")("{player}: {track} on the track + {tiles} from senate "
                                    "tiles = {total} votes", player="Ann", track=2, tiles=0,
                                    total=2)
    finally:
        set_language("en")
    assert "2 голосов" not in said and said.endswith("голосов: 2")
