"""Victory condition cards: the card in play is data the group enters from the physical card.

Each card lists the same six goal types (Tribune, favor of the gods, laurels, legions,
money, faction markers); the thresholds, the obligatory marks and the number of goals
needed per player count are printed on the card and not in our sources. Saved cards
live in a library (``data/victory_cards.json`` merged with the user's override).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee import data
from referee.errors import InputErrors
from referee.i18n import N_
from referee.rulings import Term
from referee.tribune import DEFAULT_EDITION, DOMAIN
from referee.tribune.errors import TribuneInputError
from referee.tribune.rulebook import MONEY

GOALS = ("tribune", "favor", "laurels", "legions", "denarii", "markers")
THRESHOLD_GOALS = frozenset({"laurels", "legions", "denarii", "markers"})
LENGTHS = ("long", "medium", "short")
GOAL_TERMS = {"tribune": Term(N_("Tribune")), "favor": Term(N_("favor of the gods")),
              "laurels": Term(N_("laurels")), "legions": Term(N_("legions")),
              "markers": Term(N_("faction markers"))}


def goal_term(kind: str, edition: str) -> Term:
    """A goal's name; the money goal is named by the edition's currency."""
    return MONEY[edition] if kind == "denarii" else GOAL_TERMS[kind]


@dataclass(frozen=True)
class Goal:
    kind: str
    threshold: int | None = None  # None for Tribune and favor
    obligatory: bool = False


@dataclass(frozen=True)
class VictoryCard:
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
    def from_json(cls, raw: Mapping[str, Any]) -> VictoryCard:
        """Build and check a card; every problem is reported at once."""
        problems: list[TribuneInputError] = []
        title = str(raw.get("title") or "").strip()
        if not title:
            problems.append(TribuneInputError(N_("The victory card needs a title")))
        length = raw.get("length")
        if length not in (None, *LENGTHS):
            problems.append(TribuneInputError(N_("Card length must be one of {choices}"),
                                              choices=", ".join(LENGTHS)))
        goals = _goals(raw.get("goals") or [], problems)
        needed = _needed(raw.get("needed") or {}, problems)
        if problems:
            raise problems[0] if len(problems) == 1 else InputErrors(problems)
        return cls(title, goals, needed, length)

    @property
    def key(self) -> str:
        """Library key: the title in lower case, with the length where there is one."""
        base = "-".join(self.title.lower().split())
        return f"{base}-{self.length}" if self.length else base


def _goals(raw: list[Any], problems: list[TribuneInputError]) -> tuple[Goal, ...]:
    goals: list[Goal] = []
    for entry in raw:
        kind = entry.get("kind")
        if kind not in GOALS:
            problems.append(TribuneInputError(N_("Unknown goal {kind!r}; goals are {choices}"),
                                              kind=kind, choices=", ".join(GOALS)))
            continue
        threshold = entry.get("threshold")
        if kind in THRESHOLD_GOALS:
            if not isinstance(threshold, int) or isinstance(threshold, bool) or threshold < 1:
                problems.append(TribuneInputError(
                    N_("Goal {goal} needs a number of at least 1"),
                    goal=goal_term(kind, DEFAULT_EDITION)))  # a card file names it "denarii"
                continue
        else:
            threshold = None
        goals.append(Goal(kind, threshold, bool(entry.get("obligatory", False))))
    kinds = sorted(g.kind for g in goals)
    if not problems and kinds != sorted(GOALS):
        problems.append(TribuneInputError(
            N_("A victory card lists each of the six goals once: {choices}"),
            choices=", ".join(GOALS)))
    return tuple(sorted(goals, key=lambda g: GOALS.index(g.kind)))


def _needed(raw: Mapping[Any, Any], problems: list[TribuneInputError]) -> dict[int, int]:
    needed: dict[int, int] = {}
    for count, number in raw.items():
        try:
            players, goals = int(count), int(number)
        except (TypeError, ValueError):
            players, goals = 0, 0
        if not (2 <= players <= 5 and 1 <= goals <= len(GOALS)):
            problems.append(TribuneInputError(
                N_("Goals needed: {count!r} players → {number!r} is not valid "
                   "(2–5 players, 1–6 goals)"), count=count, number=number))
            continue
        needed[players] = goals
    if not raw:
        problems.append(TribuneInputError(
            N_("The victory card must say how many goals are needed for each player count")))
    return needed


@dataclass(frozen=True)
class Holdings:
    """What a player holds, as far as the goals are concerned."""

    tribune: bool = False
    favor: bool = False
    laurels: int = 0
    legions: int = 0
    denarii: int = 0
    markers: int = 0


@dataclass(frozen=True)
class GoalCheck:
    met: tuple[str, ...]
    needed: int
    missing_obligatory: tuple[str, ...]
    qualifies: bool = field(default=False)


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
    raw = data.load(DOMAIN, "victory_cards")["cards"]
    return {key: VictoryCard.from_json(card) for key, card in raw.items()}


def library_with(card: VictoryCard) -> dict[str, Any]:
    """The library content with ``card`` added (replacing a card with the same key), for
    the CLI to write to ``referee.data.override_path("tribune", "victory_cards")``."""
    cards = dict(data.load(DOMAIN, "victory_cards")["cards"])
    cards[card.key] = card.to_json()
    return {"cards": cards}
