"""`check` refuses every position no table can hold, with exit 2 and the rule it breaks, as
the live game refuses the same entries: two sets of one faction, a player who bids (or
holds a hand) twice, a table of six, the Colosseum's money when it holds none, the
Heidelberger assassin against a set of two."""

from __future__ import annotations

import pytest

from referee.tribune import calculators
from referee.tribune.cards import Faction, parse_cards
from referee.tribune.errors import TribuneRuleViolation


def refused(result, rule_id):
    """The command refused with exit 2, naming ``rule_id`` (also in --json)."""
    assert result.code == 2, result.out
    assert "Traceback" not in result.err
    return rule_id


def rule_of(tribune, *args):
    r = tribune(*args, "--json")
    assert r.code == 2, r.out
    return r.json()["errors"][0]["rule"]["rule"]


# ------------------------------------------------------------ one control set per faction
@pytest.mark.parametrize("args", [
    # two players' Senators sets
    ("assassin", "--by", "Ann", "--set", "sen=Bob:sen1,sen2,sen3", "--set",
     "sen=Cid:sen4,sen5,sen6"),
    # the sender's own Senators set next to an opponent's
    ("assassin", "--by", "Ann", "--set", "sen=Ann:sen1,sen2,sen3", "--set",
     "sen=Bob:sen4,sen5"),
    # --controls senators next to --faction senators --set
    ("benefit", "--faction", "senators", "--set", "sen1,sen2", "--controls", "sen=sen3,sen4"),
    ("benefit", "--faction", "gla", "--set", "gla1,gla2", "--controls", "sen=sen3,sen4",
     "--controls", "senators=sen5,sen6"),
    ("leader", "--faction", "senators", "--controls", "gla=gla1,gla2", "--controls",
     "gla=gla3,gla4"),
    ("cesura", "--hand", "Ann=8", "--set", "sen=sen1,sen2,sen3", "--set", "sen=sen4,sen5"),
])
def test_a_faction_has_one_control_set(tribune, args):
    assert rule_of(tribune, "check", *args) == "tribune.phase4.one_set"


def test_the_calculators_refuse_a_second_set_of_a_faction_too():
    holder = calculators.Holder("Ann", controls={Faction.SENATORS: parse_cards(["sen1", "sen2"])})
    with pytest.raises(TribuneRuleViolation) as caught:
        calculators.benefit(Faction.SENATORS, holder, None, "ffg",
                            others={"Bob": {Faction.SENATORS: parse_cards(["sen3", "sen4"])}})
    assert caught.value.rule.rule_id == "tribune.phase4.one_set"


# ------------------------------------------------------------ each player once
def test_a_player_bids_once_for_the_chariot(tribune):
    r = tribune("check", "chariot", "--bid", "Ann=3", "--bid", "Ann=4", "--bid", "Bob=1")
    assert refused(r, "tribune.phase6.auction")
    assert "Ann bids twice (3 and 4)" in r.err
    assert rule_of(tribune, "check", "chariot", "--bid", "Ann=3", "--bid", "Ann=4",
                   "--bid", "Bob=1") == "tribune.phase6.auction"


def test_every_player_bids_for_the_chariot(tribune):
    # one bidder alone was answered with a traceback: every player bids, 2 at least
    assert rule_of(tribune, "check", "chariot", "--bid", "Ann=3") == "tribune.phase6.auction"


def test_a_player_has_one_hand_at_a_cesura(tribune):
    assert rule_of(tribune, "check", "cesura", "--hand", "Ann=9",
                   "--hand", "Ann=10") == "tribune.deck.cesura.hand"


@pytest.mark.parametrize("args", [
    ("atrium", "--first", "3", "--first", "4", "--second", "1"),
    ("atrium", "--first", "3", "--second", "1", "--second=2"),
    ("takeover", "--faction", "sen", "--faction", "leg", "--challenger", "sen1,sen2"),
    ("conflict", "--faction", "sen", "--first", "sen1,sen2", "--first", "sen3,sen4"),
    ("mars", "--pair", "Ann=sen1,sen2", "--edition", "ffg", "--edition", "heidelberger"),
    ("chariot", "--bid", "Ann=1", "--bid", "Bob=2", "--edition", "ffg", "--edition", "ffg"),
    ("victory", "--card", "x", "--players", "3", "--money", "3", "--money", "4"),
    ("benefit", "--faction", "sen", "--set", "sen1,sen2", "--money", "3", "--money", "4"),
    ("benefit", "--faction", "gla", "--set", "gla1,gla2", "--colosseum", "3",
     "--colosseum", "0"),
    ("leader", "--faction", "ple", "--option", "card", "--option", "scroll"),
    ("assassin", "--by", "Ann", "--set", "sen=Bob:sen1,sen2,sen3", "--target", "sen",
     "--target", "sen"),
    ("region", "latrine", "--cards", "sen4", "--money", "3", "--money", "5"),
])
def test_an_option_with_one_value_refuses_a_second(tribune, args):
    r = tribune("check", *args)
    assert r.code == 2 and "Traceback" not in r.err
    assert "times: it takes one value" in r.err


def test_a_player_on_two_spaces_holds_one_purse(tribune):
    two = tribune("check", "region", "thermae", "--follower", "Ann:1", "--follower", "Ann:0",
                  "--cards", "sen1,sen2")
    assert two.code == 2 and "Ann is given 1 and 0" in two.err
    same = tribune("check", "region", "thermae", "--follower", "Ann:1", "--follower", "Ann:1",
                   "--cards", "sen1,sen2", "--json")
    assert same.code == 0 and same.json()["outcome"]["paid"] == {"Ann": 1}


# ------------------------------------------------------------ 2 to 5 players
SIX = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("args", [
    ("chariot", *(f"--bid={n}=1" for n in SIX)),
    ("mars", *(f"--pair={n}=sen1,sen2" for n in SIX)),
    ("cesura", *(f"--hand={n}=3" for n in SIX)),
    ("assassin", "--by", "Ann", *(f"--set={f.value}={n}:{f.value[:3]}1,{f.value[:3]}2"
                                  for f, n in zip(list(Faction)[:5], SIX[1:], strict=True))),
    ("region", "forum", *(f"--follower={n}:9" for n in SIX), "--cards",
     "sen1,gla2,leg3,pra4,ple5,ves6"),
    ("victory", "--card", "x", "--players", "6"),
])
def test_six_players_are_refused_everywhere_a_player_list_enters(tribune, args):
    assert rule_of(tribune, "check", *args) == "tribune.setup.players"


# ------------------------------------------------------------ the Colosseum's either/or
def test_the_colosseum_money_is_no_option_when_it_holds_none(tribune):
    r = tribune("check", "benefit", "--faction", "gla", "--set", "gla1,gla2", "--option",
                "colosseum", "--json")
    assert r.code == 2
    error = r.json()["errors"][0]
    assert error["rule"]["rule"] == "tribune.phase5.benefit"
    assert error["message"].startswith("The Colosseum holds no money: the Gladiators benefit "
                                       "is the card")
    hb = tribune("check", "benefit", "--faction", "gla", "--set", "gla1,gla2", "--option",
                 "colosseum", "--edition", "heidelberger")
    assert hb.code == 2 and "The Catacombs money field holds no money" in hb.err
    # with money there it is the choice, and pays it
    paid = tribune("check", "benefit", "--faction", "gla", "--set", "gla1,gla2", "--option",
                   "colosseum", "--colosseum", "6", "--json").json()
    assert paid["outcome"]["after"]["money"] == 6 and paid["outcome"]["colosseum"] == 0
    # and the card, the one option left, is what an empty Colosseum gives
    card = tribune("check", "benefit", "--faction", "gla", "--set", "gla1,gla2", "--option",
                   "card", "--json").json()
    assert card["outcome"]["after"]["cards_in_hand"] == 1


def test_an_option_the_benefit_does_not_offer_is_refused(tribune):
    assert rule_of(tribune, "check", "benefit", "--faction", "pra", "--set", "pra1,pra2",
                   "--option", "card") == "tribune.phase5.benefit"
    assert rule_of(tribune, "check", "benefit", "--faction", "sen", "--set", "sen1,sen2",
                   "--tile", "scroll", "--option", "scroll") == "tribune.phase5.benefit"


def test_a_leader_question_the_rules_do_not_ask_is_refused(tribune):
    # Spartacus asks nothing; Agrippa offers the Scroll only to a player without the tile
    assert rule_of(tribune, "check", "leader", "--faction", "gla", "--option",
                   "card") == "tribune.phase4.leader"
    assert rule_of(tribune, "check", "leader", "--faction", "ple", "--tile", "tribune",
                   "--option", "scroll") == "tribune.phase4.leader"
    scroll = tribune("check", "leader", "--faction", "ple", "--option", "scroll",
                     "--json").json()
    assert scroll["outcome"]["after"]["tile"] == "scroll"
    legion = tribune("check", "leader", "--faction", "pra", "--hand", "2", "--option", "pra3",
                     "--json").json()
    assert legion["outcome"]["after"]["legions"] == 1
    assert legion["outcome"]["after"]["cards_in_hand"] == 1


# ------------------------------------------------------------ the assassin, check and play alike
def _heidelberger_assassin_position(table):
    """Mike (Gladiators, 3 cards) sends the assassin; John shows Legates of 3 cards, Zoe
    Senators of 2."""
    t = table(["Mike", "John", "Zoe"], "Mike", edition="heidelberger")
    t.plan(Mike=["gladiators.1"], John=["legates.1"], Zoe=["senators.1"])
    for player, cards in (("Mike", ["gla1", "gla2", "gla3"]), ("John", ["leg2", "leg3", "leg4"]),
                          ("Zoe", ["sen2", "sen3"])):
        t.to("takeover", player)
        t.play(player, *cards)
    return t


def test_the_heidelberger_assassin_against_two_cards_is_refused_in_check_and_play(
        tribune, table):
    t = _heidelberger_assassin_position(table)
    d = t.to("assassin", "Mike")
    assert d.params["choices"] == ["legates"]
    with pytest.raises(TribuneRuleViolation) as live:
        t.choose("Mike", "senators")
    check = tribune("check", "assassin", "--by", "Mike", "--set", "gla=Mike:gla1,gla2,gla3",
                    "--set", "leg=John:leg2,leg3,leg4", "--set", "sen=Zoe:sen2,sen3",
                    "--target", "senators", "--edition", "heidelberger", "--json")
    assert check.code == 2
    error = check.json()["errors"][0]
    assert error["rule"]["rule"] == live.value.rule.rule_id == "tribune.phase5.assassin"
    assert error["msgid"] == live.value.message
    assert error["message"].startswith("The assassin cannot strike the Senators set: it has "
                                       "only 2 cards")


@pytest.mark.parametrize("edition", ["ffg", "heidelberger"])
def test_the_assassin_against_a_set_of_two_is_refused_even_with_no_target(tribune, edition):
    r = tribune("check", "assassin", "--by", "Ann", "--set", "sen=Bob:sen1,sen2", "--target",
                "sen", "--edition", edition, "--json")
    assert r.code == 2 and r.json()["errors"][0]["rule"]["rule"] == "tribune.phase5.assassin"


def test_the_heidelberger_assassin_spares_the_senders_own_set(tribune):
    args = ("check", "assassin", "--by", "Ann", "--set", "sen=Ann:sen1,sen2,sen3", "--set",
            "leg=Bob:leg1,leg2,leg3", "--target", "sen")
    assert tribune(*args).code == 0  # FFG: any set of 3 or more
    hb = tribune(*args, "--edition", "heidelberger")
    assert hb.code == 2 and "an opponent's set" in hb.err


def test_a_one_card_challenge_is_a_set_too_small(tribune):
    r = tribune("check", "takeover", "--faction", "sen", "--challenger", "sen1", "--json")
    assert r.code == 0 and r.json()["outcome"] == {"takes_control": False}
    assert "A set needs at least 2 cards" in [x["text"] for x in r.json()["rulings"]]
