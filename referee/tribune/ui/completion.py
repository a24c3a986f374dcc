"""What Tribune's values complete to in a shell: factions, card codes, ``FACTION=CARDS``."""

from __future__ import annotations


def _last_item(incomplete: str) -> tuple[str, str]:
    """``sen4,gla`` → (``sen4,``, ``gla``): lists complete their last item."""
    cut = max(incomplete.rfind(","), incomplete.rfind(" ")) + 1
    return incomplete[:cut], incomplete[cut:]


def factions(incomplete: str) -> list[str]:
    from referee.tribune.cards import FACTIONS

    words = [f.value for f in FACTIONS] + [f.code for f in FACTIONS]
    return [w for w in words if w.startswith(incomplete.lower())]


def card_codes(incomplete: str) -> list[str]:
    """Tribune card codes (``sen4``), the last of a comma-separated list."""
    from referee.tribune.ui.codes import ALL_CODES

    done, last = _last_item(incomplete)
    return [done + code for code in ALL_CODES if code.startswith(last.lower())]


def faction_sets(incomplete: str) -> list[str]:
    """``FACTION=CARDS``: the faction first, then its card codes."""
    name, sep, cards = incomplete.partition("=")
    if not sep:
        return [f + "=" for f in factions(name)]
    return [f"{name}={c}" for c in card_codes(cards)]
