"""``referee concordia``: the command line for Concordia (a thin layer over the rules core)."""

from referee.concordia.cli import board, calc, score, setup  # noqa: F401  (each adds its commands)
from referee.concordia.cli.common import app

__all__ = ["app"]
