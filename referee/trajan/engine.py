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
``starting_card``, ``start_tiles``, ``sow``, ``plus2``, ``trajan_effect``, ``seaport``,
``seaport_discard``, ``forum``, ``military``, ``senate``, ``trajan``, ``construction``,
``extra_action``, ``consul``. The entries that answer them are in ``actions``.

The state is never stored: ``Game.replay(setup, entries)`` rebuilds it (a virtual deal
draws with the setup's seed), and ``fingerprint`` is equal for equal games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.i18n import N_
from referee.outcome import Outcome
from referee.rulings import Ruling
from referee.trajan import actions, final, flow_quarter, flow_setup, flow_turn
from referee.trajan.actions import Entry
from referee.trajan.core import Core, Flow, Question
from referee.trajan.rules import violation
from referee.trajan.scoring import FinalScore
from referee.trajan.setup import Setup
from referee.trajan.state import GameState


def play(c: Core) -> Flow:
    yield from flow_setup.setup(c)
    while not c.s.over:
        name = c.order[c.s.turn]
        round_over = yield from flow_turn.turn(c, name)
        if round_over:
            yield from flow_quarter.round_end(c)
        c.s.turn = (c.s.turn + 1) % len(c.order)
    c.say("trajan.game.end", N_("The fourth quarter is over: final scoring"))


class Game:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.core = Core(setup)
        self.history: list[Entry] = []
        self.log: list[list[Ruling]] = []
        self._flow = play(self.core)
        self._pending: Question | None = None
        self._box: final.Box | None = None
        self.log.append(self._advance(None))

    @property
    def state(self) -> GameState:
        return self.core.s

    def pending(self) -> Question | None:
        return self._pending

    def legal_entries(self) -> list[Entry] | None:
        return [] if self._pending is None else self._pending.options()

    def check(self, entry: Entry) -> None:
        if self._pending is None:
            raise violation("trajan.game.end", N_("The game is over"))
        self._pending.check(entry)

    def apply(self, entry: Entry) -> list[Ruling]:
        self.check(entry)
        rulings = self._advance(entry)
        self.history.append(entry)
        self.log.append(rulings)
        return rulings

    def _advance(self, entry: Entry | None) -> list[Ruling]:
        self.core.out = []
        try:
            self._pending = next(self._flow) if entry is None else self._flow.send(entry)
        except StopIteration:
            self._pending = None
        return self.core.out

    def fingerprint(self) -> str:
        q = self._pending
        where = f"{q.actor}/{q.kind}" if q else "over"
        return f"{self.state.fingerprint()}:{where}"

    def final_score(self) -> FinalScore | None:
        return final.final_score(self.state) if self.state.over else None

    def outcome(self) -> Outcome | None:
        return final.outcome(self.state, self.setup.edition) if self._pending is None \
            else None

    def invariants(self) -> list[str]:
        if self._box is None:
            self._box = final.Box.load()
        return final.invariants(self.state, self._box)

    @classmethod
    def replay(cls, setup: Setup, entries: Iterable[Entry]) -> Game:
        game = cls(setup)
        for entry in entries:
            game.apply(entry)
        return game

    def undo(self) -> Entry:
        if not self.history:
            raise violation("trajan.turn.order", N_("Nothing to undo"))
        last = self.history[-1]
        self.__dict__.update(Game.replay(self.setup, self.history[:-1]).__dict__)
        return last

    def to_json(self) -> dict[str, Any]:
        return {"setup": self.setup.to_json(), "entries": [e.to_json() for e in self.history]}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Game:
        return cls.replay(Setup.from_json(raw["setup"]),
                          [actions.from_json(e) for e in raw["entries"]])


class Rules:
    """The Trajan core as the table layer reaches it."""

    game = "trajan"

    def setup_from_json(self, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw)

    def new_game(self, setup: Setup) -> Game:
        return Game(setup)

    def replay(self, setup: Setup, entries: Iterable[Entry]) -> Game:
        return Game.replay(setup, entries)

    def entry_from_json(self, raw: Mapping[str, Any]) -> Entry:
        return actions.from_json(raw)

    def edition(self, setup: Setup) -> str:
        return setup.edition

