"""``chain.head_of``, the whole-chain check a checkpoint's reader makes without decoding a
record, gives the verdict of the full read (``journal.scan``) on every journal: the same head
when every line checks, none when any does not."""

from __future__ import annotations

import random

import pytest

from referee.store import SessionStore
from referee.store.chain import head_of
from referee.store.journal import scan
from tests.store.helpers import as_version_1, entry, lines_of, new_session
from tests.store.test_integrity import DAMAGE, ENTRIES


@pytest.fixture
def journal(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    with new_session(store) as s:
        for n in range(ENTRIES):
            s.append([entry(n, text="é ✓ \\u2028")])
        return s.path


def verdict(raw: bytes):
    found = scan(raw)
    whole = found.problem is None and not found.torn_tail and found.version > 1
    return found.head if whole else None


def test_a_whole_journal_s_head_is_the_full_read_s(journal):
    raw = journal.read_bytes()
    assert head_of(raw) == verdict(raw) == scan(raw).head


#: the last lines dropped leave a shorter whole journal: only its backup tells (below)
WITHIN = {name: damage for name, damage in DAMAGE.items() if name != "last lines dropped"}


@pytest.mark.parametrize("damage", WITHIN.values(), ids=WITHIN.keys())
def test_every_kind_of_damage_within_the_journal_gives_no_head(journal, damage):
    raw = b"".join(damage[0](lines_of(journal)))
    assert head_of(raw) is None and verdict(raw) is None


@pytest.mark.parametrize("seed", range(60))
def test_any_flipped_bit_gives_the_full_read_s_verdict(journal, seed):
    raw = bytearray(journal.read_bytes())
    rng = random.Random(seed)
    raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    assert head_of(bytes(raw)) == verdict(bytes(raw)) is None


@pytest.mark.parametrize("raw", [b"", b"\n", b"{}\n", b"not json\n", b'{"journal": 1}\n'])
def test_what_is_no_sealed_journal_gives_no_head(raw):
    assert head_of(raw) is None


def test_a_version_1_journal_gives_no_head(journal):
    assert head_of(as_version_1(journal.read_bytes())) is None


def test_a_cut_at_a_line_end_is_a_shorter_journal_s_head(journal):
    """What only the backup can tell (``checked_head`` compares it)."""
    raw = b"".join(lines_of(journal)[:-2])
    assert head_of(raw) == scan(raw).head
