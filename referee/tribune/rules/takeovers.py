"""Phase 4: take-overs in faction order, the two-follower conflict and the rewards."""

from __future__ import annotations

from collections.abc import Sequence

from referee.i18n import N_
from referee.tribune import checks
from referee.tribune.actions import Cards, Choose
from referee.tribune.cards import FACTIONS, Card, Faction
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.rules import awards
from referee.tribune.rules.regions import gain_eternal

SCIPIO_FFG = 10
VESTAL_TAKEOVER_MONEY = 5


def phase4(c: Core) -> Flow:
    c.s.phase, c.s.draw_halted = 4, False
    for faction in FACTIONS:
        first = c.s.spaces.pop(f"{faction.value}.1", [None])[0]
        second = c.s.spaces.pop(f"{faction.value}.2", [None])[0]
        if first is not None:
            yield from contest(c, faction, first, second)


def ask_set(c: Core, seat: int, faction: Faction, against: Sequence[Card] | None):
    """A set of 2+ cards of ``faction`` that beats ``against`` (None: uncontrolled)."""
    def validate(cards: tuple[Card, ...]) -> None:
        verdict = checks.takeover(faction, cards, against)
        if not verdict:
            ruling = verdict.rulings[0]
            raise TribuneRuleViolation(ruling.message, rule=ruling.rule, **ruling.params)

    hand = len(c.player_at(seat).hand)
    return c.ask_cards(seat, "takeover", c.ref("tribune.phase4.set"),
                       N_("{player}: play a {faction} set to take over?"),
                       sizes=range(checks.MIN_SET, max(hand, checks.MIN_SET) + 1),
                       fits=lambda card: card.faction is faction, optional=True,
                       validate=validate,
                       admits=lambda cards: checks.takes_over(faction, cards, against),
                       faction=faction.term,
                       against=[x.name for x in against] if against else [])


def contest(c: Core, faction: Faction, first: int, second: int | None) -> Flow:
    """The player on "2" plays first; "1" then has to beat that set (or, if "2" passed,
    the controller's). The beaten "2" takes the set back less one card of their choice."""
    s = c.s
    held = s.sets.get(faction)
    set2 = set1 = None
    if second is not None and len(c.player_at(second).hand) >= checks.MIN_SET:
        action = yield ask_set(c, second, faction, held)
        if isinstance(action, Cards):
            set2 = action.cards
            c.take_from_hand(second, set2)
            s.contested[second] = list(set2)
            c.rule(c.ref("tribune.phase4.conflict"), N_("{player} plays {cards} from \"2\""),
                   player=c.name(second), cards=[x.name for x in set2])
    if len(c.player_at(first).hand) >= checks.MIN_SET:
        action = yield ask_set(c, first, faction, set2 if set2 is not None else held)
        if isinstance(action, Cards):
            set1 = action.cards
            c.take_from_hand(first, set1)
            s.contested[first] = list(set1)
    verdict = checks.conflict(faction, set2, set1, held, c.edition)
    c.out.extend(verdict.rulings)
    if verdict.outcome is None:
        c.rule(c.ref("tribune.phase4.beat"), N_("Nobody takes over {faction}"),
               faction=faction.term)
        return
    if verdict.outcome == "1" and set2 is not None:
        assert second is not None
        yield from penalty(c, second, set2)
    winner, cards = (first, set1) if verdict.outcome == "1" else (second, set2)
    assert winner is not None and cards is not None
    s.contested.pop(winner)
    yield from take_over(c, faction, winner, list(cards))


def penalty(c: Core, seat: int, played: Sequence[Card]) -> Flow:
    rule = c.ref("tribune.phase4.penalty")
    action = yield c.ask_cards(seat, "penalty", rule,
                               N_("{player}: which card of your set do you discard?"),
                               sizes=(1,), source=played)
    assert isinstance(action, Cards)
    c.s.contested.pop(seat)
    back = list(played)
    back.remove(action.cards[0])
    c.to_discard(action.cards)
    c.to_hand(seat, back)
    c.rule(rule, N_("{player} discards {card} and takes the rest of the set back"),
           player=c.name(seat), card=action.cards[0].name)


def take_over(c: Core, faction: Faction, seat: int, cards: list[Card]) -> Flow:
    s = c.s
    old = s.controllers.get(faction)
    if old is not None:
        awards.lose_control(c, faction, old)
    s.controllers[faction], s.sets[faction] = seat, cards
    c.rule(c.ref("tribune.phase4.beat"), N_("{player} takes over {faction}"),
           player=c.name(seat), faction=faction.term)
    leader = any(card.is_leader for card in cards)
    if c.edition == "ffg":  # FFG lists benefit, leader, marker, laurel; HB the reverse
        yield from benefit(c, faction, seat)
        if leader:
            yield from leader_bonus(c, faction, seat)
        marker_and_laurel(c, faction, seat)
    else:
        marker_and_laurel(c, faction, seat, laurel_first=True)
        yield from benefit(c, faction, seat)
        if leader:
            yield from leader_bonus(c, faction, seat)


def marker_and_laurel(c: Core, faction: Faction, seat: int, laurel_first: bool = False) -> None:
    steps = [_laurel, _marker] if laurel_first else [_marker, _laurel]
    for step in steps:
        step(c, faction, seat)


def _marker(c: Core, faction: Faction, seat: int) -> None:
    awards.give_marker(c, seat, faction, c.ref("tribune.phase4.marker"))


def _laurel(c: Core, faction: Faction, seat: int) -> None:
    if faction in c.s.field_laurels:  # only the first controller ever takes it
        c.s.field_laurels.remove(faction)
        c.gain_laurels(seat, 1, c.ref("tribune.phase4.laurel"), from_box=False)


def benefit(c: Core, faction: Faction, seat: int) -> Flow:
    rule = c.ref("tribune.phase4.benefit")
    if faction is Faction.GLADIATORS:
        c.gain_legions(seat, 1, rule)
    elif faction is Faction.LEGATES:
        c.gain_laurels(seat, 2, rule)
    elif faction is Faction.PRAETORIANS:
        yield from c.draw_to_hand(seat, 1, rule)
    elif faction is Faction.PLEBEIANS:
        yield from c.draw_to_hand(seat, 1, rule)
        yield from awards.assassin(c, seat)
    elif faction in (Faction.PATRICIANS, Faction.SENATORS):
        c.gain_laurels(seat, 1, rule)
    elif faction is Faction.VESTALS:
        c.gain(seat, VESTAL_TAKEOVER_MONEY, rule)


def leader_bonus(c: Core, faction: Faction, seat: int) -> Flow:
    rule = c.ref("tribune.phase4.leader")
    c.rule(rule, N_("Leader {leader} was in the set"), leader=faction.leader)
    if faction is Faction.GLADIATORS:
        c.gain_legions(seat, 1, rule)
    elif faction is Faction.LEGATES:
        c.gain_laurels(seat, 1, rule)
    elif faction is Faction.PRAETORIANS:
        if len(c.player_at(seat).hand):
            action = yield c.ask_cards(seat, "tigellinus", rule,
                                       N_("{player}: discard a card for a legion?"),
                                       sizes=(1,), optional=True)
            if isinstance(action, Cards):
                c.discard_from_hand(seat, action.cards)
                c.gain_legions(seat, 1, rule)
    elif faction is Faction.PLEBEIANS:
        option = "card"
        if awards.can_take_scroll(c, seat):
            action = yield c.ask_choice(seat, "agrippa", rule,
                                        N_("{player}: the Scroll or a card?"), ["scroll", "card"])
            assert isinstance(action, Choose)
            option = action.option
        if option == "scroll":
            awards.take_scroll(c, seat, rule)
        else:
            yield from c.draw_to_hand(seat, 1, rule)
    elif faction is Faction.PATRICIANS:
        if c.edition == "ffg":
            c.gain(seat, SCIPIO_FFG, rule)
        else:
            c.gain(seat, c.settings["scipio_amount"], c.ref("tribune.phase4.leader",
                                                           "scipio_amount"))
    elif faction is Faction.VESTALS:
        if not c.player_at(seat).eternal:
            gain_eternal(c, seat, rule)
    else:
        yield from cato(c, seat)


def cato(c: Core, seat: int) -> Flow:
    """A marker of a faction the player has none of (the Senators marker comes with the
    take-over itself, so it is not offered)."""
    rule = c.ref("tribune.phase4.leader")
    owned = set(c.player_at(seat).markers) | {Faction.SENATORS}
    choices = [f.value for f in FACTIONS if f not in owned]
    if not choices:
        return
    action = yield c.ask_choice(seat, "cato", rule,
                                N_("{player}: which faction marker do you take?"), choices)
    assert isinstance(action, Choose)
    awards.give_marker(c, seat, Faction(action.option), rule)
