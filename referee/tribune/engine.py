"""The Tribune engine: a state machine driven by decisions and entries.

API for the guided command line (and anything else that drives a game)::

    from referee.tribune.engine import Game
    from referee.tribune.setup import Setup

    game = Game(Setup.create(["Ann", "Bob", "Cid"], "Ann", edition="ffg",
                             deck_mode="table", victory=card, settings={"thermae_fields": 3}))
    while (question := game.pending()) is not None:
        question.actor    # a player's name, or "table" for a chance entry (a card turned up)
        question.kind     # "reveal", "place", "curia", "takeover", "benefit", ... (see KINDS)
        question.prompt, question.params   # msgid + params to ask the question
        question.rule     # RuleRef of the rule that asks it
        question.accepts  # entry types that answer it: reveal, place, cards, choose, bid, pass
        question.form, question.hidden   # the answer's shape; given face down?
        question.choose_from  # a cards question: the cards it chooses among, or None
        options = game.legal_entries()     # every legal answer, or None when open-ended
        rulings = game.apply(entry)        # validates, then mutates; returns the rulings
    game.outcome()                         # referee.outcome.Outcome once the game is over
    game.final_score()                     # the point table (GameResult) behind it

* ``pending()`` — the one question the rules ask now, or None when the game is over. A
  question answered with ``Cards`` has ``choose_from``: the cards that may be named (those
  of the hand, the Catacombs stack or the played set that fit the rule) when the referee
  knows them all, or None (table mode: a hand it only partly knows, the face-down
  Catacombs cards only the buyer sees). ``to_json()`` lists them as codes.
* ``legal_entries(hand=None)`` — the legal answers when they can be listed. It returns
  None for open entries: a card the table turns up, or (table mode) cards from a hand the
  referee does not fully know; pass ``hand=[cards]`` (the player's whole hand) to list them.
* ``check(entry)`` — raises the error ``apply`` would raise, changing nothing.
* ``apply(entry)`` — raises ``TribuneInputError`` (malformed or impossible entry) or
  ``TribuneRuleViolation`` (the rules forbid it; ``.rule`` names the rule and, where the
  editions differ, the edition) *before* touching the state, so a rejected entry never
  changes anything. Otherwise returns the rulings (``Ruling``: RuleRef + msgid + params)
  of every effect it caused, up to the next question.
* ``Game.replay(setup, entries)`` rebuilds a game exactly (virtual mode shuffles with the
  setup's seed); ``undo()`` replays all but the last entry; ``fingerprint()`` is a cheap
  hash of the state and the pending question, equal for equal games.
* ``to_json()`` / ``Game.from_json()`` — setup (the session header's options) plus the
  entries (each ``Entry.to_json()`` has a ``type`` from the closed vocabulary).
* ``Game(setup, marks=True)`` keeps ``game.mark``, a round mark: the state at the start of
  the latest round (JSON) and ``entries``, how many entries had been applied by then.
  ``Game.resume(setup, mark, entries)`` is the game ``replay(setup, entries)`` gives, built
  from the mark and the entries after it only (the rules hold nothing else between rounds).
  A resumed game's ``log`` has no rulings for the entries before its mark.

Question kinds (``KINDS``) and their answers; ``params`` always has ``player`` for a
player's question, ``choices`` for ``choose`` questions:

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
from typing import Any, Self

from referee.errors import RefereeError
from referee.game.flow import Flow, FlowGame
from referee.i18n import N_
from referee.outcome import Outcome
from referee.rulings import Ruling
from referee.tribune import actions
from referee.tribune.actions import Entry
from referee.tribune.core import Core
from referee.tribune.errors import TribuneRuleViolation
from referee.tribune.invariants import broken
from referee.tribune.rulebook import ref
from referee.tribune.rules import ending, from_mark, play
from referee.tribune.rules.ending import GameResult
from referee.tribune.setup import Setup
from referee.tribune.state import GameState

#: question kinds, by phase
KINDS = ("opening_discard", "reveal", "cesura", "place", "atrium_turn", "latrine", "curia",
         "atrium_bid", "catacombs", "pantheon", "mars", "takeover", "penalty", "tigellinus",
         "agrippa", "cato", "assassin", "benefit", "legion", "chariot_bid", "chariot_place")


class Game(FlowGame):
    core: Core

    def __init__(self, setup: Setup, marks: bool = False,
                 mark: Mapping[str, Any] | None = None, before: Sequence[Entry] = ()) -> None:
        """A new game; or, given a round ``mark`` and the entries ``before`` it, the game
        at that mark (see ``resume``). A game resumed this way has no rulings in ``log``
        for the entries before its mark: those are in the journal."""
        self.marking = marks
        self._start = mark
        self._final: GameResult | None = None
        self.mark: dict[str, Any] | None = None
        super().__init__(setup, before)

    def new_core(self, setup: Setup) -> Core:
        core = Core(setup)
        core.marking = self.marking
        return core

    def flow(self) -> Flow:
        return play(self.core) if self._start is None else from_mark(self.core, self._start)

    def over(self) -> RefereeError:
        return TribuneRuleViolation(N_("The game is over"), rule=ref("tribune.round.end"))

    def nothing_to_undo(self) -> RefereeError:
        return TribuneRuleViolation(N_("Nothing to undo"), rule=ref("tribune.turn"))

    @classmethod
    def setup_from_json(cls, raw: Mapping[str, Any]) -> Setup:
        return Setup.from_json(raw)

    @classmethod
    def entry_from_json(cls, raw: Mapping[str, Any]) -> Entry:
        return actions.from_json(raw)

    def finish(self, value: Any) -> None:
        self._final = value

    def _advance(self, entry: Entry | None) -> list[Ruling]:
        rulings = super()._advance(entry)
        ending.announce(self.core)
        if self.core.mark is not None:  # a round started during this entry
            self.mark = {"entries": len(self.history) + (entry is not None), **self.core.mark}
            self.core.mark = None
        return rulings

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> GameState:
        return self.core.s

    def fingerprint(self) -> str:
        d = self._pending
        where = f"{d.actor}/{d.kind}/{sorted(d.params)}" if d else "over"
        return f"{self.state.fingerprint()}:{where}"

    def invariants(self) -> list[str]:
        return broken(self.state, self.setup.settings)

    # ------------------------------------------------------------------ the end
    def final_score(self) -> GameResult | None:
        """The point table and the ranking once the game is over."""
        return self._final

    def outcome(self) -> Outcome | None:
        """The result in the shape every game shares (docs/results.md), with the victory
        card, deck mode and board settings it was played with."""
        if self._final is None:
            return None
        from referee.tribune.scoring import outcome

        setup, victory = self.setup, self.setup.victory
        variant = {"victory_card": {"title": victory.title, "length": victory.length}
                   if victory else None, "deck_mode": setup.deck_mode,
                   "settings": dict(setup.settings)}
        return outcome(self._final.scores, setup.players, setup.edition, variant)

    # ------------------------------------------------------------------ history
    @classmethod
    def replay(cls, setup: Setup, entries: Iterable[Entry], marks: bool = False) -> Self:
        game = cls(setup, marks)
        for entry in entries:
            game.apply(entry)
        return game

    def again(self, entries: Sequence[Entry]) -> Self:
        return type(self).replay(self.setup, entries, self.marking)

    @classmethod
    def resume(cls, setup: Setup, mark: Mapping[str, Any], entries: Sequence[Entry]) -> Self:
        """``replay(setup, entries)``, from a round mark a game with these entries kept
        (``mark["entries"]`` of them came before it); it keeps marks in turn."""
        done = mark["entries"]
        if not 0 <= done <= len(entries):
            raise ValueError(f"a mark after {done} entries, for {len(entries)} entries")
        game = cls(setup, True, mark, entries[:done])
        for entry in entries[done:]:
            game.apply(entry)
        return game
