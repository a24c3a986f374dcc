"""What the group does with the box before round 1, for this player count and edition.

The numbers come from the same constants the engine sets the game up with
(:mod:`referee.tribune.rulebook`), so the checklist and the referee never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.i18n import translator
from referee.tribune.rulebook import (
    FOLLOWERS,
    MONEY,
    OPENING_DEAL,
    OPENING_DISCARD,
    START_MONEY,
)

if TYPE_CHECKING:
    from referee.tribune.engine import Game

_ = translator("tribune")


def before_round_1(game: Game) -> bool:
    """Nothing of round 1 has been played yet: Phase 1, or with the virtual deck the
    opening discards (phase 0) that come before it."""
    return game.state.round == 1 and game.state.phase <= 1


def checklist(game: Game) -> list[str]:
    """The physical setup, one step a line, in the user's language."""
    setup = game.setup
    names = list(setup.players)
    first = names.index(setup.start_player)
    seats = names[first:] + names[:first]
    money = _.term(MONEY[setup.edition])
    lines = [
        _("Put one laurel on each faction field and stack that faction's markers on it; "
          "the spare laurels go on the Field of Mars."),
        _("Beside the board: legions, {money}, the Tribune and Scroll tiles, both favor "
          "tiles, the chariot and the Proconsul.", money=money),
        _("Each player takes {n} followers of their colour; the rest stay in the box.",
          n=FOLLOWERS[len(names)]),
        _("{player} is the start player and takes the coin.", player=setup.start_player),
        _("Starting {money}: {amounts}.", money=money, amounts=", ".join(
            f"{name} {START_MONEY + i}" for i, name in enumerate(seats))),
    ]
    if setup.deck_mode == "table":
        lines.append(_("Shuffle the faction cards and deal {dealt} to each player; each "
                       "puts {discarded} face down back, and those are shuffled into the "
                       "draw pile.", dealt=OPENING_DEAL, discarded=OPENING_DISCARD))
    else:
        lines.append(_("The referee holds the faction cards: deal none at the table."))
    if setup.victory is None:
        lines.append(_("No victory card: the game is played for points."))
    else:
        lines.append(_("Each player takes a copy of the victory card {title}.",
                       title=setup.victory.title))
    if setup.edition == "heidelberger":
        lines.append(_("Each player keeps a scoring card for a tie."))
    return lines
