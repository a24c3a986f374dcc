"""Where the command line writes: a lazily made Rich console and JSON output."""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


@cache
def console() -> Console:
    # Made on first use, not at import, so it sees the terminal width of this run. Markup
    # is off: names and notes typed by players reach tables and lines as text; styling is
    # given with style= or rich.text.Text, never inside a string.
    from rich.console import Console

    return Console(highlight=False, markup=False)


@cache
def err_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, markup=False)


def print_json(data: Any) -> None:
    """Machine output: one JSON document on stdout, UTF-8, stable key order."""
    import json  # here: the root help, which imports this module, prints no JSON

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_default) + "\n")


def _default(value: Any) -> Any:
    to_json = getattr(value, "to_json", None)
    if callable(to_json):
        return to_json()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def is_interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def shown(value: object) -> str:
    """User-supplied text made safe for a terminal line: control characters (escape
    sequences, newlines) are shown escaped. Print it with ``markup=False`` or inside a
    ``rich.text.Text`` so that brackets such as ``[/]`` stay text."""
    text = str(value)
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
