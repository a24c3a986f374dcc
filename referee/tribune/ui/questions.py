"""Tribune's guided game: its view (:class:`TribuneView`: headings, who looks away, the
rulings announced) and one prompt per question (:class:`Asker`: only legal answers offered,
typed answers checked by the engine before they are accepted). Any prompt also takes the
table commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError
from referee.game.question import Question
from referee.i18n import N_, translator
from referee.rulings import Ruling
from referee.store import Session
from referee.table.game import TableGame
from referee.table.guide import tell
from referee.table.questions import Command, command_label, command_of
from referee.table.session import RULING, ui_options
from referee.tribune.actions import Bid, Cards, Entry, Pass, Place, Reveal
from referee.tribune.cards import MAX_VALUE, CardName, parse_card
from referee.tribune.ui.checklist import before_round_1, checklist
from referee.tribune.ui.codes import completions, explain_error, parse_list
from referee.tribune.ui.render import (
    LOUD,
    card_text,
    entry_label,
    phase_title,
    question_text,
    ruling_from_json,
    ruling_line,
)

if TYPE_CHECKING:  # the engine is imported by what makes a game
    from referee.terminal.prompter import Prompter
    from referee.tribune.engine import Game

_ = translator("tribune")

#: a select list longer than this becomes a typed answer with completion
SELECT_LIMIT = 12
#: card answers kept secret until the rules reveal them all at once (with hidden bids)
SEALED_CARDS = frozenset({"mars"})


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

        choices = [Choice(_with_detail(entry_label(a, self.edition), self.detail(a)), a)
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


#: rules named after Phase 5 that a Phase 4 take-over also applies (the Plebeians' assassin,
#: the Proconsul going back with the Patricians): they do not move the heading on
ANY_PHASE = frozenset({"tribune.phase5.assassin", "tribune.phase5.proconsul"})


class TribuneView:
    """Tribune's side of the guided game (:class:`referee.table.guide.Guide` runs the loop):
    phase headings, who looks away, the Curia's "stop", and the rulings the table must not
    miss."""

    def __init__(self, table: TableGame, session: Session, prompter: Prompter) -> None:
        self.table = table
        self.prompter = prompter
        self.hidden_bids = ui_options(session).get("bids", "hidden") == "hidden"
        self.shown: tuple[int, int] | None = None
        self.curia: int | None = None  # the Curia field whose cards are being turned up

    def ask(self, game: Game) -> Any:
        return Asker(self.prompter, game, hidden_bids=self.hidden_bids).ask()

    def restart(self) -> None:
        self.shown = self.curia = None

    def heading(self, round_: int, phase: int) -> None:
        if self.shown != (round_, phase):
            self.shown = (round_, phase)
            tell("")
            tell(phase_title(round_, phase), "bold reverse")

    def before_question(self, game: Game) -> None:
        s, d = game.state, game.pending()
        assert d is not None
        if self.shown is None and before_round_1(game):
            tell("")
            tell(_("Set up the table:"), "bold")
            for line in checklist(game):
                tell("- " + line)
        self.heading(s.round, s.phase)
        if d.kind == "reveal" and d.params.get("region") == "curia" and self.curia is None:
            self.curia = d.params.get("number")
            tell(_("Curia field {number}: turn up cards one at a time until I say stop.",
                  number=self.curia), "bold")
        if d.kind.endswith("bid") and self.hidden_bids:
            tell(_("{player} types a hidden bid; everyone else looks away.",
                  player=d.actor), "bold")
        elif "cards" in d.accepts and game.setup.deck_mode == "virtual":
            tell(_("{player} chooses from their own cards; everyone else looks away.",
                  player=d.actor), "bold")

    def after_entry(self, game: Game, asked: Any, rulings: list[Ruling]) -> None:
        self.curia_done(game, asked)
        self.announce(rulings)

    def curia_done(self, game: Game, asked: Any) -> None:
        """After a Curia card: say stop as soon as the referee stops asking for that field."""
        d = game.pending()
        if self.curia is None or asked is None or asked.kind != "reveal":
            return
        if d is None or d.kind != "reveal" or (d.params.get("region"), d.params.get("number")) \
                != ("curia", self.curia):
            tell(_("Stop: Curia field {number} is complete.", number=self.curia), "bold")
            self.curia = None

    def announce(self, rulings: list[Ruling]) -> None:
        """Each ruling on its line, under the heading of the phase its rule belongs to."""
        for ruling in rulings:
            rule = ruling.rule.rule_id
            phase = (int(rule[13]) if rule.startswith("tribune.phase") and rule not in ANY_PHASE
                     else 0)
            if self.shown is not None and phase > self.shown[1]:  # never back: shared rules
                self.heading(self.shown[0], phase)
            loud = rule in LOUD
            tell(("» " if loud else "  ") + ruling_line(ruling), "bold" if loud else "")
            if rule == "tribune.round.end" and self.shown is not None:
                self.shown = (self.shown[0] + 1, 0)

    def help_lines(self, game: Game) -> list[str]:
        """How to type the answer: card codes are explained wherever cards are typed."""
        d = game.pending()
        if d is None or not ({"reveal", "cards"} & set(d.accepts)):
            return []
        return [_("A card is typed as its faction's code and its value: gla (Gladiators), "
                  "leg (Legates), pra (Praetorians), ple (Plebeians), pat (Patricians), "
                  "ves (Vestal Virgins), sen (Senators), then 0-{top}; a leader is 0. "
                  "Examples: sen4, gla0.", top=MAX_VALUE)]

    def revealed(self, session: Session, seq: int) -> list[str]:
        """Cards an entry turned up, or that the rulings it caused named."""
        found: list[str] = []
        for event in session.effective_events():
            if event.seq == seq and event.type == "reveal":
                return [card_text(parse_card(event.payload["card"]))]
            if event.cause == seq and event.type == RULING:
                for value in ruling_from_json(event.payload).params.values():
                    named = value if isinstance(value, list) else [value]
                    found += [card_text(v.card) for v in named if isinstance(v, CardName)]
        return list(dict.fromkeys(found))
