"""Setting up a game: city tokens, province markers, the card market and the seats.

The shuffles come from a seeded generator, so the same seed gives the same table; the group
lays the box out to match the checklist.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from referee import data
from referee.concordia.box import Box, GameMap
from referee.concordia.errors import ConcordiaRuleViolation
from referee.concordia.rulebook import bad_input, ref
from referee.data import Fact, confirmed_by
from referee.errors import InputErrors
from referee.i18n import N_
from referee.names import BadName, player_name
from referee.rulings import Ruling, Term
from referee.values import Value


class MarketCard(Value):
    card: str
    deck: str


class Seat(Value):
    name: str
    seat: int
    money: int
    storehouse_goods: dict[str, int]
    storehouse_colonists: dict[str, int]
    roma_colonists: dict[str, int]
    praefectus_magnus: bool


class Deal(Value):
    map_id: str
    seed: int
    seats: tuple[Seat, ...]
    cities: dict[str, str]
    markers: dict[str, str]
    display: tuple[MarketCard, ...]      # slot 1 (cheapest) first
    draw_pile: tuple[MarketCard, ...]    # top first
    unused_decks: tuple[str, ...]
    unused_letters: tuple[str, ...]
    rulings: tuple[Ruling, ...]

    def payload(self) -> dict:
        """What the session keeps, so later commands know each city's good."""
        return {
            "map": self.map_id, "seed": self.seed, "seats": [s.name for s in self.seats],
            "cities": self.cities, "markers": self.markers,
            "display": [c.card for c in self.display],
            "draw_pile": [c.card for c in self.draw_pile],
        }


def check_players(game_map: GameMap, names: Sequence[str]) -> list[str]:
    """The names as a game keeps them (the one naming rule: NFC, printable, a letter or
    digit), or every problem with them at once."""
    problems: list = []
    kept = []
    for raw in names:
        try:
            kept.append(player_name(raw))
        except BadName as error:
            problems.append(error)
            kept.append(raw)
    names = kept
    if not game_map.min_players <= len(names) <= game_map.max_players:
        problems.append(ConcordiaRuleViolation(
            N_("The {map} side is for {low}–{high} players, not {count}."),
            rule=ref("concordia.board.side"), map=Term(game_map.name),
            low=game_map.min_players, high=game_map.max_players, count=len(names)))
    if any(not n.strip() for n in names) or len(set(names)) != len(names):
        problems.append(bad_input(N_("Player names must be non-empty and different.")))
    if problems:
        raise InputErrors(problems)
    return names


def deal(box: Box, map_id: str, names: Sequence[str], seed: int,
         start_player: str | None = None) -> Deal:
    """``names`` in clockwise order; the start player is drawn unless given."""
    game_map = box.maps[map_id]
    names = check_players(game_map, names)
    rng = random.Random(seed)
    if start_player is not None and start_player not in names:
        raise bad_input(N_("The start player {name} is not one of the players."),
                        name=start_player)
    first = names.index(start_player) if start_player else rng.randrange(len(names))
    order = [*names[first:], *names[:first]]
    cities, token_facts = _city_tokens(box, game_map, rng)
    markers = province_markers(box, game_map, cities)
    display, pile, unused, market_facts = _market(box, len(names), rng)
    seats, seat_facts = _seats(box, order)
    letters = box.raw["tokens"]["city_tokens"]
    rulings = (
        Ruling(ref("concordia.setup.city_tokens", confirmed=confirmed_by(*token_facts)),
               N_("City tokens shuffled per letter and laid face up.")),
        Ruling(ref("concordia.setup.province_markers",
                   confirmed=box.fact("tokens", "province_markers", "rank").confirmed),
               N_("Each province marker shows the most valuable good of its cities.")),
        Ruling(ref("concordia.setup.market", confirmed=confirmed_by(*market_facts)),
               N_("Decks for {count} players; display dealt from deck I."), {"count": len(names)}),
        Ruling(ref("concordia.setup.seats", confirmed=confirmed_by(*seat_facts)),
               N_("Money and storehouse by seat; the last seat holds the Praefectus Magnus.")),
    )
    return Deal(map_id, seed, tuple(seats), cities, markers, tuple(display), tuple(pile),
                 tuple(unused), tuple(sorted(set(letters) - set(game_map.cities_by_letter()))),
                 rulings)


def province_markers(box: Box, game_map: GameMap, cities: Mapping[str, str]) -> dict[str, str]:
    """Province → the most valuable good among its cities (only provinces fully known)."""
    rank = box.fact("tokens", "province_markers", "rank").value
    markers = {}
    for province in game_map.provinces.values():
        goods = [cities[c] for c in province.cities if c in cities]
        if len(goods) == len(province.cities):
            markers[province.name] = min(goods, key=rank.index)
    return markers


def _city_tokens(box: Box, game_map: GameMap, rng: random.Random):
    cities: dict[str, str] = {}
    facts: list[Fact] = []
    for letter, names in game_map.cities_by_letter().items():
        fact = box.fact("tokens", "city_tokens", letter)
        facts.append(fact)
        tokens = [g for g in box.goods for _ in range(fact.value["mix"].get(g, 0))]
        if len(tokens) != len(names):
            raise bad_input(N_("The token mix for letter {letter} has {tokens} tokens, but the "
                               "{map} map has {cities} cities with that letter."),
                            letter=letter, tokens=len(tokens),
                            map=Term(game_map.name), cities=len(names))
        rng.shuffle(tokens)
        cities.update(zip(names, tokens, strict=True))
    return cities, facts


def _market(box: Box, players: int, rng: random.Random):
    decks = box.fact("cards", "decks", "by_players", str(players))
    order = box.fact("cards", "decks", "order").value
    piles = []
    for deck in decks.value:
        pile = [MarketCard(e.card, deck) for e in box.market if deck in e.decks]
        rng.shuffle(pile)
        piles.extend(pile)
    display = box.fact("cards", "display")
    slots = display.value["slots"]
    unused = [d for d in order if d not in decks.value]
    facts = [decks, display, *(data.is_confirmed(e.confidence) for e in box.market)]
    return piles[:slots], piles[slots:], unused, facts


def _seats(box: Box, order: list[str]):
    money = box.fact("economy", "starting_money")
    goods = box.fact("economy", "storehouse", "start_goods")
    stored = box.fact("economy", "storehouse", "start_colonists")
    roma = box.fact("economy", "storehouse", "start_in_roma")
    seats = [Seat(name, i + 1, money.value[i], dict(goods.value), dict(stored.value),
                  dict(roma.value), i == len(order) - 1) for i, name in enumerate(order)]
    return seats, [money, goods, stored, roma]
