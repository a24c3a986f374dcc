"""The one place where errors become what the user sees and the process exit code."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from referee.errors import InputErrors, RefereeError
from referee.i18n import translator

if TYPE_CHECKING:  # only named here: the root help does not load referee.rulings
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


#: the longest value quoted in an error line; longer ones lose their middle
LONGEST = 160


def quoted(value: Any) -> Any:
    """A value quoted in an error, made safe for one line of a terminal.

    Values often echo what was typed: control characters (a newline, an escape
    sequence, a lone surrogate) are shown escaped, and very long text is shortened.
    """
    if isinstance(value, (list, tuple)):
        return [quoted(v) for v in value]
    if isinstance(value, dict):
        value = str(value)
    if not isinstance(value, str):
        return value
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in value)
    if len(text) <= LONGEST:
        return text
    return f"{text[:LONGEST // 2]}…{text[-(LONGEST // 2 - 1):]}"


def message(error: RefereeError) -> str:
    """One line: the problem, then the rule it breaks (if any)."""
    params = {k: quoted(v) for k, v in error.params.items()}
    text = translator(error.domain)(error.message, **params)
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


def usage_lines(problem: Exception) -> list[str]:
    """The argument parser's complaint, in the user's language where we know its kind."""
    ctx = getattr(problem, "ctx", None)
    kind = type(problem).__name__
    if kind == "NoArgsIsHelpError" and ctx is not None:
        return [ctx.get_help()]
    from referee.cli.framework import parser_complaint

    detail = parser_complaint(
        getattr(problem, "message", str(problem)).removeprefix("Value error, "))
    param = getattr(problem, "param", None)
    if param is None:
        name = getattr(problem, "param_hint", None) or ""
    elif getattr(param, "param_type_name", "") == "option":
        name = param.opts[0]
    else:
        name = getattr(param, "metavar", None) or param.name.upper()
    if kind == "NoSuchOption":
        text = _("No such option: {option}", option=getattr(problem, "option_name", ""))
        possibilities = getattr(problem, "possibilities", None)
        if possibilities:
            text += " " + _("(did you mean {options}?)", options=", ".join(possibilities))
    elif kind == "MissingParameter":
        text = _("Missing value: {name}", name=name)
    elif kind == "BadParameter":
        text = _("Invalid value for {name}: {detail}", name=name, detail=detail)
    else:
        text = _("Invalid command line: {detail}", detail=detail)
    lines = [text]
    if ctx is not None:
        lines.insert(0, ctx.get_usage())
        lines.append(_("Try '{command} --help' for help.", command=ctx.command_path))
    return lines
