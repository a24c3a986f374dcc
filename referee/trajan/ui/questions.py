"""Trajan's side of the guided game (:class:`referee.table.guide.Guide` runs the loop).

Each question offers only the legal answers the core lists, described in words; the two
open questions (the setup markers and the colour order of a sowing) are typed as colour
letters and checked by the core before they are accepted. Any prompt also takes the table
commands (undo, status, help, quit).
"""

from __future__ import annotations

from typing import Any

from referee.errors import RefereeError
from referee.i18n import translator
from referee.rulings import Ruling
from referee.table.game import TableGame
from referee.table.guide import tell
from referee.table.questions import Command, command_label, command_of
from referee.terminal.prompter import Choice, Prompter
from referee.trajan import actions as a
from referee.trajan import wheel as w
from referee.trajan.terms import letters_of, read_colours
from referee.trajan.ui.render import describe

_ = translator("trajan")

COMMANDS = [Choice(command_label(c), c) for c in Command]


class TrajanView:
    def __init__(self, table: TableGame, prompter: Prompter) -> None:
        self.table = table
        self.prompter = prompter
        self.quarter: tuple[int, int] | None = None

    def restart(self) -> None:
        self.quarter = None

    def before_question(self, game: Any) -> None:
        b = game.state.board
        if game.state.started and self.quarter != (b.quarter, b.round):
            self.quarter = (b.quarter, b.round)
            tell("")
            tell(_("Quarter {quarter}, round {round}", quarter=b.quarter, round=b.round),
                "bold reverse")

    def after_entry(self, game: Any, asked: Any, rulings: list[Ruling]) -> None:
        if rulings:  # one print: the terminal is asked its size once, not once per line
            tell("\n".join("  " + self.table.ruling_line(ruling) for ruling in rulings))

    def revealed(self, session: Any, seq: int) -> list[str]:
        return []

    def help_lines(self, game: Any) -> list[str]:
        """What ``help`` adds to the rule: what the two choices the rules leave open mean."""
        q = game.pending()
        if q is not None and q.kind == "figures":
            return [_("The tile places from what it shows down to 1 subject, no more than "
                      "the supply holds; pass places none.")]
        if q is not None and q.kind == "demands":
            return [_("A demand that can be met must be met; each way listed meets as many. "
                      "A forum tile meets a demand of its icon and is discarded, a demand "
                      "wild meets any demand and is discarded, a kept Trajan tile meets one "
                      "demand of its icon each quarter and stays.")]
        return []

    def ask(self, game: Any) -> Any:
        q = game.pending()
        prompt = self.table.question_text(q)
        if q.kind == "markers":
            return self._typed(game, prompt, lambda text: a.Markers(q.actor, tuple(
                read_colours(t) for t in (text.split(",") if "," in text else text.split()))),
                _("six trays of 2 colour letters, like yo,gw,pb,yo,gw,pb"))
        if q.kind == "sow":
            return self._sow(game, q, prompt)
        options = game.legal_entries() or []
        choices = [Choice(describe(e, q.kind), e) for e in options] + COMMANDS
        return self.prompter.select(prompt, choices)

    def _sow(self, game: Any, q: Any, prompt: str) -> Any:
        p = game.state.player(q.actor)
        trays = [Choice(_("tray {tray}: {markers}", tray=w.ROMAN[i],
                          markers=letters_of(t)), i)
                 for i, t in enumerate(p.trays) if t]
        tray = self.prompter.select(prompt, trays + COMMANDS)
        if isinstance(tray, Command):
            return tray
        held = letters_of(p.trays[tray])
        return self._typed(game, _("Colour order of the {n} markers from tray {tray} "
                                   "(letters, default {held})", n=len(held),
                                   tray=w.ROMAN[tray], held=held),
                           lambda text: a.Sow(q.actor, tray, read_colours(text or held)),
                           held)

    def _typed(self, game: Any, prompt: str, build: Any, hint: str) -> Any:
        """A typed answer: a command word, or colour letters the core accepts."""
        def check(text: str) -> str | None:
            if command_of(text) is not None:
                return None
            try:
                game.check(build(text.strip().lower()))
            except RefereeError as error:
                from referee.terminal.messages import message

                return message(error)
            return None

        text = self.prompter.text(f"{prompt} [{hint}]", validate=check)
        return command_of(text) or build(text.strip().lower())
