"""The lists of legal answers are built by shortcuts (spaces settled before their rules run,
card selections cut short): they must list exactly what the checks accept, in the order the
full enumeration gives, because a simulation's random choice among them depends on it."""

import gc
import itertools
import random

import pytest

from referee.tribune import box
from referee.tribune.actions import Cards
from referee.tribune.cards import Faction
from referee.tribune.decisions import submultisets
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.rules import followers
from referee.tribune.setup import Setup
from referee.tribune.simulate import Driver, setup_for


@pytest.mark.parametrize("players", [2, 4, 5])
@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
@pytest.mark.parametrize("mode", ["table", "virtual"])
def test_listed_spaces_are_exactly_those_the_rules_leave_open(players, edition, mode):
    """Also what keeps the board's plan (``Core.plan``) honest: a plan gone stale would list
    other spaces than the rules, asked space by space, leave open."""
    rng = random.Random(players)
    driver = Driver(setup_for(players, mode, edition, "card", seed=players * 7), check=False)
    placements = 0
    while (decision := driver.game.pending()) is not None and placements < 400:
        if decision.kind == "place":
            placements += 1
            for game in filter(None, [driver.game, driver.twin]):
                c = game.core
                for seat in range(players):  # every seat, not only the one placing
                    assert followers.legal_spaces(c, seat) == [
                        sp for sp in c.spaces if followers.why_not(c, seat, sp) is None]
        driver.step(rng.choice)
    assert placements > 50


@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_listed_card_answers_are_exactly_those_the_check_accepts(edition):
    """Every answer naming cards that a decision lists passes its check, and every selection
    of the cards it chooses among that passes is listed, in the order of the walk over them
    (a pair of one faction: faction by faction)."""
    kinds = set()
    for players in (3, 4, 5):
        rng = random.Random(players)
        game = Game(setup_for(players, "virtual", edition, "card", seed=players * 5))
        while (decision := game.pending()) is not None:
            listed = game.legal_entries()
            if decision.choose_from is not None:
                kinds.add(decision.kind)
                assert [a for a in listed if isinstance(a, Cards)] == accepted(decision)
            game.apply(rng.choice(listed))
    assert {"takeover", "mars", "curia", "cesura", "opening_discard"} <= kinds


def accepted(decision):
    """The selections of ``choose_from`` the decision's check accepts (up to 3 cards from
    more than 10: none that takes more chooses among that many)."""
    pool = list(decision.choose_from)
    groups = ([[c for c in pool if c.faction is f] for f in Faction] if decision.kind == "mars"
              else [pool])
    found = []
    for group in groups:
        most = len(group) if len(group) <= 10 else 3
        for combo in full_enumeration(group, range(1, most + 1)):
            try:
                decision.check(Cards(decision.actor, combo))
            except TribuneRuleViolation:
                continue
            found.append(Cards(decision.actor, combo))
    return found


def full_enumeration(cards, sizes):
    """Every distinct selection, ordered by how many of each card (in card order) it takes,
    fewest first: the order of the original walk over the cards."""
    kinds = sorted(set(cards), key=lambda card: card.key)
    found = {tuple(sorted(combo, key=lambda card: card.key))
             for size in sizes for combo in itertools.combinations(cards, size)}
    return sorted(found, key=lambda combo: [combo.count(kind) for kind in kinds])


def test_card_selections_are_every_distinct_multiset_in_enumeration_order():
    deck = box.deck_cards(Setup.create(["Ann", "Bob"], deck_mode="virtual",
                                       settings={"thermae_fields": 3}).deck)
    rng = random.Random(3)
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(0, 9))
        for sizes in [(1,), (2,), range(2, max(len(cards), 2) + 1), (1, 3)]:
            assert submultisets(cards, sizes) == full_enumeration(cards, sizes)


def test_listing_selections_leaves_no_reference_cycle():
    """Lists are made for every card decision; one that left a cycle behind each time (a
    closure calling itself did) kept the garbage collector busy through every game."""
    deck = box.deck_cards(Setup.create(["Ann", "Bob"], deck_mode="virtual",
                                       settings={"thermae_fields": 3}).deck)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for sizes in [(1,), (2,), range(2, 6), (1, 3)]:
            assert submultisets(deck[:9], sizes)
        gc.collect()
        assert gc.garbage == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
