"""`check` and live play give one ruling: every take-over contest, Field of Mars, Curia,
Atrium, Catacombs and chariot auction, faction benefit, assassin and leader bonus met in
random complete games is asked again through the calculator, which must reach the same
outcome with the same rulings, and refuse what the live game refuses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RuleViolation
from referee.tribune import calculators
from referee.tribune.actions import Bid, Cards, Choose
from referee.tribune.cards import FACTIONS, Faction
from referee.tribune.rules import awards, benefits, chariot, regions, takeovers
from referee.tribune.simulate import EDITIONS, play

VERDICT_RULES = {"tribune.phase4.conflict", "tribune.phase4.beat", "tribune.phase4.set",
                 "tribune.phase3.mars", "tribune.phase3.mars.extra",
                 "tribune.phase3.atrium.auction", "tribune.phase6.auction"}


def _spy(real, record):
    """Wrap a rule flow: pass every decision and answer through, and record the answers
    given and the rulings said while it ran, plus what it returned."""
    def flow(c, *args):
        seen, answers = [], []
        before = _snapshot(c)
        gen = real(c, *args)
        mark = len(c.out)
        try:
            decision = next(gen)
            while True:
                seen += c.out[mark:]
                action = yield decision
                answers.append((decision.kind, action))
                mark = len(c.out)
                decision = gen.send(action)
        except StopIteration as done:
            seen += c.out[mark:]
            record.append((args, before, answers, seen, _snapshot(c), c.edition))
            return done.value
    return flow


def _snapshot(c):
    return {"players": [(p.money, p.tile, p.eternal, c.s.temporary == i, len(p.hand))
                        for i, p in enumerate(c.s.players)],
            "markers": [list(p.markers) for p in c.s.players],
            "colosseum": c.s.colosseum, "settings": dict(c.settings),
            "piles": (len(c.s.deck), len(c.s.discard)),
            "usual_draw": c.s.cesura_armed and not c.s.draw_halted,
            "sets": {f: list(v) for f, v in c.s.sets.items()},
            "controllers": dict(c.s.controllers),
            "names": list(c.setup.players),
            "laurels": [p.laurels for p in c.s.players],
            "money": [p.money for p in c.s.players],
            "curia": [[slot.card for slot in field] for field in c.s.board["curia"]],
            "catacombs": [slot.card for slot in c.s.board["catacombs"][0]],
            "spaces": {k: list(v) for k, v in c.s.spaces.items()}}


def _verdicts(rulings):
    return [r for r in rulings if r.rule.rule_id in VERDICT_RULES]


def _record_games(seed, players, edition):
    found = {"contest": [], "mars": [], "atrium": [], "auction": [], "benefit": [],
             "curia": [], "catacombs": [], "assassin": [], "leader": []}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(takeovers, "contest", _spy(takeovers.contest, found["contest"]))
        patch.setattr(regions, "mars", _spy(regions.mars, found["mars"]))
        patch.setattr(regions, "atrium", _spy(regions.atrium, found["atrium"]))
        patch.setattr(regions, "curia", _spy(regions.curia, found["curia"]))
        patch.setattr(regions, "catacombs", _spy(regions.catacombs, found["catacombs"]))
        patch.setattr(chariot, "auction", _spy(chariot.auction, found["auction"]))
        patch.setattr(benefits, "benefit", _spy(benefits.benefit, found["benefit"]))
        patch.setattr(awards, "assassin", _spy(awards.assassin, found["assassin"]))
        patch.setattr(takeovers, "leader_bonus",
                      _spy(takeovers.leader_bonus, found["leader"]))
        play(players, "virtual", edition, "points", seed=seed, check=False)
    return found


def _check_contest(args, before, answers, seen, after, edition):
    faction, first, second = args
    names = before["names"]
    played = {a.player: a.cards for kind, a in answers if kind == "takeover"
              and isinstance(a, Cards)}
    held = before["sets"].get(faction)
    old = before["controllers"].get(faction)
    seats = calculators.Seats(controller=names[old] if old is not None else "Controller",
                              first=names[first],
                              second=names[second] if second is not None else "Nobody")
    calc = calculators.conflict(faction, played.get(seats.second), played.get(seats.first),
                                held, edition, seats)
    holder = after["controllers"].get(faction)
    live = ("1" if holder == first and old != first else
            "2" if second is not None and holder == second and old != second else None)
    assert calc.outcome["winner"] == live
    assert calc.outcome["penalty"] == any(kind == "penalty" for kind, _ in answers)
    mine = _verdicts(calc.rulings)
    assert _verdicts(seen)[:len(mine)] == mine


def _check_mars(args, before, answers, seen, after, edition):
    names = before["names"]
    pairs = [(a.player, a.cards) for kind, a in answers if isinstance(a, Cards)]
    calc = calculators.mars(pairs, edition)
    gained = {names[i]: after["laurels"][i] - before["laurels"][i] for i in range(len(names))}
    assert calc.outcome["laurels"] == {n: gained[n] for n in calc.outcome["laurels"]}
    assert _verdicts(calc.rulings) == _verdicts(seen)


def _check_atrium(args, before, answers, seen, after, edition):
    bids = [a.amount for kind, a in answers if isinstance(a, Bid)]
    if len(bids) < 2:
        return  # one follower or none: no auction to compare
    calc = calculators.atrium(bids[0], bids[1], edition)
    assert calc.outcome["pays"] == max(before["money"][i] - after["money"][i]
                                       for i in range(len(before["money"])))
    assert [r.message for r in _verdicts(calc.rulings)] == [r.message for r in _verdicts(seen)]


REGION_RULES = {"tribune.phase3.curia", "tribune.phase3.catacombs", "tribune.phase3.empty"}


def _region(rulings):
    return [r for r in rulings if r.rule.rule_id in REGION_RULES]


def _check_curia(args, before, answers, seen, after, edition):
    names = before["names"]
    fields = before["curia"]
    spaces = []
    for number in range(1, len(fields) + 1):
        seats = before["spaces"].get(f"curia.{number}")
        spaces.append((names[seats[0]], before["players"][seats[0]][4]) if seats else None)
    discards: dict = {}
    for _kind, a in answers:
        discards.setdefault(a.player, []).append(a.cards[0] if isinstance(a, Cards) else None)
    calc = calculators.curia(fields, spaces, discards, edition)
    assert calc.pending is None
    assert _region(calc.rulings) == _region(seen)
    for name, held in calc.outcome["hand"].items():
        assert held == after["players"][names.index(name)][4]


def _check_catacombs(args, before, answers, seen, after, edition):
    names = before["names"]
    spaces = []
    for price in before["settings"]["catacombs_prices"]:
        seats = before["spaces"].get(f"catacombs.{price}")
        spaces.append((names[seats[0]], before["money"][seats[0]]) if seats else None)
    buys: dict = {}
    for _kind, a in answers:
        buys.setdefault(a.player, []).append(a.cards[0] if isinstance(a, Cards) else None)
    calc = calculators.catacombs(spaces, buys, before["catacombs"], edition)
    assert calc.pending is None
    assert _region(calc.rulings) == _region(seen)
    assert calc.outcome["colosseum"] == after["colosseum"] - before["colosseum"]
    for name, paid in calc.outcome["paid"].items():
        seat = names.index(name)
        assert paid == before["money"][seat] - after["money"][seat]


def _check_auction(args, before, answers, seen, after, edition):
    names = before["names"]
    bids = {a.player: a.amount for kind, a in answers if isinstance(a, Bid)}
    calc = calculators.chariot_auction(bids, edition)
    paid = [names[i] for i in range(len(names)) if after["money"][i] < before["money"][i]]
    if paid:
        assert calc.outcome["winner"] == paid[0]
    mine = _verdicts(calc.rulings)
    assert _verdicts(seen)[:len(mine)] == mine


def _check_benefit(args, before, answers, seen, after, edition):
    faction, seat = args
    if not before["usual_draw"] or sum(before["piles"]) < 3:
        return  # a cesura magna would need every hand: not a question for this check
    option = next((a.option for kind, a in answers if kind == "benefit"
                   and isinstance(a, Choose)), None)
    holder, others = _holder(before, seat, markers=False)
    calc = calculators.benefit(faction, holder, option, edition, before["colosseum"],
                               before["settings"], others, before["piles"])
    # the calculator stops at the first question after the choice: up to there, the same
    # (what the box has left depends on every player's pile, which the question leaves out)
    mine = [r for r in calc.rulings if r.rule.rule_id != "tribune.supply"]
    live = [r for r in seen if r.rule.rule_id != "tribune.supply"]
    assert live[:len(mine)] == mine
    # an option the live game does not offer is refused under the same rule
    for other in sorted(benefits.OPTIONS - set(calc.outcome["options"])):
        with pytest.raises(RuleViolation) as refused:
            calculators.benefit(faction, holder, other, edition, before["colosseum"],
                                before["settings"], others, before["piles"])
        assert refused.value.rule.rule_id == "tribune.phase5.benefit"


def _holder(before, seat, markers=True):
    """The calculators' view of ``seat`` (with the faction markers it holds besides its
    sets, unless ``markers`` is False) and the sets the others control."""
    names = before["names"]
    money, tile, eternal, temporary, hand = before["players"][seat]
    mine = {f: cards for f, cards in before["sets"].items()
            if before["controllers"][f] == seat}
    others: dict = {}
    for f, cards in before["sets"].items():
        if before["controllers"][f] != seat:
            others.setdefault(names[before["controllers"][f]], {})[f] = cards
    held = [f for f in before["markers"][seat] if f not in mine] if markers else []
    return calculators.Holder(names[seat], money, tile, eternal, temporary, hand, mine,
                              held), others


def _check_assassin(args, before, answers, seen, after, edition):
    (seat,) = args
    holder, others = _holder(before, seat)
    holder = calculators.Holder(holder.name, controls=holder.controls)  # all it needs
    chosen = next((a for kind, a in answers if kind == "assassin"), None)
    target = Faction(chosen.option) if isinstance(chosen, Choose) else None
    calc = calculators.assassin(holder, others, target, edition)
    offered = [f.value for f, cards in before["sets"].items() if len(cards) > 2
               and (edition == "ffg" or before["controllers"][f] != seat)]
    assert sorted(calc.outcome["targets"]) == sorted(offered)  # sets in another order
    assert calc.outcome["sets"] == {f.value: [c.code for c in cards]
                                    for f, cards in after["sets"].items()}
    assert calc.rulings == tuple(r for r in seen if r.rule.rule_id == "tribune.phase5.assassin")
    # what the live question refuses, the check refuses with the same words
    for faction in FACTIONS:
        if faction.value in offered:
            continue
        with pytest.raises(RuleViolation) as refused:
            calculators.assassin(holder, others, faction, edition)
        assert refused.value.rule.rule_id == "tribune.phase5.assassin"


def _check_leader(args, before, answers, seen, after, edition):
    faction, seat = args
    if not before["usual_draw"] or sum(before["piles"]) < 3:
        return  # a cesura magna would need every hand: not a question for this check
    holder, _others = _holder(before, seat)
    answer = next((a for _kind, a in answers), None)
    option = (answer.option if isinstance(answer, Choose) else answer.cards[0].code
              if isinstance(answer, Cards) else "-" if answer is not None else None)
    calc = calculators.leader(faction, holder, option, edition, before["settings"],
                              before["piles"])
    assert calc.pending is None
    mine = [r for r in calc.rulings if r.rule.rule_id != "tribune.supply"]
    live = [r for r in seen if r.rule.rule_id != "tribune.supply"]
    assert live == mine
    got = calc.outcome["after"]
    money, tile, eternal, _temporary, hand = after["players"][seat]
    assert (got["money"], got["tile"], got["eternal_favor"], got["cards_in_hand"]) == (
        money, tile, eternal, hand)
    assert got["legions"] - 0 == sum(1 for r in live if r.message == "{player} gains {legions}"
                                     for _ in range(r.params["legions"].n))
    # the probe's player holds the marker of each faction controlled, the one being taken
    # over too, which FFG hands out only after the leader
    assert set(got["markers"]) - {faction.value} == {
        f.value for f in after["markers"][seat] if f is not faction}


def test_the_random_games_reach_the_assassin_and_every_leader_question():
    """The property below is not empty: a few of its games send the assassin against a set
    and ask Agrippa's, Cato's and Tigellinus' questions."""
    asked = set()
    for seed, players in ((6, 3), (2, 2)):
        found = _record_games(seed, players, "ffg")
        asked |= {kind for record in found["assassin"] + found["leader"]
                  for kind, answer in record[2] if answer is not None}
    assert {"assassin", "agrippa", "cato", "tigellinus"} <= asked


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       edition=st.sampled_from(EDITIONS))
def test_check_gives_the_live_ruling_in_random_games(seed, players, edition):
    found = _record_games(seed, players, edition)
    # the games did reach these rules
    assert found["contest"] and found["auction"] and found["curia"] and found["catacombs"]
    for name, check in (("contest", _check_contest), ("mars", _check_mars),
                        ("atrium", _check_atrium), ("auction", _check_auction),
                        ("benefit", _check_benefit), ("curia", _check_curia),
                        ("catacombs", _check_catacombs), ("assassin", _check_assassin),
                        ("leader", _check_leader)):
        for record in found[name]:
            check(*record)
