"""Phase 6: the sealed chariot auction, its placement, and the end of the round."""

from __future__ import annotations

from referee.i18n import N_
from referee.rulings import Plural
from referee.tribune import checks
from referee.tribune.actions import Bid, Choose
from referee.tribune.cards import FACTIONS, Faction
from referee.tribune.core import Core, Flow

OFF_BOARD = "off"


def phase6(c: Core) -> Flow:
    s = c.s
    s.phase, s.draw_halted = 6, False
    s.chariot = None  # last round's block has run its course
    yield from auction(c)
    end_round(c)


def auction(c: Core) -> Flow:
    """Sealed bids in seat order; the single highest bidder pays and places the chariot."""
    rule = c.ref("tribune.phase6.auction")
    bids: dict[str, int] = {}
    for seat in c.seat_order():
        action = yield c.ask_bid(seat, "chariot_bid", rule,
                                 N_("{player}: sealed bid for the chariot"))
        assert isinstance(action, Bid)
        bids[c.name(seat)] = action.amount
    c.rule(rule, N_("Chariot bids: {bids}"),
           bids=[f"{name} {amount}" for name, amount in bids.items()])
    verdict = checks.chariot(bids)
    c.out.extend(verdict.rulings)
    if verdict.outcome is not None:
        seat = c.seat[verdict.outcome]
        if bids[verdict.outcome]:
            c.pay(seat, bids[verdict.outcome], rule)
        yield from place_chariot(c, seat)
    return verdict.outcome


def place_chariot(c: Core, seat: int) -> Flow:
    """FFG: on a faction the winner controls, or off the board. Heidelberger: it must go
    on one of the winner's factions; off the board only when they control none."""
    rule = c.ref("tribune.phase6.place")
    owned = [f.value for f in FACTIONS if c.s.controllers.get(f) == seat]
    choices = owned + [OFF_BOARD] if c.edition == "ffg" or not owned else owned
    option = choices[0]
    if len(choices) > 1:
        action = yield c.ask_choice(seat, "chariot_place", rule,
                                    N_("{player}: block one of your factions with the "
                                       "chariot?"), choices)
        assert isinstance(action, Choose)
        option = action.option
    if option == OFF_BOARD:
        c.rule(rule, N_("The chariot stays off the board"))
    else:
        c.s.chariot = Faction(option)
        c.rule(rule, N_("The chariot blocks {faction} next round"),
               faction=c.s.chariot.term)


def end_round(c: Core) -> None:
    s = c.s
    left = [slot.card for fields in s.board.values() for f in fields for slot in f]
    for fields in s.board.values():
        for f in fields:
            f.clear()
    c.to_discard(left)
    s.spaces = {}
    s.start = (s.start + 1) % len(s.players)
    c.rule(c.ref("tribune.round.end"),
           N_("End of round {round}: the board is cleared ({cards} discarded); {player} is "
              "the new start player"),
           round=s.round, cards=Plural(len(left), "{n} card", "{n} cards"),
           player=c.name(s.start))
