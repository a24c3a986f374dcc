"""Every digest the program makes: the journal's integrity chain, the checkpoint's proof and
the game states' fingerprints.

``hashlib`` is not imported: its first import loads OpenSSL, which costs a short command more
than the hashing it does. BLAKE2b and SHA-256 come from CPython's own C modules instead.
BLAKE2b (``_blake2``) is the one in use; it is the very code ``hashlib.blake2b`` is, in
every CPython (``hashlib.algorithms_guaranteed``), and as fast on 3.11, 3.12 and 3.13.
SHA-256 only checks journals written before format 3: its module is ``_sha256`` on 3.11 and
``_sha2`` from 3.12 on, and ``hashlib`` (OpenSSL) where a build has neither.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

try:
    from _blake2 import blake2b
except ImportError:  # another implementation of Python, where hashlib names it
    from hashlib import blake2b

# the comparison hmac.compare_digest is (hmac itself would load OpenSSL)
from _operator import _compare_digest as _same

#: bytes of a chain or proof digest (64 hex digits)
DIGEST_BYTES = 32
#: bytes of a game state's fingerprint (32 hex digits)
FINGERPRINT_BYTES = 16


Bytes = bytes | memoryview


#: ``new_digest(first)``: a BLAKE2b-256 hasher fed ``first``; ``update`` it, then
#: ``hexdigest`` (a partial, so that a journal's thousand lines make no Python call each)
new_digest: Callable[..., Any] = partial(blake2b, digest_size=DIGEST_BYTES)


def fingerprint(text: str) -> str:
    """A short digest of a game state's canonical text: equal states, equal fingerprints."""
    return str(blake2b(text.encode("utf-8"), digest_size=FINGERPRINT_BYTES).hexdigest())


def keyed(key: bytes, data: bytes) -> str:
    """BLAKE2b-256 keyed with ``key`` (a MAC, hex): only who holds the key can make it."""
    return str(blake2b(data, digest_size=DIGEST_BYTES, key=key,
                       person=b"referee-proof").hexdigest())


def same(a: str, b: str) -> bool:
    """Whether two digests are equal, in a time that does not tell where they differ."""
    return bool(_same(a.encode("ascii", "replace"), b.encode("ascii", "replace")))


_sha256: Callable[..., Any] | None = None


def new_sha256(first: Bytes = b"") -> Any:
    """A SHA-256 hasher fed ``first``; its module is loaded on first use."""
    global _sha256
    if _sha256 is None:
        _sha256 = _sha256_of_this_python()
    return _sha256(first)


def _sha256_of_this_python() -> Callable[..., Any]:
    from importlib import import_module

    for name in ("_sha2", "_sha256"):  # Python 3.12 and later; Python 3.11
        try:
            found: Callable[..., Any] = import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return found
    from hashlib import sha256

    return sha256
