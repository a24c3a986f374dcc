"""Tribune's typed errors (translated in the ``tribune`` domain)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import InputError, InputErrors, RefereeError, RuleViolation


class TribuneInputError(InputError):
    """Malformed or unknown input: a bad card code, a name that is not a player."""

    domain = "tribune"


class TribuneRuleViolation(RuleViolation):
    """The rules forbid the action; ``rule`` names the rule and, where it differs, the edition."""

    domain = "tribune"


def together(problems: Sequence[RefereeError]) -> RefereeError:
    """One error for one or more problems; an ``InputErrors`` among them is unpacked."""
    flat = [p for e in problems for p in (e.problems if isinstance(e, InputErrors) else [e])]
    return flat[0] if len(flat) == 1 else InputErrors(flat)
