"""Names that live in the data files, marked here so the catalogs carry their translations.

A test checks that every map, god, card and good named in ``data/`` is listed here.
"""

from referee.i18n import N_

MAPS = (N_("Imperium"), N_("Italia"))
#: Place names as printed on the board (Latin). Russian shows them in Russian, as the Russian
#: rulebook does ("Массилия (Massilia)"); Spanish keeps the board's Latin.
PROVINCES = (
    N_("Aegyptus"), N_("Asia"), N_("Britannia"), N_("Dacia"), N_("Gallia"), N_("Germania"),
    N_("Hellas"), N_("Hispania"), N_("Italia"), N_("Libya"), N_("Mauretania"), N_("Syria"),
    N_("Aemilia"), N_("Apulia"), N_("Campania"), N_("Corsica"), N_("Etruria"), N_("Liguria"),
    N_("Lucania"), N_("Sicilia"), N_("Transpadana"), N_("Umbria"), N_("Venetia"),
)
CITIES = (
    N_("Roma"),
    N_("Alexandria"), N_("Antiochia"), N_("Aquileia"), N_("Athenae"), N_("Attalia"),
    N_("Brigantium"), N_("Burdigala"), N_("Byzantium"), N_("Carthago"), N_("Colonia A."),
    N_("Cyrene"), N_("Dyrrhachium"), N_("Isca D."), N_("Leptis Magna"), N_("Londinium"),
    N_("Lutetia"), N_("Massilia"), N_("Memphis"), N_("Napoca"), N_("Novaria"), N_("Olisipo"),
    N_("Petra"), N_("Rusadir"), N_("Sinope"), N_("Sirmium"), N_("Syracusae"), N_("Tomis"),
    N_("Tyros"), N_("Valentia"), N_("Vindobona"),
    N_("Aleria"), N_("Ancona"), N_("Bausanum"), N_("Brundisium"), N_("Casinum"), N_("Comum"),
    N_("Cosa"), N_("Croton"), N_("Florentia"), N_("Genua"), N_("Hadria"), N_("Lucria"),
    N_("Messana"), N_("Mutina"), N_("Neapolis"), N_("Nicaea"), N_("Olbia"), N_("Panormus"),
    N_("Potentia"), N_("Ravenna"), N_("Segusio"), N_("Spoletum"), N_("Verona"),
)
GODS = (N_("Vesta"), N_("Jupiter"), N_("Saturnus"), N_("Mercurius"), N_("Mars"), N_("Minerva"))
COLONISTS = (N_("land"), N_("sea"))
GOODS = (N_("brick"), N_("food"), N_("tools"), N_("wine"), N_("cloth"))
CARDS = (
    N_("Tribune"), N_("Architect"), N_("Prefect"), N_("Mercator"), N_("Diplomat"),
    N_("Senator"), N_("Consul"), N_("Diplomat (Saturnus)"), N_("Diplomat (Mercurius)"),
    N_("Diplomat (Mars)"), N_("Colonist"), N_("Mason"), N_("Farmer"), N_("Smith"),
    N_("Vintner"), N_("Weaver"),
)
#: Spanish shows the board's Latin, but a Spanish player may type the Spanish name.
SPANISH_NAMES = {
    "Aegyptus": ("Egipto",), "Britannia": ("Britania",), "Gallia": ("Galia",),
    "Hellas": ("Grecia", "Hélade"), "Libya": ("Libia",), "Mauretania": ("Mauritania",),
    "Syria": ("Siria",), "Corsica": ("Córcega",),
    "Umbria": ("Umbría",), "Venetia": ("Venecia",), "Aemilia": ("Emilia",),
    "Alexandria": ("Alejandría",), "Antiochia": ("Antioquía",),
    "Aquileia": ("Aquilea",), "Athenae": ("Atenas",), "Attalia": ("Atalia",),
    "Burdigala": ("Burdeos",), "Byzantium": ("Bizancio",), "Carthago": ("Cartago",),
    "Colonia A.": ("Colonia",), "Cyrene": ("Cirene",), "Dyrrhachium": ("Dirraquio",),
    "Londinium": ("Londres",), "Lutetia": ("Lutecia",),
    "Massilia": ("Marsella",), "Memphis": ("Menfis",), "Olisipo": ("Lisboa",),
    "Syracusae": ("Siracusa",), "Tyros": ("Tiro",), "Valentia": ("Valencia",),
    "Vindobona": ("Viena",), "Sinope": ("Sínope",), "Genua": ("Génova",),
    "Nicaea": ("Niza",), "Comum": ("Como",), "Bausanum": ("Bolzano",),
    "Mutina": ("Módena",), "Ravenna": ("Rávena",), "Neapolis": ("Nápoles",),
    "Florentia": ("Florencia",), "Brundisium": ("Brindisi",), "Lucria": ("Lucera",),
    "Croton": ("Crotona",), "Messana": ("Mesina",), "Panormus": ("Palermo",),
    "Spoletum": ("Espoleto",), "Segusio": ("Susa",), "Casinum": ("Casino",),
    "Potentia": ("Potenza",),
}
