"""Idempotency keys: a name a script gives one submission, so a retry records it once."""

from __future__ import annotations

from referee.errors import InputError
from referee.i18n import N_

LONGEST_KEY = 200


def check_key(key: str) -> str:
    """``key`` if it is a usable idempotency key (printable text, at most 200 characters)."""
    if not key or len(key) > LONGEST_KEY or not key.isprintable():
        raise InputError(N_("--key must be 1 to {longest} printable characters"),
                         longest=LONGEST_KEY)
    return key
