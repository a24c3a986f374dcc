"""The guided game: ask the pending question, record the answer, announce what follows.

The loop holds the session open (and locked) for its whole run. Every answer is checked by
the core before it is written, so a refused answer changes nothing; ``quit`` or Ctrl-C
leave everything entered so far saved and ``resume`` comes back to the same question.
What is asked and how rulings are shown is the game's :class:`View`: a view that writes
its turns for the conversation kit (``talk``) is asked through :func:`kit.converse`; the
table commands (help, status, undo, quit) are carried out here for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import RefereeError
from referee.game.contract import Game
from referee.game.question import TABLE
from referee.i18n import N_, translator
from referee.store import Session
from referee.table import hidden
from referee.table import session as sessions
from referee.table.game import TableGame
from referee.table.questions import COMMAND_WORDS, Command
from referee.terminal.output import console
from referee.terminal.prompter import Prompter

_ = translator("core")


def tell(text: str, style: str = "") -> None:
    """A line for the table, folded at spaces to the terminal's width (one column kept
    free, so no line reaches the last one)."""
    from referee.terminal.asking import folded

    out = console()
    indent = text[:len(text) - len(text.lstrip(" "))]
    for part in folded(text.lstrip(" "), max(out.width - 1 - len(indent), 20)):
        out.print(indent + part, markup=False, style=style or None, overflow="ignore",
                  crop=False, soft_wrap=True)


def before_game(prompter: Prompter, talk: Callable[[], Any], status: str | None = None) -> Any:
    """What the conversation ``talk`` makes, asked through the kit before any game exists (a
    new game's questions, a score typed in, a calculator's form): ``help`` says what the
    question needs, ``status`` says ``status`` (by default that there is no game yet),
    ``undo`` goes back a question (at the first it says so and asks again), ``quit`` raises
    Cancelled, saying that no session was made (Ctrl-C at a question too)."""
    from referee.errors import Cancelled
    from referee.table.kit import Table, converse

    def say_help(ask: Any) -> None:
        tell(ask.help or _("Answer the question, or type quit to stop."))

    table = Table(status=lambda: tell(status or _("No game yet: the setup comes first.")),
                  help=say_help, final=lambda found: None,
                  say=lambda text: tell(text, "bold"))
    while True:
        try:
            found = converse(prompter, talk, table)
        except Cancelled:  # Ctrl-C at a question
            found = Command.QUIT
        if found is Command.QUIT:
            raise Cancelled(N_("Cancelled: no session was created."))
        if not isinstance(found, Command):
            return found
        tell(_("The answers before this question are kept; quit and start again to change "
               "them."), "bold")  # undo at the first question


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
            answer = self.answer()
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

    def answer(self) -> Any:
        """The entry answering the pending question, or a Command."""
        talk = getattr(self.view, "talk", None)
        if talk is None:  # a view that asks on its own
            return self.view.ask(self.game)
        from referee.table.kit import Table, converse

        game = self.game
        return converse(self.prompter, lambda: talk(game), Table(
            status=self.status, help=self.kit_help, final=game.check,
            say=lambda text: tell(text, "bold")))

    def finish(self) -> None:
        if self.table.outcome(self.game) is not None:
            tell("")
            self.table.print_result(self.game, rulings=False)
            if self.finished is not None:
                self.finished(self.session)

    def command(self, command: Command) -> None:
        if command is Command.STATUS:
            self.status()
        elif command is Command.HELP:
            self.help()
        else:
            self.undo()

    def status(self) -> None:
        colours = {p.name: p.colour for p in self.session.header.players}
        self.table.print_status(self.game, colours)

    def help(self, how: str = "") -> None:
        """What the pending question needs, the same at every question of every game."""
        from referee.terminal.messages import rule_text

        question = self.game.pending()
        assert question is not None
        tell(_("Rule: {rule}", rule=rule_text(question.rule)))
        lines = [how] if how else []
        help_lines = getattr(self.view, "help_lines", None)
        if help_lines is not None:
            lines += help_lines(self.game)
        for line in lines:
            tell(line)
        tell(_("Answer the question, or use one of: {commands}.",
              commands=", ".join(_(w) for w in COMMAND_WORDS.values())))
        tell(_("undo takes back the last answer (at a turn's first question, the last "
               "entry); status shows the table; quit saves and stops (resume continues "
               "here)."))

    def kit_help(self, ask: Any) -> None:
        self.help(ask.help)

    def undo(self) -> None:
        """Withdraw the last recorded entry, saying whose it was; one that revealed
        something (a card turned up, a tile drawn, sealed answers opened) is confirmed
        first, since the entries after it were made knowing it."""
        entries = self.session.entries()
        if not entries:
            tell(_("Nothing to undo yet."), "bold")
            return
        last = entries[-1]
        before = sessions.load(self.table, self.session, len(entries) - 1)
        sealed = hidden.unrevealed(entries, self.game.pending())
        warning = self.warning(entries, sealed, before.pending())
        if warning:
            tell(warning, "bold")
            if not self.confirm(_("Undo anyway?")):
                return
        try:
            self.session.undo(1, reason="undo at the table")
        except RefereeError as error:
            from referee.terminal.messages import message

            tell(message(error), "bold")
            return
        self.game = before  # the game the entries before the last one leave
        tell(_("Took back: {entry}", entry=hidden.described(
            self.table, last, self.game.setup.edition, sealed)), "bold")
        restart = getattr(self.view, "restart", None)
        if restart is not None:
            restart()

    def warning(self, entries: list[Any], sealed: set[int], asked: Any) -> str:
        """Why undoing the last of ``entries`` needs the table's yes: what it showed.
        ``sealed``: the answers still face down; ``asked``: the question the last entry
        answered."""
        last = entries[-1]
        revealed = getattr(self.view, "revealed", None)
        cards = revealed(self.session, last.seq) if revealed is not None else []
        found = []
        if cards:
            found.append(_("Careful: this takes back an entry that showed cards ({cards}); "
                           "they stay known to everyone who saw them.", cards=", ".join(cards)))
        if hidden.unrevealed(entries[:-1], asked) - sealed:
            found.append(_("Careful: this takes back the entry that opened the answers given "
                           "face down; everyone has seen them, and the entries after it were "
                           "made knowing them."))
        if not found and last.actor == TABLE:
            found.append(_("Careful: this takes back what the table turned up or drew; "
                           "everyone has seen it, and the entries after it were made knowing "
                           "it."))
        return " ".join(found)

    def confirm(self, question: str) -> bool:
        if getattr(self.view, "talk", None) is not None:
            from referee.table.kit import confirm

            return confirm(self.prompter, question)
        return self.prompter.confirm(question)
