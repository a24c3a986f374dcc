"""Phase 3: the regions are evaluated in order I–VIII; followers go home after each."""

from __future__ import annotations

from typing import Any

from referee.game.question import Question
from referee.i18n import N_
from referee.rulings import Plural, RuleRef
from referee.tribune import checks
from referee.tribune.actions import Bid, Cards, Choose, Entry
from referee.tribune.cards import Card
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.state import Slot

PRICE = {"thermae": 1, "forum": 3}
ATRIUM_SINGLE_PRICE = 1


def phase3(c: Core) -> Flow:
    c.s.phase, c.s.draw_halted = 3, False
    paid_fields(c, "thermae")
    paid_fields(c, "forum")
    yield from latrine(c)
    yield from curia(c)
    yield from atrium(c)
    yield from catacombs(c)
    yield from pantheon(c)
    yield from mars(c)


def occupant(c: Core, space: str) -> int | None:
    seats = c.s.spaces.get(space)
    return seats[0] if seats else None


def clear(c: Core, region: str, f: int | None = None) -> list[Card | None]:
    """Take the cards off a region (or one of its fields)."""
    fields = c.s.board[region] if f is None else [c.s.board[region][f]]
    cards = [slot.card for field in fields for slot in field]
    for field in fields:
        field.clear()
    return cards


def discard_unclaimed(c: Core, region: str, f: int | None = None) -> None:
    cards = clear(c, region, f)
    if cards:
        c.to_discard(cards)
        c.rule(c.ref("tribune.phase3.empty"), N_("{place}: {cards} unclaimed and discarded"),
               place=c.region(region), cards=Plural(len(cards), "{n} card", "{n} cards"))


def paid_fields(c: Core, region: str) -> None:
    """Thermae (1 each) and Forum (3 each): paying is compulsory; field by field in board
    order, so a player short of money loses the later cards, which are discarded. How many
    fields the board has decides the cards dealt (Phase 1), not what a field costs, so
    these rulings do not rest on that count."""
    rule = c.ref(f"tribune.phase3.{region}")
    for f in range(len(c.s.board[region])):
        seat = occupant(c, f"{region}.{f + 1}")
        if seat is None:
            discard_unclaimed(c, region, f)
        elif not c.s.board[region][f]:
            continue
        elif c.player_at(seat).money >= PRICE[region]:
            c.pay(seat, PRICE[region], rule)
            cards = clear(c, region, f)
            c.to_hand(seat, cards)
            c.rule(rule, N_("{player} takes {cards}"), player=c.name(seat),
                   cards=[x.name for x in cards if x is not None])  # face up, so known
        else:
            c.rule(rule, N_("{player} cannot pay {money}: the card is discarded"),
                   player=c.name(seat), money=c.cash(PRICE[region]))
            c.to_discard(clear(c, region, f))
    c.s.spaces = {k: v for k, v in c.s.spaces.items() if not k.startswith(region)}


def latrine(c: Core) -> Flow:
    rule = c.ref("tribune.phase3.latrine")
    seat = occupant(c, "latrine")
    field = c.s.board["latrine"][0]
    if seat is None or not field:
        discard_unclaimed(c, "latrine")
        return
    card = yield from c.reveal(field[0], "latrine", 1, rule)
    choices = ["sell", "keep"] if c.player_at(seat).money >= card.value else ["sell"]
    action = yield c.ask_choice(seat, "latrine", rule,
                                N_("{player}: {card} — sell it for {value} or pay {value} to "
                                   "keep it?"), choices, card=card.name, value=card.value)
    assert isinstance(action, Choose)
    clear(c, "latrine")
    if action.option == "keep":
        if card.value:
            c.pay(seat, card.value, rule)
        c.to_hand(seat, [card])
        c.rule(rule, N_("{player} keeps {card}"), player=c.name(seat), card=card.name)
    else:
        c.to_discard([card])
        if card.value:
            c.gain(seat, card.value, rule)
        c.rule(rule, N_("{player} sells {card}"), player=c.name(seat), card=card.name)
    c.s.spaces.pop("latrine", None)


def curia(c: Core) -> Flow:
    """Left to right: discard one hand card to take all cards of the field (so a card won
    on an earlier field may pay for a later one)."""
    rule = c.ref("tribune.phase3.curia")
    for f in range(len(c.s.board["curia"])):
        seat = occupant(c, f"curia.{f + 1}")
        if seat is None or not c.s.board["curia"][f]:
            discard_unclaimed(c, "curia", f)
            continue
        shown = [s.card.name for s in c.s.board["curia"][f] if s.card]  # face up, so known
        action = None
        if len(c.player_at(seat).hand):
            action = yield c.ask_cards(seat, "curia", rule,
                                       N_("{player}: discard a card to take {cards}?"),
                                       sizes=(1,), optional=True, cards=shown)
        if isinstance(action, Cards):
            c.discard_from_hand(seat, action.cards)
            c.to_hand(seat, clear(c, "curia", f))
            c.rule(rule, N_("{player} discards {card} and takes {cards}"), player=c.name(seat),
                   card=action.cards[0].name, cards=shown)
        else:
            c.rule(rule, N_("{player} does not discard: {cards} discarded"),
                   player=c.name(seat), cards=shown)
            c.to_discard(clear(c, "curia", f))
    c.s.spaces = {k: v for k, v in c.s.spaces.items() if not k.startswith("curia")}


def atrium(c: Core) -> Flow:
    first, second = occupant(c, "atrium.1"), occupant(c, "atrium.2")
    cards_here = [slot for field in c.s.board["atrium"] for slot in field]
    if first is None or not cards_here:
        discard_unclaimed(c, "atrium")
    elif second is None:
        rule = c.ref("tribune.phase3.atrium.single")
        if c.player_at(first).money >= ATRIUM_SINGLE_PRICE:
            c.pay(first, ATRIUM_SINGLE_PRICE, rule)
            _take_atrium(c, first, [s for s in cards_here if s.face_up], rule)
        else:
            c.rule(c.ref("tribune.phase3.atrium.single", "atrium_unpaid"),
                   N_("{player} cannot pay {money}: no Atrium cards"),
                   player=c.name(first), money=c.cash(ATRIUM_SINGLE_PRICE))
        discard_unclaimed(c, "atrium")
    else:
        rule = c.ref("tribune.phase3.atrium.auction")
        prompt = N_("{player}: sealed bid for the Atrium cards")
        bid1 = yield c.ask_bid(first, "atrium_bid", rule, prompt)
        bid2 = yield c.ask_bid(second, "atrium_bid", rule, prompt)
        assert isinstance(bid1, Bid) and isinstance(bid2, Bid)
        verdict = checks.atrium(bid1.amount, bid2.amount)
        c.out.extend(verdict.rulings)
        space, amount = verdict.outcome
        winner, loser = (first, second) if space == "1" else (second, first)
        if amount:
            c.pay(winner, amount, rule, to=loser)
        _take_atrium(c, winner, cards_here, rule)
    c.s.spaces.pop("atrium.1", None)
    c.s.spaces.pop("atrium.2", None)


def _take_atrium(c: Core, seat: int, slots: list[Slot], rule: RuleRef) -> None:
    taken = {id(s) for s in slots}
    for field in c.s.board["atrium"]:
        field[:] = [s for s in field if id(s) not in taken]
    cards = [s.card for s in slots]
    c.to_hand(seat, cards)
    known = [x.name for x in cards if x is not None]  # all face up in play by now
    c.rule(rule, N_("{player} takes {cards}"), player=c.name(seat),
           cards=known if len(known) == len(cards) else Plural(len(cards), "{n} card",
                                                                 "{n} cards"))


def catacombs(c: Core) -> Flow:
    """The players on 4, 3, 2 in turn may buy one card for that price, into the Colosseum;
    empty spaces are skipped; what is left is discarded."""
    rule = c.ref("tribune.phase3.catacombs", "catacombs_prices")
    stack = c.s.board["catacombs"][0]
    for price in c.settings["catacombs_prices"]:
        seat = occupant(c, f"catacombs.{price}")
        if seat is None or not stack:
            continue
        if c.player_at(seat).money < price:
            c.rule(rule, N_("{player} cannot pay {money}"), player=c.name(seat),
                   money=c.cash(price))
            continue
        action = yield ask_catacombs(c, seat, price, stack)
        if isinstance(action, (Cards, Choose)):
            card = action.cards[0] if isinstance(action, Cards) else None
            slot = (next((s for s in stack if card is not None and s.card == card), None)
                    or next(s for s in stack if s.card is None))
            stack.remove(slot)
            c.pay(seat, price, rule, to="colosseum")
            c.to_hand(seat, [card])
            c.rule(rule, N_("{player} buys a card for {money}"), player=c.name(seat),
                   money=c.cash(price))
        else:
            c.rule(rule, N_("{player} buys nothing"), player=c.name(seat))
    discard_unclaimed(c, "catacombs")
    c.s.spaces = {k: v for k, v in c.s.spaces.items() if not k.startswith("catacombs")}


def ask_catacombs(c: Core, seat: int, price: int, stack: list[Slot]) -> Question:
    """Virtual mode: name one of the stack's cards. Table mode: "buy" (the card stays
    unknown to the referee) or name it, if the buyer wishes."""
    rule = c.ref("tribune.phase3.catacombs", "catacombs_prices")
    prompt = N_("{player}: buy a Catacombs card for {money}? ({left})")
    known = [s.card for s in stack if s.card is not None]
    unknown = len(stack) - len(known)
    words: dict[str, Any] = {"left": Plural(len(stack), "{n} card left", "{n} cards left"),
                             "money": c.cash(price)}
    if not unknown:
        return c.ask_cards(seat, "catacombs", rule, prompt, sizes=(1,), optional=True,
                           source=known, **words)
    base = c.ask_choice(seat, "catacombs", rule, prompt, ["buy"], optional=True, **words)

    def check(action: Entry) -> None:
        if isinstance(action, Cards):
            c.check_turn(seat, action, ("cards",), "catacombs")
            if len(action.cards) != 1:
                raise TribuneRuleViolation(
                    N_("Wrong number of cards: {count} named, {sizes} needed"), sizes="1",
                    count=len(action.cards), rule=rule)
            if action.cards[0] not in known:
                c.check_unseen(action.cards)
        else:
            base.check(action)

    return Question(base.actor, base.kind, rule, prompt, base.params,
                    ("choose", "cards", "pass"), options=base.options, check=check)


def pantheon(c: Core) -> Flow:
    rule = c.ref("tribune.phase3.pantheon")
    seats = [seat for sp in c.spaces if sp.startswith("pantheon.")
             if (seat := occupant(c, sp)) is not None]
    for seat in seats:
        if c.player_at(seat).eternal:
            c.rule(rule, N_("{player} already has the eternal favor"), player=c.name(seat))
    deciders = [s for s in seats if not c.player_at(s).eternal and len(c.player_at(s).hand)]
    field = c.s.board["pantheon"][0]
    if not deciders or not field:  # nobody can sacrifice: the card need not be shown
        discard_unclaimed(c, "pantheon")
        c.s.spaces = {k: v for k, v in c.s.spaces.items() if not k.startswith("pantheon")}
        return
    shown = yield from c.reveal(field[0], "pantheon", 1, rule)
    c.rule(rule, N_("The Pantheon card is {card}"), card=shown.name)
    sacrificed = []
    # FFG: each player may sacrifice. The Heidelberger text says "must", which cannot hold
    # for a hand without that faction; the referee reads it as a choice there too.
    choice = c.hb_reading("tribune.phase3.pantheon.sacrifice")
    for seat in deciders:
        action = yield c.ask_cards(
            seat, "pantheon", rule, N_("{player}: sacrifice a {faction} card for the eternal "
                                      "favor?"), sizes=(1,), optional=True,
            fits=lambda card: card.faction is shown.faction, faction=shown.faction.term)
        if not isinstance(action, Cards):
            c.rule(choice, N_("{player} sacrifices nothing"), player=c.name(seat))
        if isinstance(action, Cards):
            c.discard_from_hand(seat, action.cards)
            sacrificed.append(seat)
            c.rule(rule, N_("{player} sacrifices {card}"), player=c.name(seat),
                   card=action.cards[0].name)
    discard_unclaimed(c, "pantheon")
    for seat in sacrificed:
        gain_eternal(c, seat, rule)
    c.s.spaces = {k: v for k, v in c.s.spaces.items() if not k.startswith("pantheon")}


def gain_eternal(c: Core, seat: int, rule: RuleRef) -> None:
    """Eternal favor; in FFG the holder of the temporary favor gives it back."""
    c.player_at(seat).eternal = True
    c.rule(rule, N_("{player} gains the eternal favor of the gods"), player=c.name(seat))
    if c.s.temporary != seat:
        return
    if c.edition == "ffg":
        c.s.temporary = None
        c.rule(c.ref("tribune.phase3.pantheon.temporary"),
               N_("{player} returns the temporary favor"), player=c.name(seat))
    else:  # the Heidelberger text does not say: the referee leaves the tile where it is
        c.rule(c.hb_reading("tribune.phase3.pantheon.temporary"),
               N_("{player} keeps the temporary favor as well"), player=c.name(seat))


def mars(c: Core) -> Flow:
    """Per follower, a pair of one faction (revealed together): 1 laurel each; the single
    highest pair sum takes 1 extra laurel (a tie between players: nobody)."""
    rule = c.ref("tribune.phase3.mars")
    seats = c.s.spaces.get("mars", [])
    pairs: list[tuple[int, tuple[Card, ...]]] = []
    for seat in seats:
        if len(c.player_at(seat).hand) < 2:
            continue
        action = yield c.ask_cards(seat, "mars", rule,
                                   N_("{player}: discard a pair of one faction for a laurel?"),
                                   sizes=(2,), same_faction=True, optional=True, hidden=True)
        if isinstance(action, Cards):
            c.discard_from_hand(seat, action.cards)
            pairs.append((seat, action.cards))
    for seat, pair in pairs:
        c.rule(rule, N_("{player} shows {cards} (sum {sum})"), player=c.name(seat),
               cards=[x.name for x in pair], sum=sum(x.value for x in pair))
        c.gain_laurels(seat, 1, rule)
    verdict = checks.mars_extra([(c.name(s), sum(x.value for x in p)) for s, p in pairs],
                                c.settings["mars_own_tie"])
    c.out.extend(verdict.rulings)
    if verdict.outcome is not None:
        # the laurel rests on what the verdict rests on (a reading, for a player's own tie)
        c.gain_laurels(c.seat[verdict.outcome], 1, verdict.rulings[-1].rule)
    c.s.spaces.pop("mars", None)
