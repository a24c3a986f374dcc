"""Trajan's typed errors (translated in the ``trajan`` domain)."""

from __future__ import annotations

from referee.errors import InputError, RuleViolation


class TrajanInputError(InputError):
    """Malformed or unknown input: a name that is not on the board, a number out of range."""

    domain = "trajan"


class TrajanRuleViolation(RuleViolation):
    """The rules forbid the entry; ``rule`` names the rule."""

    domain = "trajan"
