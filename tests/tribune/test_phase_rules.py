"""Phase rules beyond the worked examples: legal options at each decision, rejected entries
(which must leave the state untouched and name the rule), cesura magna, ties."""

import pytest

from referee.tribune.actions import Bid, Cards, Choose, Pass, Place, Reveal
from referee.tribune.cards import Faction, parse_card, parse_cards
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.setup import Setup
from tests.tribune.wording import said

PLAYERS = ["Ann", "Bob", "Cid"]


def refused(t, action, rule_id):
    """``action`` is rejected with ``rule_id`` and changes nothing."""
    before = t.game.fingerprint()
    with pytest.raises(TribuneRuleViolation) as caught:
        t.apply(action)
    assert caught.value.rule.rule_id == rule_id
    assert t.game.fingerprint() == before
    return caught.value


def spaces(t):
    return {a.space for a in t.game.legal_entries()}


# --------------------------------------------------------------------------- Phase 2
def test_followers_and_money_by_player_count(table):
    for names, followers in ((["A", "B"], 6), (["A", "B", "C"], 6), (["A", "B", "C", "D"], 5),
                             (["A", "B", "C", "D", "E"], 4)):
        t = table(names, "B")
        assert [p.followers for p in t.state.players] == [followers] * len(names)
        assert [p.money for p in t.state.players] == [12 + (i - 1) % len(names)
                                                      for i in range(len(names))]


def test_seat_order_from_the_start_player(table):
    t = table(PLAYERS, "Bob")
    order = []
    for _ in range(4):
        d = t.to("place")
        order.append(d.actor)
        t.apply(Place(d.actor, "mars"))
    assert order == ["Bob", "Cid", "Ann", "Bob"]


def test_one_follower_per_space_and_the_bowl_and_mars_take_many(table):
    t = table(PLAYERS, "Ann")
    t.to("place", "Ann")
    t.apply(Place("Ann", "forum.1"))
    assert "forum.1" not in spaces(t) and {"bowl", "mars"} <= spaces(t)
    refused(t, Place("Bob", "forum.1"), "tribune.phase2.space")
    refused(t, Place("Bob", "forum.9"), "tribune.phase2.space")


def test_field_of_mars_cap_when_the_group_sets_one(table):
    t = table(PLAYERS, "Ann", mars_spaces=1)
    t.to("place", "Ann")
    t.apply(Place("Ann", "mars"))
    err = refused(t, Place("Bob", "mars"), "tribune.phase2.mars")
    assert err.rule.confirmed is False  # the count is not known from any rulebook


def test_atrium_order_and_never_both(table):
    t = table(PLAYERS, "Ann")
    t.to("place", "Ann")
    assert "atrium.1" in spaces(t) and "atrium.2" not in spaces(t)
    refused(t, Place("Ann", "atrium.2"), "tribune.phase2.atrium.order")
    t.apply(Place("Ann", "atrium.1"))
    t.choose("Ann", "2")
    t.to("place", "Bob")
    t.apply(Place("Bob", "mars"))
    t.to("place", "Cid")
    t.apply(Place("Cid", "mars"))
    t.to("place", "Ann")
    refused(t, Place("Ann", "atrium.2"), "tribune.phase2.atrium.both")


def test_atrium_first_player_turns_two_cards(table):
    t = table(PLAYERS, "Ann")
    t.deal(atrium=["gla3", "leg4", "pra5"])
    t.to("place", "Ann")
    t.apply(Place("Ann", "atrium.1"))
    refused(t, Choose("Ann", "4"), "tribune.phase2.atrium.turn")
    t.choose("Ann", "1")  # the first card stays face down
    d = t.game.pending()
    assert d.actor == "table" and (d.params["region"], d.params["number"]) == ("atrium", 2)
    t.to("place", "Bob")
    assert [f[0].face_up for f in t.state.board["atrium"]] == [False, True, True]
    assert [f[0].card.code if f[0].card else None for f in t.state.board["atrium"]] == [
        None, "leg4", "pra5"]


def test_pantheon_needs_a_vestal_marker_and_never_both(table):
    t = table(PLAYERS, "Ann")
    t.to("place", "Ann")
    assert not any(s.startswith("pantheon") for s in spaces(t))
    refused(t, Place("Ann", "pantheon.1"), "tribune.phase2.pantheon.marker")
    t.plan(Ann=["vestals.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "ves1", "ves2")
    t.to_phase(1)
    t.to("place", "Ann")
    t.apply(Place("Ann", "pantheon.2"))
    t.to("place", "Ann")
    refused(t, Place("Ann", "pantheon.1"), "tribune.phase2.pantheon.both")


def test_faction_spaces(table):
    t = table(PLAYERS, "Ann")
    t.to("place", "Ann")
    refused(t, Place("Ann", "senators.2"), "tribune.phase2.faction.order")
    t.apply(Place("Ann", "senators.1"))
    t.to("place", "Bob")
    t.apply(Place("Bob", "senators.2"))
    t.to("place", "Cid")
    refused(t, Place("Cid", "senators.2"), "tribune.phase2.space")
    t.apply(Place("Cid", "legates.1"))
    t.to("place", "Ann")
    t.apply(Place("Ann", "legates.2"))
    t.to("place", "Bob")
    refused(t, Place("Bob", "legates.1"), "tribune.phase2.space")
    t.to("takeover", "Bob")  # "2" first
    t.play("Bob", "sen1", "sen2")
    t.to("takeover", "Ann")
    t.passes("Ann")
    t.to_phase(1)
    t.to("place", "Bob")
    refused(t, Place("Bob", "senators.1"), "tribune.phase2.faction.controlled")


def test_never_both_spaces_of_one_faction(table):
    t = table(["Ann", "Bob"], "Ann")
    t.to("place", "Ann")
    t.apply(Place("Ann", "senators.1"))
    t.to("place", "Bob")
    t.apply(Place("Bob", "mars"))
    t.to("place", "Ann")
    refused(t, Place("Ann", "senators.2"), "tribune.phase2.faction.both")


def test_chariot_blocks_placement_and_takeover_but_not_the_benefit(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["patricians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pat2", "pat3")
    t.to("chariot_bid")
    t.bid("Ann", 1)
    t.bid("Bob", 0)
    t.bid("Cid", 0)
    t.choose("Ann", "patricians")
    t.to("place", "Bob")
    assert "patricians.1" not in spaces(t)
    refused(t, Place("Bob", "patricians.1"), "tribune.phase2.faction.chariot")
    t.to("chariot_bid")
    benefits = [r for r in t.rulings if r.rule.rule_id == "tribune.phase5.proconsul"]
    assert len(benefits) == 2  # Ann took the Proconsul in both rounds
    assert t.state.chariot is None  # the block lasts one round; a new auction is on


def test_proconsul_is_an_extra_follower(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["patricians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pat2", "pat3")
    t.to("chariot_bid")
    assert t.state.proconsul == 0
    t.to("place")
    assert t.state.to_place == [6 + 1, 6, 6]


# --------------------------------------------------------------------------- Phase 3
def test_curia_discard_is_optional_and_any_card(table):
    t = table(PLAYERS, "Ann")
    t.deal(curia=[["sen5"]])
    t.plan(Ann=["curia.1"])
    t.to("curia", "Ann")
    assert t.game.legal_entries() is None  # her hand is unknown to the referee
    options = t.game.legal_entries(hand=parse_cards(["gla1", "gla1", "leg2", "sen0"]))
    assert {a.cards[0].code for a in options if isinstance(a, Cards)} == {"gla1", "leg2",
                                                                           "sen0"}
    assert Pass("Ann") in options
    with pytest.raises(TribuneInputError):
        t.game.legal_entries(hand=parse_cards(["gla1"]))  # she holds 4 cards
    t.passes("Ann")
    assert "sen5" in [c.code for c in t.state.discard.cards]


def test_latrine_keep_costs_the_value_and_a_leader_is_free(table):
    t = table(PLAYERS, "Ann")
    t.deal(latrine=["sen0"])
    t.plan(Ann=["latrine"])
    d = t.to("latrine", "Ann")
    assert d.params["choices"] == ["sell", "keep"]
    t.choose("Ann", "keep")
    assert t.player("Ann").money == 12
    assert [c.code for c in t.player("Ann").hand.cards] == ["sen0"]


def test_latrine_keep_is_not_offered_without_the_money(table):
    t = table(PLAYERS, "Ann")
    t.deal(latrine=["sen9"], forum=["gla5", "leg5", "pra5"])
    t.plan(Ann=["forum.1", "forum.2", "forum.3", "latrine"])  # 12 - 9 = 3 left
    d = t.to("latrine", "Ann")
    assert d.params["choices"] == ["sell"]
    refused(t, Choose("Ann", "keep"), "tribune.phase3.latrine")


def test_atrium_single_player_pays_one_for_the_face_up_cards(table):
    t = table(PLAYERS, "Ann")
    t.deal(atrium=["gla3", "leg4", "pra5"])
    t.plan(Ann=["atrium.1"])
    t.to("atrium_turn", "Ann")
    t.choose("Ann", "3")
    t.to("chariot_bid")
    assert t.player("Ann").money == 12 - 1
    assert sorted(c.code for c in t.player("Ann").hand.cards) == ["gla3", "leg4"]


def test_atrium_tie_goes_to_the_first_space(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["atrium.1"], Bob=["atrium.2"])
    t.to("atrium_bid", "Ann")
    refused(t, Bid("Ann", 13), "tribune.phase3.atrium.auction")  # she holds 12
    t.bid("Ann", 4)
    t.bid("Bob", 4)
    assert (t.player("Ann").money, t.player("Bob").money) == (12 - 4, 13 + 4)
    assert len(t.player("Ann").hand) == 4 + 3


def test_catacombs_virtual_mode_names_the_card_and_skips_empty_spaces():
    game = Game(Setup.create(PLAYERS, "Ann", deck_mode="virtual", seed=4,
                             settings={"thermae_fields": 3}))
    while game.pending().kind == "opening_discard":
        game.apply(game.legal_entries()[0])
    for _ in range(30):
        d = game.pending()
        if d.kind != "place":
            break
        space = "catacombs.2" if d.actor == "Bob" and "catacombs.2" not in game.state.spaces \
            else "mars"
        game.apply(Place(d.actor, space))
    while game.pending().kind != "catacombs":
        game.apply(next(a for a in game.legal_entries() if isinstance(a, Pass)))
    stack = [s.card for s in game.state.board["catacombs"][0]]
    assert sorted(game.pending().choose_from, key=lambda c: c.key) == sorted(
        stack, key=lambda c: c.key)  # the five face-down cards the buyer looks through
    options = game.legal_entries()
    assert {a.cards[0] for a in options if isinstance(a, Cards)} == set(stack)
    game.apply(Cards("Bob", (stack[0],)))
    assert stack[0] in game.state.players[1].hand.cards
    assert game.state.colosseum == 2


def test_pantheon_sacrifice_must_match_the_shown_faction(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["vestals.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "ves1", "ves2")
    t.to_phase(1)
    t.deal(pantheon=["gla4"])
    t.plan(Ann=["pantheon.1"])
    t.to("pantheon", "Ann")
    refused(t, Cards("Ann", (parse_card("sen3"),)), "tribune.phase3.pantheon")
    t.play("Ann", "gla1")
    assert t.player("Ann").eternal


def test_field_of_mars_tie_gives_no_extra_and_one_player_gets_it(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["mars"], Bob=["mars"], Cid=["bowl"] * 6)
    t.plan(Ann=["bowl"] * 5, Bob=["bowl"] * 5)
    t.to("mars", "Ann")
    refused(t, Cards("Ann", parse_cards(["sen6", "leg4"])), "tribune.phase3.mars")
    t.play("Ann", "sen6", "sen4")
    t.to("mars", "Bob")
    t.play("Bob", "leg7", "leg3")
    t.to("chariot_bid")
    assert (t.player("Ann").laurels, t.player("Bob").laurels) == (1, 1)
    t.to_phase(1)
    t.plan(Ann=["mars"] + ["bowl"] * 5, Bob=["bowl"] * 6, Cid=["bowl"] * 6)
    t.to("mars", "Ann")
    t.play("Ann", "gla2", "gla1")
    t.to("chariot_bid")
    assert t.player("Ann").laurels == 1 + 1 + 1  # alone: the pair and the extra laurel


# --------------------------------------------------------------------------- Phase 4
def test_takeover_set_rules(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["senators.1"])
    t.to("takeover", "Ann")
    refused(t, Cards("Ann", parse_cards(["sen3"])), "tribune.phase4.set")
    refused(t, Cards("Ann", parse_cards(["sen3", "leg3"])), "tribune.phase4.set")
    # she holds only 4 cards
    refused(t, Cards("Ann", parse_cards(["sen1", "sen2", "sen3", "sen4", "sen5"])),
            "tribune.phase4.set")
    t.play("Ann", "sen1", "sen2")
    t.to_phase(1)
    t.plan(Bob=["senators.1"])
    t.to("takeover", "Bob")
    options = t.game.legal_entries(hand=parse_cards(["sen1", "sen2", "sen0", "gla9"]))
    sets = sorted(sorted(c.code for c in a.cards) for a in options if isinstance(a, Cards))
    # beats sen1+sen2 (2 cards, sum 3): more cards, or a higher sum
    assert sets == [["sen0", "sen1", "sen2"]]
    refused(t, Cards("Bob", parse_cards(["sen0", "sen3"])), "tribune.phase4.beat")


def test_first_controller_takes_the_starting_laurel_once(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["patricians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pat2", "pat3")
    assert Faction.PATRICIANS not in t.state.field_laurels
    assert t.player("Ann").laurels == 1 + 1  # take-over benefit + starting laurel
    t.to_phase(1)
    t.plan(Bob=["patricians.1"])
    t.to("takeover", "Bob")
    t.play("Bob", "pat4", "pat5")
    assert t.player("Bob").laurels == 1
    assert t.player("Ann").markers == [Faction.PATRICIANS]  # markers are never lost


def test_losing_vestal_control_returns_the_temporary_favor(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["vestals.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "ves1", "ves2")
    t.to_phase(1)
    assert t.state.temporary == 0
    t.plan(Bob=["vestals.1"])
    t.to("takeover", "Bob")
    t.play("Bob", "ves3", "ves4")
    assert t.state.temporary == 1  # lost by Ann in Phase 4, taken by Bob in Phase 5


def test_tigellinus_and_agrippa(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["praetorians.1", "plebeians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pra0", "pra3")
    t.to("tigellinus", "Ann")
    t.play("Ann", "gla1")
    assert t.player("Ann").legions == 1
    d = t.to("takeover", "Ann")
    assert d.params["faction"].msgid == "Plebeians"
    t.play("Ann", "ple0", "ple4")
    d = t.to("agrippa", "Ann")
    assert d.params["choices"] == ["scroll", "card"]
    t.choose("Ann", "scroll")
    assert t.player("Ann").tile == "scroll"


# --------------------------------------------------------------------------- Phase 5/6
def test_legates_legion_costs_the_sum_of_the_own_set(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["legates.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "leg3", "leg4")
    d = t.to("benefit", "Ann")
    t.choose("Ann", "card")
    d = t.to("legion", "Ann")
    assert d.params["money"].n == 7
    money = t.player("Ann").money
    t.choose("Ann", "buy")
    assert (t.player("Ann").money, t.player("Ann").legions) == (money - 7, 1)


def test_senators_scroll_is_not_offered_twice(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["senators.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "sen2", "sen3")
    t.to("benefit", "Ann")
    t.choose("Ann", "scroll")
    t.to_phase(1)
    t.to("chariot_bid")
    assert len(t.player("Ann").hand) == 4 - 2 + 2  # second round: 2 cards, no choice


def test_chariot_tie_nobody_pays(table):
    t = table(PLAYERS, "Ann")
    t.to("chariot_bid")
    t.bid("Ann", 3)
    t.bid("Bob", 3)
    t.bid("Cid", 1)
    assert [p.money for p in t.state.players] == [12, 13, 14]
    assert t.state.chariot is None and t.state.round == 2


def test_round_end_passes_the_start_coin_left_and_clears_the_board(table):
    t = table(PLAYERS, "Cid")
    t.to("chariot_bid")
    t.to_phase(1)
    assert t.state.start == 0 and t.state.round == 2
    assert t.state.board_cards() == 1  # only the first card of the new round so far


# --------------------------------------------------------------------------- cesura magna
def empty_the_piles(t, seat):
    """Move every deck and discard card into one hand, keeping all 100 accounted for."""
    s = t.state
    s.players[seat].hand.unknown += len(s.deck) + s.discard.unknown
    s.players[seat].hand.cards += s.discard.cards
    s.deck.unknown = s.discard.unknown = 0
    s.discard.cards = []


def test_cesura_magna_during_faction_benefits(table):
    t = table(PLAYERS, "Ann")
    t.deal(thermae=["sen1", "sen2", "sen3"])
    t.plan(Ann=["thermae.1", "thermae.2", "thermae.3", "senators.1", "gladiators.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "gla1", "gla2", "gla3")
    t.to("takeover", "Ann")
    t.play("Ann", "sen1", "sen2", "sen3", "sen4")
    t.to("benefit", "Ann")
    empty_the_piles(t, 1)
    t.choose("Ann", "cards")  # Senators: 2 cards, but nothing is left to draw
    cesura = [r for r in t.rulings if r.rule.rule_id == "tribune.deck.cesura"]
    assert cesura and cesura[0].rule.edition == "ffg"
    bob = t.player("Bob")
    cut = len(bob.hand) - 7
    for _ in range(cut):
        d = t.game.pending()
        assert (d.kind, d.actor) == ("cesura", "Bob")
        t.play("Bob", "gla5")
    assert len(bob.hand) == 7
    assert [c.code for c in t.state.sets[Faction.SENATORS]] == ["sen3", "sen4"]
    assert [c.code for c in t.state.sets[Faction.GLADIATORS]] == ["gla2", "gla3"]
    # 4 dealt + 3 Thermae - 7 played + 1 (Gladiators benefit) + 2 (Senators, drawn from
    # the cesura's discards)
    assert len(t.player("Ann").hand) == 4 + 3 - 7 + 1 + 2


@pytest.mark.parametrize("edition,confirmed", [("ffg", True), ("heidelberger", False)])
def test_the_important_event_trigger_is_a_reading_in_heidelberger(table, edition, confirmed):
    """FFG: no card in the draw pile nor the discard pile. Heidelberger: "insufficient" cards
    in the discard pile, which the referee reads as none, so its rulings say unconfirmed."""
    t = table(PLAYERS, "Ann", edition=edition)
    t.deal(thermae=["sen1", "sen2", "sen3"])
    t.plan(Ann=["thermae.1", "thermae.2", "thermae.3", "senators.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "sen1", "sen2", "sen3")
    t.to("benefit", "Ann")
    empty_the_piles(t, 1)
    t.choose("Ann", "cards")
    (event,) = [r for r in t.rulings if r.rule.rule_id == "tribune.deck.cesura"]
    assert (event.rule.edition, event.rule.confirmed) == (edition, confirmed)


def test_cesura_stops_drawing_when_the_group_says_so(table):
    t = table(PLAYERS, "Ann", cesura_continue=False)
    t.to("chariot_bid")
    t.to_phase(1)
    empty_the_piles(t, 2)
    cid = t.player("Cid")
    t.to("cesura")
    while t.game.pending().kind == "cesura":
        t.play("Cid", cid.hand.cards[0].code if cid.hand.cards else "sen5")
    assert len(cid.hand) == 7
    assert any(r.rule.rule_id == "tribune.deck.cesura.continue" and not r.rule.confirmed
               for r in t.rulings)
    assert t.game.pending().kind == "place"  # placement ended early
    assert t.state.board_cards() + len(t.state.discard) == 100 - len(cid.hand) - 2 * 4


def test_reveal_checks_leaders_are_unique(table):
    t = table(PLAYERS, "Ann")
    t.deal(thermae=["sen0"])
    d = t.to("reveal")
    assert d.params["region"] == "thermae" and d.params["number"] == 2
    before = t.game.fingerprint()
    with pytest.raises(TribuneRuleViolation) as caught:  # refused naming the rule
        t.apply(Reveal(parse_card("sen0")))  # Cato is already on Thermae field 1
    assert caught.value.rule.rule_id == "tribune.cards.known"
    assert t.game.fingerprint() == before


def test_wrong_actor_and_wrong_kind_of_entry(table):
    t = table(PLAYERS, "Ann")
    d = t.to("place", "Ann")
    refused(t, Place("Bob", "bowl"), "tribune.turn")
    before = t.game.fingerprint()
    with pytest.raises(TribuneInputError):
        t.apply(Bid("Ann", 1))
    assert t.game.fingerprint() == before and d is t.game.pending()


@pytest.mark.parametrize("faction,cards,effect", [
    ("gladiators", ["gla2", "gla3"], {"legions": 1}),
    ("gladiators", ["gla0", "gla3"], {"legions": 2}),  # Spartacus
    ("legates", ["leg2", "leg3"], {"laurels": 2}),
    ("praetorians", ["pra2", "pra3"], {"hand": 1}),
    # 1 card (no set of 3+ for the assassin), then Phase 5's only option: a card and 2
    ("plebeians", ["ple2", "ple3"], {"hand": 1 + 1, "money": 2}),
    ("patricians", ["pat2", "pat3"], {"laurels": 1}),
    ("vestals", ["ves2", "ves3"], {"money": 5}),
    ("vestals", ["ves0", "ves3"], {"money": 5, "eternal": True}),  # Aquilia Severa
    ("senators", ["sen2", "sen3"], {"laurels": 1}),
])
def test_takeover_benefits_and_leaders(table, faction, cards, effect):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=[f"{faction}.1"])
    t.to("takeover", "Ann")
    ann = t.player("Ann")
    before = {"legions": ann.legions, "laurels": ann.laurels + 1,  # + the starting laurel
              "hand": len(ann.hand) - 2, "money": ann.money, "eternal": False}
    t.play("Ann", *cards)
    after = {"legions": ann.legions, "laurels": ann.laurels, "hand": len(ann.hand),
             "money": ann.money, "eternal": ann.eternal}
    assert {k: after[k] - before[k] if k != "eternal" else after[k] for k in effect} == effect
    assert ann.markers == [Faction(faction)]


def test_phase5_praetorians_legion_every_round(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["praetorians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pra2", "pra3")
    t.to("chariot_bid")
    assert t.player("Ann").legions == 1
    t.to_phase(1)
    t.to("chariot_bid")
    assert t.player("Ann").legions == 2


def test_several_pairs_at_the_field_of_mars(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["mars", "mars"] + ["bowl"] * 4, Bob=["mars"] + ["bowl"] * 5, Cid=["bowl"] * 6)
    t.to("mars", "Ann")
    t.play("Ann", "gla5", "gla4")
    t.to("mars", "Bob")  # the followers decide in the order they were placed
    t.play("Bob", "leg4", "leg3")
    t.to("mars", "Ann")
    t.play("Ann", "sen1", "sen2")
    t.to("chariot_bid")
    assert (t.player("Ann").laurels, t.player("Bob").laurels) == (2 + 1, 1)  # 9 > 7 > 3


def test_atrium_first_player_without_money_gets_nothing(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["forum.1", "forum.2", "forum.3", "forum.4", "atrium.1"])
    t.to("atrium_turn", "Ann")
    t.choose("Ann", "1")
    t.to("chariot_bid")
    ann = t.player("Ann")
    assert ann.money == 0 and len(ann.hand) == 4 + 4
    unpaid = [r for r in t.rulings if r.rule.rule_id == "tribune.phase3.atrium.single"]
    assert unpaid[-1].rule.confirmed is False  # the box data's reading


def test_reshuffle_when_the_deck_runs_out(table):
    t = table(PLAYERS, "Ann")
    s = t.state
    s.discard.unknown, s.deck.unknown = s.deck.unknown - 2, 2  # 2 cards left to draw
    t.to("place")
    shuffled = [r for r in t.rulings if r.rule.rule_id == "tribune.deck.reshuffle"]
    assert len(shuffled) == 1
    assert shuffled[0].params["cards"].n == 100 - 3 * 4 - 3  # all but hands and drawn cards
    assert s.card_total() == 100 and len(s.discard) == 0


def test_the_bowl_pays_7_again_to_the_first_figure_of_each_round(table):
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["bowl"], Bob=["bowl"])
    t.to("chariot_bid")
    assert (t.player("Ann").money, t.player("Bob").money) == (12 + 7, 13 + 5)
    t.to_phase(1)
    t.plan(Bob=["bowl"])  # round 2 starts with Bob
    t.to("place", "Cid")
    assert t.player("Bob").money == 13 + 5 + 7


@pytest.mark.parametrize("reading,gained", [("substitute", 3), ("stop", 1)])
def test_the_laurel_supply_runs_out(table, reading, gained):
    """40 laurels in the box, 7 of them on the faction fields at the start. The rules set
    no limit, so running out is said (unconfirmed) and the group's reading decides."""
    t = table(PLAYERS, "Ann", supply_empty=reading)
    t.player("Bob").laurels = 33  # with the 7 on the faction fields: the box is empty
    t.plan(Ann=["legates.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "leg1", "leg2")
    # the field's starting laurel moves from the board; the 2-laurel benefit needs the box
    assert t.player("Ann").laurels == gained
    (out,) = [r for r in t.rulings if r.rule.rule_id == "tribune.supply"]
    assert out.rule.confirmed is False
    assert (out.params["left"].n, out.params["wanted"].n) == (0, 2)
    assert said(out).startswith("The box has 0 laurels left of 40: Ann gets ")


def test_the_legion_supply_counts_every_players_legions(table):
    t = table(PLAYERS, "Ann", supply_empty="stop")
    t.player("Bob").legions = 30
    t.plan(Ann=["gladiators.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "gla1", "gla2")
    assert t.player("Ann").legions == 0
    assert any(r.rule.rule_id == "tribune.supply" for r in t.rulings)


def test_a_card_of_a_played_set_is_refused_as_a_discard_from_the_hand(table):
    """Table mode: the hand is mostly unknown, but a leader lying in a set on display
    cannot also be in a hand (nor any card whose copies a deck list has used up)."""
    t = table(PLAYERS, "Ann")
    t.plan(Ann=["praetorians.1"])
    t.to("takeover", "Ann")
    t.play("Ann", "pra0", "pra3")
    t.to("tigellinus", "Ann")
    before = t.game.fingerprint()
    with pytest.raises(TribuneRuleViolation) as caught:
        t.play("Ann", "pra0")
    assert caught.value.rule.rule_id == "tribune.cards.known"
    assert "lies in a played set" in str(caught.value)
    assert t.game.fingerprint() == before
    t.play("Ann", "pra5")  # another card of the hand is fine
    assert t.player("Ann").legions == 2  # Tigellinus, then the Phase 5 Praetorian legion


def test_the_draw_pile_at_a_reveal_still_holds_the_card_being_turned_up(table):
    from referee.tribune.ui.status import status_json

    t = table(["Ann", "Bob"], "Ann")
    assert t.game.pending().kind == "reveal"
    # 100 cards, 4 kept in each hand: 92 on the pile until the table turns the first up
    assert status_json(t.game)["deck"] == 92
    t.apply(Reveal(parse_card("sen1")))
    assert status_json(t.game)["deck"] == 91
