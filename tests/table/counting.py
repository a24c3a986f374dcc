"""A tiny game that keeps the contract, for testing the table layer apart from any real game.

Players take turns adding 1, 2 or 3 to a running total; whoever brings it to ``goal`` or past
wins. The rules run as a flow (``referee.game.flow``), the way Tribune's and Trajan's do, and
every move is a ruling of the game's one-page rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.errors import InputError, RefereeError, RuleViolation
from referee.game.contract import Entry
from referee.game.flow import Flow, FlowCore, FlowGame
from referee.game.question import Question
from referee.game.rulebook import Rulebook
from referee.outcome import Outcome, Standing
from referee.table.game import TableGame
from referee.values import Mutable, Value

RULES = {"counting.turn": "Whose turn it is", "counting.add": "Add 1, 2 or 3",
         "counting.goal": "Reach the goal"}
#: its texts are not in any catalog: the core domain shows them as written
BOOK = Rulebook("core", RULES, InputError, RuleViolation)


class Setup(Value):
    players: tuple[str, ...]
    goal: int = 10
    edition: str = "base"

    @property
    def start_player(self) -> str:
        return self.players[0]

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "goal": self.goal}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Setup:
        try:
            return cls(tuple(raw["players"]), int(raw["goal"]))
        except (KeyError, TypeError, ValueError):
            raise InputError("Not a counting setup: {raw}", raw=str(raw)) from None


class Add(Entry):
    type = "add"
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "amount": self.amount}


def entry_from_json(raw: Mapping[str, Any]) -> Add:
    if raw.get("type") != "add" or not isinstance(raw.get("amount"), int):
        raise InputError("Not a counting entry: {raw}", raw=str(dict(raw)))
    return Add(str(raw.get("player")), raw["amount"])


class State(Mutable):
    total: int = 0
    turn: int = 0
    winner: str | None = None


class Core(FlowCore):
    def __init__(self, setup: Setup) -> None:
        self.setup, self.s, self.out = setup, State(), []


def play(c: Core) -> Flow:
    c.rule(BOOK.ref("counting.goal"), "First to {goal} wins", goal=c.setup.goal)
    while c.s.winner is None:
        player = c.setup.players[c.s.turn % len(c.setup.players)]

        def check(entry: Any, player: str = player) -> None:
            if not isinstance(entry, Add):
                raise InputError("Add takes an amount")
            if entry.player != player:
                raise BOOK.violation("counting.turn", "It is {player}'s turn", player=player)
            if entry.amount not in (1, 2, 3):
                raise BOOK.violation("counting.add", "Add 1, 2 or 3, not {n}", n=entry.amount)

        entry = yield Question(player, "add", BOOK.ref("counting.add"), "{player}: add?",
                               {"player": player}, ("add",),
                               options=lambda hand=None, p=player: [Add(p, n) for n in (1, 2, 3)],
                               check=check)
        c.s.total += entry.amount
        c.rule(BOOK.ref("counting.add"), "{player} adds {n}: {total}", player=entry.player,
               n=entry.amount, total=c.s.total)
        if c.s.total >= c.setup.goal:
            c.s.winner = entry.player
            c.rule(BOOK.ref("counting.goal"), "{player} wins", player=entry.player)
        c.s.turn += 1


class Counting(FlowGame):
    core: Core

    def new_core(self, setup: Setup) -> Core:
        return Core(setup)

    def flow(self) -> Flow:
        return play(self.core)

    def over(self) -> RefereeError:
        return BOOK.violation("counting.goal", "The game is over")

    def nothing_to_undo(self) -> RefereeError:
        return BOOK.violation("counting.turn", "Nothing to undo")

    @classmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw)

    @classmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Add:
        return entry_from_json(raw)

    def fingerprint(self) -> str:
        s = self.core.s
        return f"{s.total}/{s.turn}/{s.winner}"

    def outcome(self) -> Outcome | None:
        winner = self.core.s.winner
        if winner is None:
            return None
        return Outcome("counting", "base", tuple(
            Standing(p, i + 1, int(p == winner), 1 if p == winner else 2)
            for i, p in enumerate(self.setup.players)))

    def invariants(self) -> list[str]:
        return [] if self.core.s.total >= 0 else ["a negative total"]


class CountingTable(TableGame):
    name = "counting"
    title = "Counting"

    def __init__(self, answers: Sequence[Any] = ()) -> None:
        self.answers = list(answers)  # what the view answers, in order
        self.told: list[str] = []

    def setup_from_json(self, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw)

    def new_game(self, setup: Any) -> Counting:
        return Counting(setup)

    def entry_from_json(self, raw: Mapping[str, Any]) -> Add:
        return entry_from_json(raw)

    def describe(self, entry: Any, edition: str, kind: str = "") -> str:
        return f"{entry.player} adds {entry.amount}"

    def view(self, session: Any, prompter: Any) -> Any:
        return ScriptedView(self)

    def status_json(self, game: Any) -> dict[str, Any]:
        return {"total": game.core.s.total}

    def print_status(self, game: Any, colours: Mapping[str, str | None],
                     hand: str | None = None) -> None:
        self.told.append(f"total {game.core.s.total}")

    def print_result(self, game: Any, rulings: bool = True) -> None:
        self.told.append(f"winner {game.core.s.winner}")


class ScriptedView:
    """Answers the questions from the table's list (an entry or a table command), and keeps
    what it was told to say after each entry."""

    def __init__(self, table: CountingTable) -> None:
        self.table = table

    def ask(self, game: Any) -> Any:
        return self.table.answers.pop(0)

    def before_question(self, game: Any) -> None:
        pass

    def after_entry(self, game: Any, asked: Any, rulings: list[Any]) -> None:
        self.table.told += [self.table.ruling_text(r) for r in rulings]

    def restart(self) -> None:
        self.table.told.append("restart")

    def revealed(self, session: Any, seq: int) -> list[str]:
        return []

    def help_lines(self, game: Any) -> list[str]:
        return []
