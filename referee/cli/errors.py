"""The one place where errors become what the user sees and the process exit code."""

from __future__ import annotations

import importlib

from referee.errors import InputErrors, RefereeError
from referee.i18n import translator
from referee.rulings import RuleRef

_ = translator("core")


def rule_text(rule: RuleRef) -> str:
    """'Phase 2 — Atrium, FFG edition' (edition named only where the editions differ)."""
    game_t = translator(rule.game)
    text = game_t(rule.title)
    if rule.edition:
        text = _("{rule}, {edition}", rule=text, edition=edition_name(rule.game, rule.edition))
    if not rule.confirmed:
        text = _("{rule}; rests on data not confirmed by the rulebook", rule=text)
    return text


def edition_name(game: str, edition: str) -> str:
    names = getattr(importlib.import_module(f"referee.{game}"), "EDITIONS", {})
    return translator(game)(names[edition]) if edition in names else edition


def message(error: RefereeError) -> str:
    """One line: the problem, then the rule it breaks (if any)."""
    text = translator(error.domain)(error.message, **error.params)
    if error.rule is not None:
        text = _("{message} (rule: {rule})", message=text, rule=rule_text(error.rule))
    return text


def lines(error: RefereeError) -> list[str]:
    if isinstance(error, InputErrors):
        return [line for problem in error.problems for line in lines(problem)]
    return [message(error)]


def error_json(error: RefereeError) -> dict:
    problems = error.problems if isinstance(error, InputErrors) else [error]
    return {"ok": False, "errors": [
        {"type": type(p).__name__, "message": message(p), "msgid": p.message,
         "rule": p.rule.to_json() if p.rule else None} for p in problems]}
