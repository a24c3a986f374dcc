"""The question a game asks: one value type for every game's rules core.

A core's ``Game.pending()`` returns a :class:`Question`; the table layer asks it (at a
terminal, through JSON entry, in the simulator) without knowing the game. Besides who
answers, the rule and the prompt, a question says what the conversation needs to ask it
generically: the form of its answer (:class:`Form`), whether the answer is hidden from the
others at the table, its bounds when it is a number, and its legal answers where they can
be listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from referee.rulings import RuleRef, Ruling
from referee.values import Value, field

TABLE = "table"  # who answers a chance question: a card turned up, a tile drawn


class Form(StrEnum):
    """The shape of an answer."""

    ONE = "one"  # one of the listed options
    SEVERAL = "several"  # items (cards) picked out of those it lists or out of a hand; how
    #: many is the rule's
    NUMBER = "number"  # a whole number between ``low`` and ``high``
    YES_NO = "yes_no"
    TEXT = "text"  # text with a small grammar of the game's (a card code, a route, colours)


def unlisted(hand: Sequence[Any] | None = None) -> list[Any] | None:
    """The options of a question whose answers cannot be listed."""
    return None


def anything(entry: Any) -> None:
    """The check of a question every well-formed entry answers."""


class Question(Value, eq=False):
    """What the game needs now.

    ``actor`` answers it (a player's name, or ``table``); ``kind`` is the game's name for the
    decision; ``rule`` asks it; ``prompt`` is a msgid of the game's domain with ``params``;
    ``accepts`` the entry types that answer it. ``hidden``: the answer is given face down
    (a sealed bid, a hand's cards, a pair played face down) and is shown to nobody before
    the rules reveal it. ``choose_from``: for ``SEVERAL``, the items it picks among when the
    referee knows them all. ``options(hand)`` lists the legal answers (None when they
    cannot be listed; ``hand`` is the answering player's whole hand where the referee does
    not know it); ``check(entry)`` raises the error applying ``entry`` would raise.
    """

    actor: str
    kind: str
    rule: RuleRef
    prompt: str
    params: Mapping[str, Any] = field(default_factory=dict)
    accepts: tuple[str, ...] = ()
    form: Form = Form.ONE
    hidden: bool = False
    low: int | None = None
    high: int | None = None
    choose_from: tuple[Any, ...] | None = None
    options: Callable[..., list[Any] | None] = unlisted
    check: Callable[[Any], None] = anything

    def to_json(self) -> dict[str, Any]:
        shown = Ruling(self.rule, self.prompt, self.params).to_json()
        found: dict[str, Any] = {
            "actor": self.actor, "kind": self.kind, "rule": shown["rule"],
            "prompt": self.prompt, "params": shown["params"], "accepts": list(self.accepts),
            "form": self.form.value, "hidden": self.hidden}
        if self.form is Form.NUMBER:
            found["low"], found["high"] = self.low, self.high
        if self.form is Form.SEVERAL or self.choose_from is not None:
            found["choose_from"] = (None if self.choose_from is None else
                                    [_json(item) for item in self.choose_from])
        return found


def _json(item: Any) -> Any:
    return item.to_json() if hasattr(item, "to_json") else item
