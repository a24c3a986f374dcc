"""Command tables: each command's name, where it lives and its help, read without importing it.

In the manner of pip's command table: the root's table (``referee.cli.app.COMMANDS``) names
the games and the commands they share, and each game's ``cli.py`` holds its own
(``COMMANDS``). A line points at the code by ``module:attribute``, so listing commands imports
none of them and a run imports only the one it names (``referee.cli.app.build``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, NamedTuple

from referee.i18n import N_


class Command(NamedTuple):
    """One line of a command table."""

    #: ``module:attribute``: the command's function, a Typer app (a group whose module
    #: declares its commands), or another command table (a group built from it)
    target: str
    #: msgid of the help; a listing of commands shows its first sentence
    help: str
    #: the translation domain of ``help``
    domain: str = "core"
    #: ``module:attribute`` of the game's TableGame, for a command every guided game shares:
    #: ``target`` then names a function that takes that game and gives its command
    table: str | None = None
    #: kept working under an old name, left out of the help
    hidden: bool = False

    def load(self) -> Any:
        found = load(self.target)
        return found(load(self.table)) if self.table is not None else found


def load(target: str) -> Any:
    module, _sep, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


#: the commands of every guided game, in the order a game's help lists them
TABLE_HELP = {
    "resume": N_("Continue a saved game at the question where it stopped."),
    "status": N_("The game at a glance: the board, each player's holdings and the question "
                 "pending."),
    "log": N_("Every entry and ruling so far, one line each, with its rule."),
    "explain": N_("Why an entry was accepted or a ruling made: rule, edition, and what the "
                  "other edition would rule."),
    "undo": N_("Take back the last entries (nothing is erased: the undo is logged)."),
    "enter": N_("Record entries without prompts (a JSON entry, or a list of them)."),
    "repair": N_("Withdraw the entries of a session that no longer replay (after a hand "
                 "edit); they stay in the file, marked withdrawn."),
    "replay": N_("Run a scenario file through the referee; stops at the first illegal "
                 "entry."),
}


def table_commands(table: str) -> dict[str, Command]:
    """The shared table commands (``referee.cli.table``) for the game whose TableGame is at
    ``table`` (``module:attribute``)."""
    return {name: Command(f"referee.cli.table:{name}", text, table=table)
            for name, text in TABLE_HELP.items()}


class RunInstead(Exception):
    """Raised where a run stands for another command: ``referee`` alone, at a terminal, runs
    the command the table chose (``referee.cli.start``), and ``referee.cli.main`` runs its
    words, after the root options given."""

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__(" ".join(words))
        self.words = list(words)
