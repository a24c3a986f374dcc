"""The table's view of a game (referee.board.public) and the page drawn from it show nothing
hidden: what a player holds, a sealed answer not yet revealed, what the referee alone knows
(a draw pile's order, a seed) may change without a single character of the page changing.
Each game is checked on a real position, then with its hidden parts changed."""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest
from msgspec import structs

from referee.board.html import Painter
from referee.board.live import Board
from referee.board.public import game_module, public_status
from referee.i18n import set_language
from referee.store import SessionStore
from referee.table.games import table_of
from tests.board.games import Played


def drawn(table, game, lang: str = "en") -> str:
    """The view as JSON and its drawing, as the page shows them."""
    set_language(lang)
    try:
        view = public_status(table, game)
        drawing = game_module(table.name).draw(view, Painter({}, game.setup.players))
        return json.dumps(view, ensure_ascii=False, sort_keys=True) + drawing
    finally:
        set_language("en")


def page(root, session_id, lang: str = "en") -> str:
    """The page's fragment, without the time of the last entry (which differs by run)."""
    store = SessionStore(root)
    with store.open(session_id) as session:
        table = table_of(session.header.game)
    board = Board(store, session_id, table)
    board.refresh()
    return re.sub(r'<p class="updated">.*?</p>', "", board.page(lang)[2])


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_tribune_hands_and_the_referee_s_deck_do_not_reach_the_page(tmp_path, lang):
    from referee.tribune.cards import parse_cards
    from referee.tribune.ui.position import position, snapshot

    played = Played("tribune", tmp_path, seed=3, players=4).play(40)
    kept = snapshot(played.game)
    before = drawn(played.table, position(kept), lang)
    ann = kept["state"]["players"][0]["hand"]
    assert len(ann["cards"]) >= 2
    other = [c for c in ("gla1", "leg2", "pra3", "ple4", "pat5", "ves6", "sen7")
             if c not in ann["cards"]]
    ann["cards"] = other[:len(ann["cards"])]  # other cards, as many
    kept["state"]["deck"]["cards"].reverse()
    kept["options"] = None  # the answers offered to the player at the question
    changed = position(kept)
    assert [c.code for c in changed.state.players[0].hand.cards] == other[:len(ann["cards"])]
    assert parse_cards(other[:1])  # real card codes
    assert drawn(played.table, changed, lang) == before


def without_score(table, game) -> str:
    """A Concordia page without its score so far, which counts the cards a player owns
    (every one of them bought from the open display, so the table could count it too)."""
    set_language("en")
    view = public_status(table, game)
    view["so_far"] = None
    return (json.dumps(view, ensure_ascii=False, sort_keys=True)
            + game_module(table.name).draw(view, Painter({}, game.setup.players)))


def test_a_concordia_hand_and_draw_pile_do_not_reach_the_page(tmp_path):
    played = Played("concordia", tmp_path, seed=2).play(12)
    game = played.game
    before = without_score(played.table, game)
    s = game.state
    player = s.players[s.active]
    others = sorted(k for k in game.board.box.cards if k not in player.hand)
    player.hand[:] = others[:len(player.hand)]  # the question names the hand too
    if s.pile is not None:
        s.pile.reverse()
    assert without_score(played.table, game) == before


def test_concordia_s_score_so_far_is_the_one_status_shows(tmp_path):
    from referee.concordia.ui.status import score_json

    played = Played("concordia", tmp_path, seed=2).play(12)
    view = public_status(played.table, played.game)
    sheet = score_json(played.game)["score_so_far"]
    assert [(p["name"], p["total"]) for p in view["so_far"]["players"]] == [
        (p["name"], p["total"]) for p in sheet["players"]]
    assert "Score so far" in drawn(played.table, played.game)
    assert view["so_far"]["rule"].startswith("Interim scoring")


def test_a_trajan_hand_the_bag_the_deck_and_the_seed_do_not_reach_the_page(tmp_path):
    played = Played("trajan", tmp_path, seed=4).play(60)
    game = played.game
    before = drawn(played.table, game)
    b = game.state.board
    for p in game.state.players:
        held = sum(p.hand.values())
        p.hand = Counter({"gems": held}) if held else Counter()
    total = sum(b.bonus_bag.values())
    b.bonus_bag = Counter({"bread": total})
    deck = sum(b.deck.values())
    b.deck = Counter({"wine": deck})
    game.setup = structs.replace(game.setup, seed=game.setup.seed + 1)
    assert drawn(played.table, game) == before


def test_a_sealed_bid_shows_nothing_until_the_bids_are_revealed(tmp_path):
    """Two games alike but for Ann's chariot bid: the pages are the same while Bob bids."""
    pages = []
    for amount in (0, 3):
        root = tmp_path / str(amount)
        played = Played("tribune", root, seed=1).play(
            until=lambda g: g.pending().kind == "chariot_bid")
        asked = played.game.pending()
        assert asked.actor == "Ann"
        before = page(root, played.session_id)
        played.record(played.table.entry_from_json(
            {"type": "bid", "player": "Ann", "amount": amount}))
        after = page(root, played.session_id)
        assert played.game.pending().kind == "chariot_bid" and after != before
        pages.append(after)
    assert pages[0] == pages[1]


def test_field_of_mars_pairs_show_nothing_until_all_are_shown(tmp_path):
    """Cid answers first: a pair in one game, a pass in the other. While Bob chooses, the
    pages are the same (not even the hand or discard counts tell them apart)."""
    from referee.tribune.actions import Cards, Pass

    pages, shown = [], []
    for choice in ("pair", "pass"):
        root = tmp_path / choice
        played = Played("tribune", root, seed=3, players=4).play(
            until=lambda g: g.pending().kind == "mars")
        asked = played.game.pending()
        assert asked.actor == "Cid"
        pairs = [a for a in played.game.legal_entries() if isinstance(a, Cards)]
        played.record(pairs[0] if choice == "pair" else Pass("Cid"))
        assert played.game.pending().kind == "mars" and played.game.pending().actor == "Bob"
        pages.append(page(root, played.session_id))
        played.record(Pass("Bob"))  # now every pair is shown
        shown.append(page(root, played.session_id))
    assert pages[0] == pages[1]
    assert shown[0] != shown[1]


def test_names_typed_by_players_are_text_on_the_page(tmp_path, cli):
    name = '<script>alert(1)</script>&"'
    done = cli("trajan", "new", "--player", f"{name}:red", "--player", "Bob", "--no-play",
               "--json")
    assert done.code == 0, done.err
    fragment = page(tmp_path / "sessions", done.json()["id"])
    assert "<script>" not in fragment and "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;" \
        in fragment


@pytest.mark.parametrize("name", ["tribune", "concordia", "trajan"])
def test_a_finished_game_shows_each_category_with_its_why_and_the_bg_stats_button(
        tmp_path, name):
    from referee.results.bgstats import checked_link
    from referee.results.record import played_game
    from referee.results.stats import finished_games

    played = Played(name, tmp_path, seed=1).play()
    assert played.game.pending() is None
    fragment = page(tmp_path, played.session_id)
    with SessionStore(tmp_path).open(played.session_id) as session:
        result = played_game(session)
        link = checked_link(result, finished_games(SessionStore(tmp_path))[1])[0]
    assert "The game is over." in fragment and "Final score" in fragment
    assert f'href="{html.escape(link)}"' in fragment
    cards = re.findall(r'<article class="player final" data-player="([^"]+)">(.*?)</article>',
                       fragment)
    assert [n for n, _card in cards] == [s.player for s in result.outcome.standings]
    for (_name, card), standing in zip(cards, result.outcome.standings, strict=True):
        points = [int(p) for p in re.findall(r'<td class="pts">(-?[0-9]+)</td>', card)]
        assert sum(points) == standing.score and f">{standing.score} point" in card
        whys = re.findall(r'<td class="why">([^<]*)</td>', card)
        assert len(whys) == len(points) and all(whys)
