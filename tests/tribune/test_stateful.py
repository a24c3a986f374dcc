"""Hypothesis state machine: random legal entries, undo, reload from the saved log,
rejected entries, and the invariants after every step, in both deck modes and editions."""

import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from referee.errors import RefereeError
from referee.tribune.actions import Bid, Place
from referee.tribune.engine import Game
from referee.tribune.simulate import Driver, agreement, setup_for


class TribuneMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 5), mode=st.sampled_from(["table", "virtual"]),
                edition=st.sampled_from(["ffg", "heidelberger"]),
                variant=st.sampled_from(["card", "points"]), seed=st.integers(0, 10_000))
    def start(self, players, mode, edition, variant, seed):
        self.driver = Driver(setup_for(players, mode, edition, variant, seed))
        self.problems = []

    def pick(self, data):
        return lambda options: options[data.draw(st.integers(0, len(options) - 1))]

    @precondition(lambda self: not self.driver.done)
    @rule(data=st.data(), steps=st.integers(1, 40))
    def play(self, data, steps):
        choose = self.pick(data)
        for _ in range(steps):
            if self.driver.done:
                break
            self.problems += self.driver.step(choose)

    @precondition(lambda self: self.driver.game.history)
    @rule()
    def undo(self):
        before = Game.replay(self.driver.game.setup, self.driver.game.history[:-1])
        self.driver.undo()
        assert self.driver.game.fingerprint() == before.fingerprint()

    @rule()
    def reload(self):
        saved = json.loads(json.dumps(self.driver.game.to_json(), ensure_ascii=False))
        again = Game.from_json(saved)
        assert again.fingerprint() == self.driver.game.fingerprint()
        assert again.history == self.driver.game.history

    @precondition(lambda self: not self.driver.done)
    @rule(space=st.sampled_from(["forum.9", "atrium.2", "pantheon.1", "senators.2", "bowl"]),
          amount=st.integers(-3, 400), who=st.integers(0, 4))
    def rejected_entries_change_nothing(self, space, amount, who):
        game = self.driver.game
        before = game.fingerprint()
        players = game.setup.players
        for action in (Place(players[who % len(players)], space),
                       Bid(players[who % len(players)], amount)):
            try:
                game.check(action)
            except RefereeError:
                try:
                    game.apply(action)
                except RefereeError:
                    pass
                else:
                    raise AssertionError("apply accepted what check refused") from None
            assert game.fingerprint() == before

    @invariant()
    def holds(self):
        assert self.problems == []
        assert self.driver.game.invariants() == []
        d = self.driver
        if d.twin is not None and d.game.pending() is not None \
                and d.game.pending().kind not in ("reveal",) \
                and d.twin.pending() is not None and d.twin.pending().kind != "opening_discard":
            assert agreement(d.game, d.twin) == []


def machine_settings(examples, steps):
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_tribune_state_machine():
    run_state_machine_as_test(TribuneMachine, settings=machine_settings(12, 25))


@pytest.mark.fuzz
def test_tribune_state_machine_long():
    run_state_machine_as_test(TribuneMachine, settings=machine_settings(150, 40))
