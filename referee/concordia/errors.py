"""Concordia's typed errors (translated in the ``concordia`` domain)."""

from __future__ import annotations

from referee.errors import InputError, RuleViolation


class ConcordiaInputError(InputError):
    """Malformed or unknown input: a name that is not on the board, a number out of range."""

    domain = "concordia"


class ConcordiaRuleViolation(RuleViolation):
    """The rules forbid the entry; ``rule`` names the rule."""

    domain = "concordia"
