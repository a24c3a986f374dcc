"""The rule registry (the shape every game's has: ``referee.game.rulebook``): every rule id the
engine cites with its title, ``ref()``, ``violation()``, ``bad_input()``, and ``ruling()`` for
the calculators.

Rule ids are stable and listed in docs/rules-coverage.md. There is one edition, so
``edition`` stays None; ``confirmed`` is False where a decision rests on box data
that the rulebook does not state (see ``box``).
"""

from __future__ import annotations

from typing import Any

from referee.game.rulebook import Rulebook
from referee.i18n import N_
from referee.rulings import Ruling
from referee.trajan import DOMAIN
from referee.trajan.errors import TrajanInputError, TrajanRuleViolation

RULES = {
    "trajan.setup.markers": N_("Action markers: 12 per player, 2 of each colour"),
    "trajan.setup.subjects": N_("Subjects: 15 per player"),
    "trajan.setup.forum": N_("Forum tiles: 70 in the box"),
    "trajan.setup.mat": N_("Player mat: 6 trays, each with a Trajan tile cell"),
    "trajan.setup.board": N_("Setup: laying out the board"),
    "trajan.setup.senate": N_("Setup: the senate discs"),
    "trajan.setup.bonus": N_("Setup: bonus tiles"),
    "trajan.setup.cards": N_("Setup: starting commodity cards"),
    "trajan.setup.trajan_tiles": N_("Setup: starting Trajan tiles"),
    "trajan.turn.order": N_("Turn order: who decides now"),
    "trajan.turn.sow": N_("Sowing the action markers"),
    "trajan.turn.extra": N_("Extra actions"),
    "trajan.turn.tray_action": N_("Action of each tray"),
    "trajan.turn.trajan_tile": N_("Completing a Trajan tile"),
    "trajan.time.move": N_("Moving the time marker"),
    "trajan.time.round_end": N_("End of a round"),
    "trajan.time.demand": N_("End of a round: turning up a demand tile"),
    "trajan.seaport.choice": N_("Seaport: draw, take, play or ship"),
    "trajan.seaport.deck": N_("Seaport: an empty deck or discard pile"),
    "trajan.seaport.ship": N_("Seaport: loading a ship"),
    "trajan.seaport.wild": N_("Commodity wild tile"),
    "trajan.forum.take": N_("Forum: taking a tile"),
    "trajan.military.choice": N_("Military: recruit, move or deploy"),
    "trajan.military.recruit": N_("Military: a subject becomes a legionary"),
    "trajan.military.leader": N_("Military: moving the leader"),
    "trajan.military.legionary": N_("Military: sending a legionary to a province"),
    "trajan.senate.advance": N_("Senate: advancing the disc"),
    "trajan.trajan.take": N_("Trajan: taking a tile for the arch's cell"),
    "trajan.trajan.effect": N_("Trajan tiles: special actions"),
    "trajan.trajan.plus2": N_("Trajan tiles: +2"),
    "trajan.trajan.figures": N_("Trajan tiles: 1 or 2 subjects to a camp"),
    "trajan.construction.choice": N_("Construction: recruit or build"),
    "trajan.construction.recruit": N_("Construction: a subject becomes a worker"),
    "trajan.construction.placement": N_("Construction: where a worker may go"),
    "trajan.construction.tile": N_("Construction: taking a building tile"),
    "trajan.construction.first_of_kind": N_("Construction: first tile of a kind"),
    "trajan.quarter.demands": N_("Quarter end: the people's demands"),
    "trajan.quarter.compulsory": N_("Quarter end: a demand that can be met must be met"),
    "trajan.quarter.penalty": N_("Quarter end: penalty for unmet demands"),
    "trajan.quarter.votes": N_("Quarter end: senate votes"),
    "trajan.quarter.consuls": N_("Quarter end: first and second consul"),
    "trajan.quarter.reset": N_("Quarter end: restacking the senate discs"),
    "trajan.quarter.refresh": N_("Quarter end: discard and refill"),
    "trajan.game.end": N_("End of the game"),
    "trajan.final.track": N_("Points already on the track"),
    "trajan.final.items": N_("Final scoring: cards, camps and Trajan tiles"),
    "trajan.final.sets": N_("Final scoring: sets of building tiles"),
    "trajan.bonus.demand": N_("Bonus tile: bread, games or religion"),
    "trajan.bonus.workers": N_("Bonus tile: workers"),
    "trajan.bonus.commodity": N_("Bonus tile: commodities"),
    "trajan.bonus.legionaries": N_("Bonus tile: legionaries"),
    "trajan.bonus.bonus_tiles": N_("Bonus tile: bonus tiles"),
    "trajan.bonus.tiles": N_("Bonus tiles: one of each kind"),
    "trajan.bonus.handed": N_("Bonus tiles: one each at setup, two each quarter"),
    "trajan.final.winner": N_("Winner and tie-break"),
}


_BOOK = Rulebook(DOMAIN, RULES, TrajanInputError, TrajanRuleViolation)
ref = _BOOK.ref
violation = _BOOK.violation
bad_input = _BOOK.bad_input


def ruling(rule_id: str, message: str, *, confirmed: bool = True, **params: Any) -> Ruling:
    """A ruling of ``rule_id``: ``message`` (a msgid with ``params``)."""
    return Ruling(ref(rule_id, confirmed=confirmed), message, params)
