"""Hypothesis strategies for hostile input: junk JSON, near-miss entries, broken setups."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.tribune.ui.codes import ALL_CODES
from tests.robustness.helpers import PLAYERS

TYPES = ["reveal", "place", "cards", "choose", "bid", "pass"]  # the closed entry vocabulary
NASTY_TEXT = ["", " ", "ann", "ANN", "Ann ", "table", "referee", "\x00",
              "\ud800", "\n", "\x1b[2J", "Ann\nBob", "💥", "١٢", "ｓｅｎ４", "null", "-1", "1e9"]
LONG = st.integers(300, 20_000).map(lambda n: "é" * n)  # drawn, so reprs stay short
TEXT = st.sampled_from(NASTY_TEXT) | LONG | st.text(max_size=12)
NUMBERS = (st.integers(-10**30, 10**30) | st.sampled_from([0, 1, -1, 2**63, -2**63])
           | st.floats(allow_nan=True, allow_infinity=True))
JSON = st.recursive(st.none() | st.booleans() | NUMBERS | TEXT,
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(TEXT, inner, max_size=3), max_leaves=5)

SPACES = ["forum.1", "forum.6", "forum.7", "forum.0", "thermae.3", "thermae.4", "curia.1",
          "atrium.1", "atrium.3", "catacombs.4", "catacombs.1", "pantheon.1", "pantheon.3",
          "senators.2", "senators.3", "gladiators.1", "vestals.2", "bowl", "mars", "latrine",
          "moon.1", "forum", "forum.-1", "forum.99999999999999999999"]
OPTIONS = ["1", "2", "3", "0", "99", "buy", "card", "card_money", "cards", "colosseum",
           "favor", "keep", "off", "scroll", "sell", "tribune", "senators", "vestals", "gods"]
CODES = [*ALL_CODES[::7], "sen11", "sen-1", "xyz4", "SEN4", "sen", "4sen", "sen04", "ses4"]

PLAYER = st.sampled_from([*PLAYERS, "table", "Zed"]) | TEXT
FIELDS = {
    "player": PLAYER | JSON,
    "space": st.sampled_from(SPACES) | JSON,
    "card": st.sampled_from(CODES) | JSON,
    "cards": st.lists(st.sampled_from(CODES), max_size=5) | JSON,
    "option": st.sampled_from(OPTIONS) | JSON,
    "amount": NUMBERS | st.sampled_from([True, "3", 3.0, None]),
    "kind": st.sampled_from(["place", "curia", "atrium_bid", "nonsense"]) | TEXT,
}


@st.composite
def junk_entry(draw) -> dict:
    """An entry as a file or ``--json`` could give it: any type, fields right or wrong."""
    entry = {"type": draw(st.sampled_from([*TYPES, "undo", "Place", ""]) | TEXT)}
    for name in draw(st.lists(st.sampled_from(sorted(FIELDS)), unique=True, max_size=4)):
        entry[name] = draw(FIELDS[name])
    return entry


@st.composite
def near_miss(draw, legal: dict) -> dict:
    """A legal entry with one field changed: the shape is right, the content may not be."""
    entry = dict(legal)
    name = draw(st.sampled_from(sorted({*entry, "player", "type"} - {"kind"})))
    entry[name] = draw(FIELDS.get(name, TEXT) if name != "type" else st.sampled_from(TYPES))
    return entry
