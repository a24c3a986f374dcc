"""One prompt per engine decision: only legal answers offered, typed answers checked by the
engine before they are accepted. Any prompt also takes the table commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError
from referee.game.question import Question
from referee.i18n import N_, translator
from referee.rulings import Term
from referee.table.questions import Command, command_label, command_of
from referee.terminal.messages import quoted
from referee.tribune.actions import Bid, Cards, Choose, Entry, Pass, Place, Reveal
from referee.tribune.cards import Faction, parse_card
from referee.tribune.rulebook import REGION_NAMES, region_term
from referee.tribune.ui.codes import completions, explain_error, parse_list
from referee.tribune.ui.render import card_text, question_text

if TYPE_CHECKING:  # the engine is imported by what makes a game, not by what shows one
    from referee.terminal.prompter import Prompter  # nor the prompts (status --json lists choices)
    from referee.tribune.engine import Game

_ = translator("tribune")

#: a select list longer than this becomes a typed answer with completion
SELECT_LIMIT = 12
#: card answers kept secret until the rules reveal them all at once (with hidden bids)
SEALED_CARDS = frozenset({"mars"})


OPTION_WORDS = {
    "sell": N_("sell it"), "keep": N_("pay and keep it"), "colosseum": N_("take the money"),
    "card": N_("a card"), "cards": N_("2 cards"), "scroll": N_("the Scroll"),
    "card_money": N_("a card and the money"), "tribune": N_("the Tribune"),
    "favor": N_("the favor of the gods"), "buy": N_("buy it"), "off": N_("off the board"),
}
BOWL = Term(N_("coin bowl"))


def space_label(space: str, edition: str) -> str:
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


def action_label(action: Entry, edition: str) -> str:
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


def _with_detail(label: str, detail: str) -> str:
    return f"{label}  ({detail})" if detail else label


def prompt_text(game: Game) -> str:
    d = game.pending()
    assert d is not None
    return question_text(d)


class Asker:
    """Turns the pending decision into one prompt; returns an Entry or a Command."""

    def __init__(self, prompter: Prompter, game: Game, *, hidden_bids: bool) -> None:
        self.prompter = prompter
        self.game = game
        self.hidden_bids = hidden_bids

    @property
    def edition(self) -> str:
        return self.game.setup.edition

    def ask(self) -> Entry | Command:
        d = self.game.pending()
        assert d is not None
        if d.kind in SEALED_CARDS and self.hidden_bids:
            return self._cards(d)
        if "reveal" in d.accepts:
            return self._typed(lambda t: Reveal(parse_card(t)), completions())
        if "bid" in d.accepts:
            return self._bid(d.actor)
        options = self.game.legal_entries()
        if options is not None and (len(options) <= SELECT_LIMIT or "cards" not in d.accepts):
            return self._select(options)
        return self._cards(d)

    def _select(self, options: list[Entry]) -> Entry | Command:
        from referee.terminal.prompter import Choice

        choices = [Choice(_with_detail(action_label(a, self.edition), self.detail(a)), a)
                   for a in options]
        choices += [Choice(command_label(c), c) for c in Command]
        answer = self.prompter.select(prompt_text(self.game), choices)
        return Command(answer) if isinstance(answer, str) else answer

    def detail(self, action: Entry) -> str:
        """What a space holds now: the face-up cards beside it, or the coins of the bowl."""
        if not isinstance(action, Place):
            return ""
        from referee.tribune.rules.followers import BOWL_FIRST, BOWL_LATER

        s = self.game.state
        head, _sep, number = action.space.partition(".")
        if head == "bowl":
            return f"+{BOWL_LATER if s.bowl_figures else BOWL_FIRST}"
        if head in ("thermae", "forum", "curia") and number.isdigit():
            field = s.board.get(head, [])[int(number) - 1]
            return ", ".join(card_text(slot.card) for slot in field
                             if slot.card and slot.face_up)
        return ""

    def _typed(self, build: Callable[[str], Entry], known: list[str],
               secret: bool = False, hint: str = "") -> Entry | Command:
        def validate(text: str) -> str | None:
            if command_of(text) is not None:
                return None
            try:
                self.game.check(build(text))
            except RefereeError as error:
                return secret_refusal(error) if secret else explain_error(error)
            return None

        message = f"{prompt_text(self.game)} {hint}".strip()
        if secret:
            answer = self.prompter.secret(message, validate=validate)
        else:
            answer = self.prompter.text(message, validate=validate, completions=known)
        command = command_of(answer)
        return command if command is not None else build(answer)

    def _bid(self, player: str) -> Entry | Command:
        from referee.numbers import parse_whole

        def build(text: str) -> Entry:
            amount = parse_whole(text)
            if amount is None or amount < 0:
                from referee.tribune.errors import TribuneInputError

                raise TribuneInputError(N_("A bid is a whole number, 0 or more, not {text!r}"),
                                        text=text.strip())
            return Bid(player, amount)
        return self._typed(build, [], secret=self.hidden_bids)

    def _cards(self, d: Question) -> Entry | Command:
        """Cards typed by code: those the decision chooses among when the referee knows
        them (named in the hint), else any code, the cards known in the hand first. The
        Field of Mars pairs are revealed together, so with hidden bids they are typed
        hidden too, without any list of the hand on screen."""
        player, optional = d.actor, "pass" in d.accepts

        def build(text: str) -> Entry:
            cards = parse_list(text)
            return Pass(player) if optional and not cards else Cards(player, tuple(cards))

        if d.kind in SEALED_CARDS and self.hidden_bids:
            return self._typed(build, [], secret=True,
                               hint=_("(card codes, typed hidden; Enter alone passes)"))

        if d.choose_from is not None:
            among = sorted(set(d.choose_from), key=lambda c: c.key)
            known = [c.code for c in among]
            listed = ", ".join(f"{card_text(c)} [{c.code}]" for c in among)
            hint = (_("(from {cards}; Enter alone passes)", cards=listed) if optional
                    else _("(from {cards})", cards=listed))
        else:
            hand = self.game.state.players[self.game.setup.players.index(player)].hand.cards
            known = completions(hand)
            hint = _("(card codes; Enter alone passes)") if optional else _("(card codes)")
        return self._typed(build, known, hint=hint)


def secret_refusal(error: RefereeError) -> str:
    """Why a hidden answer is refused, without repeating what was typed or what the player
    holds: the rule's name only."""
    from referee.terminal.messages import rule_text

    if error.rule is None:
        return _("Not accepted; type it again (what you typed is not shown)")
    return _("Not accepted under {rule}; type it again (what you typed is not shown)",
             rule=rule_text(error.rule))


def typed_answer(action: Entry) -> str:
    """What a person types at a typed question to give ``action``: the inverse of the
    answer builders above (card codes separated by spaces, a bid's amount, "" to pass)."""
    if isinstance(action, Cards):
        return " ".join(c.code for c in action.cards)
    if isinstance(action, Bid):
        return str(action.amount)
    if isinstance(action, Reveal):
        return action.card.code
    if isinstance(action, Pass):
        return ""
    raise ValueError(f"{type(action).__name__} is answered from a list, not typed")


def choices_json(game: Game) -> list[dict[str, Any]] | None:
    options = game.legal_entries()
    if options is None:
        return None
    return [{**a.to_json(), "label": action_label(a, game.setup.edition)} for a in options]


DISCARDS = frozenset({"opening_discard", "curia", "pantheon", "mars", "tigellinus", "cesura",
                      "penalty"})


def describe(action: Entry, edition: str, kind: str = "") -> str:
    """One line for an entry: 'Ann bids 2', 'table: sen4 turned up', 'Bob discards ple3'."""
    answer = action_label(action, edition)
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
