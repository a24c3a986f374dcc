"""Reading a game for scoring from JSON-like data, reporting every problem at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.concordia.box import ROMA, Box, GameMap
from referee.concordia.model import (
    GameInput,
    PlayerInput,
    card_index,
    city_index,
    goods_index,
    map_index,
)
from referee.concordia.parsing import (
    UNKNOWN_CITY,
    UNKNOWN_PLAYER_CARD,
    UNKNOWN_PLAYER_CITY,
    Problems,
    goods_list,
    parse_goods,
    whole,
)
from referee.concordia.rulebook import bad_input
from referee.i18n import N_
from referee.names import BadName, player_name
from referee.rulings import Plural, Term

TOP_FIELDS = {"map", "cities", "players"}
PLAYER_FIELDS = {"name", "cards", "houses", "colonists_on_board", "sestertii", "storehouse",
                 "concordia", "praefectus_magnus", "seat"}


def parse_game(raw: Any, box: Box, known_cities: Mapping[str, str] | None = None) -> GameInput:
    """A validated game; ``known_cities`` (from a saved setup) is completed by ``raw["cities"]``."""
    game, problems = read_game(raw, box, known_cities)
    problems.raise_if_any()
    assert game is not None
    return game


def read_game(raw: Any, box: Box, known_cities: Mapping[str, str] | None = None,
              ) -> tuple[GameInput | None, Problems]:
    """The game and every problem found reading it. The game is there whenever the input
    could be read, even if it breaks rules (``referee.irregular`` may score it then)."""
    if not isinstance(raw, dict):
        raise bad_input(N_("The input must be a JSON object with map, cities and players."))
    problems = Problems()
    for key in sorted(set(raw) - TOP_FIELDS):
        problems.input(N_("Unknown field “{field}”; expected map, cities and players."),
                       field=key)
    game_map = parse_map(raw.get("map"), box, problems)
    cities = dict(known_cities or {})
    players: list[PlayerInput] = []
    if game_map is not None:
        cities.update(parse_cities(raw.get("cities", {}), game_map, box, problems))
        check_tokens(cities, game_map, box, problems)
        entries = raw.get("players")
        if not isinstance(entries, list) or not entries:
            problems.input(N_("“players” must be a non-empty list."))
        else:
            players = [p for i, entry in enumerate(entries)
                       if (p := _player(i, entry, game_map, box, problems)) is not None]
            if len(players) == len(entries):
                _check_table(players, game_map, cities, box, problems)
    if game_map is None or problems.unreadable():
        return None, problems
    return GameInput(game_map.id, cities, tuple(players)), problems


def parse_map(value: Any, box: Box, problems: Problems) -> GameMap | None:
    key = map_index(box).find(value) if isinstance(value, str) else None
    if key is None:
        problems.input(N_("“map” must be one of {maps}, not {text!r}."),
                       maps=", ".join(box.maps), text=value)
        return None
    return box.maps[key]


def parse_cities(value: Any, game_map: GameMap, box: Box, problems: Problems) -> dict[str, str]:
    if not isinstance(value, dict):
        problems.input(N_("“cities” must map each city name to its good."))
        return {}
    cities, goods = city_index(game_map), goods_index(box)
    found = {}
    for text, good_text in value.items():
        city = cities.find(text)
        good = goods.find(good_text) if isinstance(good_text, str) else None
        if city is None:
            problems.unknown(cities, text, UNKNOWN_CITY, map=Term(game_map.name))
        elif city == ROMA:
            problems.input(N_("Roma has no city token and produces no good."))
        if good is None:
            problems.input(N_("{city}: unknown good {good!r}; the goods are {goods}."),
                           city=text, good=good_text, goods=goods_list(box))
        if city not in (None, ROMA) and good is not None:
            found[city] = good
    return found


def check_tokens(cities: Mapping[str, str], game_map: GameMap, box: Box,
                 problems: Problems) -> None:
    """Each city's good comes from a token of the city's letter: no more cities of a letter
    make a good than that letter has tokens of it (letter A, for instance, has one cloth)."""
    made: Counter[tuple[str, str]] = Counter(
        (game_map.cities[city].letter, good) for city, good in cities.items()
        if city in game_map.cities)
    for (letter, good), count in sorted(made.items()):
        fact = box.fact("tokens", "city_tokens", letter)
        tokens = fact.value["mix"].get(good, 0)
        if count > tokens:
            names = sorted(c for c, g in cities.items() if g == good
                           and c in game_map.cities and game_map.cities[c].letter == letter)
            problems.rule("concordia.setup.city_tokens", (fact,),
                          N_("{count} cities of letter {letter} make {good} ({cities}), but "
                             "letter {letter} has {tokens} for {good}."),
                          count=count, letter=letter, good=Term(good),
                          tokens=Plural(tokens, "{n} city token", "{n} city tokens"),
                          cities=[Term(c) for c in names])


def _player(i: int, entry: Any, game_map: GameMap, box: Box,
            problems: Problems) -> PlayerInput | None:
    who = f"#{i + 1}"
    if not isinstance(entry, dict):
        problems.input(N_("Player {who} must be a JSON object."), who=who)
        return None
    name = entry.get("name")
    if isinstance(name, str) and name.strip():
        who = name = name.strip()
        try:
            who = name = player_name(name)
        except BadName as error:
            problems.items.append(error)
    else:
        problems.input(N_("Player {who} needs a name."), who=who)
    for key in sorted(set(entry) - PLAYER_FIELDS):
        problems.input(N_("{who}: unknown field “{field}”."), who=who, field=key)
    for key in ("cards", "houses", "colonists_on_board", "sestertii"):
        if key not in entry:
            problems.input(N_("{who}: “{field}” is missing."), who=who, field=key)
    colonists = whole(entry.get("colonists_on_board", 0), who, "colonists_on_board", problems)
    limit = box.fact("economy", "colonists", "per_player")
    if colonists is not None and colonists > limit.value:
        problems.rule("concordia.pieces.colonists", (limit,),
                      N_("{who}: {count} colonists on the board, but a player has only {limit}."),
                      who=who, count=colonists, limit=limit.value)
    storehouse = parse_goods(entry.get("storehouse", {}), who, box, problems)
    if colonists is not None and colonists <= limit.value:
        _check_storehouse(who, storehouse, limit.value - colonists, box, problems)
    flags = {}
    for key in ("concordia", "praefectus_magnus"):
        flags[key] = entry.get(key, False)
        if not isinstance(flags[key], bool):
            problems.input(N_("{who}: “{field}” must be true or false."), who=who, field=key)
    seat = entry.get("seat", i + 1)
    if isinstance(seat, bool) or not isinstance(seat, int):
        problems.input(N_("{who}: “seat” must be a whole number (1 = start player)."), who=who)
    return PlayerInput(
        name=name if isinstance(name, str) else who,
        cards=_cards(entry.get("cards", []), who, box, problems),
        houses=_houses(entry.get("houses", []), who, game_map, box, problems),
        colonists_on_board=colonists or 0,
        sestertii=whole(entry.get("sestertii", 0), who, "sestertii", problems) or 0,
        storehouse=storehouse,
        concordia=flags["concordia"] is True,
        praefectus_magnus=flags["praefectus_magnus"] is True,
        seat=seat if isinstance(seat, int) else i + 1,
    )


def _check_storehouse(who: str, goods: dict[str, int], colonists_stored: int, box: Box,
                      problems: Problems) -> None:
    cells = box.fact("economy", "storehouse", "cells")
    if sum(goods.values()) + colonists_stored > cells.value:
        problems.rule("concordia.storehouse.capacity", (cells,),
                      N_("{who}: {goods} goods and {colonists} colonists do not fit in "
                         "{cells} storehouse cells."),
                      who=who, goods=sum(goods.values()), colonists=colonists_stored,
                      cells=cells.value)


def _cards(value: Any, who: str, box: Box, problems: Problems) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.input(N_("{who}: “cards” must be a list of card names."), who=who)
        return ()
    index, found = card_index(box), []
    for text in value:
        card = index.find(text)
        if card is None:
            problems.unknown(index, text, UNKNOWN_PLAYER_CARD, who=who)
        else:
            found.append(card)
    return tuple(found)


def _houses(value: Any, who: str, game_map: GameMap, box: Box,
            problems: Problems) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.input(N_("{who}: “houses” must be a list of city names."), who=who)
        return ()
    index, found = city_index(game_map), []
    for text in value:
        city = index.find(text)
        if city is None:
            problems.unknown(index, text, UNKNOWN_PLAYER_CITY, who=who, map=Term(game_map.name))
        elif city == ROMA:
            problems.rule("concordia.architect.no_house_in_roma", (),
                          N_("{who}: nobody can build a house in Roma."), who=who)
        elif city in found:
            problems.rule("concordia.architect.one_house_per_city", (),
                          N_("{who}: two houses in {city}; a player builds at most one per "
                             "city."), who=who, city=Term(city))
        else:
            found.append(city)
    limit = box.fact("economy", "house", "per_player")
    if len(found) > limit.value:
        problems.rule("concordia.pieces.houses", (limit,),
                      N_("{who}: {count} houses, but a player has only {limit}."),
                      who=who, count=len(found), limit=limit.value)
    return tuple(found)


def _check_table(players: list[PlayerInput], game_map: GameMap, cities: Mapping[str, str],
                 box: Box, problems: Problems) -> None:
    """Checks across players: count, names, seats, cards in the box, one-off cards, goods."""
    n = len(players)
    if not game_map.min_players <= n <= game_map.max_players:
        problems.rule("concordia.board.side", (game_map.confidence == "RULEBOOK",),
                      N_("The {map} side is for {low}–{high} players, not {count}."),
                      map=Term(game_map.name), low=game_map.min_players, high=game_map.max_players,
                      count=n)
    for name, count in Counter(p.name for p in players).items():
        if count > 1:
            problems.input(N_("Two players are called {name}."), name=name)
    if sorted(p.seat for p in players) != list(range(1, n + 1)):
        problems.input(N_("The seats must be 1 to {count}, each once."), count=n)
    for flag, rule_id, message in (
            ("concordia", "concordia.score.concordia_card",
             N_("Only one player can hold the Concordia card, not {names}.")),
            ("praefectus_magnus", "concordia.praefectus_magnus.holder",
             N_("Only one player can hold the Praefectus Magnus, not {names}."))):
        holders = [p.name for p in players if getattr(p, flag)]
        if len(holders) > 1:
            problems.rule(rule_id, (), message, names=", ".join(holders))
    if 2 <= n <= 5:
        _check_cards(players, box, problems)
    missing = sorted({c for p in players for c in p.houses if c not in cities})
    if missing:
        problems.input(N_("No good is known for {cities}: add them under “cities” or load the "
                          "game's session."), cities=[Term(c) for c in missing])


def _check_cards(players: list[PlayerInput], box: Box, problems: Problems) -> None:
    on_sale = box.market_copies(len(players))
    decks = box.fact("cards", "decks")
    bought: Counter[str] = Counter()
    for player in players:
        held = Counter(player.cards)
        lacking = [Term(box.cards[c].name) for c in box.cards
                   if held[c] < box.cards[c].starting]
        if lacking:
            problems.input(N_("{who} lacks starting cards ({cards}); list every card the player "
                              "owns, the 7 starting cards included."),
                           who=player.name, cards=lacking)
        for card, count in held.items():
            extra = count - box.cards[card].starting
            if extra > 0 and on_sale.get(card, 0) == 0:
                _not_for_sale(player, card, count, len(players), box, problems)
            elif extra > 0:
                bought[card] += extra
    for card, count in sorted(bought.items()):
        if count > on_sale[card]:
            problems.rule("concordia.cards.copies", (decks, box.cards[card].confirmed),
                          N_("The players bought {count} × {card}, but the decks for {players} "
                             "players hold {available}."),
                          count=count, card=Term(box.cards[card].name), players=len(players),
                          available=on_sale[card])


def _not_for_sale(player: PlayerInput, card: str, count: int, players: int, box: Box,
                  problems: Problems) -> None:
    """More copies than the starting hand of a card the decks in play do not sell."""
    facts = (box.fact("cards", "decks"), box.cards[card].confirmed)
    name = box.cards[card].name
    if box.cards[card].starting == 0:
        problems.rule("concordia.cards.copies", facts,
                      N_("{who} holds {card}, but the decks for {players} players do not "
                         "include it."), who=player.name, card=Term(name), players=players)
        return
    # A bought Diplomat has its own god, so it is entered as "Diplomat (Saturnus)" etc.
    variants = [Term(c.name) for c in box.cards.values() if c.name.startswith(name + " (")]
    params = dict(who=player.name, card=Term(name), count=count,
                  starting=box.cards[card].starting)
    if variants:
        problems.rule("concordia.cards.copies", facts,
                      N_("{who} lists {card} {count} times, but a player starts with "
                         "{starting}; a bought one is named by its god: {variants}."),
                      variants=variants, **params)
    else:
        problems.rule("concordia.cards.copies", facts,
                      N_("{who} lists {card} {count} times, but a player starts with "
                         "{starting} and none are for sale."), **params)
