"""Answers the engine keeps, to spare working them out after every entry, must be what
working them out afresh gives: compared after every entry of whole games in both deck
modes, both editions, with two victory cards and the point variant."""

import random

import pytest

from referee.tribune.cards import FACTIONS
from referee.tribune.rules import ending
from referee.tribune.setup import Setup
from referee.tribune.simulate import SIM_CARD, Driver, setup_for
from referee.tribune.victory import check

#: the simulation's card asking one goal more: its kept answers must not be the other's
HARDER = {**SIM_CARD.to_json(), "needed": {"3": 5, "4": 5, "5": 4}}
CONFIGS = [(players, mode, edition, card)
           for players, card in [(3, SIM_CARD.to_json()), (3, HARDER), (4, None),
                                 (5, SIM_CARD.to_json()), (5, HARDER)]
           for mode in ("table", "virtual") for edition in ("ffg", "heidelberger")]


def positions(players, mode, edition, card, seed):
    """Every game of a random play (the table game and, in table mode, its virtual twin)
    after every entry."""
    rng = random.Random(seed)
    setup = setup_for(players, mode, edition, "card", seed).to_json()
    driver = Driver(Setup.from_json({**setup, "victory": card}), check=False)
    while not driver.done:
        driver.step(rng.choice)
        yield driver.game
        if driver.twin is not None:
            yield driver.twin


def meeting_afresh(game):
    c, card = game.core, game.setup.victory
    n = len(c.s.players)
    if card is None:
        return {seat for seat, p in enumerate(c.s.players)
                if len(p.markers) >= ending.VARIANT_MARKERS[n]}
    return {seat for seat in range(n) if check(card, n, ending.holdings(c, seat)).qualifies}


def nudged(state, seat):
    """Each input of the victory check, one at a time, changed in place toward meeting the
    card and put back, with a pause after each change: a kept answer that missed one of
    them would go stale at some pause."""
    p = state.players[seat]
    for name, value in [("money", p.money + 30), ("laurels", p.laurels + 10),
                        ("legions", p.legions + 4), ("tile", "tribune"), ("eternal", True)]:
        old = getattr(p, name)
        setattr(p, name, value)
        yield
        setattr(p, name, old)
        yield
    held = len(p.markers)
    p.markers.extend(f for f in FACTIONS if f not in p.markers)  # in place, as play does
    yield
    del p.markers[held:]
    yield
    old = state.temporary
    state.temporary = seat
    yield
    state.temporary = old
    yield


@pytest.mark.parametrize(("players", "mode", "edition", "card"), CONFIGS)
def test_kept_victory_check_is_the_check_made_afresh(players, mode, edition, card):
    met = 0
    for step, game in enumerate(positions(players, mode, edition, card, seed=players * 13)):
        c = game.core
        assert set(ending.qualifying(c, range(players))) == meeting_afresh(game)
        met += bool(meeting_afresh(game))
        for _ in nudged(game.state, step % players):
            assert set(ending.qualifying(c, range(players))) == meeting_afresh(game)
    assert met  # somebody met the card or the markers in play, so the answer did change
