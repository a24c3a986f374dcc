"""Bounds on everything a user hands the program as JSON: size, nesting and numbers.

Without them a 50 MB file costs gigabytes, ``/dev/zero`` never ends, a FIFO blocks
forever, 100,000 nested brackets end in a RecursionError and a 5,000-digit number in a
ValueError. Every JSON input (``--entry``, scenario, score and data files) goes through
:func:`loads` or :func:`read_json`, which answer each of these with one InputError.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from referee.errors import InputError
from referee.i18n import N_

MAX_INPUT_BYTES = 4 * 1024 * 1024  # a whole game's scenario is well under 1 MB
MAX_DEPTH = 40  # the deepest shipped or exported JSON nests under 10 levels
MAX_DIGITS = 18  # no count, amount or seed of any game comes near it

#: the input file this run read last, as (path, text): a refusal of several problems found
#: in it names the line of the first (referee.terminal.messages). referee.cli.main forgets it
#: before each command.
last_file: tuple[str, str] | None = None


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(text)
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 2 * MAX_DIGITS + 8:
        raise _TooLong(text)
    return value


def _constant(text: str) -> Any:
    raise _TooLong(text)  # NaN, Infinity: not JSON, and no game has a use for them


class _TooLong(ValueError):
    pass


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            items = node.values() if isinstance(node, dict) else node
            stack.extend((child, level + 1) for child in items)
    return deepest


def _opening_depth(text: str) -> int:
    """An upper bound of the nesting, counted before parsing (brackets in strings too)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def loads(text: str, what: str) -> Any:
    """``text`` parsed as JSON within the bounds; ``what`` names the input in errors."""
    if len(text) > MAX_INPUT_BYTES:
        raise InputError(N_("{what} is larger than {mb} MB"), what=what,
                         mb=MAX_INPUT_BYTES >> 20)
    if _opening_depth(text) > MAX_DEPTH and _depth_of_text(text) > MAX_DEPTH:
        raise InputError(N_("{what} nests deeper than {depth} levels"), what=what,
                         depth=MAX_DEPTH)
    try:
        return json.loads(text, parse_int=_number, parse_float=_finite,
                          parse_constant=_constant)
    except _TooLong as exc:
        raise InputError(N_("{what} holds a number too long to be meant ({digits} "
                            "characters; at most {most} digits)"), what=what,
                         digits=len(str(exc)), most=MAX_DIGITS) from None
    except json.JSONDecodeError as exc:
        raise InputError(N_("{what} is not valid JSON (line {line}, column {column}): "
                            "{reason}"), what=what, line=exc.lineno, column=exc.colno,
                         reason=exc.msg) from None


def _depth_of_text(text: str) -> int:
    """The real nesting, parsing only when the bracket count says it may be too deep."""
    try:
        return _depth(json.loads(text, parse_int=str, parse_float=str, parse_constant=str))
    except RecursionError:
        return MAX_DEPTH + 1
    except ValueError:
        return 0  # not JSON at all: the parse below says so


#: the name that stands for standard input wherever a JSON file is read (as in git or kubectl)
STDIN = "-"


def read_json(path: Path) -> Any:
    """A user's JSON file within the bounds: only a regular file (a link to one is fine:
    it is the user's own file), at most 4 MB; ``-`` reads standard input."""
    try:
        raw = _read_stdin() if str(path) == STDIN else _read_regular(path)
    except FileNotFoundError:
        raise InputError(N_("File not found: {path}"), path=str(path)) from None
    except OSError as exc:
        raise InputError(N_("Cannot read {path}: {reason}"), path=str(path),
                         reason=exc.strerror or str(exc)) from None
    if raw is None:
        raise InputError(N_("Cannot read {path}: it is not a regular file"),
                         path=str(path)) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise InputError(N_("{what} is larger than {mb} MB"), what=str(path),
                         mb=MAX_INPUT_BYTES >> 20)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(N_("Cannot read {path}: it is not UTF-8 text"),
                         path=str(path)) from None
    global last_file
    last_file = (str(path), text)
    return loads(text, str(path))


def _read_stdin() -> bytes:
    import sys

    return sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)


def _read_regular(path: Path) -> bytes | None:
    """At most one byte more than the limit of a regular file; None for anything else
    (opened without blocking, so a FIFO cannot hang the program)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, total = [], 0
        while total <= MAX_INPUT_BYTES and (chunk := os.read(fd, 1 << 20)):
            chunks.append(chunk)
            total += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
