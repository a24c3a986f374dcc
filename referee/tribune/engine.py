"""The Tribune engine: a state machine driven by decisions and entries.

API for the guided command line (and anything else that drives a game)::

    from referee.tribune.engine import Game
    from referee.tribune.setup import Setup

    game = Game(Setup.create(["Ann", "Bob", "Cid"], "Ann", edition="ffg",
                             deck_mode="table", victory=card, settings={"thermae_fields": 3}))
    while (decision := game.pending()) is not None:
        decision.actor    # a player's name, or "table" for a chance entry (a card turned up)
        decision.kind     # "reveal", "place", "curia", "takeover", "benefit", ... (see KINDS)
        decision.prompt, decision.params   # msgid + params to ask the question
        decision.rule     # RuleRef of the rule that asks it
        decision.accepts  # action types that answer it: reveal, place, cards, choose, bid, pass
        decision.choose_from  # a cards decision: the cards it chooses among, or None
        options = game.legal_actions()     # every legal answer, or None when open-ended
        rulings = game.apply(action)       # validates, then mutates; returns the rulings
    game.result                            # GameResult once the game is over

* ``pending()`` — the one decision needed now, or None when the game is over. A decision
  answered with ``Cards`` has ``choose_from``: the cards that may be named (those of the
  hand, the Catacombs stack or the played set that fit the rule) when the referee knows
  them all, or None (table mode: a hand it only partly knows, the face-down Catacombs
  cards only the buyer sees); other decisions have None. ``to_json()`` lists them as codes.
* ``legal_actions(hand=None)`` — the legal answers when they can be listed. It returns
  None for open entries: a card the table turns up, or (table mode) cards from a hand the
  referee does not fully know; pass ``hand=[cards]`` (the player's whole hand) to list them.
* ``check(action)`` — raises the error ``apply`` would raise, changing nothing.
* ``apply(action)`` — raises ``TribuneInputError`` (malformed or impossible entry) or
  ``TribuneRuleViolation`` (the rules forbid it; ``.rule`` names the rule and, where the
  editions differ, the edition) *before* touching the state, so a rejected action never
  changes anything. Otherwise returns the rulings (``Ruling``: RuleRef + msgid + params)
  of every effect it caused, up to the next decision.
* ``Game.replay(setup, actions)`` rebuilds a game exactly (virtual mode shuffles with the
  setup's seed); ``undo()`` replays all but the last entry; ``fingerprint()`` is a cheap
  hash of the state and the pending decision, equal for equal games.
* ``to_json()`` / ``Game.from_json()`` — setup (the session header's options) plus the
  entries (each ``Action.to_json()`` has a ``type`` from the closed vocabulary).
* ``Game(setup, marks=True)`` keeps ``game.mark``, a round mark: the state at the start of
  the latest round (JSON) and ``entries``, how many entries had been applied by then.
  ``Game.resume(setup, mark, entries)`` is the game ``replay(setup, entries)`` gives, built
  from the mark and the entries after it only (the rules hold nothing else between rounds).
  A resumed game's ``log`` has no rulings for the entries before its mark.

Decision kinds (``KINDS``) and their answers; ``params`` always has ``player`` for a
player's decision, ``choices`` for ``choose`` decisions:

==================  ===========================  =============================================
kind                answer                       notes
==================  ===========================  =============================================
opening_discard     Cards(2)                     virtual mode only
reveal              Reveal(card)                 actor "table"; params region, number
cesura              Cards(1), repeated           hand over 7 during a cesura magna
place               Place(space)                 space ids: see ``rules.followers``
atrium_turn         Choose("1"|"2"|"3")          the Atrium card left face down
latrine             Choose("sell"|"keep")        params card, value
curia               Cards(1) or Pass             params cards (the field)
atrium_bid          Bid                          sealed; both bids, then the verdict
catacombs           Cards(1), Choose("buy"), or  table mode may buy without naming the card;
                    Pass                         params price, count
pantheon            Cards(1) or Pass             a card of params faction
mars                Cards(2) or Pass             a pair of one faction
takeover            Cards(2+) or Pass            params faction, against (set to beat)
penalty             Cards(1)                     from the player's own played set
tigellinus          Cards(1) or Pass             a card for a legion
agrippa, cato       Choose                       leader bonuses
assassin            Choose(faction) or Pass
benefit             Choose                       only asked when there are 2+ options
legion              Choose("buy") or Pass        params amount
chariot_bid         Bid
chariot_place       Choose(faction|"off")
==================  ===========================  =============================================

Deck modes. Table mode (default): people shuffle the physical deck; face-up cards are
entered as ``Reveal`` answers to ``table`` decisions; hands are a count plus the cards
known to be in them. Virtual mode: the engine deals from the deck composition in the
setup, with the setup's seed, and never asks the table.

Also: ``game.state`` (``GameState``: money, hands, sets, board, spaces…), ``game.log``
(the rulings of every entry; ``log[0]`` is the setup), ``game.history`` (the entries) and
``game.core.turned_up`` (every card turned face up so far, in order).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.i18n import N_
from referee.rulings import Ruling
from referee.tribune import actions as actions_mod
from referee.tribune.actions import Action
from referee.tribune.cards import Card
from referee.tribune.core import Core, Decision
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.rulebook import ref
from referee.tribune.rules import ending, from_mark, play
from referee.tribune.rules.ending import GameResult
from referee.tribune.setup import Setup
from referee.tribune.state import GameState

#: decision kinds, by phase
KINDS = ("opening_discard", "reveal", "cesura", "place", "atrium_turn", "latrine", "curia",
         "atrium_bid", "catacombs", "pantheon", "mars", "takeover", "penalty", "tigellinus",
         "agrippa", "cato", "assassin", "benefit", "legion", "chariot_bid", "chariot_place")


class Game:
    def __init__(self, setup: Setup, marks: bool = False,
                 mark: Mapping[str, Any] | None = None, before: Sequence[Action] = ()) -> None:
        """A new game; or, given a round ``mark`` and the entries ``before`` it, the game
        at that mark (see ``resume``)."""
        self.setup = setup
        self.core = Core(setup)
        self.core.marking = marks
        self.history: list[Action] = list(before)
        # rulings per entry; log[0] is the setup. Those of entries before a mark are in the
        # journal, not here.
        self.log: list[list[Ruling]] = [[] for _ in before]
        self.result: GameResult | None = None
        self.mark: dict[str, Any] | None = None
        self._flow = play(self.core) if mark is None else from_mark(self.core, mark)
        self._pending: Decision | None = None
        self.log.append(self._advance(None))

    # ------------------------------------------------------------------ driving
    def pending(self) -> Decision | None:
        return self._pending

    def legal_actions(self, hand: Sequence[Card] | None = None) -> list[Action] | None:
        if self._pending is None:
            return []
        return self._pending.options(hand)

    def check(self, action: Action) -> None:
        if self._pending is None:
            raise TribuneRuleViolation(N_("The game is over"), rule=ref("tribune.round.end"))
        self._pending.check(action)

    def apply(self, action: Action) -> list[Ruling]:
        self.check(action)
        rulings = self._advance(action)
        self.history.append(action)
        self.log.append(rulings)
        return rulings

    def _advance(self, action: Action | None) -> list[Ruling]:
        self.core.out = []
        try:
            self._pending = (next(self._flow) if action is None else self._flow.send(action))
        except StopIteration as done:
            self._pending = None
            self.result = done.value
        ending.announce(self.core)
        if self.core.mark is not None:  # a round started during this entry
            self.mark = {"entries": len(self.history) + (action is not None), **self.core.mark}
            self.core.mark = None
        return self.core.out

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> GameState:
        return self.core.s

    def fingerprint(self) -> str:
        d = self._pending
        where = f"{d.actor}/{d.kind}/{sorted(d.params)}" if d else "over"
        return f"{self.state.fingerprint()}:{where}"

    # ------------------------------------------------------------------ history
    @classmethod
    def replay(cls, setup: Setup, entries: Iterable[Action], marks: bool = False) -> Game:
        game = cls(setup, marks)
        for action in entries:
            game.apply(action)
        return game

    @classmethod
    def resume(cls, setup: Setup, mark: Mapping[str, Any], entries: Sequence[Action]) -> Game:
        """``replay(setup, entries)``, from a round mark a game with these entries kept
        (``mark["entries"]`` of them came before it); it keeps marks in turn."""
        done = mark["entries"]
        if not 0 <= done <= len(entries):
            raise ValueError(f"a mark after {done} entries, for {len(entries)} entries")
        game = cls(setup, True, mark, entries[:done])
        for action in entries[done:]:
            game.apply(action)
        return game

    def undo(self) -> Action:
        """Take back the last entry (by replaying the others); returns it."""
        if not self.history:
            raise TribuneRuleViolation(N_("Nothing to undo"), rule=ref("tribune.turn"))
        last = self.history[-1]
        again = Game.replay(self.setup, self.history[:-1], self.core.marking)
        self.__dict__.update(again.__dict__)
        return last

    def to_json(self) -> dict[str, Any]:
        return {"setup": self.setup.to_json(), "actions": [a.to_json() for a in self.history]}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Game:
        return cls.replay(Setup.from_json(raw["setup"]),
                          [actions_mod.from_json(a) for a in raw["actions"]])
