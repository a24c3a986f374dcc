"""Victory condition cards: the card in play is data the group enters from the physical card.

Each card lists the same six goal types (Tribune, favor of the gods, laurels, legions,
money, faction markers); the thresholds, the obligatory marks and the number of goals
needed per player count are printed on the card and not in our sources. Saved cards
live in a library (``data/victory_cards.json`` merged with the user's override).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee import data
from referee.errors import RefereeError
from referee.i18n import N_
from referee.rulings import Term
from referee.tribune import DEFAULT_EDITION, DOMAIN
from referee.tribune.errors import TribuneInputError, together
from referee.tribune.rulebook import MONEY
from referee.values import Value

GOALS = ("tribune", "favor", "laurels", "legions", "denarii", "markers")
THRESHOLD_GOALS = frozenset({"laurels", "legions", "denarii", "markers"})
LENGTHS = ("long", "medium", "short")
TITLE_LIMIT = 60
GOAL_TERMS = {"tribune": Term(N_("Tribune")), "favor": Term(N_("favor of the gods")),
              "laurels": Term(N_("laurels")), "legions": Term(N_("legions")),
              "markers": Term(N_("faction markers"))}


def goal_term(kind: str, edition: str) -> Term:
    """A goal's name; the money goal is named by the edition's currency."""
    return MONEY[edition] if kind == "denarii" else GOAL_TERMS[kind]


class Goal(Value):
    kind: str
    threshold: int | None = None  # None for Tribune and favor
    obligatory: bool = False


class VictoryCard(Value):
    title: str
    goals: tuple[Goal, ...]
    needed: Mapping[int, int]  # player count -> goals needed
    length: str | None = None  # "long"/"medium"/"short" where the title has several

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "length": self.length,
                "needed": {str(k): v for k, v in sorted(self.needed.items())},
                "goals": [{"kind": g.kind, "threshold": g.threshold, "obligatory": g.obligatory}
                          for g in self.goals]}

    @classmethod
    def from_json(cls, raw: object) -> VictoryCard:
        """Build and check a card; every problem is reported at once."""
        if not isinstance(raw, Mapping):
            raise TribuneInputError(N_("A victory card must be an object with title, length, "
                                       "needed and goals, not {value!r}"), value=raw)
        problems: list[RefereeError] = []
        title = raw.get("title")
        wrong = title_problem(title)
        if wrong is not None:
            problems.append(wrong)
        length = raw.get("length")
        if length is not None and length not in LENGTHS:
            problems.append(TribuneInputError(N_("Card length must be one of {choices}"),
                                              choices=", ".join(LENGTHS)))
        goals = _goals(raw.get("goals"), problems)
        needed = _needed(raw.get("needed"), problems)
        if problems:
            raise together(problems)
        assert isinstance(title, str)
        return cls(title.strip(), goals, needed, length)

    @property
    def key(self) -> str:
        """Library key: the title in lower case, with the length where there is one."""
        base = "-".join(self.title.lower().split())
        return f"{base}-{self.length}" if self.length else base


def title_problem(title: object) -> TribuneInputError | None:
    """What is wrong with a card title: it is shown in rulings, so one printable line."""
    if not isinstance(title, str) or not title.strip():
        return TribuneInputError(N_("The victory card needs a title"))
    if len(title.strip()) > TITLE_LIMIT or not title.strip().isprintable():
        return TribuneInputError(N_("The victory card's title must be printable text of at "
                                    "most {limit} characters"), limit=TITLE_LIMIT)
    return None


def _goals(raw: object, problems: list[RefereeError]) -> tuple[Goal, ...]:
    if not isinstance(raw, list):
        problems.append(TribuneInputError(
            N_("The victory card's goals must be a list of the six goals, not {value!r}"),
            value=raw))
        return ()
    goals: list[Goal] = []
    found_all = True
    for entry in raw:
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if kind not in GOALS:
            problems.append(TribuneInputError(N_("Unknown goal {kind!r}; goals are {choices}"),
                                              kind=entry if kind is None else kind,
                                              choices=", ".join(GOALS)))
            found_all = False
            continue
        threshold, obligatory = entry.get("threshold"), entry.get("obligatory", False)
        if kind in THRESHOLD_GOALS:
            if type(threshold) is not int or threshold < 1:
                problems.append(TribuneInputError(
                    N_("Goal {goal} needs a number of at least 1"),
                    goal=goal_term(kind, DEFAULT_EDITION)))  # a card file names it "denarii"
                found_all = False
                continue
        else:
            threshold = None
        if not isinstance(obligatory, bool):
            problems.append(TribuneInputError(
                N_("Goal {goal}: 'obligatory' must be true or false, not {value!r}"),
                goal=goal_term(kind, DEFAULT_EDITION), value=obligatory))
        goals.append(Goal(kind, threshold, obligatory is True))
    if found_all and sorted(g.kind for g in goals) != sorted(GOALS):
        problems.append(TribuneInputError(
            N_("A victory card lists each of the six goals once: {choices}"),
            choices=", ".join(GOALS)))
    return tuple(sorted(goals, key=lambda g: GOALS.index(g.kind)))


def _needed(raw: object, problems: list[RefereeError]) -> dict[int, int]:
    if not isinstance(raw, Mapping) or not raw:
        problems.append(TribuneInputError(
            N_("The victory card must say how many goals are needed for each player count")))
        return {}
    needed: dict[int, int] = {}
    for count, number in raw.items():
        players = int(count) if isinstance(count, str) and count.isdecimal() else count
        if not (type(players) is int and 2 <= players <= 5
                and type(number) is int and 1 <= number <= len(GOALS)):
            problems.append(TribuneInputError(
                N_("Goals needed: {count!r} players → {number!r} is not valid "
                   "(2–5 players, 1–6 goals)"), count=count, number=number))
            continue
        needed[players] = number
    return needed


class Holdings(Value):
    """What a player holds, as far as the goals are concerned."""

    tribune: bool = False
    favor: bool = False
    laurels: int = 0
    legions: int = 0
    denarii: int = 0
    markers: int = 0


class GoalCheck(Value):
    met: tuple[str, ...]
    needed: int
    missing_obligatory: tuple[str, ...]
    qualifies: bool = False


def check(card: VictoryCard, players: int, holds: Holdings) -> GoalCheck:
    """Which goals are met; qualifies when enough are met and every obligatory one is."""
    met = tuple(g.kind for g in card.goals if _met(g, holds))
    missing = tuple(g.kind for g in card.goals if g.obligatory and g.kind not in met)
    needed = card.needed[players]
    return GoalCheck(met, needed, missing, len(met) >= needed and not missing)


def _met(goal: Goal, holds: Holdings) -> bool:
    if goal.kind in ("tribune", "favor"):
        return bool(getattr(holds, goal.kind))
    return getattr(holds, goal.kind) >= (goal.threshold or 0)


def library() -> dict[str, VictoryCard]:
    """Saved cards (shipped library merged with the user's), by key."""
    return {key: VictoryCard.from_json(card) for key, card in _saved().items()}


def library_with(card: VictoryCard) -> dict[str, Any]:
    """The library content with ``card`` added (replacing a card with the same key), for
    the CLI to write to ``referee.data.override_path("tribune", "victory_cards")``."""
    cards = _saved()
    cards[card.key] = card.to_json()
    return {"cards": cards}


def _saved() -> dict[str, Any]:
    raw = data.load(DOMAIN, "victory_cards")
    cards = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(cards, dict):  # only the user's file can break it
        raise TribuneInputError(N_("Saved victory cards in {path}: 'cards' must be an object "
                                   "of cards by key"),
                                path=str(data.override_path(DOMAIN, "victory_cards")))
    return dict(cards)
