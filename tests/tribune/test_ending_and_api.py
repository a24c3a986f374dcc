"""The end of the game (announcement, the round played out, qualifiers, the point variant)
and the engine API (replay, undo, JSON, virtual mode)."""

import json

from referee.tribune.actions import Bid, Cards, from_json
from referee.tribune.cards import Faction
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.victory import VictoryCard
from tests.tribune.wording import said

MONEY_CARD = VictoryCard.from_json({
    "title": "Test card", "needed": {"3": 1},
    "goals": [{"kind": "tribune"}, {"kind": "favor"}, {"kind": "laurels", "threshold": 40},
              {"kind": "legions", "threshold": 40}, {"kind": "denarii", "threshold": 20},
              {"kind": "markers", "threshold": 7}]})


def test_announcement_ends_the_game_after_the_round_and_qualifiers_rank_first(table):
    t = table(["Ann", "Bob", "Cid"], "Ann", victory=MONEY_CARD)
    t.plan(Ann=["bowl", "bowl"], Cid=["legates.1"])
    t.to("place", "Bob")
    t.to("place", "Ann")
    t.apply(t.default(t.game.pending()))  # her second bowl figure: 12 + 7 + 5 = 24
    announced = [r for r in t.rulings if r.rule.rule_id == "tribune.end.announce"]
    assert announced and announced[-1].params["player"] == "Ann"
    assert t.state.first == [0]
    t.to("takeover", "Cid")
    t.play("Cid", "leg2", "leg3")
    t.to("chariot_bid")
    for name in ("Ann", "Bob", "Cid"):
        t.bid(name, 0)
    assert t.game.pending() is None  # the round was finished, then the game ended
    result = t.game.final_score()
    assert result.qualifiers == ("Ann",)
    scores = {s.name: s for s in result.scores}
    assert scores["Ann"].total == 2 + 2  # 24 money, first to qualify
    # Cid: 2 + 1 laurels, a marker, the Scroll, 14 money = 8 points, yet ranks below Ann
    assert scores["Cid"].total == 3 + 1 + 3 + 1
    assert [s.name for s in result.scores] == ["Ann", "Cid", "Bob"]
    assert result.winners == ("Ann",)


def test_a_qualifier_who_drops_out_before_the_round_ends(table):
    t = table(["Ann", "Bob", "Cid"], "Ann", victory=MONEY_CARD)
    t.plan(Ann=["bowl", "bowl"])
    t.to("chariot_bid")
    t.bid("Ann", 5)  # 24 - 5 = 19: below the 20 of the card when the round ends
    t.bid("Bob", 0)
    t.bid("Cid", 0)
    result = t.game.final_score()
    assert result is not None and result.qualifiers == ()
    ann = next(s for s in result.scores if s.name == "Ann")
    assert ann.breakdown["first_to_qualify"] == 2  # she did meet the card first
    dropped = [r for r in t.rulings if r.rule.rule_id == "tribune.end.qualify"]
    assert said(dropped[0]) == ("Ann announced but no longer meets the victory card at the "
                                "end of the round")
    assert dropped[0].rule.confirmed is False


def test_the_group_may_let_the_announcement_itself_qualify(table):
    # the same game as above, with the other reading of the unclear rule
    t = table(["Ann", "Bob", "Cid"], "Ann", victory=MONEY_CARD, qualifier_drops="announcement")
    t.plan(Ann=["bowl", "bowl"])
    t.to("chariot_bid")
    t.bid("Ann", 5)
    t.bid("Bob", 0)
    t.bid("Cid", 0)
    result = t.game.final_score()
    assert result.qualifiers == ("Ann",) and result.winners == ("Ann",)
    kept = [r for r in t.rulings if r.rule.rule_id == "tribune.end.qualify"][0]
    assert said(kept) == ("Ann no longer meets the victory card at the end of the round, but "
                          "the announcement still makes them a qualifier")
    assert kept.rule.confirmed is False


def test_point_value_variant_ends_with_the_round_of_the_seventh_marker(table):
    t = table(["Ann", "Bob"], "Ann")
    t.player("Ann").markers.extend([Faction.LEGATES, Faction.PRAETORIANS, Faction.PLEBEIANS,
                                    Faction.PATRICIANS, Faction.VESTALS, Faction.SENATORS])
    t.plan(Ann=["gladiators.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "gla1", "gla2")
    ended = [r for r in t.rulings if r.rule.rule_id == "tribune.end.variant"]
    assert said(ended[-1]) == "Ann holds 7 faction markers: the game ends with this round"
    assert t.game.pending() is not None  # the round goes on
    t.to("chariot_bid")
    t.bid("Ann", 0)
    t.bid("Bob", 0)
    result = t.game.final_score()
    assert result.qualifiers == () and result.winners == ("Ann",)
    ann = next(s for s in result.scores if s.name == "Ann")
    assert ann.breakdown["first_to_qualify"] == 0  # the 2-point bonus is off by default
    # ...which no rule says: the ruling is shown, and marked unconfirmed
    (no_bonus,) = [r for r in t.rulings if r.rule.rule_id == "tribune.end.bonus"]
    assert said(no_bonus).startswith("No 2-point bonus in the point-value variant")
    assert no_bonus.rule.confirmed is False


def test_replay_undo_and_json(table):
    t = table(["Ann", "Bob", "Cid"], "Bob")
    t.plan(Ann=["curia.1"])
    t.to("curia", "Ann")
    game = t.game
    again = Game.replay(game.setup, game.history)
    assert again.fingerprint() == game.fingerprint()
    saved = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(saved).fingerprint() == game.fingerprint()
    assert all(from_json(a.to_json()) == a for a in game.history)
    entries = list(game.history)
    before = Game.replay(game.setup, entries[:-1]).fingerprint()
    assert game.undo() == entries[-1]
    assert game.history == entries[:-1] and game.fingerprint() == before
    json.dumps(game.pending().to_json())  # decisions serialise for the CLI


def virtual(seed, players=("Ann", "Bob", "Cid")):
    return Game(Setup.create(list(players), "Ann", deck_mode="virtual", seed=seed,
                             settings={"thermae_fields": 3}))


def test_virtual_mode_deals_from_the_seed():
    a, b, c = virtual(5), virtual(5), virtual(6)
    hands = [[p.hand.cards for p in g.state.players] for g in (a, b, c)]
    assert hands[0] == hands[1] != hands[2]
    d = a.pending()
    assert (d.kind, d.actor) == ("opening_discard", "Ann")
    options = a.legal_entries()
    assert all(isinstance(o, Cards) and len(o.cards) == 2 for o in options)
    assert len(options) <= 15  # at most 6 choose 2
    rulings = a.apply(options[0])
    assert rulings == [] and len(a.state.players[0].hand) == 4
    assert len(a.state.deck) == 100 - 6 - 6 - 4


def test_virtual_mode_never_asks_the_table():
    game = virtual(8)
    for _ in range(200):
        d = game.pending()
        assert d.actor != "table"
        game.apply(game.legal_entries()[-1])


def test_bids_list_every_amount_the_player_holds(table):
    t = table(["Ann", "Bob", "Cid"], "Ann")
    t.to("chariot_bid", "Ann")
    assert t.game.legal_entries() == [Bid("Ann", a) for a in range(13)]


def test_the_bonus_is_named_per_edition(table):
    for edition, words in (("ffg", "first"), ("heidelberger", "ending the game")):
        t = table(["Ann", "Bob", "Cid"], "Ann", victory=MONEY_CARD, edition=edition)
        t.plan(Ann=["bowl", "bowl"])
        t.to("chariot_bid")
        for name in ("Ann", "Bob", "Cid"):
            t.bid(name, 0)
        bonus = [r for r in t.rulings if r.rule.rule_id == "tribune.end.bonus"]
        assert words in bonus[-1].message and bonus[-1].rule.edition == edition
        assert bonus[-1].params["players"] == ["Ann"]


def test_every_decision_kind_is_documented():
    import random

    from referee.tribune.engine import KINDS
    from referee.tribune.simulate import Driver, setup_for

    seen = set()
    for seed, mode in ((1, "table"), (2, "virtual")):
        driver = Driver(setup_for(4, mode, "ffg", "points", seed), check=False)
        rng = random.Random(seed)
        while not driver.done:
            seen.add(driver.game.pending().kind)
            driver.step(rng.choice)
    assert seen <= set(KINDS) and {"reveal", "place", "takeover", "chariot_bid"} <= seen
