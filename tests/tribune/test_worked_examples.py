"""Every worked example of the FFG rulebooks (000 Russian, 003 Spanish), replayed through
the engine in table mode; the numbers are worked out by hand from the example's story.

Values the examples do not print (which Senator, which Praetorian) are chosen here and
named in each test; starting money is 12, 13, 14, 15 in seat order from the start player.
"""

from referee.tribune.cards import Faction, parse_cards
from tests.tribune.wording import asked

FOUR = ["Michelle", "John", "Mike", "Zoe"]


def names(*codes):
    return [card.name for card in parse_cards(codes)]


def money(t, name):
    return t.player(name).money


def take_over_in_round(t, player, faction, *cards):
    """``player`` places on ``faction`` "1" this round and takes it with ``cards``."""
    t.plan(**{player: [f"{faction}.1"]})
    t.to("takeover", player)
    t.play(player, *cards)


def test_coin_bowl(table):
    # Yellow is first in the bowl this round (7); two red and one white figures follow (5 each).
    t = table(["Yellow", "Red", "White"], "Yellow")
    assert [money(t, n) for n in ("Yellow", "Red", "White")] == [12, 13, 14]
    t.plan(Yellow=["bowl"], Red=["mars", "bowl", "bowl"], White=["mars", "bowl"])
    t.to_phase(3)
    assert money(t, "Yellow") == 12 + 7
    assert money(t, "Red") == 13 + 5 + 5
    assert money(t, "White") == 14 + 5
    assert t.state.bowl_figures == 4


def test_curia_dealing_and_left_to_right_discard(table):
    t = table(FOUR, "Michelle")
    # Field 1 stops at the leader, field 2 when it reaches 5, field 3 at once (6 >= 5).
    t.deal(curia=[["pra2", "leg0"], ["gla1", "ple1", "ves3"], ["sen6"]])
    t.plan(Michelle=["curia.1", "curia.3"], John=["curia.2"])
    t.to_phase(2)
    assert [[s.card.code for s in f] for f in t.state.board["curia"]] == [
        ["pra2", "leg0"], ["gla1", "ple1", "ves3"], ["sen6"]]
    d = t.to("curia", "Michelle")
    assert d.choose_from is None  # her hand is not known to the referee
    t.play("Michelle", "gla2")  # any card from her hand
    t.to("curia", "John")
    t.play("John", "pat3")
    d = t.to("curia", "Michelle")
    assert asked(d) == "Michelle: discard a card to take Senator 6?"
    t.play("Michelle", "leg0")  # the Legate she has just taken pays for the Senator
    michelle, john = t.player("Michelle"), t.player("John")
    assert len(michelle.hand) == 4 - 1 + 2 - 1 + 1
    assert sorted(c.code for c in michelle.hand.cards) == ["pra2", "sen6"]
    assert len(john.hand) == 4 - 1 + 3
    assert sorted(c.code for c in john.hand.cards) == ["gla1", "ple1", "ves3"]
    assert [c.code for c in t.state.discard.cards[-3:]] == ["gla2", "pat3", "leg0"]


def test_atrium_auction(table):
    t = table(["John", "Michelle", "Mike", "Zoe"], "John")  # John places first
    t.deal(atrium=["sen4", "pra3", "ves2"])
    t.plan(John=["atrium.1"])
    d = t.to("atrium_turn", "John")
    assert d.params["choices"] == ["1", "2", "3"]
    t.choose("John", "3")  # he turns up the Senator and the Praetorian
    t.to("place", "Michelle")
    atrium = t.state.board["atrium"]
    assert [(f[0].card.code if f[0].card else None, f[0].face_up) for f in atrium] == [
        ("sen4", True), ("pra3", True), (None, False)]
    t.plan(Michelle=["atrium.2"])
    t.to("place", "Mike")
    assert atrium[2][0].card.code == "ves2" and atrium[2][0].face_up
    t.to("atrium_bid", "John")
    t.bid("John", 9)
    t.bid("Michelle", 5)
    assert money(t, "John") == 12 - 9
    assert money(t, "Michelle") == 13 + 9  # the winner pays the loser, not the bank
    john = t.player("John")
    assert sorted(c.code for c in john.hand.cards) == ["pra3", "sen4", "ves2"]
    assert len(john.hand) == 4 + 3


def test_catacombs_and_the_colosseum(table):
    t = table(["Mike", "Zoe", "John", "Michelle"], "Mike")
    t.plan(Mike=["catacombs.4", "catacombs.2", "gladiators.1"], Zoe=["catacombs.3"])
    d = t.to("catacombs", "Mike")
    assert asked(d) == "Mike: buy a Catacombs card for 4 denarii? (5 cards left)"
    assert d.choose_from is None  # face down: only the buyer sees them
    t.choose("Mike", "buy")
    d = t.to("catacombs", "Zoe")
    assert asked(d) == "Zoe: buy a Catacombs card for 3 denarii? (4 cards left)"
    t.passes("Zoe")
    d = t.to("catacombs", "Mike")
    assert asked(d) == "Mike: buy a Catacombs card for 2 denarii? (4 cards left)"  # Zoe took none
    t.choose("Mike", "buy")
    assert money(t, "Mike") == 12 - 4 - 2
    assert money(t, "Zoe") == 13
    assert t.state.colosseum == 6
    assert len(t.player("Mike").hand) == 4 + 2
    # If Mike controls the Gladiators, Phase 5 gives him back exactly what he paid.
    t.to("takeover", "Mike")
    t.play("Mike", "gla1", "gla2")
    d = t.to("benefit", "Mike")
    assert d.params["choices"] == ["colosseum", "card"]
    t.choose("Mike", "colosseum")
    assert money(t, "Mike") == 12 and t.state.colosseum == 0


def test_pantheon_sacrifice(table):
    t = table(["Zoe", "Mike", "John", "Michelle"], "Zoe")
    take_over_in_round(t, "Zoe", "vestals", "ves1", "ves2")  # last round: her Vestal marker
    t.to_phase(1)
    assert Faction.VESTALS in t.player("Zoe").markers
    assert t.state.temporary == 0  # the Vestal benefit gave her the temporary favor
    t.deal(pantheon=["pra4"])
    t.plan(Zoe=["pantheon.1"])
    d = t.to("pantheon", "Zoe")
    assert d.params["faction"].msgid == "Praetorians"
    t.play("Zoe", "pra2")  # any Praetorian; the value does not matter
    assert t.player("Zoe").eternal
    assert t.state.temporary is None  # FFG: eternal favor replaces the temporary one
    assert [c.code for c in t.state.discard.cards[-2:]] == ["pra2", "pra4"]


def test_field_of_mars(table):
    t = table(["John", "Michelle", "Mike", "Zoe"], "John")
    t.to("mars", "John")
    t.play("John", "sen6", "sen4")
    t.to("mars", "Michelle")
    t.play("Michelle", "leg4", "leg2")
    t.to("chariot_bid")
    assert t.player("John").laurels == 1 + 1  # a pair, and the highest sum (10 > 6)
    assert t.player("Michelle").laurels == 1
    assert t.player("Mike").laurels == 0 and t.player("Zoe").laurels == 0


def test_takeover_example_1_higher_sum(table):
    t = table(["Zoe", "John", "Mike", "Michelle"], "Zoe")
    take_over_in_round(t, "Zoe", "legates", "leg1", "leg2", "leg3", "leg5")  # 4 cards, 11
    t.to_phase(1)
    zoe_laurels = t.player("Zoe").laurels
    t.plan(John=["legates.1"])
    t.to("takeover", "John")
    discarded = len(t.state.discard)
    t.play("John", "leg2", "leg3", "leg4", "leg6")  # 4 cards summing 15: the sum decides
    john = t.player("John")
    assert t.state.controllers[Faction.LEGATES] == 1
    assert [c.code for c in t.state.sets[Faction.LEGATES]] == ["leg2", "leg3", "leg4", "leg6"]
    assert john.laurels == 2  # the take-over benefit; the starting laurel went to Zoe
    assert john.markers == [Faction.LEGATES]
    assert t.player("Zoe").laurels == zoe_laurels
    assert len(t.state.discard) == discarded + 4
    assert [c.code for c in t.state.discard.cards[-4:]] == ["leg1", "leg2", "leg3", "leg5"]


def test_takeover_example_2_more_cards(table):
    t = table(["Mike", "Michelle", "John", "Zoe"], "Mike")
    take_over_in_round(t, "Mike", "legates", "leg1", "leg2")  # he controlled it once
    t.to_phase(1)
    take_over_in_round(t, "Michelle", "legates", "leg3", "leg4", "leg5")  # 3 cards, 12
    t.to_phase(1)
    mike_laurels = t.player("Mike").laurels
    # Mike has 2 cards left; he buys 3 Legates at the Thermae to make a set of 4.
    t.deal(thermae=["leg1", "leg2", "leg2"])
    t.plan(Mike=["thermae.1", "thermae.2", "thermae.3"])
    take_over_in_round(t, "Mike", "legates", "leg1", "leg2", "leg2", "leg3")  # 4 cards, 8
    mike = t.player("Mike")
    assert t.state.controllers[Faction.LEGATES] == 0
    assert mike.laurels == mike_laurels + 2
    assert mike.markers.count(Faction.LEGATES) == 1  # no second marker
    assert [c.code for c in t.state.discard.cards[-3:]] == ["leg3", "leg4", "leg5"]


def test_takeover_example_3_two_challengers(table):
    t = table(["Michelle", "Mike", "John", "Zoe"], "Zoe")  # round 2 starts with Michelle
    take_over_in_round(t, "John", "senators", "sen4", "sen5", "sen7")  # sum 16
    t.to_phase(1)
    t.plan(Michelle=["senators.1"], Mike=["senators.2"])
    d = t.to("takeover", "Mike")  # "2" plays first
    assert d.params["against"] == names("sen4", "sen5", "sen7")
    t.play("Mike", "sen6", "sen7", "sen9")  # sum 22 beats 16
    d = t.to("takeover", "Michelle")
    assert d.params["against"] == names("sen6", "sen7", "sen9")  # she must beat Mike's set
    t.play("Michelle", "sen1", "sen2", "sen3", "sen8")  # 4 cards beat 3
    d = t.to("penalty", "Mike")
    assert d.choose_from == tuple(parse_cards(["sen6", "sen7", "sen9"]))  # his own set
    t.play("Mike", "sen6")
    s = t.state
    assert s.controllers[Faction.SENATORS] == 0
    assert [c.code for c in s.sets[Faction.SENATORS]] == ["sen1", "sen2", "sen3", "sen8"]
    mike, michelle = t.player("Mike"), t.player("Michelle")
    assert sorted(c.code for c in mike.hand.cards) == ["sen7", "sen9"]
    assert len(mike.hand) == 4 - 3 + 2
    assert michelle.laurels == 1  # the benefit only: John took the starting laurel
    assert Faction.SENATORS in michelle.markers
    # Mike's penalty card first, then John's beaten set
    assert [c.code for c in s.discard.cards[-4:]] == ["sen6", "sen4", "sen5", "sen7"]


def test_vestal_benefit_tribune(table):
    t = table(["Michelle", "John", "Mike", "Zoe"], "Michelle")
    take_over_in_round(t, "Michelle", "senators", "sen2", "sen3")
    d = t.to("benefit", "Michelle")
    assert d.params["choices"] == ["scroll", "cards"]
    t.choose("Michelle", "scroll")
    t.to_phase(1)
    take_over_in_round(t, "Michelle", "vestals", "ves1", "ves2")
    d = t.to("benefit", "Michelle")
    assert d.params["choices"] == ["favor", "tribune"]  # Scroll and Senators: both options
    t.choose("Michelle", "tribune")
    assert t.player("Michelle").tile == "tribune"
    assert t.state.temporary is None


def test_chariot_auction(table):
    t = table(FOUR, "Michelle")
    take_over_in_round(t, "Zoe", "patricians", "pat1", "pat2")
    t.to("chariot_bid")
    before = {n: money(t, n) for n in FOUR}
    for name, amount in [("Michelle", 2), ("John", 0), ("Mike", 4), ("Zoe", 5)]:
        t.bid(name, amount)
    d = t.game.pending()
    assert d.kind == "chariot_place" and d.actor == "Zoe"
    assert d.params["choices"] == ["patricians", "off"]
    t.choose("Zoe", "patricians")
    assert {n: money(t, n) for n in FOUR} == {**before, "Zoe": before["Zoe"] - 5}
    assert t.state.chariot is Faction.PATRICIANS


def test_latrine_sell(table):
    # 003: Mike turns up a Plebeian of value 6 and, short of money, sells it for 6.
    t = table(["Mike", "Zoe", "John", "Michelle"], "Mike")
    t.deal(latrine=["ple6"])
    t.plan(Mike=["latrine"])
    d = t.to("latrine", "Mike")
    assert d.params["choices"] == ["sell", "keep"] and d.params["value"] == 6
    t.choose("Mike", "sell")
    assert money(t, "Mike") == 12 + 6
    assert "ple6" in [c.code for c in t.state.discard.cards]


def test_leader_varus_extra_laurel(table):
    t = table(["Mike", "Zoe", "John", "Michelle"], "Mike")
    take_over_in_round(t, "Mike", "legates", "leg0", "leg4")
    t.to("chariot_bid")
    # 2 (take-over benefit) + 1 (Varus) + 1 (first controller's starting laurel)
    assert t.player("Mike").laurels == 4


def test_leader_cato_marker_of_choice(table):
    t = table(["Mike", "Zoe", "John", "Michelle"], "Mike")
    take_over_in_round(t, "Mike", "senators", "sen0", "sen5")
    d = t.to("cato", "Mike")
    assert "senators" not in d.params["choices"] and "vestals" in d.params["choices"]
    t.choose("Mike", "vestals")
    assert set(t.player("Mike").markers) == {Faction.SENATORS, Faction.VESTALS}


def test_forum_order_when_money_runs_short(table):
    # 003's "Forum Romanum evaluation sequence": fields are paid left to right, top to
    # bottom; a player short of money loses the later card, which is discarded.
    t = table(["Ann", "Bob"], "Ann")
    t.deal(thermae=["gla4", "leg4", "pra4"],
           forum=["gla3", "leg3", "pra3", "ple3", "pat3", "ves3"])
    t.plan(Ann=["thermae.1", "thermae.2", "forum.1", "forum.3", "forum.4", "forum.6"])
    t.to("chariot_bid")
    ann = t.player("Ann")
    assert ann.money == 12 - 2 * 1 - 3 * 3  # 2 Thermae cards, then 3 of the 4 Forum cards
    assert sorted(c.code for c in ann.hand.cards) == ["gla3", "gla4", "leg4", "ple3", "pra3"]
    assert len(ann.hand) == 4 + 5
    assert "ves3" in [c.code for c in t.state.discard.cards]
