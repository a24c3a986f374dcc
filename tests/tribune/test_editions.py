"""Where FFG and the Heidelberger original differ, each edition gets its own rule, and the
ruling names the edition it applied."""

import pytest

from referee.tribune.cards import Faction
from tests.tribune.wording import said

PLAYERS = ["Mike", "John", "Zoe"]


def control(t, **wanted):
    """This round each named player takes the faction with the given cards."""
    for player, (faction, _cards) in wanted.items():
        t.plan(**{player: [f"{faction}.1"]})
    for player, (_faction, cards) in wanted.items():
        t.to("takeover", player)
        t.play(player, *cards)


def rulings(t, rule_id):
    return [r for r in t.rulings if r.rule.rule_id == rule_id]


@pytest.mark.parametrize("edition,targets", [("ffg", ["gladiators", "senators"]),
                                             ("heidelberger", ["senators"])])
def test_assassin_targets_any_set_in_ffg_only_opponents_in_heidelberger(table, edition,
                                                                          targets):
    t = table(PLAYERS, "Mike", edition=edition)
    control(t, Mike=("gladiators", ["gla1", "gla2", "gla3"]),
            John=("senators", ["sen2", "sen3", "sen4"]))
    # the Colosseum is empty, so the card option is taken without asking
    d = t.to("assassin", "Mike")
    assert d.params["choices"] == targets
    t.choose("Mike", "senators")
    assert [c.code for c in t.state.sets[Faction.SENATORS]] == ["sen2", "sen3"]
    assert rulings(t, "tribune.phase5.assassin")[-1].rule.edition == edition


@pytest.mark.parametrize("edition,setting,assassin", [
    ("ffg", "both_options", False),  # the setting is Heidelberger-only
    ("heidelberger", "card_option", False),
    ("heidelberger", "both_options", True)])
def test_gladiator_money_option_and_the_assassin(table, edition, setting, assassin):
    t = table(PLAYERS, "Mike", edition=edition, gladiator_assassin=setting)
    t.plan(Mike=["catacombs.4"])
    t.to("catacombs", "Mike")
    t.choose("Mike", "buy")  # 4 into the Colosseum
    control(t, Mike=("gladiators", ["gla1", "gla2"]),
            John=("senators", ["sen2", "sen3", "sen4"]))
    d = t.to("benefit", "Mike")
    assert d.params["choices"] == ["colosseum", "card"]
    t.choose("Mike", "colosseum")
    assert (t.game.pending().kind == "assassin") is assassin
    if assassin:
        assert rulings(t, "tribune.phase5.benefit")[-1].rule.confirmed is False


@pytest.mark.parametrize("edition,choices", [("ffg", ["card_money"]),
                                             ("heidelberger", ["card_money", "tribune"])])
def test_plebeian_tribune_needs_patricians_only_in_ffg(table, edition, choices):
    t = table(PLAYERS, "Mike", edition=edition)
    control(t, Mike=("senators", ["sen2", "sen3"]))
    t.to("benefit", "Mike")
    t.choose("Mike", "scroll")
    t.to_phase(1)
    t.plan(Mike=["plebeians.1"])
    t.to("takeover", "Mike")
    money = t.player("Mike").money
    t.play("Mike", "ple2", "ple3")
    if len(choices) == 1:  # one option: applied without asking
        t.to("chariot_bid")
        assert t.player("Mike").money == money + 2
        assert t.player("Mike").tile == "scroll"
    else:
        d = t.to("benefit", "Mike")
        assert d.params["choices"] == choices
        t.choose("Mike", "tribune")
        assert t.player("Mike").tile == "tribune"


@pytest.mark.parametrize("edition,laurels", [("ffg", 1), ("heidelberger", 0)])
def test_vestal_favor_option(table, edition, laurels):
    t = table(PLAYERS, "Mike", edition=edition)
    control(t, Mike=("vestals", ["ves2", "ves3"]))
    t.to("chariot_bid")
    mike = t.player("Mike")
    assert t.state.temporary == 0
    # FFG: 1 laurel plus the temporary favor; HB: only the favor (first laurel aside)
    assert mike.laurels == 1 + laurels  # the faction field's starting laurel + benefit


def test_vestal_gives_a_laurel_instead_to_an_eternal_holder_in_heidelberger(table):
    t = table(PLAYERS, "Mike", edition="heidelberger")
    control(t, Mike=("vestals", ["ves0", "ves3"]))  # Aquilia Severa: eternal favor
    t.to("chariot_bid")
    mike = t.player("Mike")
    assert mike.eternal and t.state.temporary is None
    assert mike.laurels == 1 + 1  # starting laurel + the laurel instead of the favor


@pytest.mark.parametrize("edition,choices", [("ffg", ["favor"]),
                                             ("heidelberger", ["favor", "tribune"])])
def test_vestal_tribune_needs_senators_only_in_ffg(table, edition, choices):
    t = table(PLAYERS, "Mike", edition=edition)
    control(t, Mike=("legates", ["leg2", "leg3"]))
    t.to("benefit", "Mike")
    t.choose("Mike", "scroll")
    t.to_phase(1)
    control(t, Mike=("vestals", ["ves2", "ves3"]))
    if len(choices) == 1:
        t.to("chariot_bid")
        assert t.player("Mike").tile == "scroll" and t.state.temporary == 0
    else:
        assert t.to("benefit", "Mike").params["choices"] == choices


@pytest.mark.parametrize("edition,amount,confirmed", [("ffg", 10, True),
                                                      ("heidelberger", 10, False)])
def test_scipio(table, edition, amount, confirmed):
    t = table(PLAYERS, "Mike", edition=edition)
    before = t.player("Mike").money
    control(t, Mike=("patricians", ["pat0", "pat4"]))
    assert t.player("Mike").money == before + amount
    scipio = rulings(t, "tribune.phase4.leader")[-1]
    assert scipio.params["money"].n == amount and scipio.rule.confirmed is confirmed


def test_scipio_amount_is_a_setting_in_heidelberger(table):
    t = table(PLAYERS, "Mike", edition="heidelberger", scipio_amount=5)
    before = t.player("Mike").money
    control(t, Mike=("patricians", ["pat0", "pat4"]))
    assert t.player("Mike").money == before + 5


@pytest.mark.parametrize("edition,owned,choices", [
    ("ffg", True, ["patricians", "off"]), ("ffg", False, None),
    ("heidelberger", True, None), ("heidelberger", False, None)])
def test_chariot_placement(table, edition, owned, choices):
    t = table(PLAYERS, "Mike", edition=edition)
    if owned:
        control(t, Mike=("patricians", ["pat2", "pat3"]))
    t.to("chariot_bid")
    t.bid("Mike", 1)
    t.bid("John", 0)
    t.bid("Zoe", 0)
    d = t.game.pending()
    if choices is None:  # a single possibility is applied without asking
        assert d.kind != "chariot_place"
        expected = Faction.PATRICIANS if owned else None
        assert t.state.chariot is expected
    else:
        assert d.kind == "chariot_place" and d.params["choices"] == choices
        t.choose("Mike", "off")
    ruling = rulings(t, "tribune.phase6.place")[-1]
    assert ruling.rule.edition == edition


def test_curia_area_total_reading_in_heidelberger(table):
    t = table(PLAYERS, "Mike", edition="heidelberger", curia_dealing="area_total")
    t.deal(curia=[["gla1", "ple1"], ["leg1", "pat2"], ["pra1"]])
    t.to_phase(2)
    assert [[s.card.code for s in f] for f in t.state.board["curia"]] == [
        ["gla1", "ple1"], ["leg1", "pat2"], ["pra1"]]  # 1+1+1, then +1, then +2 = 6 >= 5
    assert rulings(t, "tribune.phase1.curia")[-1].rule.confirmed is False


def test_curia_area_total_setting_is_ignored_in_ffg(table):
    t = table(PLAYERS, "Mike", edition="ffg", curia_dealing="area_total")
    t.deal(curia=[["gla1", "ple1", "sen3"], ["leg5"], ["pra0"]])
    t.to_phase(2)
    assert [len(f) for f in t.state.board["curia"]] == [3, 1, 1]


@pytest.mark.parametrize("edition,kept", [("ffg", False), ("heidelberger", True)])
def test_pantheon_and_the_temporary_favor(table, edition, kept):
    t = table(["Zoe", "Mike", "John"], "Zoe", edition=edition)
    control(t, Zoe=("vestals", ["ves1", "ves2"]))
    t.to_phase(1)
    assert t.state.temporary == 0
    t.deal(pantheon=["pra4"])
    t.plan(Zoe=["pantheon.1"])
    t.to("pantheon", "Zoe")
    t.play("Zoe", "pra2")
    assert t.player("Zoe").eternal
    assert (t.state.temporary == 0) is kept


@pytest.mark.parametrize("edition,words", [
    ("ffg", ("12 denarii", "1 denarius", "cesura magna")),
    ("heidelberger", ("12 Sesterzen", "1 Sesterz", "important event"))])
def test_edition_vocabulary(table, edition, words):
    from referee.tribune.rulebook import CESURA

    t = table(PLAYERS, "Mike", edition=edition)
    assert said(t.game.log[0][0]) == f"Mike takes {words[0]}"  # the start player's money
    t.plan(Mike=["thermae.1"])
    t.to("chariot_bid")
    assert f"Mike pays {words[1]} to the bank" in [said(r) for r in t.rulings]
    assert CESURA[edition].msgid == words[2]


def test_takeover_rewards_in_each_editions_order(table):
    orders = {}
    for edition in ("ffg", "heidelberger"):
        t = table(PLAYERS, "Mike", edition=edition)
        control(t, Mike=("legates", ["leg0", "leg2"]))
        orders[edition] = [r.rule.rule_id.split(".")[-1] for r in t.rulings
                           if r.rule.rule_id in ("tribune.phase4.benefit", "tribune.phase4.leader",
                                                 "tribune.phase4.marker", "tribune.phase4.laurel")]
    assert orders["ffg"] == ["benefit", "leader", "leader", "marker", "laurel"]
    assert orders["heidelberger"] == ["laurel", "marker", "benefit", "leader", "leader"]


def test_conflict_reading_is_marked_unconfirmed_for_ffg_only(table):
    from referee.tribune import checks
    from referee.tribune.cards import parse_cards

    for edition, confirmed in (("ffg", False), ("heidelberger", True)):
        verdict = checks.conflict(Faction.SENATORS, parse_cards(["sen6", "sen7", "sen9"]),
                                  parse_cards(["sen1", "sen2", "sen3", "sen4"]),
                                  parse_cards(["sen2", "sen4", "sen6", "sen8"]), edition)
        assert verdict.outcome == "1"  # beats "2" by count, though not the old controller
        assert verdict.rulings[-1].rule.confirmed is confirmed


def test_explain_names_a_ruling_the_other_edition_would_not_make_at_all(table):
    """FFG: the new holder of the eternal favor gives the temporary one back. The
    Heidelberger text has no such step, so the comparison lists it as absent there."""
    from referee.tribune.editions import compare
    from referee.tribune.ui.render import ruling_text

    t = table(["Zoe", "Mike", "John"], "Zoe", edition="ffg")
    control(t, Zoe=("vestals", ["ves1", "ves2"]))
    t.to_phase(1)
    t.deal(pantheon=["pra4"])
    t.plan(Zoe=["pantheon.1"])
    t.to("pantheon", "Zoe")
    caused = t.play("Zoe", "pra2")
    found = compare(t.game.setup, t.game.history, caused, ruling_text)
    assert found.reachable and found.edition == "heidelberger"
    assert [r.rule.rule_id for r in found.absent] == ["tribune.phase3.pantheon.temporary"]
    assert [r.message for r in found.instead] == ["{player} keeps the temporary favor as well"]
    from referee.tribune.ui.editions import other_edition

    lines = other_edition(t.game.setup, t.game.history, caused)
    assert lines[0] == "The Heidelberger edition would rule instead:"
    assert lines[2] == "Under the Heidelberger edition this would not happen at all:"
    assert lines[3].strip().startswith("Zoe returns the temporary favor")
    # the other way round: Heidelberger keeps the favor, and FFG makes the extra ruling
    t = table(["Zoe", "Mike", "John"], "Zoe", edition="heidelberger")
    control(t, Zoe=("vestals", ["ves1", "ves2"]))
    t.to_phase(1)
    t.deal(pantheon=["pra4"])
    t.plan(Zoe=["pantheon.1"])
    t.to("pantheon", "Zoe")
    caused = t.play("Zoe", "pra2")
    found = compare(t.game.setup, t.game.history, caused, ruling_text)
    assert [r.rule.rule_id for r in found.instead] == ["tribune.phase3.pantheon.temporary"]


@pytest.mark.parametrize("edition,confirmed", [("ffg", True), ("heidelberger", False)])
def test_the_pantheon_sacrifice_is_a_choice_a_reading_of_must_in_heidelberger(
        table, edition, confirmed):
    t = table(["Zoe", "Mike", "John"], "Zoe", edition=edition)
    control(t, Zoe=("vestals", ["ves1", "ves2"]))
    t.to_phase(1)
    t.deal(pantheon=["pra4"])
    t.plan(Zoe=["pantheon.1"])
    t.to("pantheon", "Zoe")
    t.passes("Zoe")
    (nothing,) = [r for r in rulings(t, "tribune.phase3.pantheon.sacrifice")]
    assert said(nothing) == "Zoe sacrifices nothing" and nothing.rule.confirmed is confirmed
    if edition == "heidelberger":  # and the kept temporary favor is a reading too
        t.to_phase(1)
        t.deal(pantheon=["pra4"])
        t.plan(Zoe=["pantheon.1"])
        t.to("pantheon", "Zoe")
        t.play("Zoe", "pra2")
        (kept,) = rulings(t, "tribune.phase3.pantheon.temporary")
        assert said(kept) == "Zoe keeps the temporary favor as well"
        assert kept.rule.confirmed is False


def test_heidelberger_gladiator_money_says_the_assassin_reading(table):
    t = table(PLAYERS, "Mike", edition="heidelberger")
    t.plan(Mike=["catacombs.4"])
    t.to("catacombs", "Mike")
    t.choose("Mike", "buy")
    control(t, Mike=("gladiators", ["gla1", "gla2"]))
    t.to("benefit", "Mike")
    rulings_before = len(t.rulings)
    t.choose("Mike", "colosseum")
    reading = [r for r in t.rulings[rulings_before:] if "card option only" in r.message]
    assert reading and reading[0].rule.confirmed is False
