"""Reading the JSON the group enters, reporting every problem at once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.errors import InputErrors, RefereeError
from referee.i18n import N_
from referee.trajan.rulebook import bad_input
from referee.trajan.terms import word_id


class Checker:
    """Collects problems while values are read; ``done()`` raises them together."""

    def __init__(self) -> None:
        self.problems: list[RefereeError] = []

    def add(self, problem: RefereeError) -> None:
        self.problems.append(problem)

    def done(self) -> None:
        if self.problems:
            raise InputErrors(self.problems)

    def players(self, doc: Any, minimum: int, maximum: int) -> list[dict]:
        players = doc.get("players") if isinstance(doc, dict) else None
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise bad_input(N_("The input needs a \"players\" list of objects"))
        if not minimum <= len(players) <= maximum:
            raise bad_input(N_("Trajan is played by {low} to {high} players, got {n}"),
                            low=minimum, high=maximum, n=len(players))
        names = [p.get("name") for p in players]
        for i, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                self.add(bad_input(N_("Player {n} needs a name"), n=i + 1))
            elif names.index(name) != i:
                self.add(bad_input(N_("Two players are called {name}"), name=name))
        return players

    def fields(self, obj: dict, where: str, known: Iterable[str]) -> None:
        """A mistyped field would otherwise count as absent without a word."""
        known = set(known)
        for key in sorted((k for k in obj if k not in known), key=str):
            self.add(bad_input(N_("{where}: unknown field {field!r}"), where=where, field=key))

    def count(self, obj: dict, key: str, where: str, default: int | None = 0) -> int:
        value = obj.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self.add(bad_input(N_("{where}: {field} must be a whole number 0 or more, "
                                  "got {value!r}"), where=where, field=key, value=value))
            return 0
        return value

    def counts(self, obj: dict, key: str, where: str, allowed: Iterable[str]) -> dict[str, int]:
        raw = obj.get(key, {})
        if not isinstance(raw, dict):
            self.add(bad_input(N_("{where}: {field} must be an object of counts"),
                               where=where, field=key))
            return {}
        allowed = list(allowed)
        found = {}
        for typed in raw:
            name = word_id(typed, allowed)
            if name not in allowed:
                self.add(bad_input(N_("{where}: unknown {field} entry {name!r}; choose from "
                                      "{choices}"), where=where, field=key, name=name,
                                   choices=", ".join(allowed)))
            else:
                found[name] = self.count(raw, typed, where)
        return found

    def choice(self, obj: dict, key: str, where: str, allowed: Iterable[Any]) -> Any:
        allowed = list(allowed)
        value = word_id(obj.get(key), allowed)
        if value not in allowed:
            self.add(bad_input(N_("{where}: {field} must be one of {choices}, got {value!r}"),
                               where=where, field=key, value=value,
                               choices=", ".join(str(a) for a in allowed)))
        return value
