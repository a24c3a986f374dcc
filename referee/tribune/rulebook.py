"""The rule registry (the shape every game's has: ``referee.game.rulebook``): every rule id the
engine cites with its title, ``ref()``, ``violation()`` and ``bad_input()``; and the words
that differ by edition.

Rule ids are stable and appear in ``docs/rules-coverage.md``. :func:`ref` builds the
:class:`RuleRef` for a ruling or an error; ``edition`` is kept only for rules where
the two editions differ, ``confirmed=False`` when the outcome rests on box data or
values the group entered rather than on a rulebook.
"""

from __future__ import annotations

from functools import cache

from referee.game.rulebook import Rulebook
from referee.i18n import N_
from referee.rulings import Plural, Term
from referee.tribune import DOMAIN
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation

RULES: dict[str, str] = {
    "tribune.setup.players": N_("Setup: 2 to 5 players"),
    "tribune.setup.followers": N_("Setup: followers by player count"),
    "tribune.setup.money": N_("Setup: starting money"),
    "tribune.setup.deal": N_("Setup: deal 6 cards, keep 4"),
    "tribune.setup.victory": N_("Setup: victory condition card"),
    "tribune.setup.box": N_("Setup: board data chosen by the group"),
    "tribune.turn": N_("Whose decision it is"),
    "tribune.cards.known": N_("Cards known to the referee"),
    "tribune.deck.reshuffle": N_("Draw pile runs out: shuffle the discard pile"),
    "tribune.deck.cesura": N_("No cards in draw pile or discard pile"),
    "tribune.deck.cesura.hand": N_("Hand cut to 7 cards"),
    "tribune.deck.cesura.sets": N_("Large control sets lose their lowest cards"),
    "tribune.deck.cesura.continue": N_("Placement after the card shortage"),
    "tribune.deck.empty": N_("No card left to draw"),
    "tribune.supply": N_("Box supplies of laurels, legions and coins"),
    "tribune.phase1.place": N_("Phase 1: card placement"),
    "tribune.phase1.curia": N_("Phase 1: Curia dealing"),
    "tribune.phase2.order": N_("Phase 2: followers in seat order"),
    "tribune.phase2.space": N_("Phase 2: one follower per space"),
    "tribune.phase2.atrium.order": N_("Phase 2: Atrium \"1.\" before \"2.\""),
    "tribune.phase2.atrium.both": N_("Phase 2: never both Atrium spaces"),
    "tribune.phase2.atrium.turn": N_("Phase 2: Atrium cards turned up"),
    "tribune.phase2.pantheon.marker": N_("Phase 2: Pantheon needs a Vestal Virgins marker"),
    "tribune.phase2.pantheon.both": N_("Phase 2: never both Pantheon spaces"),
    "tribune.phase2.faction.order": N_("Phase 2: faction space \"1\" before \"2\""),
    "tribune.phase2.faction.controlled": N_("Phase 2: not on a faction you control"),
    "tribune.phase2.faction.both": N_("Phase 2: never both spaces of one faction"),
    "tribune.phase2.faction.chariot": N_("Phase 2: the chariot blocks a faction"),
    "tribune.phase2.bowl": N_("Phase 2: coin bowl"),
    "tribune.phase2.mars": N_("Phase 2: Field of Mars spaces"),
    "tribune.phase2.proconsul": N_("Phase 2: the Proconsul"),
    "tribune.phase3.empty": N_("Phase 3: cards at an empty space are discarded"),
    "tribune.phase3.thermae": N_("Phase 3: Thermae"),
    "tribune.phase3.forum": N_("Phase 3: Forum Romanum"),
    "tribune.phase3.latrine": N_("Phase 3: Latrine"),
    "tribune.phase3.curia": N_("Phase 3: Curia"),
    "tribune.phase3.atrium.single": N_("Phase 3: Atrium with one follower"),
    "tribune.phase3.atrium.auction": N_("Phase 3: Atrium auction"),
    "tribune.phase3.catacombs": N_("Phase 3: Catacombs"),
    "tribune.phase3.pantheon": N_("Phase 3: Pantheon"),
    "tribune.phase3.pantheon.sacrifice": N_("Phase 3: Pantheon sacrifice is a choice"),
    "tribune.phase3.pantheon.temporary": N_("Phase 3: eternal favor replaces temporary favor"),
    "tribune.phase3.mars": N_("Phase 3: Field of Mars"),
    "tribune.phase3.mars.extra": N_("Phase 3: Field of Mars extra laurel"),
    "tribune.phase4.set": N_("Phase 4: a set is 2 or more cards of the faction"),
    "tribune.phase4.beat": N_("Phase 4: beating the controller"),
    "tribune.phase4.conflict": N_("Phase 4: two players on one faction"),
    "tribune.phase4.one_set": N_("Phase 4: one controller and one control set per faction"),
    "tribune.phase4.penalty": N_("Phase 4: penalty card of the beaten challenger"),
    "tribune.phase4.lose": N_("Phase 4: the beaten set is discarded"),
    "tribune.phase4.benefit": N_("Phase 4: take-over benefit"),
    "tribune.phase4.leader": N_("Phase 4: leader bonus"),
    "tribune.phase4.marker": N_("Phase 4: faction marker"),
    "tribune.phase4.laurel": N_("Phase 4: starting laurel of the faction"),
    "tribune.phase5.benefit": N_("Phase 5: faction benefit"),
    "tribune.phase5.assassin": N_("Assassin"),
    "tribune.phase5.legion": N_("Phase 5: Legates legion purchase"),
    "tribune.phase5.tribune": N_("Phase 5: the Tribune"),
    "tribune.favor.temporary": N_("Temporary favor follows Vestal Virgins control"),
    "tribune.phase5.proconsul": N_("Phase 5: the Proconsul"),
    "tribune.phase6.auction": N_("Phase 6: chariot auction"),
    "tribune.phase6.place": N_("Phase 6: placing the chariot"),
    "tribune.round.end": N_("End of round"),
    "tribune.end.announce": N_("Veni, vidi, vici"),
    "tribune.end.qualify": N_("End: qualifiers rank first"),
    "tribune.end.points": N_("End: point table"),
    "tribune.end.bonus": N_("End: 2-point bonus"),
    "tribune.end.variant": N_("Point-value variant"),
    "tribune.end.tie": N_("End: equal points"),
}

#: Rules whose outcome depends on the edition (the RuleRef then names it).
EDITION_RULES = frozenset({
    "tribune.deck.cesura", "tribune.phase1.curia", "tribune.phase3.pantheon.temporary",
    "tribune.phase3.pantheon.sacrifice",
    "tribune.phase4.leader", "tribune.phase5.benefit", "tribune.phase5.assassin",
    "tribune.phase5.legion", "tribune.phase5.tribune", "tribune.phase6.place",
    "tribune.end.bonus",
})


_BOOK = Rulebook(DOMAIN, RULES, TribuneInputError, TribuneRuleViolation, EDITION_RULES)
ref = _BOOK.ref
violation = _BOOK.violation
bad_input = _BOOK.bad_input


# Words that differ by edition (separate msgids, so English reads right too).
#: the setup numbers, shared by the engine and the table's setup checklist
FOLLOWERS = {2: 6, 3: 6, 4: 5, 5: 4}  # per player, by player count
START_MONEY = 12  # the start player's; each next seat clockwise one more
OPENING_DEAL, OPENING_DISCARD = 6, 2

MONEY = {"ffg": Term(N_("denarii")), "heidelberger": Term(N_("Sesterzen"))}
CESURA = {"ffg": Term(N_("cesura magna")), "heidelberger": Term(N_("important event"))}
COLOSSEUM = {"ffg": Term(N_("Colosseum")), "heidelberger": Term(N_("Catacombs money field"))}


def money(edition: str, amount: int) -> Plural:
    """An amount in the edition's currency: "1 denarius", "3 denarii", "3 Sesterzen"."""
    if edition == "heidelberger":
        return Plural(amount, "{n} Sesterz", "{n} Sesterzen")
    return Plural(amount, "{n} denarius", "{n} denarii")

REGION_NAMES = {
    "thermae": N_("Thermae"), "forum": N_("Forum Romanum"), "latrine": N_("Latrine"),
    "curia": N_("Curia"), "atrium": N_("Atrium Auctionorum"), "catacombs": N_("Catacombs"),
    "pantheon": N_("Pantheon"), "mars": N_("Field of Mars"),
}
_HB_REGION_NAMES = {"thermae": N_("Hot springs"), "mars": N_("Victory column")}


@cache  # a few regions by two editions; a Term is frozen, so one of each serves every ruling
def region_term(region: str, edition: str) -> Term:
    """A region's name in the edition's words; kept, as regions are named in ruling after
    ruling."""
    if edition == "heidelberger" and region in _HB_REGION_NAMES:
        return Term(_HB_REGION_NAMES[region])
    return Term(REGION_NAMES[region])
