"""A scripted table for Tribune tests: drives a table-mode game through the public API.

Only the decisions a test cares about are scripted; every other decision gets a dull
default (filler cards of value 5 for reveals, followers to the coin bowl, pass, bid 0,
first option; spare followers go to the Field of Mars, where passing changes nothing),
so a worked example reads like the rulebook's own story.
"""

from __future__ import annotations

import itertools
from collections import defaultdict, deque

import pytest

from referee.tribune.actions import Bid, Cards, Choose, Pass, Place, Reveal
from referee.tribune.cards import parse_card, parse_cards
from referee.tribune.engine import Game
from referee.tribune.setup import Setup

FILLER = ["gla5", "leg5", "pra5", "ple5", "pat5", "ves5", "sen5"]


class Table:
    def __init__(self, players, start=None, *, edition="ffg", victory=None, **settings):
        settings = {"thermae_fields": 3, **settings}
        self.game = Game(Setup.create(players, start, edition=edition, deck_mode="table",
                                      victory=victory, settings=settings))
        self.filler = itertools.cycle(parse_cards(FILLER))
        self.reveals: dict[tuple[str, int], deque] = defaultdict(deque)
        self.plans: dict[str, deque] = defaultdict(deque)
        self.rulings = []

    # --- scripting
    def deal(self, **regions):
        """``deal(curia=[["pra2", "leg0"], ["sen6"]], atrium=["sen3", ...])``: the cards the
        table will turn up, per region and field (a list per field, or one card each)."""
        for region, fields in regions.items():
            for number, cards in enumerate(fields, start=1):
                cards = [cards] if isinstance(cards, str) else cards
                self.reveals[(region, number)].extend(parse_cards(cards))

    def plan(self, **spaces):
        """``plan(Mike=["catacombs.4", "catacombs.2"])``: where each player puts followers."""
        for player, wanted in spaces.items():
            self.plans[player].extend(wanted)

    # --- driving
    @property
    def state(self):
        return self.game.state

    def player(self, name):
        return self.state.players[self.game.setup.players.index(name)]

    def apply(self, action):
        rulings = self.game.apply(action)
        self.rulings.extend(rulings)
        return rulings

    def play(self, player, *codes):
        return self.apply(Cards(player, parse_cards(codes)))

    def choose(self, player, option):
        return self.apply(Choose(player, option))

    def bid(self, player, amount):
        return self.apply(Bid(player, amount))

    def passes(self, player):
        return self.apply(Pass(player))

    def to(self, kind, actor=None):
        """Answer every other decision with its default until ``kind`` (by ``actor``);
        a reveal that the script covers is answered, not stopped at."""
        for _ in range(5000):
            d = self.game.pending()
            assert d is not None, f"game over before {kind}"
            scripted = d.kind == "reveal" and self.reveals.get(
                (d.params["region"], d.params["number"]))
            if d.kind == kind and actor in (None, d.actor) and not scripted:
                return d
            self.apply(self.default(d))
        raise AssertionError(f"never reached {kind}")

    def to_phase(self, phase):
        for _ in range(5000):
            if self.state.phase == phase:
                return
            self.apply(self.default(self.game.pending()))
        raise AssertionError(f"never reached phase {phase}")

    def default(self, d):
        who = d.actor
        if d.kind == "reveal":
            queue = self.reveals.get((d.params["region"], d.params["number"]))
            return Reveal(queue.popleft() if queue else next(self.filler))
        if d.kind == "place":
            return Place(who, self.plans[who].popleft() if self.plans[who] else "mars")
        if "pass" in d.accepts:
            return Pass(who)
        if d.kind in ("atrium_bid", "chariot_bid"):
            return Bid(who, 0)
        if d.kind == "latrine":
            return Choose(who, "sell")
        if d.kind == "chariot_place":
            return Choose(who, "off" if "off" in d.params["choices"] else d.params["choices"][0])
        if "choose" in d.accepts:
            return Choose(who, d.params["choices"][0])
        options = self.game.legal_entries()
        if options is None:  # an unknown hand: name a filler card from it
            return Cards(who, (next(self.filler),))
        return options[0]


@pytest.fixture
def table():
    return Table


@pytest.fixture
def card():
    return parse_card
