"""The choices the rules leave to a player, asked as questions of the core: how many subjects
a worker or legionary Trajan tile places (001 «Особые действия жетонов Траяна»: 1 or 2). A
session begun before they were asked replays as it was played."""

from __future__ import annotations

from collections import Counter

import pytest

from referee.errors import RuleViolation
from referee.game.question import Form
from referee.trajan import actions as a
from referee.trajan.engine import Game
from referee.trajan.pieces import stacks
from referee.trajan.setup import Setup
from referee.trajan.wheel import COLOURS

from .engine_helpers import through_setup


def new_game(questions: int = 2) -> Game:
    return through_setup(Game(Setup.create(["Ann", "Bob"], "Ann", seed=3,
                                           questions=questions)))


def rules_of(rulings) -> list[str]:
    return [r.rule.rule_id for r in rulings]


def refused(game: Game, entry) -> RuleViolation:
    """``entry`` is refused with a rule named, and the game is left as it was."""
    before = (game.fingerprint(), len(game.history))
    with pytest.raises(RuleViolation) as error:
        game.apply(entry)
    assert (game.fingerprint(), len(game.history)) == before
    return error.value


# ---------------------------------------------------------------------- figures
def complete(game: Game, kind: str, supply: int | None = None) -> None:
    """Ann's turn completes a ``kind`` Trajan tile of the box at cell II: it swaps places
    with the tile there, and her trays are set so that one marker sown from tray I does it.
    ``supply``: the subjects left in her supply (the others wait in the workers' camp)."""
    b, ann = game.state.board, game.state.player("Ann")
    stack = next(s for s in stacks() if any(t.kind == kind for t in +b.trajan_pool[s]))
    tile = min(t for t in +b.trajan_pool[stack] if t.kind == kind)
    b.trajan_pool[stack][tile] -= 1
    b.trajan_pool[stack] += Counter([ann.cells[1]])
    ann.cells[1] = tile
    rest = Counter({c: 2 for c in COLOURS.values()}) - Counter(tile.colours)
    first = next(c for c in sorted(rest) if c not in tile.colours)
    rest[first] -= 1
    others = sorted(rest.elements())
    ann.trays = [[first], list(tile.colours), others[:3], others[3:5], others[5:7], others[7:]]
    if supply is not None:
        ann.workers_camp += ann.supply - supply
        ann.supply = supply
    game.apply(a.Sow("Ann", 0, (first,)))
    assert ann.cells[1] is None and tile in ann.done


@pytest.mark.parametrize("kind, camp", [("worker2", "workers_camp"),
                                        ("legionary2", "legion_camp")])
def test_a_two_figure_tile_offers_two_one_or_none(kind, camp):
    game = new_game()
    ann = game.state.player("Ann")
    complete(game, kind)
    q = game.pending()
    assert (q.kind, q.actor, q.form, q.rule.rule_id) == ("figures", "Ann", Form.ONE,
                                                         "trajan.trajan.figures")
    assert game.legal_entries() == [a.Figures("Ann", 2), a.Figures("Ann", 1), a.Pass("Ann")]
    supply, there = ann.supply, getattr(ann, camp)
    rulings = game.apply(a.Figures("Ann", 1))
    assert (ann.supply, getattr(ann, camp)) == (supply - 1, there + 1)
    assert "trajan.trajan.figures" in rules_of(rulings)
    assert game.invariants() == []


def test_a_short_supply_offers_fewer_and_refuses_more():
    game = new_game()
    complete(game, "worker2", supply=1)
    assert game.legal_entries() == [a.Figures("Ann", 1), a.Pass("Ann")]
    error = refused(game, a.Figures("Ann", 2))
    assert error.rule.rule_id == "trajan.trajan.figures" and error.params["n"] == 1
    game.apply(a.Figures("Ann", 1))
    assert game.state.player("Ann").supply == 0 and game.invariants() == []


def test_a_one_figure_tile_places_one_the_reading_of_1_or_2_flagged():
    game = new_game()
    complete(game, "legionary1")
    assert game.legal_entries() == [a.Figures("Ann", 1), a.Pass("Ann")]
    error = refused(game, a.Figures("Ann", 2))
    assert error.rule.rule_id == "trajan.trajan.figures" and error.rule.unsure == ("reading",)
    assert refused(game, a.Figures("Ann", 0)).rule.rule_id == "trajan.trajan.figures"
    game.apply(a.Pass("Ann"))  # the special action is optional
    assert game.pending().kind == "forum" and game.state.player("Ann").legion_camp == 1


def test_an_empty_supply_asks_nothing():
    game = new_game()
    complete(game, "worker2", supply=0)
    rulings = game.log[-1]
    assert game.pending().kind == "forum"
    assert any("no subject left" in r.message for r in rulings)


def test_a_session_begun_before_the_choice_places_every_figure():
    game = new_game(questions=1)
    ann = game.state.player("Ann")
    complete(game, "worker2")
    q = game.pending()
    assert (q.kind, game.legal_entries()) == ("trajan_effect", [a.Choose("Ann", "take"),
                                                                a.Pass("Ann")])
    camp = ann.workers_camp
    game.apply(a.Choose("Ann", "take"))
    assert ann.workers_camp == camp + 2
