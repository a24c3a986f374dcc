"""Player names: the one rule every place a name enters applies (setups, prompts, flags,
typed-in scores, the alias table).

A name is kept in Unicode's composed form (NFC), so "José" typed with a combining accent
and "José" typed with a precomposed é are one name. It must be printable on one line
(no control characters, no bidirectional overrides) and hold at least one letter or digit:
a name made only of combining marks, punctuation or spaces names nobody.
"""

from __future__ import annotations

import unicodedata

from referee.errors import InputError
from referee.i18n import N_


class BadName(InputError):
    """A player name that breaks the naming rule."""


def player_name(raw: object) -> str:
    """``raw`` as a player name: stripped and composed (NFC); raises :class:`BadName`."""
    if not isinstance(raw, str):
        raise BadName(N_("A player name must be text, not {value!r}"), value=raw)
    name = unicodedata.normalize("NFC", raw.strip())
    if not name:
        raise BadName(N_("A player name cannot be empty."))
    if not name.isprintable():  # line breaks, escape sequences, bidi overrides, surrogates
        raise BadName(N_("The player name {name!r} has a character that cannot be shown on "
                         "one line"), name=name)
    if not any(unicodedata.category(c)[0] in "LN" for c in name):
        raise BadName(N_("The player name {name!r} needs at least one letter or digit"),
                      name=name)
    return name


def name_problem(raw: str) -> str | None:
    """Why ``raw`` is no player name, as text for a prompt to re-ask with; None if it is."""
    try:
        player_name(raw)
    except BadName as error:
        from referee.i18n import translator

        return translator(error.domain)(error.message, **error.params)
    return None
