"""Tribune's typed errors (translated in the ``tribune`` domain)."""

from __future__ import annotations

from referee.errors import InputError, RuleViolation


class TribuneInputError(InputError):
    """Malformed or unknown input: a bad card code, a name that is not a player."""

    domain = "tribune"


class TribuneRuleViolation(RuleViolation):
    """The rules forbid the action; ``rule`` names the rule and, where it differs, the edition."""

    domain = "tribune"
