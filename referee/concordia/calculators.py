"""Calculators for questions during play: each returns numbers and the rulings that explain them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee import data
from referee.concordia.box import Box
from referee.concordia.rulebook import bad_input, ref, violation
from referee.concordia.wording import cards, goods, plural, sestertii
from referee.data import confirmed_by
from referee.i18n import N_
from referee.rulings import Ruling, Term
from referee.values import Value


class Calculation(Value):
    values: dict[str, Any]
    rulings: tuple[Ruling, ...]


def _add(*bundles: Mapping[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for bundle in bundles:
        for good, n in bundle.items():
            total[good] = total.get(good, 0) + n
    return {g: n for g, n in total.items() if n}


def house_cost(box: Box, good: str, existing: int) -> Calculation:
    """Goods are fixed per city; the money is the city's rate × houses there with the new one."""
    house = box.fact("economy", "house")
    most = max(m.max_players for m in box.maps.values()) - 1
    if not 0 <= existing <= most:
        raise violation("concordia.architect.one_house_per_city",
                        N_("A city holds at most one house per player, so {most} at most "
                           "before yours, not {existing}."), most=most, existing=existing)
    rates = house.value["money"]
    paid = (dict(house.value["brick_city_goods"]) if good == "brick"
            else _add(house.value["other_city_goods"], {good: 1}))
    money = rates[good] * (existing + 1)
    ruling = Ruling(ref("concordia.architect.house_cost", confirmed=confirmed_by(house)),
                    N_("A house in a {good} city with {houses} already costs {goods} and "
                       "{rate} × {count} = {money}."),
                    {"good": Term(good), "houses": plural("{n} house", "{n} houses", existing),
                     "goods": goods(paid), "rate": rates[good], "count": existing + 1,
                     "money": sestertii(money)})
    return Calculation({"good": good, "existing": existing, "goods": paid, "sestertii": money},
                       (ruling,))


def card_cost(box: Box, purchases: Sequence[tuple[str, int | None, str | None]],
              senator: bool) -> Calculation:
    """``purchases`` = (card id, display slot, deck or None). The Senator buys up to 2 cards,
    each at its printed price plus its slot's extra goods; the Consul 1 card at its price."""
    limit = 2 if senator else 1
    if not 1 <= len(purchases) <= limit:
        raise bad_input(N_("The {card} buys 1 to {limit} cards, not {count}."),
                        card=Term("Senator" if senator else "Consul"), limit=limit,
                        count=len(purchases))
    slots = [slot for _, slot, _ in purchases]
    if senator and (None in slots or len(set(slots)) != len(slots)):
        raise bad_input(N_("With the Senator give each card's display slot (1–7), each once."))
    items, rulings = [], []
    for card, slot, deck in purchases:
        printed, entry_fact = _printed_cost(box, card, deck)
        extra = _surcharge(box, slot) if senator else None
        cost = _add(printed, extra.value if extra else {})
        items.append({"card": card, "slot": slot, "printed": printed,
                      "surcharge": extra.value if extra else {}, "total": cost})
        if extra is not None:
            rulings.append(Ruling(ref("concordia.senator.cost", confirmed=confirmed_by(entry_fact,
                                                                                       extra)),
                                  N_("{card} in slot {slot}: {printed} + slot {extra}.")
                                  if extra.value else
                                  N_("{card} in slot {slot}: {printed}, no extra goods."),
                                  {"card": Term(box.cards[card].name), "slot": slot,
                                   "printed": goods(printed), "extra": goods(extra.value)}))
        else:
            rulings.append(Ruling(ref("concordia.consul.cost", confirmed=confirmed_by(entry_fact)),
                                  N_("{card}: {printed}; the Consul ignores the slot's extra "
                                     "goods."),
                                  {"card": Term(box.cards[card].name), "printed": goods(printed)}))
    total = _add(*(i["total"] for i in items))
    return Calculation({"action": "senator" if senator else "consul", "cards": items,
                        "total": total}, tuple(rulings))


def _printed_cost(box: Box, card: str, deck: str | None):
    entries = [e for e in box.market if e.card == card]
    name = Term(box.cards[card].name)
    if not entries:
        raise bad_input(N_("{card} is a starting card and is not sold."), card=name)
    if deck is not None and len({tuple(sorted(e.cost.items())) for e in entries}) > 1:
        # Only cards whose copies cost different goods need their deck.
        entries = [e for e in entries if deck in e.decks]
    costs = {tuple(sorted(e.cost.items())) for e in entries}
    if not entries:
        raise bad_input(N_("No {card} is in deck {deck}."), card=name, deck=deck)
    if len(costs) > 1:
        decks = [f"{'/'.join(e.decks)}: {', '.join(e.cost)}" for e in entries]
        raise bad_input(N_("{card} costs differ by deck ({decks}); name the deck."),
                        card=name, decks="; ".join(decks))
    confirmed = all(data.is_confirmed(e.confidence) for e in entries)
    return dict(entries[0].cost), confirmed


def _surcharge(box: Box, slot: int | None):
    table = box.raw["cards"]["senator_surcharge"]
    if str(slot) not in table:
        raise bad_input(N_("The display has slots 1 to {slots}, not {slot}."),
                        slots=len(table), slot=slot)
    return box.fact("cards", "senator_surcharge", str(slot))


def trade(box: Box, storehouse: Mapping[str, int], colonists_on_board: int, money: int,
          sell: Mapping[str, int], buy: Mapping[str, int], bought_card: bool) -> Calculation:
    """Mercator: income first, then the sales, then the purchases (which the sales can pay for
    and make room for), in at most two different kinds of goods."""
    rule = "concordia.mercator.trade"
    income = box.fact("cards", "mercator_income")
    prices = {g: box.fact("economy", "prices", g) for g in box.goods}
    cells = box.fact("economy", "storehouse", "cells")
    colonists = box.fact("economy", "colonists", "per_player").value
    sell, buy = {g: n for g, n in sell.items() if n}, {g: n for g, n in buy.items() if n}
    kinds = set(sell) | set(buy)
    if len(kinds) > 2 or set(sell) & set(buy):
        raise violation(rule, N_("A Mercator trades in at most two different kinds of goods, "
                                 "and never buys and sells the same one."))
    short = [g for g, n in sell.items() if n > storehouse.get(g, 0)]
    if short:
        raise violation(rule, N_("Cannot sell more {goods} than the storehouse holds."),
                        goods=[Term(g) for g in short])
    stored_colonists = colonists - colonists_on_board
    if sum(storehouse.values()) + stored_colonists > cells.value:
        raise violation("concordia.storehouse.capacity",
                        N_("{goods} goods and {colonists} colonists do not fit in {cells} "
                           "storehouse cells."), confirmed=cells.confirmed,
                        goods=sum(storehouse.values()), colonists=stored_colonists,
                        cells=cells.value)
    after_sale = _add(storehouse, {g: -n for g, n in sell.items()})
    free = cells.value - stored_colonists - sum(after_sale.values())
    if sum(buy.values()) > free:
        raise violation("concordia.storehouse.capacity",
                        N_("After the sales the storehouse has {free}, too few for {count}."),
                        confirmed=cells.confirmed,
                        free=plural("{n} free cell", "{n} free cells", free),
                        count=plural("{n} good", "{n} goods", sum(buy.values())))
    gain = income.value["market" if bought_card else "starting"]
    sales = sum(prices[g].value * n for g, n in sell.items())
    cost = sum(prices[g].value * n for g, n in buy.items())
    if money + gain + sales < cost:
        raise violation(rule, N_("The purchases cost {cost}, but only {money} are at hand."),
                        cost=sestertii(cost), money=sestertii(money + gain + sales))
    after = _add(after_sale, buy)
    left = money + gain + sales - cost
    facts = [income, *(prices[g] for g in kinds)]
    ruling = Ruling(ref(rule, confirmed=confirmed_by(*facts)),
                    N_("+{income} from the Mercator; sold {sold} for {sales}; bought {bought} "
                       "for {cost}: {money} left, {free}."),
                    {"income": gain, "sold": goods(sell), "sales": sales, "bought": goods(buy),
                     "cost": cost, "money": sestertii(left),
                     "free": plural("{n} free cell", "{n} free cells", free - sum(buy.values()))})
    return Calculation({"income": gain, "sales": sales, "purchases": cost, "sestertii": left,
                        "storehouse": after, "free_cells": free - sum(buy.values())}, (ruling,))


def tribune_refund(box: Box, taken_back: int) -> Calculation:
    rule = box.fact("economy", "tribune")
    if taken_back < 1:
        raise bad_input(N_("The Tribune itself is always taken back, so the count is at least "
                           "1."))
    refund = max(0, taken_back - rule.value["free_cards"]) * rule.value["refund_per_card"]
    ruling = Ruling(ref("concordia.tribune.refund", confirmed=confirmed_by(rule)),
                    N_("{cards} taken back, the Tribune included; the first {free} pay nothing: "
                       "{money}."),
                    {"cards": cards(taken_back), "free": rule.value["free_cards"],
                     "money": sestertii(refund)})
    return Calculation({"taken_back": taken_back, "sestertii": refund}, (ruling,))


def colonist(box: Box, on_board: int, new: int = 0) -> Calculation:
    """Option (b) income, and option (a) cost and room for ``new`` colonists."""
    rule = box.fact("economy", "colonists")
    limit = rule.value["per_player"]
    if on_board + new > limit:
        raise violation("concordia.pieces.colonists",
                        N_("A player has {limit} colonists; {on_board} on the board and {new} "
                           "new would make {count}."), confirmed=confirmed_by(rule), limit=limit,
                        on_board=on_board, new=new, count=on_board + new)
    income = rule.value["income_base"] + rule.value["income_per_colonist"] * on_board
    cost = {g: n * new for g, n in rule.value["new_cost"].items()}
    rulings = [Ruling(ref("concordia.colonist.income", confirmed=confirmed_by(rule)),
                      N_("Income option: {base} + {per} × {colonists} = {money}."),
                      {"base": rule.value["income_base"], "per": rule.value["income_per_colonist"],
                       "colonists": plural("{n} colonist", "{n} colonists", on_board),
                       "money": sestertii(income)})]
    if new:
        rulings.append(Ruling(ref("concordia.colonist.place", confirmed=confirmed_by(rule)),
                              N_("{colonists} for Roma or cities with the player's house: "
                                 "{goods}."),
                              {"colonists": plural("{n} new colonist", "{n} new colonists", new),
                               "goods": goods(cost)}))
    return Calculation({"income": income, "new": new, "cost": cost}, tuple(rulings))


def vesta(box: Box, money: int, storehouse: Mapping[str, int]) -> Calculation:
    prices = {g: box.fact("economy", "prices", g) for g, n in storehouse.items() if n}
    value = sum(prices[g].value * n for g, n in storehouse.items() if n)
    step = box.god("vesta")["sestertii_per_point"]
    points = (money + value) // step
    ruling = Ruling(ref("concordia.score.vesta", confirmed=confirmed_by(*prices.values())),
                    N_("{cash} in cash + {value} in goods = {wealth}: {points} per Vesta card."),
                    {"cash": money, "value": value, "wealth": sestertii(money + value),
                     "points": points})
    return Calculation({"wealth": money + value, "goods_value": value,
                        "points_per_card": points}, (ruling,))


def interim(box: Box, scores: Mapping[str, int]) -> Calculation:
    """The best interim score wins the first prize, the next the second; equal scores share.
    After a tie for first, is the next score second (dense) or third (competition)? The
    rulebook does not say; the data file chooses, and the ruling says when it mattered."""
    prizes = box.fact("economy", "interim", "money")
    ties = box.fact("economy", "interim", "ties")
    levels = sorted(set(scores.values()), reverse=True)

    def prize(score: int, dense: bool) -> int:
        place = (levels.index(score) if dense
                 else sum(1 for s in scores.values() if s > score))
        return prizes.value[place] if place < len(prizes.value) else 0

    money = {name: prize(s, ties.value == "dense") for name, s in scores.items()}
    mattered = any(prize(s, True) != prize(s, False) for s in scores.values())
    facts = (prizes, ties) if mattered else (prizes,)
    ruling = Ruling(ref("concordia.interim.compare", confirmed=confirmed_by(*facts)),
                    N_("Interim prizes: {awards}."),
                    {"awards": [f"{name} +{n}" for name, n in money.items() if n]})
    return Calculation({"scores": dict(scores), "sestertii": money, "ties": ties.value},
                       (ruling,))
