"""End states no game can reach, refused, or scored anyway when the group asks.

Every game's ``score --input`` checks the end state it reads against the rules: what no
game could end with is a :class:`~referee.errors.RuleViolation` naming its rule. By default
all of them are refused at once. Tables make mistakes (a bonus tile forgotten, a colonist
never placed) and still want their score: with ``--irregular`` each such problem becomes an
irregularity, listed beside the score and kept with the stored result. Input that cannot be
read (a missing field, an unknown name) is never scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.errors import InputErrors, RefereeError, RuleViolation
from referee.rulings import Ruling


def flatten(problems: Iterable[RefereeError]) -> list[RefereeError]:
    return [p for e in problems
            for p in (flatten(e.problems) if isinstance(e, InputErrors) else [e])]


def settle(problems: Iterable[RefereeError], irregular: bool) -> tuple[RuleViolation, ...]:
    """The irregularities to score with: none when there are no problems; every one when
    the group asked (``irregular``) and each is a rule the end state breaks. Otherwise all
    the problems are raised together (an :class:`InputErrors`, even for one)."""
    found = flatten(problems)
    if not found:
        return ()
    if irregular and all(isinstance(p, RuleViolation) for p in found):
        return tuple(p for p in found if isinstance(p, RuleViolation))
    raise InputErrors(found)


def as_rulings(found: Sequence[RuleViolation]) -> list[Ruling]:
    """Irregularities as the rulings a stored result keeps (message ids and parameters)."""
    rulings = []
    for problem in found:
        assert problem.rule is not None
        rulings.append(Ruling(problem.rule, problem.message, problem.params))
    return rulings


def stored(options: Mapping[str, Any]) -> tuple[Ruling, ...]:
    """The irregularities a scored session's header keeps (none for a regular game)."""
    return tuple(Ruling.from_json(raw) for raw in options.get("irregular") or ())
