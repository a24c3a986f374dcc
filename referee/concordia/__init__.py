"""Concordia (PD-Verlag base game). The rules core is everything here but ``cli.py`` and
``ui/``.

There is one edition; its two board sides (Imperium, Italia) are the setup's ``map``.
"""

from referee.i18n import N_

DOMAIN = "concordia"
EDITIONS = {"base": N_("PD-Verlag base game")}
DEFAULT_EDITION = "base"
