"""Setup flags of ``referee tribune new`` turned into setup answers (unset ones are asked)."""

from __future__ import annotations

import json

from referee.i18n import N_
from referee.tribune.errors import TribuneInputError
from referee.tribune.ui.render import COLOURS
from referee.tribune.ui.setup_flow import BID_MODES, Answers


def answers_from_flags(players: list[str], start: str | None, edition: str | None,
                       victory: str | None, points_variant: bool, deck: str | None,
                       thermae: int | None, settings: list[str], seed: int | None,
                       bids: str | None) -> Answers:
    from referee.tribune.ui.codes import victory_card

    a = Answers(start=start, edition=edition, points_variant=points_variant, deck=deck,
                seed=seed, bids=bids)
    if players:
        a.players = []
        for item in players:
            name, _sep, colour = item.partition(":")
            a.players.append((name.strip(), colour_id(colour.strip()) or None))
    if victory is not None:
        a.victory = victory_card(victory)
    for item in settings:
        key, sep, raw = item.partition("=")
        if not sep:
            raise TribuneInputError(N_("Expected KEY=VALUE, got {item!r}"), item=item)
        try:
            a.settings[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            a.settings[key.strip()] = raw.strip()
    if thermae is not None:
        a.settings["thermae_fields"] = thermae
    if bids is not None and bids not in BID_MODES:
        raise TribuneInputError(N_("--bids must be one of {choices}"),
                                choices=", ".join(BID_MODES))
    return a


def colour_id(text: str) -> str:
    """A colour typed in any language (``rojo``, ``красный``) as the id the board knows; a
    colour we have no name for is kept as typed."""
    from referee.i18n.matching import find

    if not text:
        return text
    return find(text, COLOURS, "tribune") or text
