"""The game contract (``referee.game.contract``), run against every game's engine.

Each game is played to its end with random legal answers (its simulator's choices), and at
every entry the same promises are checked: checking changes nothing, an entry is recorded with
rulings that name the game's rules, undo takes it back, a replay (also from JSON) is the same
game, a hidden answer is announced by nothing until the rules reveal it, every value goes to
JSON and back, and a finished game has an outcome. The checks are functions of this module so
that ``test_a_broken_game_fails_the_contract`` can show each one failing on a game that breaks
it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pytest

from referee.errors import RefereeError
from referee.game.contract import Entry, Game
from referee.game.question import Form, Question
from referee.outcome import Outcome
from referee.rulings import Ruling
from referee.values import replace

#: How often (every so many entries) the costlier promises are checked: undo, replay, JSON.
EVERY = 17


class Case(NamedTuple):
    name: str  # the game id: the rules' game, the outcome's game
    engine: type[Game]
    rules: Mapping[str, str]  # the game's rule registry
    new: Callable[[int], Game]  # a game at its start, from a seed
    pick: Callable[[Game, random.Random], Any]  # a legal answer to the pending question


def _tribune() -> Case:
    from referee.tribune.engine import Game as Tribune
    from referee.tribune.rulebook import RULES
    from referee.tribune.simulate import setup_for

    def pick(game: Game, rng: random.Random) -> Any:
        return rng.choice(game.legal_entries() or [])

    return Case("tribune", Tribune, RULES,
                lambda seed: Tribune(setup_for(4, "virtual", "ffg", "card", seed)), pick)


def _tribune_heidelberger() -> Case:
    from referee.tribune.simulate import setup_for

    case = _tribune()
    return case._replace(new=lambda seed: case.engine(
        setup_for(3, "virtual", "heidelberger", "points", seed)))


def _concordia() -> Case:
    from referee.concordia import simulate
    from referee.concordia.box import load_box
    from referee.concordia.deal import deal
    from referee.concordia.engine import Game as Concordia
    from referee.concordia.rulebook import RULES
    from referee.concordia.setup import Setup

    box = load_box()

    def new(seed: int) -> Game:
        return Concordia(Setup.from_deal(deal(box, "imperium", ["Ann", "Bob", "Cid"],
                                                  seed)), box)

    def pick(game: Any, rng: random.Random) -> Any:
        options = game.legal_entries()
        return rng.choice(options) if options else simulate._turn(game, rng, simulate.Report())

    return Case("concordia", Concordia, RULES, new, pick)


def _trajan() -> Case:
    from referee.trajan.engine import Game as Trajan
    from referee.trajan.rulebook import RULES
    from referee.trajan.setup import Setup
    from referee.trajan.simulate import random_entry

    return Case("trajan", Trajan, RULES,
                lambda seed: Trajan(Setup.create(["Ann", "Bob", "Cid"], "Ann", seed=seed)),
                lambda game, rng: random_entry(game, rng, eager=0.9))  # type: ignore[arg-type]


CASES = {"tribune": _tribune, "tribune-heidelberger": _tribune_heidelberger,
         "concordia": _concordia, "trajan": _trajan}


# ------------------------------------------------------------------------------ the promises
def state_of(game: Game) -> tuple[str, int, int]:
    return game.fingerprint(), len(game.history), len(game.log)


def checking_changes_nothing(game: Game, entry: Any, refused: Any) -> None:
    """``check`` of a legal entry passes, of a refused one raises a typed error; neither
    changes the game."""
    before = state_of(game)
    game.check(entry)
    assert state_of(game) == before, "check of a legal entry changed the game"
    with pytest.raises(RefereeError):
        game.check(refused)
    assert state_of(game) == before, "check of a refused entry changed the game"
    with pytest.raises(RefereeError):
        game.apply(refused)
    assert state_of(game) == before, "a refused entry changed the game"


def applying_records_rulings(case: Case, game: Game, entry: Any) -> list[Ruling]:
    """``apply`` returns the rulings of its effects, each naming a rule of the game's registry,
    and keeps them in ``log`` beside the entry in ``history``."""
    entries = len(game.history)
    rulings = game.apply(entry)
    assert game.history[-1] is entry and len(game.history) == entries + 1
    assert game.log[-1] == rulings and len(game.log) == len(game.history) + 1
    for ruling in rulings:
        assert isinstance(ruling, Ruling)
        assert ruling.rule.game == case.name.split("-")[0], ruling
        assert ruling.rule.rule_id in case.rules, ruling.rule.rule_id
        json.dumps(ruling.to_json())
    return rulings


def undo_takes_it_back(game: Game, entry: Any) -> None:
    before = state_of(game)
    game.apply(entry)
    assert game.undo() == entry
    assert state_of(game) == before, "undo left another game than the one before the entry"


def replay_is_the_same_game(case: Case, game: Game) -> None:
    """The entries replayed, and the whole game through JSON, give the same game."""
    again = case.engine.replay(game.setup, list(game.history))
    assert again.fingerprint() == game.fingerprint()
    setup = json.loads(json.dumps(game.setup.to_json()))
    assert case.engine.setup_from_json(setup).to_json() == game.setup.to_json()
    saved = json.loads(json.dumps(game.to_json()))
    assert case.engine.from_json(saved).fingerprint() == game.fingerprint()


def entry_round_trips(case: Case, entry: Any) -> None:
    assert isinstance(entry, Entry) and entry.type
    raw = json.loads(json.dumps(entry.to_json()))
    assert raw["type"] == entry.type
    assert case.engine.entry_from_json(raw) == entry


def question_is_well_formed(game: Game, question: Question) -> None:
    assert isinstance(question, Question)
    assert question.accepts and isinstance(question.form, Form)
    json.dumps(question.to_json())
    if question.hidden:  # a number or cards given face down, never a choice read aloud
        assert question.form in (Form.NUMBER, Form.SEVERAL), question
    if question.form is Form.NUMBER:
        assert question.low is not None and question.high is not None
        assert question.low <= question.high
    options = game.legal_entries()
    assert options is None or options, "a question with no legal answer"
    for option in (options or [])[:4]:
        game.check(option)


def hidden_answers_stay_hidden(question: Question, rulings: list[Ruling],
                               following: Question | None) -> None:
    """An answer given face down is announced by nothing while the sealed round goes on (the
    next question is the same hidden one, for the next player)."""
    if question.hidden and following is not None and following.hidden \
            and following.kind == question.kind:
        assert rulings == [], [r.message for r in rulings]


def outcome_is_complete(case: Case, game: Game) -> None:
    assert game.pending() is None and game.legal_entries() == []
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and outcome.game == case.name.split("-")[0]
    assert sorted(s.player for s in outcome.standings) == sorted(game.setup.players)
    assert min(s.rank for s in outcome.standings) == 1
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))).standings == \
        outcome.standings
    with pytest.raises(RefereeError):
        game.check(game.history[-1])  # nothing is asked once the game is over


def refused_variant(game: Game, entry: Any) -> Any:
    """The entry as somebody else would give it (another player, or a player instead of the
    table): every game refuses it, whatever the rules say of the answer itself."""
    other = next(p for p in game.setup.players if p != entry.player)
    return replace(entry, player=other)


# ------------------------------------------------------------------------------ the suite
def play(case: Case, seed: int) -> Game:
    """A whole game, every promise checked at every entry (the costlier ones now and then)."""
    rng = random.Random(seed)
    game = case.new(seed)
    assert isinstance(game, case.engine) and isinstance(game, Game)
    assert game.outcome() is None and len(game.log) == 1
    entries = 0
    while (question := game.pending()) is not None:
        assert entries < 5000, "a random game that never ends"
        assert game.outcome() is None
        question_is_well_formed(game, question)
        entry = case.pick(game, rng)
        entry_round_trips(case, entry)
        checking_changes_nothing(game, entry, refused_variant(game, entry))
        if entries % EVERY == 3:
            undo_takes_it_back(game, entry)
        rulings = applying_records_rulings(case, game, entry)
        hidden_answers_stay_hidden(question, rulings, game.pending())
        assert game.invariants() == []
        entries += 1
        if entries % EVERY == 0:
            replay_is_the_same_game(case, game)
    replay_is_the_same_game(case, game)
    outcome_is_complete(case, game)
    return game


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_game_keeps_the_contract_through_a_whole_game(name, seed):
    play(CASES[name](), seed)


@pytest.mark.parametrize("name", CASES)
def test_the_engine_cannot_leave_out_a_member_of_the_contract(name):
    engine = CASES[name]().engine
    assert issubclass(engine, Game) and not getattr(engine, "__abstractmethods__", None)

    class Missing(engine):  # type: ignore[valid-type, misc]
        pass

    Missing.__abstractmethods__ = frozenset({"outcome"})
    with pytest.raises(TypeError):
        Missing(CASES[name]().new(1).setup)


def test_tribune_asks_some_questions_face_down():
    """The hidden promise is not empty for the game that has sealed answers."""
    case, rng, found = _tribune(), random.Random(5), set()
    game = case.new(5)
    while (question := game.pending()) is not None:
        if question.hidden:
            found.add(question.kind)
        game.apply(case.pick(game, rng))
    assert {"chariot_bid", "mars"} <= found


def test_trajan_keeps_the_contract_through_its_two_choices():
    """The promises hold at the questions Trajan leaves to a player: how many figures a
    Trajan tile places, and which tiles meet the demands (seed 8 asks both)."""
    game = play(_trajan(), 8)
    assert {"figures", "demands"} <= {entry.type for entry in game.history}


# ----------------------------------------------------------------- the checks can fail
class Leaky(Game):
    """A game that breaks every promise: its check changes the state, its rulings cite no
    rule of its registry, its undo forgets, its hidden answer is announced at once."""

    def __init__(self, setup: Any) -> None:
        self.setup, self.history, self.log, self.state = setup, [], [[]], 0

    def pending(self) -> Question | None:
        from referee.rulings import RuleRef

        return Question("Ann", "bid", RuleRef("leaky", "leaky.bid", "Bid"), "Bid?", {},
                        ("bid",), Form.NUMBER, hidden=True, low=0, high=9)

    def legal_entries(self, hand: Any = None) -> list[Any] | None:
        return None

    def check(self, entry: Any) -> None:
        self.state += 1

    def apply(self, entry: Any) -> list[Ruling]:
        from referee.rulings import RuleRef

        self.history.append(entry)
        rulings = [Ruling(RuleRef("leaky", "leaky.nowhere", "?"), "Ann bids {n}", {"n": 3})]
        self.log.append(rulings)
        return rulings

    def undo(self) -> Any:
        return self.history[-1]

    def fingerprint(self) -> str:
        return f"{self.state}/{len(self.history)}"

    def outcome(self) -> Outcome | None:
        return None

    def invariants(self) -> list[str]:
        return []

    @classmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Any:
        return raw

    @classmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Any:
        return raw


def test_a_broken_game_fails_the_contract():
    case = Case("leaky", Leaky, {"leaky.bid": "Bid"}, Leaky, lambda game, rng: None)
    game = Leaky({})
    with pytest.raises(AssertionError, match="check of a legal entry"):
        checking_changes_nothing(game, "entry", "refused")
    with pytest.raises(AssertionError):
        applying_records_rulings(case, Leaky({}), "entry")
    with pytest.raises(AssertionError, match="undo"):
        undo_takes_it_back(Leaky({}), "entry")
    question = game.pending()
    with pytest.raises(AssertionError):
        hidden_answers_stay_hidden(question, game.apply("entry"), question)


@pytest.mark.parametrize("game", ["tribune", "concordia", "trajan"])
def test_every_game_raises_the_shared_errors_under_their_shared_names(game):
    """A game's errors refine the shared ones (``referee.errors``) and carry its translation
    domain; ``--json`` names them by the shared class, the same in every game."""
    import importlib

    from referee.errors import InputError, RuleViolation

    errors = importlib.import_module(f"referee.{game}.errors")
    rulebook = importlib.import_module(f"referee.{game}.rulebook")
    rule = next(iter(rulebook.RULES))
    refused, bad = rulebook.violation(rule, "no"), rulebook.bad_input("no")
    assert isinstance(refused, RuleViolation) and isinstance(bad, InputError)
    assert type(refused).__module__ == type(bad).__module__ == errors.__name__
    assert refused.domain == bad.domain == game and refused.rule.rule_id == rule
    assert (refused.kind(), bad.kind()) == ("RuleViolation", "InputError")
