"""Rulings and questions in the user's language, and rulings rebuilt from their stored JSON.

A game adds its own kinds of values (Tribune's card names) through two hooks: ``shown``
turns such a value into text, ``value_from_json`` rebuilds it from the journal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.errors import InputError
from referee.i18n import N_, translator
from referee.rulings import Plural, RuleRef, Ruling, Term
from referee.terminal.output import shown as safe

_ = translator("core")

Shown = Callable[[Any], Any]
#: a game's value rebuilt from its JSON, or None when the JSON is not one of its values
ValueFromJson = Callable[[Mapping[str, Any]], Any]


def as_is(value: Any) -> Any:
    return value


def no_values(raw: Mapping[str, Any]) -> None:
    return None


def text(message: str, params: Mapping[str, Any], domain: str, shown: Shown = as_is) -> str:
    """A msgid of a core (a ruling, a question) with its params, translated."""
    def show(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return [show(v) for v in value]
        value = shown(value)
        # Names and notes come from the group: shown as text, never as terminal control.
        return safe(value) if isinstance(value, str) else value

    return translator(domain)(message, **{k: show(v) for k, v in params.items()})


def ruling_line(ruling_text: str, rule: RuleRef) -> str:
    """'Mike pays 3 denarii to the bank  [Phase 3: Forum Romanum]'."""
    from referee.terminal.messages import rule_text

    return _("{text}  [{rule}]", text=ruling_text, rule=rule_text(rule))


#: Plural.to_json's keys in the constructor's order (named here, not in a ``Plural(...)`` call,
#: because the catalog tool reads string literals in such a call as msgids)
PLURAL_FIELDS = ("n", "singular", "plural")


def ruling_from_json(raw: Mapping[str, Any], value: ValueFromJson = no_values) -> Ruling:
    """A recorded ruling; a payload of another shape (a hand edit) is an InputError."""
    def param(v: Any) -> Any:
        if isinstance(v, Mapping) and "term" in v:
            return Term(v["term"], v.get("context"))
        if isinstance(v, Mapping) and "singular" in v:
            return Plural(*(v[key] for key in PLURAL_FIELDS))
        if isinstance(v, Mapping) and (own := value(v)) is not None:
            return own
        if isinstance(v, list):
            return [param(x) for x in v]
        return v

    try:
        return Ruling(RuleRef.from_json(raw["rule"]), raw["message"],
                      {k: param(v) for k, v in raw["params"].items()})
    except (KeyError, TypeError, AttributeError):
        raise InputError(N_("Not a valid ruling: {payload}"), payload=raw) from None
