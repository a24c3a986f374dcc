"""Tribune's side of the guided game (:class:`referee.table.guide.Guide` runs the loop):
phase headings, who looks away, the Curia's "stop", and the rulings the table must not miss.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import translator
from referee.rulings import Ruling
from referee.store import Session
from referee.table.guide import say
from referee.table.session import RULING, ui_options
from referee.terminal.prompter import Prompter
from referee.tribune.cards import MAX_VALUE, CardName, parse_card
from referee.tribune.engine import Game
from referee.tribune.ui.checklist import before_round_1, checklist
from referee.tribune.ui.questions import Asker
from referee.tribune.ui.render import LOUD, card_text, phase_title, ruling_from_json, ruling_line

_ = translator("tribune")


#: rules named after Phase 5 that a Phase 4 take-over also applies (the Plebeians' assassin,
#: the Proconsul going back with the Patricians): they do not move the heading on
ANY_PHASE = frozenset({"tribune.phase5.assassin", "tribune.phase5.proconsul"})


class TribuneView:
    def __init__(self, session: Session, prompter: Prompter) -> None:
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
            say("")
            say(phase_title(round_, phase), "bold reverse")

    def before_question(self, game: Game) -> None:
        s, d = game.state, game.pending()
        assert d is not None
        if self.shown is None and before_round_1(game):
            say("")
            say(_("Set up the table:"), "bold")
            for line in checklist(game):
                say("- " + line)
        self.heading(s.round, s.phase)
        if d.kind == "reveal" and d.params.get("region") == "curia" and self.curia is None:
            self.curia = d.params.get("number")
            say(_("Curia field {number}: turn up cards one at a time until I say stop.",
                  number=self.curia), "bold")
        if d.kind.endswith("bid") and self.hidden_bids:
            say(_("{player} types a hidden bid; everyone else looks away.",
                  player=d.actor), "bold")
        elif "cards" in d.accepts and game.setup.deck_mode == "virtual":
            say(_("{player} chooses from their own cards; everyone else looks away.",
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
            say(_("Stop: Curia field {number} is complete.", number=self.curia), "bold")
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
            say(("» " if loud else "  ") + ruling_line(ruling), "bold" if loud else "")
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
