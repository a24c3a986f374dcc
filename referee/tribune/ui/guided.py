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
from referee.tribune.engine import Game
from referee.tribune.ui import session_io
from referee.tribune.ui.questions import COMMAND_WORDS, Asker, Command, describe
from referee.tribune.ui.render import LOUD, phase_title, ruling_from_json, ruling_line

_ = translator("tribune")


class Guide:
    def __init__(self, session: Session, game: Game, prompter: Prompter) -> None:
        self.session, self.game, self.prompter = session, game, prompter
        self.hidden_bids = session_io.ui_options(session).get("bids", "hidden") == "hidden"
        self.shown: tuple[int, int] | None = None
        self.curia: Any = None  # the Curia field whose cards are being turned up

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
            rulings = session_io.apply(self.session, self.game, answer)
            if not (self.hidden_bids and answer.type == "bid"):
                self.say(describe(answer, self.game.setup.edition), "dim")
            self.announce(rulings)
        self.finish()
        return True

    # ------------------------------------------------------------------ announcing
    def before_question(self) -> None:
        s, d = self.game.state, self.game.pending()
        assert d is not None
        if self.shown != (s.round, s.phase):
            self.shown = (s.round, s.phase)
            self.say("")
            self.say(phase_title(s.round, s.phase), "bold reverse")
        field = (d.params.get("region"), d.params.get("number")) if d.kind == "reveal" else None
        if self.curia is not None and field != self.curia:
            self.say(_("Stop: Curia field {number} is complete.", number=self.curia[1]), "bold")
            self.curia = None
        if field is not None and field[0] == "curia" and self.curia is None:
            self.curia = field
            self.say(_("Curia field {number}: turn up cards one at a time until I say stop.",
                       number=field[1]), "bold")
        if d.kind.endswith("bid") and self.hidden_bids:
            self.say(_("{player} types a hidden bid; everyone else looks away.",
                       player=d.actor), "bold")

    def announce(self, rulings: list[Ruling]) -> None:
        for ruling in rulings:
            loud = ruling.rule.rule_id in LOUD
            self.say(("» " if loud else "  ") + ruling_line(ruling), "bold" if loud else "")

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
        from referee.tribune.actions import from_json

        self.say(_("Took back: {entry}", entry=describe(from_json(last.payload),
                                                       self.game.setup.edition)), "bold")
        self.shown = self.curia = None


def revealed(session: Session, seq: int) -> list[str]:
    """Cards an entry (or what it caused) turned up or handed out."""
    found: list[str] = []
    for event in session.effective_events():
        if event.seq == seq and event.type == "reveal":
            found.append(event.payload["card"])
        elif event.cause == seq and event.type == session_io.RULING:
            params = ruling_from_json(event.payload).params
            for key in ("card", "cards"):
                value = params.get(key)
                if isinstance(value, str):
                    found.append(value)
                elif isinstance(value, list):
                    found += [v for v in value if isinstance(v, str)]
    return list(dict.fromkeys(found))
