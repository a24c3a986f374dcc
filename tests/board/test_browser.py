"""The board page in a real browser (the system's Chromium): for each game, entries recorded
by other processes (``enter``, ``undo``) reach an open page without a reload; what a hand
holds and a sealed bid are in neither the page nor any answer of the server before the
rules show them; the page works without scripts. Screenshots at 390×844 and 1280×800 are
kept in test-output/board/.

The waits are generous (seconds) and never judged: how fast a change arrives is measured
in bench/ (docs/performance.md).
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from typing import Any

import pytest

from referee.board.live import Board
from referee.board.public import public_status
from referee.store import SessionStore
from tests.board import browser as b
from tests.board.games import Played

WAIT = 10_000  # ms: far more than a change takes (bench/ measures it)


@pytest.fixture(scope="module")
def chromium():
    with b.launched() as found:
        yield found


def page_text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def hands(name: str, game: Any) -> list[str]:
    """The names of the cards every player holds, as the page would name them."""
    if name == "tribune":
        from referee.tribune.ui.render import card_text

        return [card_text(c) for p in game.state.players for c in p.hand.cards]
    if name == "concordia":
        from referee.concordia.ui.render import card_name

        return [card_name(game, k) for p in game.state.players for k in p.hand]
    from referee.trajan.ui.render import word

    return [word(k) for p in game.state.players for k in +p.hand]


def empty_hands(name: str, game: Any) -> None:
    for p in game.state.players:
        if name == "tribune":
            p.hand.cards.clear()
        elif name == "concordia":
            p.hand.clear()
        else:
            p.hand = Counter()


def hidden(played: Played) -> list[str]:
    """Card names in the players' hands that the page would not show were the hands empty:
    none of them may be anywhere the server sends."""
    board = Board(SessionStore(played.root), played.session_id, played.table)
    board.refresh()
    names = hands(played.name, board._game)
    empty_hands(played.name, board._game)
    board._pages.clear()
    shown = page_text(board.page("en")[2])
    return sorted({n for n in names if n not in shown})


class Seen:
    """Every answer the page received, and every request it made."""

    def __init__(self, page) -> None:
        self.bodies: list[bytes] = []
        self.urls: list[str] = []
        page.on("request", lambda request: self.urls.append(request.url))
        page.on("response", self._keep)

    def _keep(self, response) -> None:
        if "event-stream" not in response.headers.get("content-type", ""):
            self.bodies.append(response.body())


def enter(played: Played, entry: Any) -> None:
    """Record ``entry`` with ``referee GAME enter`` as another process, and follow it here."""
    played.game.apply(entry)
    b.referee(played.root, played.name, "enter", played.session_id, "--entry",
              json.dumps(entry.to_json()))


def question(played: Played) -> str:
    return public_status(played.table, played.game)["pending"]["text"]


def changed(page, version: str) -> str:
    page.wait_for_function("v => document.getElementById('board').dataset.version !== v",
                           arg=version, timeout=WAIT)
    return page.get_attribute("#board", "data-version")


def nothing_hidden(names: list[str], page, seen: Seen, recorder: b.Recorder) -> None:
    """None of ``names`` in the page, nor in what the server sent since the last look."""
    dom = page.inner_text("body")
    for name in names:
        assert name not in dom
        assert all(name.encode() not in body for body in seen.bodies)
        assert name.encode() not in recorder.data
    seen.bodies.clear()
    recorder.data = b""


POSITIONS = {
    "tribune": dict(seed=1, until=lambda g: g.pending().kind == "chariot_bid"),
    "concordia": dict(seed=2, count=30),
    "trajan": dict(seed=2, count=60),
}


def position(name: str, root) -> Played:
    how = dict(POSITIONS[name])
    played = Played(name, root, seed=how.pop("seed"))
    return played.play(**how)


@pytest.mark.parametrize("name", ["tribune", "concordia", "trajan"])
def test_entries_from_other_processes_reach_the_open_page(chromium, tmp_path, name):
    played = position(name, tmp_path / "sessions")
    secret = hidden(played)
    assert secret, "the position holds cards nobody else can see"
    with b.board(played.root, played.session_id) as url:
        recorder = b.Recorder(url)
        page = chromium.new_page(viewport=b.PHONE)
        seen = Seen(page)
        page.goto(url)
        recorder.wait(1)
        before = page.get_attribute("#board", "data-version")
        assert page.inner_text(".turn .question") == question(played)
        b.shot(page, f"{name}-390x844")
        asked_first = question(played)
        nothing_hidden(secret, page, seen, recorder)

        enter(played, played.answer())
        after = changed(page, before)
        assert page.inner_text(".turn .question") == question(played)
        recorder.wait(1)
        nothing_hidden(hidden(played), page, seen, recorder)

        b.referee(played.root, name, "undo", played.session_id)
        played.game.undo()
        changed(page, after)
        recorder.wait(1)
        assert page.inner_text(".turn .question") == asked_first
        page.set_viewport_size(b.LAPTOP)
        b.shot(page, f"{name}-1280x800")
        nothing_hidden(secret, page, seen, recorder)
        origin = url.split("/", 3)[:3]
        assert all(u.split("/", 3)[:3] == origin or u.startswith("data:") for u in seen.urls)
        recorder.close()
        page.close()


def test_a_sealed_bid_is_shown_only_with_the_others(chromium, tmp_path):
    """Ann's chariot bid, entered from another process, changes whose turn it is and
    nothing else; once every bid is in, the bids are shown together."""
    from referee.tribune.actions import Bid

    played = position("tribune", tmp_path / "sessions")
    amount = played.game.state.players[0].money
    assert amount > 1
    with b.board(played.root, played.session_id) as url:
        recorder = b.Recorder(url)
        page = chromium.new_page(viewport=b.PHONE)
        seen = Seen(page)
        page.goto(url)
        rulings = page.inner_text("section:has(> ol.rulings)")
        holdings = page.inner_text("div.players")
        version = page.get_attribute("#board", "data-version")
        enter(played, Bid("Ann", amount))
        version = changed(page, version)
        assert page.get_attribute(".turn", "data-actor") == "Bob"
        assert page.inner_text("section:has(> ol.rulings)") == rulings
        assert page.inner_text("div.players") == holdings
        recorder.wait(2)
        revealed = f"Ann {amount}"
        for where in (page.inner_text("body").encode(), recorder.data, *seen.bodies):
            assert b"Chariot bids" not in where and revealed.encode() not in where
        for player in ("Bob", "Cid"):
            enter(played, Bid(player, 0))
        changed(page, version)
        page.wait_for_selector(f"ol.rulings >> text={revealed}", timeout=WAIT)
        assert "Chariot bids" in page.inner_text("ol.rulings")
        recorder.close()


def test_without_scripts_the_page_refreshes_itself(chromium, tmp_path):
    """With scripts off the page reloads every few seconds: a new entry shows up."""
    played = position("trajan", tmp_path / "sessions")
    with b.board(played.root, played.session_id) as url:
        context = chromium.new_context(java_script_enabled=False, viewport=b.PHONE)
        page = context.new_page()
        page.goto(url)
        assert page.locator("noscript").count() == 1
        version = page.get_attribute("#board", "data-version")
        enter(played, played.answer())
        page.locator(f'#board:not([data-version="{version}"])').wait_for(timeout=20_000)
        assert question(played) in page.inner_text(".turn .question")
        context.close()


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_the_page_speaks_the_game_s_language_or_the_one_asked(chromium, tmp_path, lang):
    played = Played("trajan", tmp_path / "sessions", seed=4, lang=lang).play(10)
    with b.board(played.root, played.session_id) as url:
        page = chromium.new_page(viewport=b.PHONE)
        page.goto(url)
        assert page.get_attribute("html", "lang") == lang
        waiting = said("Waiting for", lang)
        assert waiting != "Waiting for" and page.inner_text(".turn h2") == waiting.upper()
        page.goto(url + "?lang=en")
        assert page.get_attribute("html", "lang") == "en"
        assert page.inner_text(".turn h2") == "WAITING FOR"
        page.close()


def said(msgid: str, lang: str) -> str:
    from referee.i18n import set_language, translator

    set_language(lang)
    try:
        return translator("core")(msgid)
    finally:
        set_language("en")
