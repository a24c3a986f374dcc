"""The rule registry (the shape every game's has: ``referee.game.rulebook``): every rule id the
engine cites with its title (listed in docs/rules-coverage.md), ``ref()``, ``violation()`` and
``bad_input()``. One edition, so ``edition`` stays None; ``confirmed`` is False where a ruling
rests on box data the rulebook does not state (``referee.data.confirmed_by``)."""

from __future__ import annotations

from referee.concordia import DOMAIN
from referee.concordia.errors import ConcordiaInputError, ConcordiaRuleViolation
from referee.game.rulebook import Rulebook
from referee.i18n import N_

RULES = {
    "concordia.score.vesta": N_("Final scoring: Vesta"),
    "concordia.score.jupiter": N_("Final scoring: Jupiter"),
    "concordia.score.saturnus": N_("Final scoring: Saturnus"),
    "concordia.score.mercurius": N_("Final scoring: Mercurius"),
    "concordia.score.mars": N_("Final scoring: Mars"),
    "concordia.score.minerva": N_("Final scoring: Minerva"),
    "concordia.score.concordia_card": N_("End of the game: the Concordia card"),
    "concordia.end.tie_break": N_("End of the game: ties"),
    "concordia.cards.copies": N_("Cards in the game"),
    "concordia.board.side": N_("Board side for the player count"),
    "concordia.architect.no_house_in_roma": N_("Architect: no houses in Roma"),
    "concordia.architect.one_house_per_city": N_("Architect: one house per player in a city"),
    "concordia.architect.house_cost": N_("Architect: cost of a house"),
    "concordia.pieces.houses": N_("Pieces: 15 houses per player"),
    "concordia.pieces.colonists": N_("Pieces: 6 colonists per player"),
    "concordia.storehouse.capacity": N_("Storehouse: 12 cells"),
    "concordia.praefectus_magnus.holder": N_("Praefectus Magnus: one holder"),
    "concordia.praefectus_magnus.bonus": N_("Praefectus Magnus: double bonus"),
    "concordia.setup.city_tokens": N_("Setup: city tokens"),
    "concordia.setup.province_markers": N_("Setup: province bonus markers"),
    "concordia.setup.market": N_("Setup: card market"),
    "concordia.setup.seats": N_("Setup: money and storehouse by seat"),
    "concordia.senator.cost": N_("Senator: card price plus display slot"),
    "concordia.consul.cost": N_("Consul: card price only"),
    "concordia.mercator.trade": N_("Mercator: trade in two kinds of goods"),
    "concordia.prefect.produce": N_("Prefect: production in a province"),
    "concordia.prefect.cash": N_("Prefect: cash from the coin sides"),
    "concordia.tribune.refund": N_("Tribune: money for cards beyond the third"),
    "concordia.colonist.place": N_("Colonist: new colonists"),
    "concordia.colonist.income": N_("Colonist: income"),
    "concordia.interim.score": N_("Interim scoring: every card scored as at the end"),
    "concordia.interim.compare": N_("Interim scoring: comparison"),
    "concordia.turn.play": N_("A turn: play one card from the hand"),
    "concordia.architect.move": N_("Architect: moving colonists"),
    "concordia.architect.build": N_("Architect: building next to a colonist"),
    "concordia.diplomat.copy": N_("Diplomat: copy an opponent's top card"),
    "concordia.specialist.produce": N_("Specialist: production of its good"),
    "concordia.storehouse.overflow": N_("Storehouse: goods that do not fit"),
    "concordia.tribune.colonist": N_("Tribune: one new colonist in Roma"),
    "concordia.market.refill": N_("Card market: slide left and refill"),
    "concordia.praefectus_magnus.pass": N_("Praefectus Magnus: passes to the right"),
    "concordia.end.trigger": N_("End of the game: the last card or the 15th house"),
    "concordia.end.last_turns": N_("End of the game: one more turn for the others"),
    "concordia.pieces.money_goods": N_("Money and goods never below zero"),
}


_BOOK = Rulebook(DOMAIN, RULES, ConcordiaInputError, ConcordiaRuleViolation)
ref = _BOOK.ref
violation = _BOOK.violation
bad_input = _BOOK.bad_input
