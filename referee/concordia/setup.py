"""The setup of a guided game (the session header): seats, board side, cities, market.

It comes either from :func:`referee.concordia.deal.deal` (the tool shuffled, so it knows
the draw pile's order) or from what the group typed off the physical board (then the
table turns up each refill card and the pile's order stays unknown).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.concordia.box import ROMA, Box
from referee.concordia.deal import Deal, check_players
from referee.concordia.model import city_index, goods_index, map_index
from referee.concordia.rulebook import bad_input, violation
from referee.data import confirmed_by
from referee.errors import InputErrors, RefereeError
from referee.i18n import N_
from referee.rulings import Term
from referee.values import Value


class Setup(Value):
    map_id: str
    players: tuple[str, ...]  # seat order: the start player first, then clockwise
    cities: Mapping[str, str]  # every city of the map -> its good
    display: tuple[str, ...]  # market card keys ("id@deck"), slot 1 first
    draw_pile: tuple[str, ...] | None  # top first; None when only the table knows it
    seed: int | None = None

    @property
    def start_player(self) -> str:
        return self.players[0]

    @property
    def edition(self) -> str:
        """The board side: the only rules difference between Concordia tables."""
        return self.map_id

    def to_json(self) -> dict[str, Any]:
        return {"map": self.map_id, "players": list(self.players), "cities": dict(self.cities),
                "display": list(self.display),
                "draw_pile": None if self.draw_pile is None else list(self.draw_pile),
                "seed": self.seed}

    @classmethod
    def from_deal(cls, dealt: Deal) -> Setup:
        return cls(dealt.map_id, tuple(s.name for s in dealt.seats), dict(dealt.cities),
                   tuple(f"{c.card}@{c.deck}" for c in dealt.display),
                   tuple(f"{c.card}@{c.deck}" for c in dealt.draw_pile), dealt.seed)

    @classmethod
    def from_json(cls, raw: Any, box: Box) -> Setup:
        """Check a typed setup; every problem is reported at once."""
        if not isinstance(raw, Mapping):
            raise bad_input(N_("The setup must be a JSON object with map, players, cities "
                               "and display."))
        key = map_index(box).find(str(raw.get("map", "")))
        if key is None:
            raise bad_input(N_("“map” must be one of {maps}, not {text!r}."),
                            maps=", ".join(box.maps), text=raw.get("map"))
        names = raw.get("players")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise bad_input(N_("“players” must be a list of names in seat order."))
        check_players(box.maps[key], names)
        problems: list[RefereeError] = []
        cities = _cities(raw.get("cities"), box, key, problems)
        display = _keys(raw.get("display"), box, problems)
        pile = raw.get("draw_pile")
        pile = None if pile is None else _keys(pile, box, problems)
        seed = raw.get("seed")
        setup = cls(key, tuple(names), cities, tuple(display),
                    None if pile is None else tuple(pile),
                    seed if isinstance(seed, int) else None)
        if not problems:
            _check_market(setup, box, problems)
        if problems:
            raise InputErrors(problems)
        return setup

    def decks(self, box: Box) -> list[str]:
        return list(box.fact("cards", "decks", "by_players", str(len(self.players))).value)

    def unseen(self, box: Box) -> dict[str, list[str]]:
        """Deck -> the card ids in it not on the display (all of them but deck I's seven)."""
        left = Counter(self.display)
        found: dict[str, list[str]] = {}
        for deck in self.decks(box):
            cards = []
            for entry in box.market:
                if deck in entry.decks:
                    key = f"{entry.card}@{deck}"
                    if left[key]:
                        left[key] -= 1
                    else:
                        cards.append(entry.card)
            found[deck] = sorted(cards)
        return found


def _cities(raw: Any, box: Box, map_id: str, problems: list) -> dict[str, str]:
    game_map = box.maps[map_id]
    if not isinstance(raw, Mapping):
        problems.append(bad_input(N_("“cities” must map each city name to its good.")))
        return {}
    cities, goods = city_index(game_map), goods_index(box)
    found: dict[str, str] = {}
    for text, good_text in raw.items():
        city = cities.find(str(text))
        good = goods.find(good_text) if isinstance(good_text, str) else None
        if city is None or city == ROMA or good is None:
            problems.append(bad_input(N_("Not a city and its good of the {map} map: {city} = "
                                         "{good}."), map=Term(game_map.name),
                                      city=text, good=good_text))
        else:
            found[city] = good
    missing = sorted(set(game_map.cities) - set(found))
    if missing:
        problems.append(violation("concordia.setup.city_tokens",
                                  N_("Every city gets a token: the good of {cities} is missing."),
                                  cities=", ".join(missing)))
    return found


def _keys(raw: Any, box: Box, problems: list) -> list[str]:
    """Market cards as ``id@deck``; a bare id means deck I, where the display comes from."""
    if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
        problems.append(bad_input(N_("The display and the draw pile are lists of cards.")))
        return []
    keys = []
    for text in raw:
        card, _, deck = text.partition("@")
        if card not in box.cards:
            problems.append(bad_input(N_("Unknown card “{text}”."), text=text))
        keys.append(f"{card}@{deck or 'I'}")
    return keys


def _check_market(setup: Setup, box: Box, problems: list) -> None:
    slots = box.fact("cards", "display")
    decks = box.fact("cards", "decks")
    confirmed = confirmed_by(slots, decks)
    sold = Counter(f"{e.card}@{d}" for e in box.market for d in e.decks
                   if d in setup.decks(box))
    shown = Counter(setup.display)
    if len(setup.display) != slots.value["slots"] or any(not k.endswith("@I") for k in shown):
        problems.append(violation("concordia.setup.market",
                                  N_("The display starts with {slots} cards from deck I."),
                                  confirmed=confirmed, slots=slots.value["slots"]))
    elif shown - sold:
        problems.append(violation("concordia.setup.market",
                                  N_("Deck I does not hold these display cards: {cards}."),
                                  confirmed=confirmed, cards=", ".join(sorted(shown - sold))))
    if setup.draw_pile is not None and Counter(setup.draw_pile) + shown != sold:
        problems.append(violation("concordia.setup.market",
                                  N_("The display and the draw pile must be the decks for "
                                     "{count} players exactly."),
                                  confirmed=confirmed, count=len(setup.players)))
