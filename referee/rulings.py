"""Rule references and rulings: the explanation attached to every decision.

Game cores raise errors and produce rulings that carry a :class:`RuleRef`, so the
command line can always say which rule (and which edition) produced an outcome.
Messages are English msgids marked with ``N_`` and translated only when shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct, field


class Term(Struct, frozen=True):
    """A word inside a message that must itself be translated (a faction, a region)."""

    msgid: str
    context: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"term": self.msgid, "context": self.context}


class Plural(Struct, frozen=True):
    """A count with its noun, put in the right plural form when shown.

    ``Plural(3, "{n} marker", "{n} markers")`` renders "3 markers" in English and the
    matching one of Russian's three forms; both texts are msgids of the message's domain.
    """

    n: int
    singular: str
    plural: str

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "singular": self.singular, "plural": self.plural}


class RuleRef(Struct, frozen=True):
    """Which rule decided something.

    ``rule_id`` is stable (used by docs/rules-coverage.md and the JSON output);
    ``title`` is a msgid in the game's translation domain; ``edition`` is None when
    the editions agree; ``confirmed`` is False when the ruling rests on data that no
    rulebook confirms (a value the group entered or the box data file supplies).
    """

    game: str
    rule_id: str
    title: str
    edition: str | None = None
    confirmed: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rule": self.rule_id,
            "title": self.title,
            "edition": self.edition,
            "confirmed": self.confirmed,
        }


class Ruling(Struct, frozen=True):
    """One decision the engine made, with the rule it came from."""

    rule: RuleRef
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule.to_json(),
            "message": self.message,
            "params": {k: _param_json(v) for k, v in self.params.items()},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Ruling:
        """A stored ruling; terms and plurals in its params come back as such."""
        rule = raw["rule"]
        ref = RuleRef(str(rule["game"]), str(rule["rule"]), str(rule["title"]),
                      rule.get("edition"), bool(rule.get("confirmed", True)))
        return cls(ref, str(raw["message"]),
                   {str(k): _param_from_json(v) for k, v in dict(raw.get("params") or {}).items()})


def _param_json(value: Any) -> Any:
    if isinstance(value, (Term, Plural)):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value


#: Plural's fields in its constructor's order, named apart from any ``Plural(...)`` call
#: because the catalog tool takes string literals in such a call for msgids.
PLURAL_FIELDS = ("n", "singular", "plural")


def _param_from_json(value: Any) -> Any:
    if isinstance(value, Mapping) and set(value) == {"term", "context"}:
        return Term(value["term"], value["context"])
    if isinstance(value, Mapping) and set(value) == set(PLURAL_FIELDS):
        return Plural(*(value[key] for key in PLURAL_FIELDS))
    if isinstance(value, list):
        return [_param_from_json(v) for v in value]
    return value
