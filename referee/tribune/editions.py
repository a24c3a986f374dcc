"""The same entries under the other edition: what it would rule instead, and what would
not happen at all there (``explain`` shows both)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.errors import RefereeError
from referee.rulings import Ruling
from referee.tribune import EDITIONS
from referee.tribune.actions import Entry
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.values import Value


class Comparison(Value):
    """``reachable`` is False when the other edition refuses the entries (the games part
    ways before this entry); otherwise ``instead`` are its rulings that this game did not
    make and ``absent`` this game's rulings that would not happen at all there."""

    edition: str
    reachable: bool
    instead: tuple[Ruling, ...] = ()
    absent: tuple[Ruling, ...] = ()

    @property
    def same(self) -> bool:
        return self.reachable and not self.instead and not self.absent


def other_edition(edition: str) -> str:
    return next(e for e in EDITIONS if e != edition)


def compare(setup: Setup, actions: Sequence[Entry], caused: Sequence[Ruling],
            text: Callable[[Ruling], str]) -> Comparison:
    """Replay ``actions`` under the other edition and set its rulings for the last one
    against ``caused`` (this game's): the ones it makes that read differently (by their
    shown ``text``), and the ones of ``caused`` it does not make at all."""
    other = other_edition(setup.edition)
    try:
        game = Game.replay(Setup.from_json({**setup.to_json(), "edition": other}),
                           actions[:-1])
        theirs = game.apply(actions[-1])
    except RefereeError:
        return Comparison(other, False)
    mine_text = {text(r) for r in caused}
    # "not at all": no ruling of the same rule and message there (the same message with
    # other words, such as the edition's currency, is a ruling made differently)
    their_kinds = {(r.rule.rule_id, r.message) for r in theirs}
    return Comparison(other, True,
                      tuple(r for r in theirs if text(r) not in mine_text),
                      tuple(r for r in caused if (r.rule.rule_id, r.message) not in their_kinds))
