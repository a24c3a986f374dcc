"""The Trajan engine: the guided game as the table layer drives it.

    from referee.trajan.engine import Game
    from referee.trajan.setup import Setup

    game = Game(Setup.create(["Ann", "Bob"], "Ann", deal="virtual", seed=7))
    while (q := game.pending()) is not None:
        q.actor, q.kind, q.rule, q.prompt, q.params, q.accepts
        game.legal_entries()          # every legal answer, or None (markers, sow)
        game.check(entry)             # raises what apply would raise; changes nothing
        rulings = game.apply(entry)   # validates, then mutates; a Ruling per effect
    game.outcome()                    # referee.outcome.Outcome, from trajan.scoring

Question kinds: ``draw`` (actor ``table``, deal mode table only), ``markers``,
``starting_card``, ``start_tiles``, ``sow``, ``plus2``, ``trajan_effect``, ``figures``,
``seaport``, ``seaport_discard``, ``forum``, ``military``, ``senate``, ``trajan``,
``construction``, ``extra_action``, ``demands``, ``consul``. The entries that answer them are
in ``actions``.

The state is never stored: ``Game.replay(setup, entries)`` rebuilds it (a virtual deal
draws with the setup's seed), and ``fingerprint`` is equal for equal games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import RefereeError
from referee.game.flow import Flow, FlowGame
from referee.i18n import N_
from referee.outcome import Outcome
from referee.trajan import actions
from referee.trajan.actions import Entry
from referee.trajan.core import Core
from referee.trajan.invariants import Inventory, broken
from referee.trajan.rulebook import violation
from referee.trajan.rules import play
from referee.trajan.scoring import FinalScore, final_score_of, outcome_of
from referee.trajan.setup import Setup
from referee.trajan.state import GameState


class Game(FlowGame):
    core: Core

    def __init__(self, setup: Setup) -> None:
        self._held: Inventory | None = None
        super().__init__(setup)

    def new_core(self, setup: Setup) -> Core:
        return Core(setup)

    def flow(self) -> Flow:
        return play(self.core)

    def over(self) -> RefereeError:
        return violation("trajan.game.end", N_("The game is over"))

    def nothing_to_undo(self) -> RefereeError:
        return violation("trajan.turn.order", N_("Nothing to undo"))

    @classmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw)

    @classmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Entry:
        return actions.from_json(raw)

    @property
    def state(self) -> GameState:
        return self.core.s

    def fingerprint(self) -> str:
        q = self._pending
        where = f"{q.actor}/{q.kind}" if q else "over"
        return f"{self.state.fingerprint()}:{where}"

    def final_score(self) -> FinalScore | None:
        return final_score_of(self.state) if self.state.over else None

    def outcome(self) -> Outcome | None:
        return outcome_of(self.state, self.setup.edition) if self._pending is None \
            else None

    def invariants(self) -> list[str]:
        if self._held is None:
            self._held = Inventory.load()
        return broken(self.state, self._held)
