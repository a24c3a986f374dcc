"""Phase 5: each controller takes the faction benefit, in faction order, every round
(even while the chariot blocks the faction). Options and conditions follow the edition."""

from __future__ import annotations

from referee.i18n import N_
from referee.tribune.actions import Choose
from referee.tribune.cards import FACTIONS, Faction
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.rulebook import COLOSSEUM
from referee.tribune.rules import awards

PLEBEIAN_MONEY = 2
SENATOR_CARDS = 2
OPTION_TEXT = {
    Faction.GLADIATORS: N_("{player}: {faction} — the {place} money ({amount}) or a card?"),
    Faction.LEGATES: N_("{player}: {faction} — the Scroll or a card?"),
    Faction.PLEBEIANS: N_("{player}: {faction} — a card and {money}, or the Tribune?"),
    Faction.VESTALS: N_("{player}: {faction} — the favor of the gods, or the Tribune?"),
    Faction.SENATORS: N_("{player}: {faction} — the Scroll or 2 cards?"),
}


def phase5(c: Core) -> Flow:
    c.s.phase, c.s.draw_halted = 5, False
    for faction in FACTIONS:
        seat = c.s.controllers.get(faction)
        if seat is not None:
            yield from benefit(c, faction, seat)


def options(c: Core, faction: Faction, seat: int) -> list[str]:
    p = c.player_at(seat)
    scroll = ["scroll"] if awards.can_take_scroll(c, seat) else []
    if faction is Faction.GLADIATORS:
        return (["colosseum"] if c.s.colosseum else []) + ["card"]
    if faction is Faction.LEGATES:
        return scroll + ["card"]
    if faction is Faction.PLEBEIANS:
        tribune = p.tile == "scroll" and (c.edition != "ffg" or _controls(c, seat,
                                                                          Faction.PATRICIANS))
        return ["card_money"] + (["tribune"] if tribune else [])
    if faction is Faction.VESTALS:
        tribune = p.tile == "scroll" and (c.edition != "ffg" or _controls(c, seat,
                                                                          Faction.SENATORS))
        return ["favor"] + (["tribune"] if tribune else [])
    if faction is Faction.SENATORS:
        return scroll + ["cards"]
    return ["automatic"]


#: every option word a faction benefit may offer
OPTIONS = frozenset({"colosseum", "card", "scroll", "card_money", "tribune", "favor", "cards",
                     "automatic"})


def check_option(c: Core, faction: Faction, seat: int, option: str) -> None:
    """Raise unless ``option`` is one the ``faction`` benefit offers ``seat`` now. The
    Gladiators' choice is the money on the Colosseum or a card: with nothing there, there is
    no money to choose, so the card is the benefit (rulebook 000 «Прибыль с фракции»: the
    money is taken from the Colosseum, or else a card; 004: the Sesterzen from the
    Catacombs, or 1 card)."""
    choices = options(c, faction, seat)
    if option in choices:
        return
    rule = c.ref("tribune.phase5.benefit")
    if faction is Faction.GLADIATORS and option == "colosseum":
        raise TribuneRuleViolation(N_("The {place} holds no money: the {faction} benefit is "
                                      "the card"), place=COLOSSEUM[c.edition],
                                   faction=faction.term, rule=rule)
    raise TribuneRuleViolation(N_("{option!r} is not an option here; choose {choices}"),
                               option=option, choices=", ".join(choices), rule=rule)


def _controls(c: Core, seat: int, faction: Faction) -> bool:
    return c.s.controllers.get(faction) == seat


def benefit(c: Core, faction: Faction, seat: int) -> Flow:
    rule = c.ref("tribune.phase5.benefit")
    choices = options(c, faction, seat)
    option = choices[0]
    if len(choices) > 1:
        asked = c.ask_choice(seat, "benefit", rule, OPTION_TEXT[faction], choices,
                             faction=faction.term, place=COLOSSEUM[c.edition],
                             amount=c.s.colosseum, money=c.cash(PLEBEIAN_MONEY))
        action = yield awards.checked_by(
            asked, lambda option: check_option(c, faction, seat, option), OPTIONS)
        assert isinstance(action, Choose)
        option = action.option
    c.rule(rule, N_("{player} takes the {faction} benefit"), player=c.name(seat),
           faction=faction.term)
    yield from HANDLERS[faction](c, seat, option)


def gladiators(c: Core, seat: int, option: str) -> Flow:
    rule = c.ref("tribune.phase5.benefit")
    if option == "colosseum":
        amount, c.s.colosseum = c.s.colosseum, 0
        c.player_at(seat).money += amount
        c.rule(rule, N_("{player} takes {money} from the {place}"),
               player=c.name(seat), money=c.cash(amount), place=COLOSSEUM[c.edition])
    else:
        yield from c.draw_to_hand(seat, 1, rule)
    if option == "card" or _with_both(c, "gladiator_assassin"):
        yield from awards.assassin(c, seat)


def legates(c: Core, seat: int, option: str) -> Flow:
    rule = c.ref("tribune.phase5.benefit")
    if option == "scroll":
        awards.take_scroll(c, seat, rule)
    else:
        yield from c.draw_to_hand(seat, 1, rule)
    if option == "card" or _with_both(c, "legate_legion"):
        yield from buy_legion(c, seat, option)


def _with_both(c: Core, setting: str) -> bool:
    """After the option that is not the card: does the extra come too? FFG: no. The
    Heidelberger text is unclear, so the group's reading decides and the ruling says so."""
    if c.edition == "ffg":
        return False
    both = c.settings[setting] == "both_options"
    c.rule(c.ref("tribune.phase5.benefit", setting),
           N_("Heidelberger reading chosen by the group: this extra comes with either option")
           if both else N_("Heidelberger reading chosen by the group: this extra comes with "
                           "the card option only"))
    return both


def buy_legion(c: Core, seat: int, option: str = "card") -> Flow:
    """One legion for the value sum of the player's own Legates set. After the card option
    every reading gives it; after the other one only the group's Heidelberger reading does,
    so only then does the ruling rest on that reading."""
    price = sum(card.value for card in c.s.sets[Faction.LEGATES])
    settings = () if c.edition == "ffg" or option == "card" else ("legate_legion",)
    rule = c.ref("tribune.phase5.legion", *settings)
    if c.player_at(seat).money < price:
        c.rule(rule, N_("{player} cannot pay {money} for a legion"),
               player=c.name(seat), money=c.cash(price))
        return
    action = yield c.ask_choice(seat, "legion", rule,
                                N_("{player}: buy a legion for {money}?"), ["buy"],
                                optional=True, money=c.cash(price))
    if isinstance(action, Choose):
        if price:
            c.pay(seat, price, rule)
        c.gain_legions(seat, 1, rule)


def praetorians(c: Core, seat: int, option: str) -> Flow:
    c.gain_legions(seat, 1, c.ref("tribune.phase5.benefit"))
    yield from ()


def plebeians(c: Core, seat: int, option: str) -> Flow:
    if option == "tribune":
        awards.become_tribune(c, seat, c.ref("tribune.phase5.tribune"))
        return
    rule = c.ref("tribune.phase5.benefit")
    yield from c.draw_to_hand(seat, 1, rule)
    c.gain(seat, PLEBEIAN_MONEY, rule)


def patricians(c: Core, seat: int, option: str) -> Flow:
    c.s.proconsul = seat
    c.rule(c.ref("tribune.phase5.proconsul"),
           N_("{player} takes the Proconsul: an extra follower next round while still "
              "controlling the Patricians"), player=c.name(seat))
    yield from ()


def vestals(c: Core, seat: int, option: str) -> Flow:
    """FFG: 1 laurel, plus the temporary favor unless the player has the eternal one.
    Heidelberger: the temporary favor, or 1 laurel instead for a holder of the eternal."""
    if option == "tribune":
        awards.become_tribune(c, seat, c.ref("tribune.phase5.tribune"))
        return
    rule = c.ref("tribune.phase5.benefit")
    eternal = c.player_at(seat).eternal
    if c.edition == "ffg" or eternal:
        c.gain_laurels(seat, 1, rule)
    if not eternal:
        awards.take_temporary(c, seat, c.ref("tribune.favor.temporary"))
    yield from ()


def senators(c: Core, seat: int, option: str) -> Flow:
    rule = c.ref("tribune.phase5.benefit")
    if option == "scroll":
        awards.take_scroll(c, seat, rule)
    else:
        yield from c.draw_to_hand(seat, SENATOR_CARDS, rule)


HANDLERS = {Faction.GLADIATORS: gladiators, Faction.LEGATES: legates,
            Faction.PRAETORIANS: praetorians, Faction.PLEBEIANS: plebeians,
            Faction.PATRICIANS: patricians, Faction.VESTALS: vestals, Faction.SENATORS: senators}
