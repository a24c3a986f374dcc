"""Tribune: Primus Inter Pares. The rules core is everything here but ``cli.py`` and ``ui/``.

The engine (:mod:`referee.tribune.engine`) knows both editions: FFG (the default,
as in the Russian and Spanish rulebooks) and the German Heidelberger original.
"""

from referee.i18n import N_

DOMAIN = "tribune"
EDITIONS = {"ffg": N_("FFG edition"), "heidelberger": N_("Heidelberger edition")}
DEFAULT_EDITION = "ffg"
