"""Ruling lines in the user's language, and rulings rebuilt from their stored JSON."""

from __future__ import annotations

from typing import Any, Mapping

from referee.cli.errors import rule_text
from referee.i18n import translator
from referee.rulings import RuleRef, Ruling, Term

_ = translator("tribune")


def ruling_text(ruling: Ruling) -> str:
    return translator(ruling.rule.game)(ruling.message, **ruling.params)


def ruling_line(ruling: Ruling) -> str:
    """'Mike pays 3 denarii to the bank  [Phase 3: Forum Romanum]'."""
    return _("{text}  [{rule}]", text=ruling_text(ruling), rule=rule_text(ruling.rule))


def ruling_from_json(raw: Mapping[str, Any]) -> Ruling:
    rule = raw["rule"]
    ref = RuleRef(rule["game"], rule["rule"], rule["title"], rule.get("edition"),
                  rule.get("confirmed", True))
    return Ruling(ref, raw["message"], {k: _param(v) for k, v in raw["params"].items()})


def _param(value: Any) -> Any:
    if isinstance(value, Mapping) and "term" in value:
        return Term(value["term"], value.get("context"))
    if isinstance(value, list):
        return [_param(v) for v in value]
    return value
