"""The table commands any question also takes: undo, status, help, quit."""

from __future__ import annotations

from enum import StrEnum

from referee.i18n import N_


class Command(StrEnum):
    UNDO = "undo"
    STATUS = "status"
    HELP = "help"
    QUIT = "quit"


COMMAND_WORDS = {Command.UNDO: N_("undo"), Command.STATUS: N_("status"),
                 Command.HELP: N_("help"), Command.QUIT: N_("quit")}


def command_of(text: str) -> Command | None:
    """The command a typed answer names, in any of the languages whatever the session's
    (``undo``, ``отмена``, ``deshacer``...)."""
    from referee.i18n.matching import fold, translations

    word = fold(text)
    if not word or " " in word:
        return None
    for command, msgid in COMMAND_WORDS.items():
        if word in {fold(w) for w in translations(msgid, "core")}:
            return command
    return None

