"""Names that live in the data files, marked here so the catalogs carry their translations.

A test checks that every map, god, card and good named in ``data/`` is listed here.
"""

from referee.i18n import N_

MAPS = (N_("Imperium"), N_("Italia"))
PLACES = (N_("Rome"),)
GODS = (N_("Vesta"), N_("Jupiter"), N_("Saturnus"), N_("Mercurius"), N_("Mars"), N_("Minerva"))
GOODS = (N_("brick"), N_("food"), N_("tools"), N_("wine"), N_("cloth"))
CARDS = (
    N_("Tribune"), N_("Architect"), N_("Prefect"), N_("Mercator"), N_("Diplomat"),
    N_("Senator"), N_("Consul"), N_("Diplomat (Saturnus)"), N_("Diplomat (Mercurius)"),
    N_("Diplomat (Mars)"), N_("Colonist"), N_("Mason"), N_("Farmer"), N_("Smith"),
    N_("Vintner"), N_("Weaver"),
)
