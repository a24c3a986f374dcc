"""The running game's state plus the operations every rule flow uses: questions, draws from
the box, and moving tiles and cards (rulings: ``FlowCore.rule``).

A rule flow is a generator (``referee.game.flow``): it yields a ``Question`` and receives the
entry that answers it. A question's ``check`` raises before anything changes, so the engine
can validate an entry completely before sending it into the flow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from referee.game.flow import Flow, FlowCore
from referee.game.question import Form, Question
from referee.i18n import N_
from referee.rulings import Ruling, Term
from referee.trajan.actions import TABLE, Choose, Drawn, Entry, Pass
from referee.trajan.pieces import TrajanTile
from referee.trajan.rulebook import bad_input, ref, violation
from referee.trajan.setup import Setup
from referee.trajan.state import Board, GameState, PlayerState
from referee.trajan.terms import Piece, term


def code(item: Any) -> str:
    """How a drawn item is named in entries: a tile id, ``kind:vp`` or a Trajan tile code."""
    if isinstance(item, TrajanTile):
        return item.code
    if isinstance(item, tuple):
        return f"{item[0]}:{item[1]}"
    return str(item)


class Core(FlowCore):
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.virtual = setup.deal == "virtual"
        self.rng = random.Random(setup.seed)
        self.lap = setup.lap_fact
        self.s = GameState([PlayerState(n) for n in setup.players], Board(self.lap.value))
        self.out: list[Ruling] = []
        self.extra_used = False  # one extra-action tile per turn

    def player(self, name: str) -> PlayerState:
        return self.s.player(name)

    @property
    def order(self) -> tuple[str, ...]:
        return self.setup.order

    # ------------------------------------------------------------------ questions
    def ask(self, actor: str, kind: str, rule_id: str, prompt: str, accepts: tuple[str, ...],
            options: Callable[[], list[Entry] | None],
            check: Callable[[Entry], None], form: Form = Form.ONE, **params: Any) -> Question:
        rule = ref(rule_id)

        def full_check(entry: Entry) -> None:
            if not isinstance(entry, Entry):
                raise bad_input(N_("Not a Trajan entry: {payload}; type is one of {types}"),
                                payload=repr(entry), types=", ".join(accepts))
            if entry.type not in accepts:
                raise bad_input(N_("This question ({kind}) takes {accepts}, not {type}"),
                                kind=kind, accepts=" / ".join(accepts), type=entry.type)
            if entry.player != actor:
                raise violation("trajan.turn.order",
                                N_("It is {actor}'s decision ({kind}), not {player}'s"),
                                actor=actor, kind=kind, player=entry.player)
            if not isinstance(entry, Pass):  # a pass is legal wherever it is accepted
                check(entry)

        return Question(actor, kind, rule, prompt, {"player": actor, **params}, accepts, form,
                        options=lambda hand=None: options(), check=full_check)

    def ask_choice(self, name: str, kind: str, rule_id: str, prompt: str,
                   choices: Sequence[str], optional: bool = False, **params: Any) -> Question:
        accepts = ("choose", "pass") if optional else ("choose",)
        choices = list(choices)

        def options() -> list[Entry]:
            found: list[Entry] = [Choose(name, c) for c in choices]
            return [*found, Pass(name)] if optional else found

        def check(entry: Entry) -> None:
            if isinstance(entry, Choose) and entry.option not in choices:
                raise violation(rule_id, N_("{option!r} is not an option here; choose "
                                            "{choices}"), option=entry.option,
                                choices=", ".join(choices))

        return self.ask(name, kind, rule_id, prompt, accepts, options, check,
                        choices=choices, **params)

    # ------------------------------------------------------------------ the box
    def draw(self, pool: Counter, what: str, rule_id: str, prompt: str, **params: Any) -> Flow:
        """One item from ``pool``: drawn by the referee (virtual deal) or entered by the
        table, asked with ``prompt`` (a msgid saying what is drawn and where it goes, with
        ``params``). None when the pool is empty (the rules then fill what they can)."""
        if not +pool:
            return None
        if self.virtual:
            item = self.rng.choice(sorted(pool.elements()))
        else:
            named = {code(i): i for i in +pool}

            def check(entry: Entry) -> None:
                assert isinstance(entry, Drawn)
                if entry.item not in named:
                    raise violation(rule_id, N_("{item} cannot be drawn: none is left in the "
                                                "{what}; left: {left}"),
                                    item=Piece(entry.item), what=Term(what),
                                    left=[Piece(c) for c in sorted(named)])

            entry = yield self.ask(TABLE, "draw", rule_id, prompt, ("drawn",),
                                   lambda: [Drawn(TABLE, c) for c in sorted(named)], check,
                                   what=Term(what), **params)
            assert isinstance(entry, Drawn)
            item = named[entry.item]
        pool[item] -= 1
        if pool[item] == 0:
            del pool[item]
        return item

    def draw_card(self, name: str, rule_id: str) -> Flow:
        """A commodity card from the deck into ``name``'s hand (None when none is left). An
        empty deck is refilled from the discard piles below their top cards (no rule says:
        the default)."""
        b = self.s.board
        if not +b.deck:
            for pile in b.piles:
                b.deck.update(pile[:-1])
                del pile[:-1]
            self.rule(ref("trajan.seaport.deck", confirmed=False),
                      N_("The deck is empty: the discard piles, all but "
                         "their top cards, are shuffled into a new deck"))
        card = yield from self.draw(b.deck, N_("commodity card"), rule_id,
                                    N_("Which commodity card does {player} draw from the "
                                       "deck?"), player=name)
        if card is None:
            self.rule(ref("trajan.seaport.deck", confirmed=False),
                      N_("No commodity card is left to draw"))
            return None
        self.player(name).hand[card] += 1
        return card

    def draw_cards(self, name: str, count: int, rule_id: str) -> Flow:
        """``count`` cards into ``name``'s hand, named in one ruling."""
        drawn = []
        for _ in range(count):
            card = yield from self.draw_card(name, rule_id)
            if card is not None:
                drawn.append(card)
        if drawn:
            self.rule(ref(rule_id), N_("{player} draws {cards} from the deck"), player=name,
                      cards=[term(card) for card in drawn])
        return drawn

    def refill_pile(self, index: int, rule_id: str) -> Flow:
        b = self.s.board
        if b.piles[index]:
            return
        card = yield from self.draw(b.deck, N_("commodity card"), rule_id,
                                    N_("Which commodity card is turned up on discard pile "
                                       "{pile}?"), pile=index + 1)
        if card is not None:
            b.piles[index].append(card)
            self.rule(ref(rule_id), N_("Discard pile {pile}: {card} turned up from the deck"),
                      pile=index + 1, card=term(card))
