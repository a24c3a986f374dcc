"""Typed errors. Every user mistake is one of these, never a bare exception.

Each error carries an English msgid (translated when shown), the parameters to
fill into it, the translation domain it belongs to and, for rule violations, the
rule that was broken. The command line maps all of them to one line of text and
exit code 2 in a single place (``referee.terminal.messages``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.i18n import N_

if TYPE_CHECKING:  # only named here: the root help does not load referee.rulings
    from referee.rulings import RuleRef


class RefereeError(Exception):
    """Base of every error the user can cause. Shown as one line, exit code 2."""

    domain = "core"
    exit_code = 2

    def __init__(self, message: str, /, *, rule: RuleRef | None = None,
                 domain: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params
        self.rule = rule
        if domain is not None:
            self.domain = domain

    @classmethod
    def kind(cls) -> str:
        """The error's type as ``--json`` names it. A game's own subclass (one that sets its
        ``domain``) is named by the class it refines, so the same kind of mistake has the same
        type in every game."""
        return next(c.__name__ for c in cls.__mro__ if c.__dict__.get("domain", "core") == "core")

    def __str__(self) -> str:  # untranslated, for logs and test failure output
        try:
            text = self.message.format(**self.params)
        except (KeyError, IndexError, ValueError):
            text = self.message
        return f"{text} [{self.rule.rule_id}]" if self.rule else text


class InputError(RefereeError):
    """The input is malformed or names something that does not exist."""


class RuleViolation(RefereeError):
    """The input is well formed but the rules forbid it. Always names the rule."""

    def __init__(self, message: str, /, *, rule: RuleRef, domain: str | None = None,
                 **params: Any) -> None:
        super().__init__(message, rule=rule, domain=domain, **params)


class InputErrors(RefereeError):
    """Several independent problems found at once (all are reported, one per line)."""

    def __init__(self, problems: Iterable[RefereeError]) -> None:
        self.problems = list(problems)
        super().__init__(N_("{count} problems found"), count=len(self.problems))

    def __str__(self) -> str:
        return "; ".join(str(p) for p in self.problems)


class SessionError(RefereeError):
    """The session store cannot do what was asked (missing, locked, damaged, disk full)."""


class NotInteractive(RefereeError):
    """A prompt was needed but stdin/stdout is not a terminal."""


class Cancelled(RefereeError):
    """The user pressed Ctrl-C or chose to quit at a prompt. Exit code 130."""

    exit_code = 130

    def __init__(self, message: str = N_("Cancelled; everything entered so far is saved.")) -> None:
        super().__init__(message)
