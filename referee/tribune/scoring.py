"""The point table and the final ranking; usable on its own from entered totals.

A score input is a dict: ``name``, ``tribune``, ``scroll``, ``eternal_favor``,
``temporary_favor`` (booleans), ``legions``, ``laurels``, ``faction_markers``,
``denarii`` (counts), ``first_to_qualify`` and ``qualified`` (booleans).
Qualifiers always rank above non-qualifiers; equal points share a place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.errors import RefereeError, RuleViolation
from referee.i18n import N_
from referee.irregular import settle
from referee.outcome import Outcome, Standing
from referee.rulings import Plural, RuleRef, Ruling
from referee.tribune.cards import FACTIONS
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation, together
from referee.tribune.rulebook import ref
from referee.tribune.setup import player_count, player_names
from referee.values import Value

#: points per item (the same in all three rulebooks); denarii score per full 10.
POINTS = {"tribune": 7, "scroll": 3, "eternal_favor": 5, "temporary_favor": 2,
          "legions": 2, "laurels": 1, "faction_markers": 1, "denarii": 1, "first_to_qualify": 2}
FLAGS = ("tribune", "scroll", "eternal_favor", "temporary_favor", "first_to_qualify",
         "qualified")
COUNTS = ("legions", "laurels", "faction_markers", "denarii")
DENARII_STEP = 10


class Score(Value):
    name: str
    breakdown: Mapping[str, int]  # category -> points
    total: int
    qualified: bool
    place: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "qualified": self.qualified,
                "place": self.place, "breakdown": dict(self.breakdown)}


def check_input(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Validate one score input; all problems at once."""
    clean, problems = read_input(entry)
    if problems:
        raise together(problems)
    return clean


def read_input(entry: Mapping[str, Any]) -> tuple[dict[str, Any], list[RefereeError]]:
    """One score input, read as far as it can be, and every problem: what cannot be read,
    then what no player can end with (each naming its rule)."""
    problems: list[RefereeError] = []
    if not isinstance(entry, Mapping):
        raise TribuneInputError(N_("Each score must be an object of fields, not {value!r}"),
                                value=entry)
    # A mistyped field ("legion") would otherwise score 0 without a word.
    for key in sorted(set(entry) - {"name", *FLAGS, *COUNTS}, key=str):
        problems.append(TribuneInputError(N_("Unknown score field {field!r}"), field=key))
    names = None
    if "name" in entry:
        names = player_names([entry["name"]], problems)  # the rule a game's players follow
    else:
        problems.append(TribuneInputError(N_("Each score needs a player name")))
    clean: dict[str, Any] = {"name": names[0] if names else ""}
    for key in FLAGS:
        value = entry.get(key, False)
        if not isinstance(value, bool):
            problems.append(TribuneInputError(N_("{field} must be true or false, not {value!r}"),
                                              field=key, value=value))
        clean[key] = value is True
    for key in COUNTS:
        value = entry.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(TribuneInputError(N_("{field} must be a whole number ≥ 0"),
                                              field=key))
            value = 0
        clean[key] = value
    return clean, problems + entry_problems(clean)


def entry_problems(e: Mapping[str, Any]) -> list[RefereeError]:
    """What no player can end with, in a score input read."""
    problems: list[RefereeError] = []
    if e["tribune"] and e["scroll"]:
        problems.append(TribuneRuleViolation(
            N_("{player}: Tribune and Scroll are the two sides of one tile: a player has one "
               "or the other"), player=e["name"], rule=ref("tribune.phase5.tribune")))
    if e["faction_markers"] > len(FACTIONS):
        problems.append(TribuneRuleViolation(
            N_("{player}: at most 7 faction markers, one per faction"), player=e["name"],
            rule=ref("tribune.phase4.marker")))
    return problems


def score(entry: Mapping[str, Any]) -> Score:
    return points(check_input(entry))


def points(e: Mapping[str, Any]) -> Score:
    """The point table of a score input read."""
    breakdown = {
        "tribune": POINTS["tribune"] * e["tribune"],
        "scroll": POINTS["scroll"] * e["scroll"],
        "eternal_favor": POINTS["eternal_favor"] * e["eternal_favor"],
        "temporary_favor": POINTS["temporary_favor"] * e["temporary_favor"],
        "legions": POINTS["legions"] * e["legions"],
        "laurels": POINTS["laurels"] * e["laurels"],
        "faction_markers": POINTS["faction_markers"] * e["faction_markers"],
        "denarii": POINTS["denarii"] * (e["denarii"] // DENARII_STEP),
        "first_to_qualify": POINTS["first_to_qualify"] * e["first_to_qualify"],
    }
    return Score(e["name"], breakdown, sum(breakdown.values()), e["qualified"])


def end_problems(entries: Sequence[Mapping[str, Any]], edition: str) -> list[RefereeError]:
    """Everything wrong with a score table: what cannot be read, then what no game can end
    with (each naming its rule; ``referee.irregular`` scores those on request)."""
    read = [read_input(e) for e in entries]
    problems = [p for _clean, found in read for p in found]
    if any(not isinstance(p, RuleViolation) for p in problems):
        return problems
    checked = [clean for clean, _found in read]
    names = [e["name"] for e in checked]
    if len(set(names)) != len(names):
        return problems + [TribuneInputError(N_("Player names must be different"))]
    counted = player_count(len(checked))
    return ([counted] if counted else []) + problems + table_problems(checked, edition)


def rank(entries: Iterable[Mapping[str, Any]], edition: str,
         irregular: bool = False) -> list[Score]:
    """Scores in final order with shared places for equal (qualified, points). An end state
    no game can reach is refused, unless ``irregular``: then only unreadable input is."""
    entries = list(entries)
    settle(end_problems(entries, edition), irregular)
    scores = sorted((points(read_input(e)[0]) for e in entries),
                    key=lambda s: (not s.qualified, -s.total))
    ranked: list[Score] = []
    for i, s in enumerate(scores):
        prev = ranked[-1] if ranked else None
        place = (prev.place if prev is not None and (prev.qualified, prev.total)
                 == (s.qualified, s.total) else i + 1)
        ranked.append(Score(s.name, s.breakdown, s.total, s.qualified, place))
    return ranked


def table_problems(entries: Sequence[Mapping[str, Any]], edition: str) -> list[RefereeError]:
    """What no game can end with: the box has one temporary favor tile; in FFG a player
    who gains the eternal favor gives the temporary one back; one player takes the bonus."""
    problems: list[RefereeError] = []
    temporary = [e["name"] for e in entries if e["temporary_favor"]]
    if len(temporary) > 1:
        problems.append(TribuneRuleViolation(
            N_("There is one temporary favor tile, not one each for {players}"),
            players=temporary, rule=ref("tribune.favor.temporary", edition)))
    if edition == "ffg":
        problems += [TribuneRuleViolation(
            N_("{player} cannot hold both favor tiles: a player who gains the eternal favor "
               "gives the temporary one back"), player=e["name"],
            rule=ref("tribune.phase3.pantheon.temporary", edition))
            for e in entries if e["eternal_favor"] and e["temporary_favor"]]
    first = [e["name"] for e in entries if e["first_to_qualify"]]
    if len(first) > 1:
        problems.append(TribuneRuleViolation(
            N_("Only one player takes the 2-point bonus, not {players}"), players=first,
            rule=ref("tribune.end.bonus", edition)))
    return problems


def explain(ranked: list[Score]) -> list[Ruling]:
    """One ruling per player (points) and one for the winner(s)."""
    rulings = [Ruling(ref("tribune.end.points"), N_("{player} scores {points}"),
                      {"player": s.name, "points": Plural(s.total, "{n} point", "{n} points")})
               for s in ranked]
    winners = [s.name for s in ranked if s.place == 1]
    rule: RuleRef = ref("tribune.end.qualify")
    if len(winners) > 1:
        rule = ref("tribune.end.tie", reading=True)  # no rule says; box setting points_tie
        rulings.append(Ruling(rule, N_("Shared win: {players}"), {"players": winners}))
    else:
        rulings.append(Ruling(rule, N_("{player} wins"), {"player": winners[0]}))
    return rulings


def outcome(ranked: Sequence[Score], seats: Sequence[str], edition: str,
            variant: Mapping[str, Any] | None = None) -> Outcome:
    """The point table in the one result shape every game shares (``referee.outcome``).
    ``seats`` are the player names in seat order; qualification is kept in the details."""
    seat = {name: i for i, name in enumerate(seats, 1)}
    standings = sorted((Standing(s.name, seat[s.name], s.total, s.place, dict(s.breakdown),
                                 {"qualified": s.qualified}) for s in ranked),
                       key=lambda s: (s.rank, s.seat))
    return Outcome("tribune", edition, tuple(standings), dict(variant or {}),
                   rulings=tuple(explain(list(ranked))))
