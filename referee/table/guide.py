"""The guided game: ask the pending question, record the answer, announce what follows.

The loop holds the session open (and locked) for its whole run. Every answer is checked by
the core before it is written, so a refused answer changes nothing; ``quit`` or Ctrl-C
leave everything entered so far saved and ``resume`` comes back to the same question.
What is asked and how rulings are shown is the game's :class:`View`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import RefereeError
from referee.game.contract import Game
from referee.i18n import translator
from referee.store import Session
from referee.table import session as sessions
from referee.table.game import TableGame
from referee.table.questions import COMMAND_WORDS, Command
from referee.terminal.output import console
from referee.terminal.prompter import Prompter

_ = translator("core")


def tell(text: str, style: str = "") -> None:
    console().print(text, markup=False, style=style or None)


class Guide:
    """``finished``: what the command that runs the loop adds once the game is over (the time
    it took, how to send it to BG Stats): the table layer knows no command."""

    def __init__(self, table: TableGame, session: Session, game: Game,
                 prompter: Prompter, finished: Callable[[Session], None] | None = None) -> None:
        self.table, self.session, self.game, self.prompter = table, session, game, prompter
        self.finished = finished
        self.view = table.view(session, prompter)

    def run(self) -> bool:
        """Play until the end (True) or until the table quits (False)."""
        while (asked := self.game.pending()) is not None:
            self.view.before_question(self.game)
            answer = self.view.ask(self.game)
            if isinstance(answer, Command):
                if answer is Command.QUIT:
                    tell(_("Saved. Continue with: referee {game} resume {id}",
                          game=self.table.name, id=self.session.id), "bold")
                    return False
                self.command(answer)
                continue
            rulings = sessions.apply(self.table, self.session, self.game, answer)
            self.view.after_entry(self.game, asked, rulings)
        self.finish()
        return True

    def finish(self) -> None:
        if self.table.outcome(self.game) is not None:
            tell("")
            self.table.print_result(self.game, rulings=False)
            if self.finished is not None:
                self.finished(self.session)

    def command(self, command: Command) -> None:
        if command is Command.STATUS:
            colours = {p.name: p.colour for p in self.session.header.players}
            self.table.print_status(self.game, colours)
        elif command is Command.HELP:
            self.help()
        else:
            self.undo()

    def help(self) -> None:
        from referee.terminal.messages import rule_text

        question = self.game.pending()
        assert question is not None
        tell(_("Rule: {rule}", rule=rule_text(question.rule)))
        for line in self.view.help_lines(self.game):
            tell(line)
        tell(_("Answer the question, or use one of: {commands}.",
              commands=", ".join(_(w) for w in COMMAND_WORDS.values())))
        tell(_("undo takes back the last entry; status shows the table; quit saves and "
              "stops (resume continues here)."))

    def undo(self) -> None:
        entries = self.session.entries()
        if not entries:
            tell(_("Nothing to undo yet."), "bold")
            return
        last = entries[-1]
        seen = self.view.revealed(self.session, last.seq)
        if seen:
            tell(_("Careful: this takes back an entry that showed cards ({cards}); they "
                  "stay known to everyone who saw them.", cards=", ".join(seen)), "bold")
            if not self.prompter.confirm(_("Undo anyway?")):
                return
        try:
            self.session.undo(1, reason="undo at the table")
        except RefereeError as error:
            from referee.terminal.messages import message

            tell(message(error), "bold")
            return
        self.game = sessions.load(self.table, self.session)
        tell(_("Took back: {entry}", entry=taken_back(self.table, self.game, last)), "bold")
        self.view.restart()


def taken_back(table: TableGame, game: Game, event: Any) -> str:
    """The entry an undo withdrew, described as the log shows it."""
    entry = table.entry_from_record(event.payload)
    return table.describe(entry, game.setup.edition, event.payload.get("kind", ""))
