"""The value objects' base: entries, questions, rulings, setups and states are msgspec
Structs declared through this module, so the rest of the code never imports msgspec.

A :class:`Value` is frozen: equal and hashed by its fields, changed only by making a copy
(:func:`replace`). A value whose derived members are worked out once, on first use
(``functools.cached_property``), is a :class:`Cached`, which gives each instance the
dictionary that keeps them. What changes in place (a game's state, a pile of cards) is a
:class:`Mutable`: equal by its fields, never hashed.

Structs rather than frozen dataclasses: Python 3.11 compiles six methods for each frozen
dataclass when its module is imported, and a command defines dozens of these classes
(``docs/performance.md``).
"""

from __future__ import annotations

from typing import dataclass_transform

from msgspec import Struct, field, to_builtins
from msgspec.structs import asdict, replace

__all__ = ["Cached", "Mutable", "Value", "asdict", "field", "replace", "to_builtins"]


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Value(Struct, frozen=True):
    """A frozen value object (a subclass is frozen too; type checkers are told so)."""


class Cached(Value, dict=True):
    """A frozen value with members worked out on first use and kept in the instance."""


class Mutable(Struct):
    """An object changed in place: a game's state, its players, piles and slots."""
