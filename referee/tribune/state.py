"""The public game state: plain data, serialisable, with a cheap fingerprint.

Card knowledge: a :class:`Pile` holds the cards the referee knows plus a count of
cards it does not know (table mode: face-down cards, hands, the shuffled deck).
In virtual mode every pile is fully known and the deck's order is its list order
(top = last). Counts are always exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.tribune.cards import FACTIONS, Card, Faction, codes, parse_cards
from referee.values import Mutable, field


class Pile(Mutable):
    cards: list[Card] = field(default_factory=list)  # known cards
    unknown: int = 0

    def __len__(self) -> int:
        return len(self.cards) + self.unknown

    def to_json(self) -> dict[str, Any]:
        return {"cards": codes(self.cards), "unknown": self.unknown}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Pile:
        return cls(list(parse_cards(raw["cards"])), raw["unknown"])


class Slot(Mutable):
    """A card on the board; ``card`` is None while nobody has entered what it is."""

    card: Card | None
    face_up: bool

    def to_json(self) -> list[Any]:
        return [self.card.code if self.card else None, self.face_up]

    @classmethod
    def from_json(cls, raw: Sequence[Any]) -> Slot:
        code, face_up = raw
        return cls(None if code is None else parse_cards([code])[0], face_up)


class PlayerState(Mutable):
    name: str
    money: int = 0
    hand: Pile = field(default_factory=Pile)
    laurels: int = 0
    legions: int = 0
    markers: list[Faction] = field(default_factory=list)
    tile: str | None = None  # None, "scroll" or "tribune" (one double-sided tile)
    eternal: bool = False
    followers: int = 0  # figures for Phase 2 each round

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "money": self.money, "hand": self.hand.to_json(),
                "laurels": self.laurels, "legions": self.legions,
                "markers": [f.value for f in self.markers], "tile": self.tile,
                "eternal": self.eternal, "followers": self.followers}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> PlayerState:
        return cls(raw["name"], raw["money"], Pile.from_json(raw["hand"]), raw["laurels"],
                   raw["legions"], [Faction(f) for f in raw["markers"]], raw["tile"],
                   raw["eternal"], raw["followers"])


class GameState(Mutable):
    players: list[PlayerState]
    deck: Pile
    discard: Pile = field(default_factory=Pile)
    #: region -> card fields -> cards on that field, in board order
    board: dict[str, list[list[Slot]]] = field(default_factory=dict)
    #: follower space -> seats on it (the bowl and the Field of Mars hold several)
    spaces: dict[str, list[int]] = field(default_factory=dict)
    to_place: list[int] = field(default_factory=list)  # figures left to place, per seat
    controllers: dict[Faction, int] = field(default_factory=dict)
    sets: dict[Faction, list[Card]] = field(default_factory=dict)
    contested: dict[int, list[Card]] = field(default_factory=dict)  # sets played, not settled
    bank: int = 0  # net: the bank is an unlimited supply, so it starts at 0 and may go below
    colosseum: int = 0
    field_laurels: list[Faction] = field(default_factory=lambda: list(FACTIONS))
    temporary: int | None = None  # seat holding the one Temporary Favor tile
    proconsul: int | None = None
    chariot: Faction | None = None  # blocked faction for the current round
    start: int = 0
    round: int = 1
    phase: int = 0  # 0 = setup, 1..6, 7 = game over
    bowl_figures: int = 0
    cesura_armed: bool = True  # a card reached the discard pile since the last cesura magna
    draw_halted: bool = False  # no more draws this phase (box setting cesura_continue off)
    announced: list[int] = field(default_factory=list)  # seats, in order of announcement
    first: list[int] = field(default_factory=list)  # first to meet the victory card

    def in_play(self, supply: str) -> int:
        """How much of a box supply is out of the box: laurels (on the faction fields
        too), legions, money (the Colosseum too)."""
        if supply == "laurels":
            return sum(p.laurels for p in self.players) + len(self.field_laurels)
        if supply == "legions":
            return sum(p.legions for p in self.players)
        return sum(p.money for p in self.players) + self.colosseum

    def board_cards(self) -> int:
        return sum(len(f) for fields in self.board.values() for f in fields)

    def card_total(self) -> int:
        return (len(self.deck) + len(self.discard) + self.board_cards()
                + sum(len(p.hand) for p in self.players)
                + sum(len(s) for s in self.sets.values())
                + sum(len(s) for s in self.contested.values()))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players],
            "deck": self.deck.to_json(), "discard": self.discard.to_json(),
            "board": {r: [[s.to_json() for s in f] for f in fields]
                      for r, fields in self.board.items()},
            "spaces": {k: list(v) for k, v in self.spaces.items()},
            "to_place": list(self.to_place),
            "controllers": {f.value: s for f, s in self.controllers.items()},
            "sets": {f.value: codes(c) for f, c in self.sets.items()},
            "contested": {str(k): codes(v) for k, v in self.contested.items()},
            "bank": self.bank, "colosseum": self.colosseum,
            "field_laurels": [f.value for f in self.field_laurels],
            "temporary": self.temporary, "proconsul": self.proconsul,
            "chariot": self.chariot.value if self.chariot else None,
            "start": self.start, "round": self.round, "phase": self.phase,
            "bowl_figures": self.bowl_figures, "cesura_armed": self.cesura_armed,
            "draw_halted": self.draw_halted,
            "announced": list(self.announced), "first": list(self.first),
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> GameState:
        """The state ``to_json`` wrote (a checkpoint of the table's view, never an input)."""
        def faction(value: str | None) -> Faction | None:
            return None if value is None else Faction(value)

        return cls(
            players=[PlayerState.from_json(p) for p in raw["players"]],
            deck=Pile.from_json(raw["deck"]), discard=Pile.from_json(raw["discard"]),
            board={r: [[Slot.from_json(s) for s in f] for f in fields]
                   for r, fields in raw["board"].items()},
            spaces={k: list(v) for k, v in raw["spaces"].items()},
            to_place=list(raw["to_place"]),
            controllers={Faction(f): s for f, s in raw["controllers"].items()},
            sets={Faction(f): list(parse_cards(c)) for f, c in raw["sets"].items()},
            contested={int(k): list(parse_cards(v)) for k, v in raw["contested"].items()},
            bank=raw["bank"], colosseum=raw["colosseum"],
            field_laurels=[Faction(f) for f in raw["field_laurels"]],
            temporary=raw["temporary"], proconsul=raw["proconsul"],
            chariot=faction(raw["chariot"]), start=raw["start"], round=raw["round"],
            phase=raw["phase"], bowl_figures=raw["bowl_figures"],
            cesura_armed=raw["cesura_armed"], draw_halted=raw["draw_halted"],
            announced=list(raw["announced"]), first=list(raw["first"]))

    def fingerprint(self) -> str:
        import json

        from referee.hashing import fingerprint  # where states are compared, not where shown

        return fingerprint(json.dumps(self.to_json(), sort_keys=True, separators=(",", ":")))
