"""Rule references and rulings: the explanation attached to every decision.

Game cores raise errors and produce rulings that carry a :class:`RuleRef`, so the
command line can always say which rule (and which edition) produced an outcome.
Messages are English msgids marked with ``N_`` and translated only when shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.values import Value, field


class Term(Value):
    """A word inside a message that must itself be translated (a faction, a region)."""

    msgid: str
    context: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"term": self.msgid, "context": self.context}


class Plural(Value):
    """A count with its noun, put in the right plural form when shown.

    ``Plural(3, "{n} marker", "{n} markers")`` renders "3 markers" in English and the
    matching one of Russian's three forms; both texts are msgids of the message's domain.
    """

    n: int
    singular: str
    plural: str

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "singular": self.singular, "plural": self.plural}


class RuleRef(Value):
    """Which rule decided something.

    ``rule_id`` is stable (used by docs/rules-coverage.md and the JSON output);
    ``title`` is a msgid in the game's translation domain; ``edition`` is None when
    the editions agree; ``confirmed`` is False when the ruling rests on something no
    rulebook confirms, and ``unsure`` says what: ``"data"`` (a value the group entered or
    the box data file supplies) and/or ``"reading"`` (a reading of rules the texts leave
    unclear). An unconfirmed reference that names neither rests on data, as every one
    did before readings were told apart.
    """

    game: str
    rule_id: str
    title: str
    edition: str | None = None
    confirmed: bool = True
    unsure: tuple[str, ...] = ()

    @property
    def doubts(self) -> tuple[str, ...]:
        """What the ruling rests on that no rulebook confirms: () when confirmed."""
        if self.confirmed:
            return ()
        return self.unsure or (DATA,)

    def to_json(self) -> dict[str, Any]:
        """``unsure`` is written only where the ruling rests on a reading: an unconfirmed
        reference without it rests on data, as every reference stored before did."""
        found: dict[str, Any] = {
            "game": self.game,
            "rule": self.rule_id,
            "title": self.title,
            "edition": self.edition,
            "confirmed": self.confirmed,
        }
        if READING in self.doubts:
            found["unsure"] = list(self.doubts)
        return found

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> RuleRef:
        """A stored reference (one stored before ``unsure`` existed rests on data)."""
        confirmed = bool(raw.get("confirmed", True))
        unsure = tuple(str(u) for u in raw.get("unsure") or ()) if not confirmed else ()
        return cls(str(raw["game"]), str(raw["rule"]), str(raw["title"]), raw.get("edition"),
                   confirmed, unsure)


#: what an unconfirmed ruling rests on (``RuleRef.unsure``)
DATA, READING = "data", "reading"


def unsure_of(data: bool = False, reading: bool = False) -> tuple[str, ...]:
    """``RuleRef.unsure`` for a ruling resting on unconfirmed data and/or an unsure
    reading."""
    return (DATA,) * data + (READING,) * reading


class Ruling(Value):
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
        return cls(RuleRef.from_json(raw["rule"]), str(raw["message"]),
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
