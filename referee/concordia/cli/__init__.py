"""``referee concordia``: the command line for Concordia (a thin layer over the rules core).

``score`` and ``setup`` are the app's own commands; the map, the guided game and the
calculators are loaded only by a run that may use them (see referee.cli.app._with_deferred):
the guided game's modules cost a score more than the score's own.
"""

import typer

from referee.concordia.cli import score, setup  # noqa: F401  (each adds its commands)
from referee.concordia.cli.common import app


def _board() -> typer.Typer:
    from referee.concordia.cli.board import commands

    return commands


def _play() -> typer.Typer:
    from referee.concordia.cli.play import commands

    return commands


def _calc() -> typer.Typer:
    from referee.concordia.cli.calc import calc

    return calc


#: listed before ``score`` and ``setup``, as the help has always shown them
DEFERRED_COMMANDS = (_board, _play)
DEFERRED = {"calc": _calc}

__all__ = ["DEFERRED", "DEFERRED_COMMANDS", "app"]
