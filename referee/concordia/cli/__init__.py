"""``referee concordia``: the command line for Concordia (a thin layer over the rules core)."""

from referee.concordia.cli import (  # noqa: F401  (each adds its commands)
    board,
    calc,
    play,
    score,
    setup,
)
from referee.concordia.cli.common import app

__all__ = ["app"]
