"""The value objects' one base: entries, questions, rulings, setups and states are
:class:`Value` classes (msgspec Structs), so the rest of the code never imports msgspec.

A :class:`Value` is frozen: equal and hashed by its fields, changed only by making a copy
(:func:`replace`). A game's state changes in place: it declares ``frozen=False``. A value
whose derived members are worked out once, on first use (``functools.cached_property``),
is a :class:`Cached`, which gives each instance the dictionary that keeps them.

Structs rather than frozen dataclasses: Python 3.11 compiles six methods for each frozen
dataclass when its module is imported, and a command defines dozens of these classes
(``docs/performance.md``).
"""

from __future__ import annotations

from msgspec import Struct, field, to_builtins
from msgspec.structs import asdict, replace

__all__ = ["Cached", "Value", "asdict", "field", "replace", "to_builtins"]


class Value(Struct, frozen=True):
    """A frozen value object."""


class Cached(Value, dict=True):
    """A frozen value with members worked out on first use and kept in the instance."""
