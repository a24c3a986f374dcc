"""The guided game: ask the pending decision, record the answer, announce what follows.

The loop holds the session open (and locked) for its whole run. Every answer is checked by
the engine before it is written, so a refused answer changes nothing; ``quit`` or Ctrl-C
leave everything entered so far saved and ``resume`` comes back to the same question.
"""

from __future__ import annotations

from typing import Any

from referee.cli.output import console
from referee.cli.prompter import Prompter
from referee.errors import RefereeError
from referee.i18n import translator
from referee.rulings import Ruling
from referee.store import Session
from referee.tribune.actions import from_json
from referee.tribune.cards import CardName, parse_card
from referee.tribune.engine import Game
from referee.tribune.ui import session_io
from referee.tribune.ui.questions import COMMAND_WORDS, Asker, Command, describe
from referee.tribune.ui.render import (
    LOUD,
    card_text,
    phase_title,
    ruling_from_json,
    ruling_line,
)

_ = translator("tribune")


class Guide:
    def __init__(self, session: Session, game: Game, prompter: Prompter) -> None:
        self.session, self.game, self.prompter = session, game, prompter
        self.hidden_bids = session_io.ui_options(session).get("bids", "hidden") == "hidden"
        self.shown: tuple[int, int] | None = None
        self.curia: int | None = None  # the Curia field whose cards are being turned up

    def say(self, text: str, style: str = "") -> None:
        console().print(text, markup=False, style=style or None)

    def run(self) -> bool:
        """Play until the end (True) or until the table quits (False)."""
        while self.game.pending() is not None:
            self.before_question()
            answer = Asker(self.prompter, self.game, hidden_bids=self.hidden_bids).ask()
            if isinstance(answer, Command):
                if answer is Command.QUIT:
                    self.say(_("Saved. Continue with: referee tribune resume {id}",
                               id=self.session.id), "bold")
                    return False
                self.command(answer)
                continue
            asked = self.game.pending()
            rulings = session_io.apply(self.session, self.game, answer)
            self.curia_done(asked)
            self.announce(rulings)
        self.finish()
        return True

    # ------------------------------------------------------------------ announcing
    def heading(self, round_: int, phase: int) -> None:
        if self.shown != (round_, phase):
            self.shown = (round_, phase)
            self.say("")
            self.say(phase_title(round_, phase), "bold reverse")

    def before_question(self) -> None:
        s, d = self.game.state, self.game.pending()
        assert d is not None
        self.heading(s.round, s.phase)
        if d.kind == "reveal" and d.params.get("region") == "curia" and self.curia is None:
            self.curia = d.params.get("number")
            self.say(_("Curia field {number}: turn up cards one at a time until I say stop.",
                       number=self.curia), "bold")
        if d.kind.endswith("bid") and self.hidden_bids:
            self.say(_("{player} types a hidden bid; everyone else looks away.",
                       player=d.actor), "bold")
        elif "cards" in d.accepts and self.game.setup.deck_mode == "virtual":
            self.say(_("{player} chooses from their own cards; everyone else looks away.",
                       player=d.actor), "bold")

    def curia_done(self, asked: Any) -> None:
        """After a Curia card: say stop as soon as the referee stops asking for that field."""
        d = self.game.pending()
        if self.curia is None or asked is None or asked.kind != "reveal":
            return
        if d is None or d.kind != "reveal" or (d.params.get("region"), d.params.get("number")) \
                != ("curia", self.curia):
            self.say(_("Stop: Curia field {number} is complete.", number=self.curia), "bold")
            self.curia = None

    def announce(self, rulings: list[Ruling]) -> None:
        """Each ruling on its line, under the heading of the phase its rule belongs to."""
        for ruling in rulings:
            rule = ruling.rule.rule_id
            phase = int(rule[13]) if rule.startswith("tribune.phase") else 0
            if self.shown is not None and phase > self.shown[1]:  # never back: shared rules
                self.heading(self.shown[0], phase)
            loud = rule in LOUD
            self.say(("» " if loud else "  ") + ruling_line(ruling), "bold" if loud else "")
            if rule == "tribune.round.end" and self.shown is not None:
                self.shown = (self.shown[0] + 1, 0)

    def finish(self) -> None:
        from referee.tribune.ui.score import print_result

        if self.game.result is not None:
            self.say("")
            print_result(self.game.result.scores, self.game.setup.edition, rulings=False)
            self.say(_("Export the result with: referee sessions export {id}",
                       id=self.session.id))

    # ------------------------------------------------------------------ commands
    def command(self, command: Command) -> None:
        if command is Command.STATUS:
            from referee.tribune.ui.board import board

            colours = {p.name: p.colour for p in self.session.header.players}
            console().print(board(self.game, colours))
        elif command is Command.HELP:
            self.help()
        else:
            self.undo()

    def help(self) -> None:
        from referee.cli.errors import rule_text

        d = self.game.pending()
        assert d is not None
        self.say(_("Rule: {rule}", rule=rule_text(d.rule)))
        self.say(_("Answer the question, or use one of: {commands}.",
                   commands=", ".join(_(w) for w in COMMAND_WORDS.values())))
        self.say(_("undo takes back the last entry; status shows the table; quit saves and "
                   "stops (resume continues here)."))

    def undo(self) -> None:
        entries = self.session.entries()
        if not entries:
            self.say(_("Nothing to undo yet."), "bold")
            return
        last = entries[-1]
        seen = revealed(self.session, last.seq)
        if seen:
            self.say(_("Careful: this takes back an entry that showed cards ({cards}); they "
                       "stay known to everyone who saw them.", cards=", ".join(seen)), "bold")
            if not self.prompter.confirm(_("Undo anyway?")):
                return
        try:
            self.session.undo(1, reason="undo at the table")
        except RefereeError as error:
            from referee.cli.errors import message

            self.say(message(error), "bold")
            return
        self.game = session_io.load(self.session)
        entry = describe(from_json(last.payload), self.game.setup.edition,
                         last.payload.get("kind", ""))
        self.say(_("Took back: {entry}", entry=entry), "bold")
        self.shown = self.curia = None


def revealed(session: Session, seq: int) -> list[str]:
    """Cards an entry turned up, or that the rulings it caused named."""
    found: list[str] = []
    for event in session.effective_events():
        if event.seq == seq and event.type == "reveal":
            return [card_text(parse_card(event.payload["card"]))]
        if event.cause == seq and event.type == session_io.RULING:
            for value in ruling_from_json(event.payload).params.values():
                named = value if isinstance(value, list) else [value]
                found += [card_text(v.card) for v in named if isinstance(v, CardName)]
    return list(dict.fromkeys(found))
