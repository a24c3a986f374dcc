"""One hashing module (``referee.hashing``) for the journal's chain, the checkpoint's proof and
the game states' fingerprints: the digests of the standard algorithms, with or without
CPython's private hash modules."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest

from referee import hashing

DATA = [b"", b"abc", "é ✓".encode() * 300, bytes(range(256)) * 40]


@pytest.mark.parametrize("data", DATA)
def test_the_digests_are_the_standard_ones(data):
    assert hashing.new_digest(data).hexdigest() == hashlib.blake2b(data,
                                                                   digest_size=32).hexdigest()
    split = hashing.new_digest(data[:7])
    split.update(memoryview(data)[7:])
    assert split.hexdigest() == hashing.new_digest(data).hexdigest()
    assert hashing.new_sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert hashing.keyed(b"k" * 32, data) == hashlib.blake2b(
        data, digest_size=32, key=b"k" * 32, person=b"referee-proof").hexdigest()
    text = data.decode("utf-8", "replace")
    assert hashing.fingerprint(text) == hashlib.blake2b(text.encode(),
                                                        digest_size=16).hexdigest()


def test_a_proof_needs_the_key():
    assert hashing.keyed(b"a" * 32, b"x") != hashing.keyed(b"b" * 32, b"x")
    assert hashing.same("ab", "ab") and not hashing.same("ab", "ac")
    assert not hashing.same("ab", "é")


FALLBACK = """
import json, sys
for name in {absent!r}:
    sys.modules[name] = None  # as on a Python built without it
import hashlib
from referee import hashing
data = b"the same digest either way"
print(json.dumps({{
    "digest": hashing.new_digest(data).hexdigest()
        == hashlib.blake2b(data, digest_size=32).hexdigest(),
    "sha256": hashing.new_sha256(data).hexdigest() == hashlib.sha256(data).hexdigest(),
    "keyed": hashing.keyed(b"k" * 32, data) == hashlib.blake2b(
        data, digest_size=32, key=b"k" * 32, person=b"referee-proof").hexdigest(),
    "sha256_from": type(hashing._sha256(b"")).__module__,
}}))
"""


@pytest.mark.parametrize("absent", [(), ("_sha2", "_sha256")])
def test_without_cpython_s_own_sha256_module_hashlib_gives_the_same_digests(absent):
    done = subprocess.run([sys.executable, "-c", FALLBACK.format(absent=absent)],
                          capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["digest"] and found["sha256"] and found["keyed"]
    assert found["sha256_from"] == ("_hashlib" if absent else
                                    "_sha2" if sys.version_info >= (3, 12) else "_sha256")


def test_blake2b_is_hashlib_s_own():
    """hashlib's blake2b is CPython's _blake2 (no OpenSSL): the one the program uses."""
    assert hashing.blake2b is hashlib.blake2b


def test_the_private_sha256_module_of_this_python_is_found():
    """3.11 calls it ``_sha256``, 3.12 and later ``_sha2``: either way hashlib (and the
    OpenSSL it loads) is not needed."""
    code = ("import sys\nfrom referee import hashing\nhashing.new_sha256(b'x')\n"
            "print(sorted(m for m in ('hashlib', '_hashlib', '_sha2', '_sha256') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    own = "_sha2" if sys.version_info >= (3, 12) else "_sha256"
    assert done.stdout.strip() == repr([own])


def test_game_states_fingerprint_through_the_one_module():
    """No game state hashes on its own: each module names referee.hashing, none hashlib."""
    from pathlib import Path

    root = Path(hashing.__file__).parent
    for game in ("tribune", "concordia", "trajan"):
        text = (root / game / "state.py").read_text(encoding="utf-8")
        assert "hashlib" not in text and "referee.hashing" in text, game
    for path in root.rglob("*.py"):
        if path.name != "hashing.py":
            text = path.read_text(encoding="utf-8")
            assert "import hashlib" not in text and "from hashlib" not in text, path
            assert "import _sha" not in text and "from _sha" not in text, path
            assert "crc32" not in text, path
