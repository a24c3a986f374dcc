"""Everything fixed before the first card: players, edition, deck mode, seed, victory mode
and the resolved board settings. ``to_json`` is the session header's ``options``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.errors import InputErrors, RefereeError
from referee.i18n import N_
from referee.rulings import Plural
from referee.tribune import DEFAULT_EDITION, EDITIONS, box
from referee.tribune.actions import TABLE
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.rulebook import ref
from referee.tribune.victory import VictoryCard

DECK_MODES = ("table", "virtual")
MIN_PLAYERS, MAX_PLAYERS = 2, 5


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]  # seat order, clockwise
    start_player: str
    edition: str = DEFAULT_EDITION
    deck_mode: str = "table"
    seed: int = 0
    victory: VictoryCard | None = None  # None: the point-value variant
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: virtual mode: the composition to shuffle; table mode: an optional deck list to
    #: check entered cards against (None: accept any card code)
    deck: Mapping[str, tuple[int, ...]] | None = None

    @classmethod
    def create(cls, players: Sequence[str], start_player: str | None = None, *,
               edition: str = DEFAULT_EDITION, deck_mode: str = "table", seed: int = 0,
               victory: VictoryCard | None = None, settings: Mapping[str, Any] | None = None,
               deck: Mapping[str, Sequence[int]] | None = None) -> Setup:
        """Check everything, reporting all problems at once; fill in box defaults."""
        problems: list[RefereeError] = []
        names = tuple(str(p).strip() for p in players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            problems.append(TribuneRuleViolation(
                N_("Tribune is for 2 to 5 players, not {count}"), count=len(names),
                rule=ref("tribune.setup.players")))
        if len(set(names)) != len(names) or not all(names) or TABLE in names:
            problems.append(TribuneInputError(
                N_("Player names must be different, not empty and not {reserved!r}"),
                reserved=TABLE))
        start = names[0] if start_player is None and names else start_player
        if start not in names:
            problems.append(TribuneInputError(N_("Start player {name!r} is not playing"),
                                              name=start_player))
        if edition not in EDITIONS:
            problems.append(TribuneInputError(N_("Unknown edition {edition!r}; choose {choices}"),
                                              edition=edition, choices=", ".join(EDITIONS)))
        if deck_mode not in DECK_MODES:
            problems.append(TribuneInputError(N_("Unknown deck mode {mode!r}; choose {choices}"),
                                              mode=deck_mode, choices=", ".join(DECK_MODES)))
        if victory is not None and len(names) not in victory.needed:
            problems.append(TribuneRuleViolation(
                N_("The card {title} is not for {players}"), title=victory.title,
                players=Plural(len(names), "{n} player", "{n} players"),
                rule=ref("tribune.setup.victory", confirmed=False)))
        resolved: dict[str, Any] = {}
        composition = None
        try:
            resolved = box.resolve(settings)
            composition = deck if deck is not None else (
                box.synthetic_deck() if deck_mode == "virtual" else None)
            if composition is not None:
                _check_deck(composition, resolved["deck_size"])
        except InputErrors as many:
            problems.extend(many.problems)
        except RefereeError as one:
            problems.append(one)
        if problems:
            raise problems[0] if len(problems) == 1 else InputErrors(problems)
        frozen_deck = ({k: tuple(int(v) for v in vals) for k, vals in composition.items()}
                       if composition is not None else None)
        return cls(names, str(start), edition, deck_mode, int(seed), victory, resolved,
                   frozen_deck)

    @property
    def points_variant(self) -> bool:
        return self.victory is None

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "start_player": self.start_player,
                "edition": self.edition, "deck_mode": self.deck_mode, "seed": self.seed,
                "victory": self.victory.to_json() if self.victory else None,
                "settings": dict(self.settings),
                "deck": {k: list(v) for k, v in self.deck.items()} if self.deck else None}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Setup:
        try:
            victory = VictoryCard.from_json(raw["victory"]) if raw.get("victory") else None
            return cls.create(raw["players"], raw["start_player"], edition=raw["edition"],
                              deck_mode=raw["deck_mode"], seed=raw.get("seed", 0),
                              victory=victory, settings=raw.get("settings"),
                              deck=raw.get("deck"))
        except (KeyError, TypeError) as exc:
            raise TribuneInputError(N_("Not a valid Tribune setup: missing {field}"),
                                    field=str(exc)) from None


def _check_deck(composition: Mapping[str, Sequence[int]], size: int) -> None:
    cards = box.deck_cards(composition)
    if len(cards) != size:
        raise TribuneInputError(N_("The deck list has {cards}, the box has {size}"),
                                cards=Plural(len(cards), "{n} card", "{n} cards"), size=size)
