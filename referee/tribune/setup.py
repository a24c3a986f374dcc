"""Everything fixed before the first card: players, edition, deck mode, seed, victory mode
and the resolved board settings. ``to_json`` is the session header's ``options``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.errors import RefereeError
from referee.i18n import N_
from referee.names import BadName, player_name
from referee.rulings import Plural
from referee.tribune import DEFAULT_EDITION, EDITIONS, box
from referee.tribune.actions import TABLE
from referee.tribune.cards import FACTIONS, Card
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation, together
from referee.tribune.rulebook import ref
from referee.tribune.victory import VictoryCard
from referee.values import Value, field

DECK_MODES = ("table", "virtual")
MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: the longest player name: it has to fit in a table column and a one-line announcement
NAME_LIMIT = 30
REQUIRED = ("players", "start_player", "edition", "deck_mode")


def player_count(count: int) -> TribuneRuleViolation | None:
    """The refusal of a table of ``count`` players (a game, a score table, a check), or None
    for 2 to 5."""
    if MIN_PLAYERS <= count <= MAX_PLAYERS:
        return None
    return TribuneRuleViolation(N_("Tribune is for 2 to 5 players, not {count}"), count=count,
                                rule=ref("tribune.setup.players"))


class Setup(Value):
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
        """Check everything, reporting all problems at once; fill in box defaults.

        The values may come straight from a file, so each is checked for its type too."""
        problems: list[RefereeError] = []
        names = player_names(players, problems)
        too_many = player_count(len(names)) if names is not None else None
        if too_many is not None:
            problems.append(too_many)
        start = names[0] if start_player is None and names else start_player
        if names is not None and start not in names:
            problems.append(TribuneInputError(N_("Start player {name!r} is not playing"),
                                              name=start_player))
        if not isinstance(edition, str) or edition not in EDITIONS:
            problems.append(TribuneInputError(N_("Unknown edition {edition!r}; choose {choices}"),
                                              edition=edition, choices=", ".join(EDITIONS)))
        if not isinstance(deck_mode, str) or deck_mode not in DECK_MODES:
            problems.append(TribuneInputError(N_("Unknown deck mode {mode!r}; choose {choices}"),
                                              mode=deck_mode, choices=", ".join(DECK_MODES)))
        if type(seed) is not int:  # bool is an int subclass, and JSON may give 1e400
            problems.append(TribuneInputError(N_("The seed must be a whole number, not "
                                                 "{value!r}"), value=seed))
        if victory is not None and names is not None and len(names) not in victory.needed:
            problems.append(TribuneRuleViolation(
                N_("The card {title} is not for {players}"), title=victory.title,
                players=Plural(len(names), "{n} player", "{n} players"),
                rule=ref("tribune.setup.victory", confirmed=False)))
        resolved: dict[str, Any] = {}
        cards: list[Card] | None = None
        try:
            resolved = box.resolve(settings)
        except RefereeError as error:
            problems.append(error)
        composition = deck if deck is not None else (
            box.synthetic_deck() if deck_mode == "virtual" else None)
        try:
            if composition is not None:
                cards = box.deck_cards(composition)
                if resolved and len(cards) != resolved["deck_size"]:
                    problems.append(TribuneInputError(
                        N_("The deck list has {cards}, the box has {size}"),
                        cards=Plural(len(cards), "{n} card", "{n} cards"),
                        size=resolved["deck_size"]))
        except RefereeError as error:
            problems.append(error)
        if problems:
            raise together(problems)
        assert names is not None and isinstance(start, str)
        frozen_deck = None
        if cards is not None:
            frozen_deck = {f.value: tuple(c.value for c in cards if c.faction is f)
                           for f in FACTIONS}
        return cls(names, start, edition, deck_mode, seed, victory, resolved, frozen_deck)

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
    def from_json(cls, raw: object) -> Setup:
        """A setup from a session header or a scenario file; every problem at once."""
        if not isinstance(raw, Mapping):
            raise TribuneInputError(N_("Not a valid Tribune setup: {value!r}"), value=raw)
        problems: list[RefereeError] = []
        missing = [key for key in REQUIRED if key not in raw]
        if missing:
            problems.append(TribuneInputError(N_("Not a valid Tribune setup: missing {field}"),
                                              field=", ".join(missing)))
        victory = None
        if raw.get("victory") is not None:  # null (or no card at all): the point variant
            try:
                victory = VictoryCard.from_json(raw["victory"])
            except RefereeError as error:
                problems.append(error)
        if not missing:
            try:
                setup = cls.create(raw["players"], raw["start_player"], edition=raw["edition"],
                                   deck_mode=raw["deck_mode"], seed=raw.get("seed", 0),
                                   victory=victory, settings=raw.get("settings"),
                                   deck=raw.get("deck"))
            except RefereeError as error:
                problems.append(error)
        if problems:
            raise together(problems)
        return setup

    @classmethod
    def kept(cls, raw: Mapping[str, Any]) -> Setup:
        """A setup this program wrote to a checkpoint itself (``to_json``), taken as it was:
        it was checked against the box file when the game began, and a replay does not
        depend on that file as it is now, so showing a kept position reads no box data."""
        deck = raw["deck"]
        return cls(tuple(raw["players"]), raw["start_player"], raw["edition"],
                   raw["deck_mode"], raw["seed"],
                   None if raw["victory"] is None else VictoryCard.from_json(raw["victory"]),
                   dict(raw["settings"]),
                   None if deck is None else {k: tuple(v) for k, v in deck.items()})


def player_names(players: object, problems: list[RefereeError]) -> tuple[str, ...] | None:
    """The names, stripped, with a problem for each that breaks the naming rule: printable
    text of at most NAME_LIMIT characters, different from the others ignoring case, and not
    the table's name. None when ``players`` is not a list of names at all."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        problems.append(TribuneInputError(N_("The players must be a list of names, not "
                                             "{value!r}"), value=players))
        return None
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str):
            problems.append(TribuneInputError(N_("A player name must be text, not {value!r}"),
                                              value=raw))
            continue
        try:  # the one naming rule (NFC, printable, a letter or digit), then Tribune's own
            name = player_name(raw) if raw.strip() else ""  # empty: said once, below
        except BadName as error:
            problems.append(error)
            name = raw.strip()
        else:
            if len(name) > NAME_LIMIT:
                problems.append(TribuneInputError(
                    N_("The player name {name!r} is too long: at most {limit} characters"),
                    name=name, limit=NAME_LIMIT))
        names.append(name)
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded) or not all(names) or TABLE in folded:
        problems.append(TribuneInputError(
            N_("Player names must be different (ignoring case), not empty and not "
               "{reserved!r}"), reserved=TABLE))
    return tuple(names)
