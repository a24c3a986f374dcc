"""The one object a game hands to the table layer: :class:`TableGame`.

A game subclasses it once (Tribune: ``referee.tribune.ui.table.TRIBUNE``) and names that
instance in its command table (``referee.cli.registry.table_commands``); sessions, the guided
loop, the log, explain, undo, enter, repair and replay then work for that game. The pure core
is reached through ``setup_from_json``, ``new_game`` and ``entry_from_json``; everything else
here is the game's words and pictures for the terminal.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from referee.table import render

if TYPE_CHECKING:  # types only: the contract brings referee.outcome, which status needs not
    from referee.game.contract import Entry, Game, Setup
    from referee.game.question import Question
    from referee.rulings import RuleRef, Ruling
    from referee.store import Session
    from referee.terminal.prompter import Prompter


class View(Protocol):
    """A game's side of the guided loop, made for one run by :meth:`TableGame.view` (which
    hands it the game's TableGame). A view written for the conversation kit has
    ``talk(game)``: the pending question's conversation (``referee.table.kit.Talk``), which
    the guide asks through the kit; a view without it answers with ``ask``. ``help_lines``,
    ``revealed`` and ``restart`` may be left out."""

    def ask(self, game: Any) -> Any:
        """The answer to the pending question: an entry, or a :class:`Command`."""

    def before_question(self, game: Any) -> None:
        """Say what the table should know before the question (headings, look away)."""

    def after_entry(self, game: Any, asked: Question | None, rulings: list[Ruling]) -> None:
        """Announce the rulings of the entry that answered ``asked``."""

    def restart(self) -> None:
        """Forget what was announced: after an undo the headings are shown again."""

    def revealed(self, session: Session, seq: int) -> list[str]:
        """What entry ``seq`` showed the table (cards turned up), to warn before an undo."""

    def help_lines(self, game: Any) -> list[str]:
        """What ``help`` adds for the pending question: how to type its answer."""


class TableGame(ABC):
    #: the game id: the session header's ``game``, the command group and the translation
    #: domain of the game's texts
    name: str
    #: the game's name as printed on the box (a name: never translated)
    title: str
    #: whether the game ever asks a question answered face down (``Question.hidden``): only
    #: then may a journal hold sealed answers that carry no mark (``referee.table.hidden``),
    #: found from the question pending, which takes a replay
    hides_answers: bool = False

    # ------------------------------------------------------------------ the pure core
    @abstractmethod
    def setup_from_json(self, raw: Mapping[str, Any]) -> Setup:
        """The setup stored in a session header; raises a RefereeError when it is unusable."""

    @abstractmethod
    def new_game(self, setup: Any) -> Game:
        """A game at its start, setup rulings in ``log[0]``."""

    @abstractmethod
    def entry_from_json(self, raw: Mapping[str, Any]) -> Entry:
        """An entry from JSON people wrote (``enter``, scenarios); raises an InputError when
        the JSON is not one of the game's entries."""

    def entry_from_record(self, raw: Mapping[str, Any]) -> Entry:
        """An entry as the journal recorded it (its ``to_json``). A game whose entries take
        names in any language reads recorded ones without matching them again."""
        return self.entry_from_json(raw)

    def place(self, game: Any) -> dict[str, Any]:
        """Where the game is (``round``, ``phase``), stored with each event for the log."""
        return {}

    def outcome(self, game: Any) -> dict[str, Any] | None:
        """The payload of the session's ``outcome`` event once the game is over."""
        result = game.outcome()
        return None if result is None else result.to_json()

    def result_json(self, game: Any) -> dict[str, Any] | None:
        """A finished game's result in ``--json`` output (``replay``); None while it runs."""
        return self.outcome(game)

    # ------------------------------------------------------------------ words
    @abstractmethod
    def describe(self, entry: Any, edition: str, kind: str = "") -> str:
        """One line for an entry: 'Ann bids 2'. ``kind`` is the question it answered."""

    def shown(self, value: Any) -> Any:
        """A param of a ruling or question as text (a game's own value types)."""
        return value

    def value_from_json(self, raw: Mapping[str, Any]) -> Any:
        """A game's own param value from the journal's JSON, or None."""
        return None

    def question_text(self, question: Question) -> str:
        return render.text(question.prompt, question.params, self.name, self.shown)

    def ruling_text(self, ruling: Ruling) -> str:
        return render.text(ruling.message, ruling.params, ruling.rule.game, self.shown)

    def ruling_line(self, ruling: Ruling) -> str:
        return render.ruling_line(self.ruling_text(ruling), ruling.rule)

    def ruling_from_json(self, raw: Mapping[str, Any]) -> Ruling:
        return render.ruling_from_json(raw, self.value_from_json)

    # ------------------------------------------------------------------ the terminal
    @abstractmethod
    def view(self, session: Session, prompter: Prompter) -> View:
        """The guided loop's game side for one run: asks the pending question, announces
        rulings. It is handed this TableGame, never imports it back."""

    def snapshot(self, game: Any) -> dict[str, Any] | None:
        """What a checkpoint keeps of ``game`` for ``status`` (JSON), or None when there is
        nothing to keep: the game's status is then rebuilt by replay each time."""
        return None

    def resume(self, kept: Mapping[str, Any], entries: Sequence[Any]) -> Any | None:
        """The game ``entries`` (a session's effective entries) leave, built from what a
        checkpoint of that very journal kept (``snapshot``, the setup included: the journal
        is as it was, so its header is too) rather than replayed from the start; None when
        it keeps nothing to build from. Whatever is replayed is checked as ``apply`` checks
        it, and may raise what ``apply`` raises."""
        return None

    def from_snapshot(self, raw: Mapping[str, Any]) -> Any:
        """What ``snapshot`` kept, as an object ``status_json`` and ``print_status`` read
        like a game; raises KeyError, TypeError or ValueError (or a RefereeError) when
        ``raw`` is not a snapshot of this game."""
        raise NotImplementedError

    @abstractmethod
    def status_json(self, game: Any) -> dict[str, Any]:
        """``status --json`` (and ``enter --json``) after the session id."""

    @abstractmethod
    def print_status(self, game: Any, colours: Mapping[str, str | None],
                     hand: str | None = None) -> None:
        """The board at a glance; ``hand`` names a player whose hand is shown too."""

    @abstractmethod
    def print_result(self, game: Any, rulings: bool = True) -> None:
        """The final score of a finished game."""

    def rule_text(self, rule: RuleRef) -> str:
        """What the rule says, in the game's own words, for ``explain`` ('' if none)."""
        return ""

    def other_edition(self, setup: Any, entries: Sequence[Any],
                      caused: Sequence[Ruling]) -> list[str]:
        """For ``explain``: what the other edition rules for the last of ``entries``."""
        return []

    def other_verdict(self, setup: Any, entries: Sequence[Any], entry: Any) -> list[str]:
        """For ``explain`` of a refused proposal: would the other edition accept it?"""
        return []

    def scenario_ui(self, scenario: Mapping[str, Any]) -> dict[str, Any]:
        """The session's ``ui`` options saved with a scenario run (``replay --save``)."""
        return dict(scenario.get("ui") or {})
