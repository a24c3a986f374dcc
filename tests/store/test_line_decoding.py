"""A journal line is decoded by msgspec where it can be and by json where msgspec refuses:
either way the record is the one json reads, and what json refuses is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.store import journal

TEXT = st.text(st.characters(codec=None))  # every code point, lone surrogates included
SCALARS = st.none() | st.booleans() | st.integers() | TEXT \
    | st.floats(allow_nan=False)  # ±inf are written as Infinity, which json reads
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(TEXT, inner, max_size=4), max_leaves=30)


def _line(value: object, ascii_only: bool) -> bytes:
    return json.dumps({"put": {"t": {"1": {"v": value}}}}, ensure_ascii=ascii_only) \
        .encode("utf-8", "surrogatepass")


@given(VALUES, st.booleans())
def test_a_record_reads_as_json_reads_it(value, ascii_only):
    line = _line(value, ascii_only)
    assert journal._loads(line) == json.loads(line)


@pytest.mark.parametrize("line", [
    b'{"a":"\\ud800"}', b'{"a":"\\udc80x"}', b'{"a":1e400}', b'{"a":-Infinity}', b'{"a":NaN}',
    b'{"a":' + b"9" * 4300 + b"}", b'{"a":1,"a":2}', b'{"a":"\xed\xa0\x80"}',
    '{"a":"é"}'.encode("utf-16"), b'{"a":"x\\u0000"}',
], ids=range(10))
def test_what_msgspec_refuses_json_reads(line):
    expected = json.loads(line)
    found = journal._loads(line)
    assert repr(found) == repr(expected)  # repr: NaN equals itself there


@pytest.mark.parametrize("line", [
    b"\xff", b'{"a":"\x01"}', b'{"a":' + b"9" * 4301 + b"}", b"[" * 100_000, b"{", b"",
    b'{"a":1} x',
], ids=range(7))
def test_what_json_refuses_is_refused(line):
    with pytest.raises(journal._Bad):
        journal._loads(line)
