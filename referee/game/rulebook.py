"""A game's rule registry, one shape for every game: each game's ``rulebook.py`` holds
``RULES`` (every rule id it cites, with its title) and the three functions built here from
them: ``ref()``, the :class:`RuleRef` of a rule; ``violation()``, the game's
``RuleViolation`` citing it; ``bad_input()``, the game's ``InputError``.

Rule ids are stable and dotted (``tribune.phase2.atrium.order``) and listed in
``docs/rules-coverage.md``; a title is a msgid of the game's domain.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from referee.errors import InputError, RuleViolation
from referee.rulings import RuleRef, unsure_of


class Rulebook:
    """``game``'s ``rules`` (id → title msgid) and the errors its rules raise. ``by_edition``:
    the rules whose outcome depends on the edition, whose references name it."""

    def __init__(self, game: str, rules: Mapping[str, str], input_error: type[InputError],
                 rule_violation: type[RuleViolation],
                 by_edition: Collection[str] = ()) -> None:
        self.game, self.rules = game, rules
        self.input_error, self.rule_violation = input_error, rule_violation
        self.by_edition = frozenset(by_edition)
        #: a rule is cited again and again; one RuleRef (frozen) serves every citation
        self._refs: dict[tuple[str, str | None, bool, bool], RuleRef] = {}

    def ref(self, rule_id: str, edition: str | None = None, confirmed: bool = True,
            reading: bool = False) -> RuleRef:
        """The reference to ``rule_id``; ``edition`` is kept only where the editions differ.
        ``confirmed`` False: the ruling rests on data no rulebook confirms; ``reading`` True:
        on the referee's reading of a rule the texts leave open (``RuleRef.unsure``)."""
        edition = edition if rule_id in self.by_edition else None
        key = (rule_id, edition, confirmed, reading)
        found = self._refs.get(key)
        if found is None:
            unsure = unsure_of(data=not confirmed, reading=reading)
            found = self._refs[key] = RuleRef(self.game, rule_id, self.rules[rule_id], edition,
                                              not unsure, unsure)
        return found

    def violation(self, rule_id: str, message: str, *, edition: str | None = None,
                  confirmed: bool = True, reading: bool = False,
                  **params: Any) -> RuleViolation:
        """The game's ``RuleViolation``: ``message`` (a msgid with ``params``), citing the rule."""
        return self.rule_violation(message, rule=self.ref(rule_id, edition, confirmed, reading),
                                   **params)

    def bad_input(self, message: str, **params: Any) -> InputError:
        """The game's ``InputError``: malformed or unknown input, no rule to cite."""
        return self.input_error(message, **params)
