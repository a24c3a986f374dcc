"""An error quotes what was typed: still one printable line, however hostile the input."""

from __future__ import annotations

from referee.errors import InputError
from referee.i18n import N_
from referee.terminal.messages import LONGEST, message, quoted


def test_control_characters_and_lone_surrogates_are_shown_escaped():
    line = message(InputError(N_("Unknown player {name!r}"), name="A\nB\x1b[2J\ud800"))
    assert "\n" not in line and "\x1b" not in line
    assert "\\n" in line and "\\x1b[2J" in line and "\\ud800" in line
    line.encode("utf-8")  # printable on any UTF-8 terminal


def test_long_values_keep_their_start_and_end():
    path = "/" + "deep/" * 100 + "20261121-190405-3fa2.json"
    shown = quoted(path)
    assert len(shown) == LONGEST
    assert shown.startswith("/deep/") and shown.endswith("20261121-190405-3fa2.json")
    assert quoted(["x" * 1000])[0] == quoted("x" * 1000)

