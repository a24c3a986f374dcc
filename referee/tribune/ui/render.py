"""Entries, rulings and questions in the user's language, and rulings rebuilt from their stored
JSON."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from referee.game.question import Question
from referee.i18n import N_, current_language, translator
from referee.rulings import Ruling, Term
from referee.table import render
from referee.terminal.messages import quoted
from referee.tribune.actions import Bid, Cards, Choose, Entry, Pass, Place, Reveal
from referee.tribune.cards import Card, CardName, Faction
from referee.tribune.rulebook import REGION_NAMES, region_term

if TYPE_CHECKING:
    from referee.tribune.engine import Game

_ = translator("tribune")

#: player colours: asked at setup, shown on the board (kept here, apart from the setup
#: questions, so showing the board does not load the prompts)
COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"),
           "black": N_("black"), "white": N_("white"), "purple": N_("purple"),
           "orange": N_("orange")}


def card_text(card: Card) -> str:
    """A card as the table names it: "Senator 4", a leader by name ("Spartacus")."""
    return _card_text(card, current_language())


@lru_cache(maxsize=512)  # the board's cards are named again for every question's list
def _card_text(card: Card, language: str) -> str:
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


OPTION_WORDS = {
    "sell": N_("sell it"), "keep": N_("pay and keep it"), "colosseum": N_("take the money"),
    "card": N_("a card"), "cards": N_("2 cards"), "scroll": N_("the Scroll"),
    "card_money": N_("a card and the money"), "tribune": N_("the Tribune"),
    "favor": N_("the favor of the gods"), "buy": N_("buy it"), "off": N_("off the board"),
}
BOWL = Term(N_("coin bowl"))


def space_label(space: str, edition: str) -> str:
    return _space_label(space, edition, current_language())


@lru_cache(maxsize=512)  # a placement lists every open space again at each question
def _space_label(space: str, edition: str, language: str) -> str:
    head, _sep, number = space.partition(".")
    if head == "bowl":
        return _.term(BOWL)
    if head in REGION_NAMES:
        name = _.term(region_term(head, edition))
    elif head in {f.value for f in Faction}:
        name = _.term(Faction(head).term)
    else:  # not a space of the board (a hand-edited session): shown as it was written
        return quoted(space)
    return f"{name} {number}".strip()


def option_label(option: str, edition: str) -> str:
    if option in OPTION_WORDS:
        return _(OPTION_WORDS[option])
    if option.isdigit():
        return _("card {number} stays face down", number=option)
    try:
        return _.term(Faction(option).term)
    except ValueError:
        return option


def entry_label(action: Entry, edition: str) -> str:
    if isinstance(action, Place):
        return space_label(action.space, edition)
    if isinstance(action, Choose):
        return option_label(action.option, edition)
    if isinstance(action, Cards):
        return ", ".join(card_text(c) for c in action.cards)
    if isinstance(action, Bid):
        return str(action.amount)
    if isinstance(action, Reveal):
        return card_text(action.card)
    return _("no, pass")


def choices_json(game: Game) -> list[dict[str, Any]] | None:
    options = game.legal_entries()
    if options is None:
        return None
    return [{**a.to_json(), "label": entry_label(a, game.setup.edition)} for a in options]


DISCARDS = frozenset({"opening_discard", "curia", "pantheon", "mars", "tigellinus", "cesura",
                      "penalty"})


def describe(action: Entry, edition: str, kind: str = "") -> str:
    """One line for an entry: 'Ann bids 2', 'table: sen4 turned up', 'Bob discards ple3'."""
    answer = entry_label(action, edition)
    if isinstance(action, Reveal):
        return _("table: {card} turned up", card=answer)
    if isinstance(action, Place):
        return _("{player} places a follower: {space}", player=action.player, space=answer)
    if isinstance(action, Bid):
        return _("{player} bids {amount}", player=action.player, amount=answer)
    if isinstance(action, Pass):
        return _("{player} passes", player=action.player)
    if isinstance(action, Cards) and kind in DISCARDS:
        return _("{player} discards {cards}", player=action.player, cards=answer)
    if isinstance(action, Cards) and kind == "catacombs":
        return _("{player} buys {cards}", player=action.player, cards=answer)
    if isinstance(action, Cards):
        return _("{player} plays {cards}", player=action.player, cards=answer)
    return _("{player} chooses: {option}", player=action.player, option=answer)
