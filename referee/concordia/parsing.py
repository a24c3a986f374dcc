"""Pieces shared by every input reader: collected problems, names with suggestions, goods."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.concordia.box import Box
from referee.concordia.model import goods_index
from referee.concordia.names import NameIndex
from referee.concordia.rulebook import bad_input, violation
from referee.data import confirmed_by
from referee.errors import InputErrors, RefereeError, RuleViolation
from referee.i18n import N_
from referee.numbers import parse_whole
from referee.rulings import Term

UNKNOWN_CITY = (
    N_("Unknown city “{text}” on the {map} map."),
    N_("Unknown city “{text}” on the {map} map; did you mean {suggestions}?"))
UNKNOWN_PLAYER_CITY = (
    N_("{who}: unknown city “{text}” on the {map} map."),
    N_("{who}: unknown city “{text}” on the {map} map; did you mean {suggestions}?"))
UNKNOWN_PLAYER_CARD = (
    N_("{who}: unknown card “{text}”."),
    N_("{who}: unknown card “{text}”; did you mean {suggestions}?"))
UNKNOWN_CARD = (N_("Unknown card “{text}”."),
                N_("Unknown card “{text}”; did you mean {suggestions}?"))
UNKNOWN_PROVINCE = (
    N_("Unknown province “{text}” on the {map} map."),
    N_("Unknown province “{text}” on the {map} map; did you mean {suggestions}?"))
UNKNOWN_GOOD = (N_("Unknown good “{text}”; the goods are {goods}."),
                N_("Unknown good “{text}”; did you mean {suggestions}?"))

class Problems:
    """Collects problems so the user sees all of them in one go."""

    def __init__(self) -> None:
        self.items: list[RefereeError] = []

    def input(self, message: str, **params: Any) -> None:
        self.items.append(bad_input(message, **params))

    def rule(self, rule_id: str, facts: tuple, message: str, **params: Any) -> None:
        self.items.append(violation(rule_id, message, confirmed=confirmed_by(*facts), **params))

    def unknown(self, index: NameIndex, text: str, messages: tuple[str, str],
                **params: Any) -> None:
        """An unknown name; the second message also offers the closest known names."""
        near = index.suggest(text)
        if near:
            self.input(messages[1], text=text, suggestions=" / ".join(near), **params)
        else:
            self.input(messages[0], text=text, **params)

    def raise_if_any(self) -> None:
        if self.items:
            raise InputErrors(self.items)

    def unreadable(self) -> bool:
        """Whether anything could not be read at all (as opposed to breaking a rule)."""
        return any(not isinstance(p, RuleViolation) for p in self.items)


def find_one(index: NameIndex, text: str, messages: tuple[str, str], **params: Any) -> str:
    """The id ``text`` names, or an InputError that suggests the closest names."""
    found = index.find(text)
    if found is None:
        problems = Problems()
        problems.unknown(index, text, messages, **params)
        problems.raise_if_any()
    assert found is not None
    return found


def parse_goods(value: Any, who: str, box: Box, problems: Problems) -> dict[str, int]:
    """A storehouse or trade: ``{good: count}`` with known goods and counts of 0 or more."""
    if not isinstance(value, dict):
        problems.input(N_("{who}: goods must be given as {{good: count}}."), who=who)
        return {}
    goods, found = goods_index(box), dict[str, int]()
    for text, count in value.items():
        good = goods.find(text)
        if good is None:
            problems.input(N_("{who}: unknown good {good!r}; the goods are {goods}."),
                           who=who, good=text, goods=goods_list(box))
        number = whole(count, who, text, problems)
        if good is not None and number is not None:
            found[good] = found.get(good, 0) + number
    return found


def whole(value: Any, who: str, field: str, problems: Problems) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.input(N_("{who}: {field} must be a whole number of 0 or more, not {value!r}."),
                       who=who, field=field, value=value)
        return None
    return value


def goods_list(box: Box) -> list[Term]:
    return [Term(g) for g in box.goods]


def parse_pairs(texts: Sequence[str], flag: str, problems: Problems) -> dict[str, str]:
    """``["Londinium=brick,Tomis=food"]`` (flags may repeat or hold a comma list)."""
    found = {}
    for text in texts:
        for item in filter(str.strip, text.split(",")):
            name, sep, value = item.partition("=")
            if not sep or not name.strip() or not value.strip():
                problems.input(N_("{flag} expects NAME=VALUE, not “{text}”."), flag=flag,
                               text=item.strip())
            else:
                found[name.strip()] = value.strip()
    return found


def parse_goods_flags(texts: Sequence[str], flag: str, box: Box,
                      problems: Problems) -> dict[str, int]:
    """``--goods brick=1,food=2`` as ``{"brick": 1, "food": 2}``."""
    pairs = parse_pairs(texts, flag, problems)
    return parse_goods({k: typed_number(v) for k, v in pairs.items()}, flag, box, problems)


def typed_number(text: str) -> int | str:
    """A count typed in an option, read as the prompts read one; anything else stays text
    for the check that follows to refuse."""
    value = parse_whole(text)
    return text if value is None else value
