"""What each personality card does, once the engine knows whose turn and which card.

The amounts come from the same calculators the ``calc`` commands use (``calculators``,
``production``), so a question asked at the table and in a live game gets one answer.
"""

from __future__ import annotations

from referee.concordia.actions import (
    COLONIST_KINDS,
    Colonist,
    Consul,
    Mercator,
    Prefect,
    Purchase,
    Senator,
    Specialist,
    Tribune,
)
from referee.concordia.box import ROMA
from referee.concordia.calculators import card_cost, colonist, trade, tribune_refund
from referee.concordia.ledger import Board, earn, pay, receive
from referee.concordia.production import cash, produce
from referee.concordia.rulebook import bad_input, ref, violation
from referee.concordia.state import GameState, card_id
from referee.concordia.wording import cards as card_words
from referee.concordia.wording import goods as goods_words
from referee.data import confirmed_by
from referee.i18n import N_
from referee.rulings import Ruling, Term


def prefect(b: Board, s: GameState, who: int, entry: Prefect) -> list[Ruling]:
    p = s.players[who]
    if entry.province is None:
        coin_side = [prov for prov, up in s.goods_side.items() if not up]
        calc = cash(b.box, b.map, b.setup.cities, coin_side)
        earn(s, p, calc.values["sestertii"])
        s.goods_side = dict.fromkeys(s.goods_side, True)
        return list(calc.rulings)
    province = b.province(entry.province)
    if not s.goods_side[province]:
        raise violation("concordia.prefect.produce",
                        N_("The {province} marker shows coins: it produces again only after a "
                           "Prefect takes the cash."), province=Term(province))
    houses = {q.name: [c for c in q.houses if b.map.cities[c].province == province]
              for q in s.players}
    magnus = s.magnus == who
    calc = produce(b.box, b.map, b.setup.cities, province,
                   {name: cities for name, cities in houses.items() if cities}, p.name, magnus)
    s.goods_side[province] = False
    rulings = list(calc.rulings)
    n = len(s.players)
    for i in [*range(who, n), *range(who)]:
        name = s.players[i].name
        incoming = dict(calc.values["production"].get(name, {}))
        for good, count in calc.values["bonus"].get(name, {}).items():
            incoming[good] = incoming.get(good, 0) + count
        rulings += receive(b, s, i, incoming)
    if magnus:
        s.magnus = (who - 1) % n
        rulings.append(Ruling(ref("concordia.praefectus_magnus.pass"),
                              N_("The Praefectus Magnus passes to {player}."),
                              {"player": s.players[s.magnus].name}))
    return rulings


def mercator(b: Board, s: GameState, who: int, entry: Mercator, bought: bool) -> list[Ruling]:
    p = s.players[who]
    sell = {b.good(g): n for g, n in entry.sell}
    buy = {b.good(g): n for g, n in entry.buy}
    calc = trade(b.box, p.goods, len(p.colonists), p.money, sell, buy, bought)
    earn(s, p, calc.values["income"] + calc.values["sales"])
    pay(s, p, calc.values["purchases"], sell)
    receive(b, s, who, buy)  # the trade already checked that the purchases fit
    return list(calc.rulings)


def market(b: Board, s: GameState, who: int, entry: Senator | Consul) -> list[Ruling]:
    """Senator (up to two cards, slot extras included) or Consul (one, printed cost only);
    the display slides left and refills only after all the purchases."""
    p = s.players[who]
    senator = isinstance(entry, Senator)
    if isinstance(entry, Senator):
        wanted = list(entry.purchases)
    else:
        wanted = [] if entry.slot is None else [Purchase(entry.slot)]
    slots = [w.slot for w in wanted]
    limit = 2 if senator else 1
    if len(wanted) > limit or len(set(slots)) != len(slots) \
            or any(not 1 <= slot <= len(s.display) for slot in slots):
        raise bad_input(N_("Name up to {limit} different display slots between 1 and "
                           "{slots}."), limit=limit, slots=len(s.display))
    if not wanted:
        return [Ruling(ref("concordia.senator.cost" if senator else "concordia.consul.cost"),
                       N_("{player} buys no card."), {"player": p.name})]
    keys = [s.display[slot - 1] for slot in slots]
    calc = card_cost(b.box, [(card_id(k), slot, k.partition("@")[2])
                             for k, slot in zip(keys, slots, strict=True)], senator)
    total = dict(calc.values["total"])
    chosen = [b.good(g) for w in wanted for g in w.any]
    if len(chosen) != total.pop("any", 0):
        raise bad_input(N_("Name one good for each “?” of the slots bought: {count}."),
                        count=calc.values["total"].get("any", 0))
    for good in chosen:
        total[good] = total.get(good, 0) + 1
    pay(s, p, 0, total)
    for slot in sorted(slots, reverse=True):
        del s.display[slot - 1]
    p.hand.extend(keys)
    return [*calc.rulings, *refill(b, s)]


def refill(b: Board, s: GameState) -> list[Ruling]:
    slots = b.box.fact("cards", "display")
    wanted = min(slots.value["slots"] - len(s.display), s.pile_size())
    if s.pile is not None:
        s.display.extend(s.pile[:wanted])
        del s.pile[:wanted]
    else:
        s.reveals = wanted
    return [Ruling(ref("concordia.market.refill", confirmed=confirmed_by(slots)),
                   N_("The display slides left and is refilled with {cards} from the draw "
                      "pile."),
                   {"cards": card_words(wanted)})]


def tribune(b: Board, s: GameState, who: int, entry: Tribune) -> list[Ruling]:
    p = s.players[who]
    calc = tribune_refund(b.box, len(p.discard))
    p.hand.extend(p.discard)
    p.discard.clear()
    earn(s, p, calc.values["sestertii"])
    rulings = list(calc.rulings)
    if entry.colonist is not None:
        rulings += _new_colonists(b, s, who, [(entry.colonist, ROMA)], "concordia.tribune.colonist")
    return rulings


def colonists(b: Board, s: GameState, who: int, entry: Colonist) -> list[Ruling]:
    p = s.players[who]
    if entry.cash and entry.place:
        raise bad_input(N_("The Colonist either places colonists or takes the cash, not "
                           "both."))
    if entry.cash:
        calc = colonist(b.box, len(p.colonists))
        earn(s, p, calc.values["income"])
        return list(calc.rulings[:1])
    return _new_colonists(b, s, who, list(entry.place), "concordia.colonist.place")


def _new_colonists(b: Board, s: GameState, who: int, place: list[tuple[str, str]],
                   rule_id: str) -> list[Ruling]:
    p = s.players[who]
    where = [(b.colonist(kind), b.city(city)) for kind, city in place]
    for _kind, city in where:
        allowed = city == ROMA or (rule_id == "concordia.colonist.place" and city in p.houses)
        if not allowed:
            raise violation(rule_id, N_("A new colonist goes to Roma or (Colonist card) to a "
                                        "city with the player's house, not {city}."),
                            city=Term(city))
    for kind in COLONIST_KINDS:
        wanted = sum(k == kind for k, _ in where)
        if wanted > p.stored[kind]:
            raise violation("concordia.pieces.colonists",
                            N_("{player} has {count} {kind} colonists left in the storehouse."),
                            player=p.name, count=p.stored[kind], kind=Term(kind))
    calc = colonist(b.box, len(p.colonists), len(where))
    pay(s, p, 0, calc.values["cost"])
    for kind, city in where:
        p.stored[kind] -= 1
        p.colonists.append((kind, (city,)))
    if not where:
        return [Ruling(ref(rule_id), N_("{player} places no colonist."), {"player": p.name})]
    return [*calc.rulings[1:], Ruling(ref(rule_id), N_("{player} places new colonists in "
                                                        "{cities}."),
                                      {"player": p.name, "cities": [Term(c) for _, c in where]})]


def specialist(b: Board, s: GameState, who: int, entry: Specialist) -> list[Ruling]:
    p = s.players[who]
    card = b.box.cards[entry.card]
    made = sum(b.setup.cities[c] == card.good for c in p.houses)
    rulings = [Ruling(ref("concordia.specialist.produce", confirmed=card.confirmed),
                      N_("{card}: {player}'s houses in {good} cities make {goods}."),
                      {"card": Term(card.name), "player": p.name, "good": Term(card.good or ""),
                       "goods": goods_words({card.good or "": made})})]
    return rulings + receive(b, s, who, {card.good or "": made})

