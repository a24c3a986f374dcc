"""Trajan. The rules core is everything here but ``cli.py`` and ``ui/``.

There is one edition (the 2022 printing whose rulebook the referee follows).
"""

from referee.i18n import N_

DOMAIN = "trajan"
EDITIONS = {"evrikus-2022": N_("Evrikus / HUCH! 2022 printing")}
DEFAULT_EDITION = "evrikus-2022"
