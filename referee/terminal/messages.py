"""The one place where errors become what the user sees and the process exit code."""

from __future__ import annotations

import importlib
import re
import sys
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
    doubts = rule.doubts
    if "data" in doubts and "reading" in doubts:
        text = _("{rule}; rests on data not confirmed and on a reading not confirmed by the "
                 "rulebook", rule=text)
    elif "reading" in doubts:
        text = _("{rule}; rests on a reading not confirmed by the rulebook", rule=text)
    elif doubts:
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


def problems_of(error: RefereeError) -> list[RefereeError]:
    if isinstance(error, InputErrors):
        return [p for problem in error.problems for p in problems_of(problem)]
    return [error]


def lines(error: RefereeError) -> list[str]:
    """A line per problem."""
    return [message(p) for p in problems_of(error)]


def summary(error: RefereeError) -> str:
    """What a command that fails says: one line, always. Several problems found at once
    (a file with many mistakes) give the first, with its line in the file where it can be
    found, and how many others there are: a screenful of messages hides the one to fix
    first; ``--json`` lists them all."""
    problems = problems_of(error)
    if len(problems) == 1:
        return message(problems[0])
    source = _input_file()
    line: int | None = None
    first = problems[0]
    if source is not None:  # the first in the file, where the lines are known
        placed = [(line_of(p, source[1]), i, p) for i, p in enumerate(problems)]
        line, _i, first = min(placed, key=lambda x: (x[0] is None, x[0] or 0, x[1]))
    others = len(problems) - 1
    text = message(first)
    if source is not None:
        text = (_("{file}, line {line}: {problem}", file=quoted(source[0]), line=line,
                  problem=text) if line is not None else
                _("{file}: {problem}", file=quoted(source[0]), problem=text))
    return _.plural("{problem} (and {n} more problem; --json lists them all)",
                    "{problem} (and {n} more problems; --json lists them all)", others,
                    problem=text)


def error_json(error: RefereeError) -> dict:
    problems = problems_of(error)
    source = _input_file() if len(problems) > 1 else None
    out = []
    for p in problems:
        item: dict[str, Any] = {"type": p.kind(), "message": message(p), "msgid": p.message,
                "rule": p.rule.to_json() if p.rule else None}
        if source is not None:
            item["file"], item["line"] = source[0], line_of(p, source[1])
        out.append(item)
    return {"ok": False, "errors": out}


def _input_file() -> tuple[str, str] | None:
    limits = sys.modules.get("referee.limits")
    return None if limits is None else limits.last_file


#: params that name where a problem is rather than what is wrong there
_ANCHORS = ("who", "player", "name")
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\n')


def line_of(problem: RefereeError, text: str) -> int | None:
    """The line of ``text`` (the JSON document read) that ``problem`` is about: where the
    value it quotes stands, after the player it names if it names one; None when its
    values are not in the document (the reader only knows the values, not their place)."""
    tokens: dict[Any, list[int]] = {}
    line = 1
    for found in _TOKEN.finditer(text):
        token = found.group()
        if token == "\n":
            line += 1
            continue
        try:
            import json

            value = json.loads(token)
        except ValueError:
            continue
        tokens.setdefault(value if isinstance(value, str) else ("#", value), []).append(line)
    params = problem.params
    anchor = next((params[k] for k in _ANCHORS if isinstance(params.get(k), str)
                   and params[k] in tokens), None)
    start = tokens[anchor][0] if anchor is not None else 1
    for key, value in params.items():
        if key in _ANCHORS or isinstance(value, bool):
            continue
        if isinstance(value, str):
            at = tokens.get(value, [])
        elif isinstance(value, int) and anchor is not None:  # a bare number is anywhere
            at = tokens.get(("#", value), [])
        else:
            continue
        after = [n for n in at if n >= start]
        if after:
            return after[0]
    return start if anchor is not None else None
