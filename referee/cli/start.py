"""``referee`` alone: what a table wants first.

At a terminal one question offers, in this order: to resume the unfinished guided game
entered most recently (the first item, so Enter alone goes on where the table stopped), to
start a new guided game of Tribune, Concordia or Trajan, to show the help, or to quit. Each
item stands for a command (``referee tribune resume ID``, ``referee trajan new``,
``referee --help``), which then runs as if it had been typed: every choice has its
command for scripts. Without a terminal nothing is asked: the help is printed, as
``referee --help`` prints it, and the exit code is 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.store import Summary
    from referee.terminal.prompter import Prompter

_ = translator("core")

#: the games with a guided game, named as their tables name them (``TableGame.title``)
GAMES = {"tribune": "Tribune", "concordia": "Concordia", "trajan": "Trajan"}


def front_door(ctx: Any) -> None:
    """Run by the root command when no command was given: ask, then raise
    :class:`referee.cli.registry.RunInstead` with the chosen command's words."""
    import typer

    from referee.terminal.output import is_interactive

    if not is_interactive():
        typer.echo(ctx.get_help())
        raise typer.Exit()
    from referee.cli.registry import RunInstead
    from referee.terminal.prompter import make_prompter

    words = choose(make_prompter(_("referee --help lists every command")), latest_unfinished())
    if not words:
        raise typer.Exit()
    raise RunInstead(words)


def choose(prompter: Prompter, unfinished: Summary | None) -> tuple[str, ...]:
    """The words of the command the table chooses (none to quit)."""
    from referee.terminal.prompter import Choice

    choices = []
    if unfinished is not None and unfinished.game is not None:
        choices.append(Choice(resume_title(unfinished),
                              (unfinished.game, "resume", unfinished.id)))
    choices += [Choice(_("New {game} game", game=title), (name, "new"))
                for name, title in GAMES.items()]
    choices += [Choice(_("Help: every command"), ("--help",)), Choice(_("Quit"), ())]
    return tuple(prompter.select(_("What would you like to do?"), choices))


def resume_title(unfinished: Summary) -> str:
    from referee.terminal.output import shown

    return _("Resume {game} with {players} (last entry {when})",
             game=GAMES.get(unfinished.game or "", unfinished.game),
             players=shown(", ".join(unfinished.players)),
             when=local_minute(unfinished.last_activity or unfinished.started_at or ""))


def latest_unfinished() -> Summary | None:
    """The unfinished guided game whose last entry is the most recent (a session that
    cannot be read is left to ``referee sessions list`` to name)."""
    from referee.settings import store

    found = [s for s in store().summaries()
             if s.problem is None and not s.finished and s.game in GAMES]
    return max(found, key=lambda s: (_timestamp(s.last_activity or s.started_at), s.id),
               default=None)


def _timestamp(iso: str | None) -> float:
    from datetime import datetime

    try:
        return datetime.fromisoformat(iso or "").timestamp()
    except ValueError:
        return 0.0


def local_minute(iso: str) -> str:
    """``2026-11-27 21:04`` in this computer's time zone."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16].replace("T", " ")
    return (moment.astimezone() if moment.tzinfo else moment).strftime("%Y-%m-%d %H:%M")
