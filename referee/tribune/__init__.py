"""Tribune: Primus Inter Pares — the rules core (everything here but ``cli.py``).

The engine (:mod:`referee.tribune.engine`) knows both editions: FFG (the default,
as in the Russian and Spanish rulebooks) and the German Heidelberger original.
"""

from referee.i18n import N_

DOMAIN = "tribune"
EDITIONS = {"ffg": N_("FFG edition"), "heidelberger": N_("Heidelberger edition")}
DEFAULT_EDITION = "ffg"
SUMMARY = N_("Tribune: guided game, rule checks in both editions, score.")  # `referee --help`
