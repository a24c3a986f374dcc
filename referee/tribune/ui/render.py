"""Rulings and questions in the user's language, and rulings rebuilt from their stored JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.game.question import Question
from referee.i18n import N_, translator
from referee.rulings import Ruling
from referee.table import render
from referee.tribune.cards import Card, CardName

_ = translator("tribune")

#: player colours: asked at setup, shown on the board (kept here, apart from the setup
#: questions, so showing the board does not load the prompts)
COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"),
           "black": N_("black"), "white": N_("white"), "purple": N_("purple"),
           "orange": N_("orange")}


def card_text(card: Card) -> str:
    """A card as the table names it: "Senator 4", a leader by name ("Spartacus")."""
    if card.is_leader:
        return _.term(card.faction.leader)
    return _(card.faction.card_word, value=card.value)


def shown(value: Any) -> Any:
    """A param of a ruling or question as text: a card by its name."""
    return card_text(value.card) if isinstance(value, CardName) else value


def card_name(raw: Mapping[str, Any]) -> CardName | None:
    """A card param as the journal stores it."""
    return CardName(raw["card"]) if "card" in raw else None


def ruling_text(ruling: Ruling) -> str:
    return render.text(ruling.message, ruling.params, ruling.rule.game, shown)


def question_text(question: Question) -> str:
    return render.text(question.prompt, question.params, "tribune", shown)


def ruling_line(ruling: Ruling) -> str:
    """'Mike pays 3 denarii to the bank  [Phase 3: Forum Romanum]'."""
    return render.ruling_line(ruling_text(ruling), ruling.rule)


def ruling_from_json(raw: Mapping[str, Any]) -> Ruling:
    """A recorded ruling; a payload of another shape (a hand edit) is an InputError."""
    return render.ruling_from_json(raw, card_name)


PHASES = {0: N_("Setup"), 1: N_("Phase 1: cards onto the board"),
          2: N_("Phase 2: followers"), 3: N_("Phase 3: regions"),
          4: N_("Phase 4: take-overs"), 5: N_("Phase 5: faction benefits"),
          6: N_("Phase 6: chariot auction"), 7: N_("Game over")}
#: rulings the table must not miss
LOUD = frozenset({"tribune.deck.cesura", "tribune.deck.reshuffle", "tribune.end.announce",
                  "tribune.end.variant", "tribune.end.qualify", "tribune.end.tie"})


def phase_title(round_: int, phase: int) -> str:
    if phase in (0, 7):
        return _(PHASES[phase])
    return _("Round {round} · {phase}", round=round_, phase=_(PHASES[phase]))
