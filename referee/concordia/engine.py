"""The Concordia engine: a guided game from the setup to the final score.

    game = Game(setup)                      # Setup: seats, map side, cities, market
    q = game.pending()                      # Question: "turn", "storehouse" or "reveal"
    game.check(entry)                       # raises what apply would raise; changes nothing
    rulings = game.apply(entry)             # the rulings of every effect, or a refusal
    game.outcome()                          # referee.outcome.Outcome once the game is over
    Game.replay(setup, entries)             # the same game, rebuilt from the log

An entry is applied to a copy of the state (``GameState.copy``), which replaces the state
only when the whole entry went through: a refused entry never leaves half an effect behind.
The copy stays because a card's effect checks as it goes (a Prefect's province, then what it
pays): splitting every effect into a check and an apply would double the rules for a copy
that costs a few microseconds (``docs/performance.md``). ``check`` keeps what it worked out,
so the ``apply`` of the entry just checked (the guided game's path) runs the rules once.
The final score is :func:`referee.concordia.scoring.score_game`, the code behind
``concordia score``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from referee.concordia.actions import (
    PLAYS,
    TABLE,
    Architect,
    Colonist,
    Consul,
    Diplomat,
    Entry,
    Keep,
    Mercator,
    Prefect,
    Reveal,
    Senator,
    Specialist,
    Tribune,
    from_json,
)
from referee.concordia.architect import architect
from referee.concordia.box import Box, load_box
from referee.concordia.deal import province_markers
from referee.concordia.effects import colonists, market, mercator, prefect, specialist, tribune
from referee.concordia.invariants import broken
from referee.concordia.ledger import Board, keep
from referee.concordia.model import GameInput, PlayerInput
from referee.concordia.rulebook import bad_input, ref, violation
from referee.concordia.scoring import Scoresheet, outcome, score_game
from referee.concordia.setup import Setup
from referee.concordia.state import GameState, PlayerState, card_id
from referee.concordia.wording import plural
from referee.game import contract
from referee.game.question import Form, Question
from referee.i18n import N_
from referee.outcome import Outcome
from referee.rulings import Ruling, Term


def kind_of(box: Box, card: str) -> str:
    """The entry type a card is played with: its name, "diplomat" or "specialist"."""
    if box.cards[card].god == "minerva":
        return "specialist"
    return "diplomat" if card.startswith("diplomat") else card


class Game(contract.Game):
    def __init__(self, setup: Setup, box: Box | None = None) -> None:
        self.setup = setup
        self.board = Board(box or load_box(), setup)
        self.state = _initial(self.board)
        self.history: list[Entry] = []
        self.log: list[list[Ruling]] = [self._setup_rulings()]
        #: the entry ``check`` last worked through, with the state and rulings it leaves
        self._checked: tuple[Entry, GameState, GameState, list[Ruling]] | None = None

    @classmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw, load_box())

    @classmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Entry:
        return from_json(raw)

    # ------------------------------------------------------------------ driving
    def pending(self) -> Question | None:
        s = self.state
        if s.overflow:
            who, incoming = s.overflow[0]
            free = self.board.cells() - s.players[who].used_cells()
            return Question(s.players[who].name, "storehouse",
                            ref("concordia.storehouse.overflow"),
                            N_("{player}: which goods fill {cells}?"),
                            {"player": s.players[who].name, "incoming": dict(incoming),
                             "free": free, "cells": plural("{n} free cell", "{n} free cells",
                                                           free)},
                            ("keep",), options=self.legal_entries)
        if s.reveals:
            return Question(TABLE, "reveal", ref("concordia.market.refill"),
                            N_("Which card was turned up into the display?"),
                            {"deck": self._top_deck()}, ("reveal",), options=self.legal_entries)
        if s.over:
            return None
        p = s.players[s.active]
        kinds = sorted({kind_of(self.board.box, card_id(k)) for k in p.hand})
        return Question(p.name, "turn", ref("concordia.turn.play"),
                        N_("{player}: which card is played?"),
                        {"player": p.name, "hand": sorted(p.hand)}, tuple(kinds), Form.TEXT)

    def legal_entries(self, hand: Sequence[Any] | None = None) -> list[Entry] | None:
        """Listed for the follow-up questions; a turn's answers are open-ended (None)."""
        q = self.pending()
        if q is None:
            return []
        if q.kind == "reveal":
            return [Reveal(c) for c in sorted(set(self.state.unseen[self._top_deck()]))]
        if q.kind == "storehouse":
            incoming, free = q.params["incoming"], q.params["free"]
            return [Keep(q.actor, tuple(sorted(c.items()))) for c in _fillings(incoming, free)]
        return None

    def check(self, entry: Entry) -> None:
        state, rulings = self._run(entry)
        self._checked = (entry, self.state, state, rulings)

    def trial(self, entry: Entry) -> GameState:
        """The state ``entry`` would leave (raising what ``apply`` would raise); nothing
        changes. The guided game asks a turn one answer at a time and lists what the answers
        so far leave possible (the moves still open, the houses to build beside them)."""
        self.check(entry)
        assert self._checked is not None
        return self._checked[2]

    def apply(self, entry: Entry) -> list[Ruling]:
        checked, self._checked = self._checked, None
        if checked is not None and checked[1] is self.state and checked[0] == entry:
            state, rulings = checked[2], checked[3]  # just checked: the rules ran already
        else:
            state, rulings = self._run(entry)
        self.state = state
        self.history.append(entry)
        self.log.append(rulings)
        return rulings

    # ------------------------------------------------------------------ history
    @classmethod
    def replay(cls, setup: Setup, entries: Iterable[Entry],
               box: Box | None = None) -> Self:
        game = cls(setup, box)
        for entry in entries:
            game.apply(entry)
        return game

    def undo(self) -> Entry:
        if not self.history:
            raise violation("concordia.turn.play", N_("Nothing to undo."))
        last = self.history[-1]
        self.__dict__.update(Game.replay(self.setup, self.history[:-1],
                                         self.board.box).__dict__)
        return last

    def fingerprint(self) -> str:
        q = self.pending()
        return f"{self.state.fingerprint()}:{q.actor + '/' + q.kind if q else 'over'}"

    # ------------------------------------------------------------------ applying
    def _run(self, entry: Entry) -> tuple[GameState, list[Ruling]]:
        q = self.pending()
        if q is None:
            raise violation("concordia.end.last_turns", N_("The game is over."))
        a_card = q.kind == "turn" and isinstance(entry, PLAYS)  # not in hand: said below
        if entry.player != q.actor or (entry.type not in q.accepts and not a_card):
            raise violation(q.rule.rule_id, N_("Now {actor} answers: {kinds}."),
                            actor=q.actor, kinds=", ".join(q.accepts))
        s = self.state.copy()
        who = next((i for i, p in enumerate(s.players) if p.name == entry.player), -1)
        if isinstance(entry, Keep):
            return s, keep(self.board, s, who, {self.board.good(g): n for g, n in entry.goods})
        if isinstance(entry, Reveal):
            return s, self._reveal(s, entry)
        rulings = self._play(s, who, entry)
        return s, rulings + self._end_turn(s, who)

    def _play(self, s: GameState, who: int, entry: Entry) -> list[Ruling]:
        p = s.players[who]
        key = self._card_played(p, entry)
        p.hand.remove(key)
        p.discard.append(key)
        played = Ruling(ref("concordia.turn.play"), N_("{player} plays {card}."),
                        {"player": p.name, "card": Term(self.board.box.cards[card_id(key)].name)})
        if not isinstance(entry, Diplomat):
            return [played, *self._effect(s, who, entry, key)]
        target = next((q for q in s.players if q.name == entry.target and q is not p), None)
        top = target.top() if target else None
        if top is None or kind_of(self.board.box, card_id(top)) in ("diplomat", "tribune"):
            raise violation("concordia.diplomat.copy",
                            N_("A Diplomat copies the top card of another player's discard "
                               "pile, never a Diplomat; {target} shows none to copy."),
                            target=entry.target)
        inner = entry.action
        top_kind = kind_of(self.board.box, card_id(top))
        if inner is None or not isinstance(inner, PLAYS) or inner.type != top_kind \
                or isinstance(inner, Diplomat):
            raise violation("concordia.diplomat.copy",
                            N_("{target}'s top card is {card}: give its action."),
                            target=entry.target,
                            card=Term(self.board.box.cards[card_id(top)].name))
        if isinstance(inner, Specialist) and inner.card not in ("", card_id(top)):
            raise violation("concordia.diplomat.copy",
                            N_("{target}'s top card is {card}: give its action."),
                            target=entry.target,
                            card=Term(self.board.box.cards[card_id(top)].name))
        if isinstance(inner, Specialist):
            inner = Specialist(inner.player, card_id(top))
        copied = Ruling(ref("concordia.diplomat.copy"),
                        N_("{player} copies {target}'s {card}."),
                        {"player": p.name, "target": entry.target,
                         "card": Term(self.board.box.cards[card_id(top)].name)})
        return [played, copied, *self._effect(s, who, inner, top)]

    def _effect(self, s: GameState, who: int, entry: Entry, key: str) -> list[Ruling]:
        b = self.board
        if isinstance(entry, Architect):
            return architect(b, s, who, entry)
        if isinstance(entry, Prefect):
            return prefect(b, s, who, entry)
        if isinstance(entry, Mercator):
            return mercator(b, s, who, entry, bought="@" in key)
        if isinstance(entry, Senator | Consul):
            return market(b, s, who, entry)
        if isinstance(entry, Tribune):
            return tribune(b, s, who, entry)
        if isinstance(entry, Colonist):
            return colonists(b, s, who, entry)
        if isinstance(entry, Specialist):
            return specialist(b, s, who, entry)
        raise bad_input(N_("Not a valid Concordia entry: {payload}"),
                        payload=entry.to_json())

    def _card_played(self, p: PlayerState, entry: Entry) -> str:
        box = self.board.box
        keys = sorted(k for k in p.hand if kind_of(box, card_id(k)) == entry.type)
        if isinstance(entry, Specialist):
            keys = [k for k in keys if card_id(k) == entry.card]
        if isinstance(entry, Diplomat) and entry.card is not None:
            keys = [k for k in keys if card_id(k) == entry.card]
        if isinstance(entry, Mercator) and entry.market is not None:
            keys = [k for k in keys if ("@" in k) == entry.market]
        if not keys:
            raise violation("concordia.turn.play",
                            N_("{player} has no such card in hand ({kind})."),
                            player=p.name, kind=entry.type)
        if isinstance(entry, Mercator) and len({"@" in k for k in keys}) > 1:
            raise bad_input(N_("{player} holds both Mercators: say which (market true for "
                               "the bought one, +5)."), player=p.name)
        return keys[0]

    def _reveal(self, s: GameState, entry: Reveal) -> list[Ruling]:
        deck = self._top_deck()
        if entry.card not in s.unseen[deck]:
            raise violation("concordia.market.refill",
                            N_("Deck {deck} holds no {card} any more."), deck=deck,
                            card=entry.card)
        s.unseen[deck].remove(entry.card)
        s.display.append(f"{entry.card}@{deck}")
        s.reveals -= 1
        return [Ruling(ref("concordia.market.refill"),
                       N_("{card} from deck {deck} goes into slot {slot}."),
                       {"card": Term(self.board.box.cards[entry.card].name), "deck": deck,
                        "slot": len(s.display)})]

    def _top_deck(self) -> str:
        return next((d for d, cards in self.state.unseen.items() if cards), "")

    def _end_turn(self, s: GameState, who: int) -> list[Ruling]:
        p, n = s.players[who], len(s.players)
        rulings = []
        limit = self.board.box.fact("economy", "house", "per_player").value
        if s.concordia is not None and s.last_turns:
            s.last_turns -= 1
        elif len(p.houses) >= limit or (not s.display and not s.pile_size()):
            s.concordia, s.last_turns = who, n - 1
            rulings.append(Ruling(ref("concordia.end.trigger"),
                                  N_("{player} takes the Concordia card; every other player "
                                     "has one more turn."), {"player": p.name}))
        s.active = (who + 1) % n
        s.turns += 1
        if s.last_turns == 0:
            rulings.append(Ruling(ref("concordia.end.last_turns"),
                                  N_("The last turns are played: final scoring.")))
        return rulings

    def _setup_rulings(self) -> list[Ruling]:
        s = self.state
        return [Ruling(ref("concordia.setup.seats"),
                       N_("{player} starts; {magnus} holds the Praefectus Magnus."),
                       {"player": s.players[0].name, "magnus": s.players[s.magnus].name})]

    # ------------------------------------------------------------------ the end
    def final_score(self) -> Scoresheet:
        return score_game(self.score_input(), self.board.box)

    def score_input(self) -> GameInput:
        s = self.state
        return GameInput(self.setup.map_id, dict(self.setup.cities), tuple(
            PlayerInput(p.name, tuple(card_id(k) for k in p.cards()), tuple(p.houses),
                        len(p.colonists), p.money, {g: n for g, n in p.goods.items() if n},
                        s.concordia == i, s.magnus == i, p.seat)
            for i, p in enumerate(s.players)))

    def outcome(self) -> Outcome | None:
        """The result once the last turns are played, in the shape ``concordia score`` keeps."""
        if not self.state.over:
            return None
        return outcome(self.final_score(), self.score_input())

    def invariants(self) -> list[str]:
        return broken(self.state, self.board)


def _initial(b: Board) -> GameState:
    box, setup = b.box, b.setup
    money = box.fact("economy", "starting_money").value
    goods = box.fact("economy", "storehouse", "start_goods").value
    stored = box.fact("economy", "storehouse", "start_colonists").value
    roma = box.fact("economy", "storehouse", "start_in_roma").value
    hand = sorted(c.id for c in box.cards.values() for _ in range(c.starting))
    players = [PlayerState(name, i + 1, money[i], {g: goods.get(g, 0) for g in box.goods},
                           dict(stored), list(hand),
                           colonists=[(k, ("Roma",)) for k, n in roma.items() for _ in range(n)])
               for i, name in enumerate(setup.players)]
    markers = province_markers(box, b.map, setup.cities)
    state = GameState(players, dict.fromkeys(sorted(markers), True), list(setup.display),
                      None if setup.draw_pile is None else list(setup.draw_pile),
                      {} if setup.draw_pile is not None else setup.unseen(box),
                      magnus=len(players) - 1)
    state.bank_money = 0
    state.bank_goods = Counter()
    return state


def _fillings(incoming: Mapping[str, int], free: int) -> list[dict[str, int]]:
    """Every way to take exactly ``free`` goods out of ``incoming``."""
    found: list[dict[str, int]] = [{}]
    for good, most in sorted(incoming.items()):
        found = [{**f, good: n} for f in found for n in range(most + 1)
                 if sum(f.values()) + n <= free]
    return [{g: n for g, n in f.items() if n} for f in found if sum(f.values()) == free]
