"""Trajan: the rules core (sowing, quarter end, final scoring, turn helpers).

Only ``cli.py`` talks to the terminal; everything else is pure computation.
"""

from referee.i18n import N_

DOMAIN = "trajan"
EDITIONS = {"evrikus-2022": N_("Evrikus / HUCH! 2022 printing")}
#: The command's one line in `referee --help`.
SUMMARY = N_("Trajan: guided game, final score, quarter end, helpers.")
DEFAULT_EDITION = "evrikus-2022"
