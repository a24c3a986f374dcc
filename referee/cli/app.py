"""The root command and the command tree a run builds from the command tables.

Engines, TinyDB and questionary are imported inside commands, never here, so
``referee --help`` stays fast: it lists the commands from the help in the tables
(``referee.cli.registry``) and imports none of them.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from pathlib import Path

import typer
from typer.main import get_command_name

from referee import __version__
from referee.cli.registry import Command
from referee.i18n import LANGUAGES, N_, current_language, translator
from referee.settings import SESSIONS_ENV, configure

_ = translator("core")

#: The root's command table: the games, and what works across them.
COMMANDS: dict[str, Command] = {
    "sessions": Command("referee.cli.sessions:app", N_(
        "Saved game sessions: list, show, export, undo, repair, move, delete.")),
    "trajan": Command("referee.trajan.cli:COMMANDS", N_(
        "Trajan: guided game, final score, calculators.")),
    "concordia": Command("referee.concordia.cli:COMMANDS", N_(
        "Concordia: guided game, setup, final score, calculators.")),
    "tribune": Command("referee.tribune.cli:COMMANDS", N_(
        "Tribune: guided game, rule checks in both editions, score.")),
    "players": Command("referee.cli.history:players_app", N_(
        "Player names across sessions: merge names typed differently.")),
    "results": Command("referee.cli.results:results_app", N_(
        "Finished games between copies of the referee: export, import.")),
    "history": Command("referee.cli.history:history", N_(
        "Finished games, oldest first: date, game, edition, ranking and scores.")),
    "stats": Command("referee.cli.history:stats", N_(
        "Plays, wins, average and best scores per player, by edition and scoring category, "
        "and head to head.")),
    "board": Command("referee.board.command:board", N_(
        "A live, read-only page of a game for the players' phones: its address and QR code, "
        "then served until Ctrl-C.")),
}

COMPLETE_ENV = "_REFEREE_COMPLETE"  # set by the shell's completion script (Typer's name)
VALUE_OPTIONS = ("--lang", "--sessions-dir")  # root options that take the next argument


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def command_path(args: list[str]) -> list[str]:
    """The arguments from the command on (``tribune new --json`` in ``--lang ru tribune new
    --json``)."""
    rest = iter(enumerate(args))
    for i, arg in rest:
        if arg in VALUE_OPTIONS:
            next(rest, None)
        elif not arg.startswith("-"):
            return args[i:]
    return []


def completing(environ: Mapping[str, str]) -> list[str] | None:
    """The words typed so far (after ``referee``) when the shell asks for completions."""
    if COMPLETE_ENV not in environ:
        return None
    return (environ.get("COMP_WORDS") or environ.get("_TYPER_COMPLETE_ARGS", "")).split()[1:]


def build(only: str | None = None, *, summaries: bool = True,
          within: Sequence[str] = ()) -> typer.Typer:
    """The command tree; with ``only``, just that command's branch when it names one.

    Each game's tree costs imports and Typer's per-command set-up, so a run that names
    its game builds that game alone, and of it only the command ``within`` names (the
    words after ``only``). Otherwise (the root help, an unknown name) each command is an
    empty group or command with its help, which is all the help shows; with
    ``summaries=False`` (shell completion) the whole tree is built.
    """
    app = typer.Typer(
        name="referee",
        help=_("Table referee for Tribune, Concordia and Trajan: guided play, "
               "rule checks and end-game scoring."),
        invoke_without_command=True,  # `referee` alone: referee.cli.start
        pretty_exceptions_enable=False,
        # Plain help: Typer's Rich help formatter imports Rich, its Markdown renderer and
        # Pygments, which more than doubles the time `referee --help` takes.
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def root(
        ctx: typer.Context,
        lang: str | None = typer.Option(
            None, "--lang", help=_("Language of all output: {choices}.",
                                   choices=", ".join(LANGUAGES)), metavar="LANG"),
        sessions_dir: Path | None = typer.Option(
            None, "--sessions-dir", envvar=SESSIONS_ENV,
            help=_("Folder that holds the session files (default: sessions in the user "
                   "data folder).")),
        version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                     help=_("Show the version and exit.")),
    ) -> None:
        # --lang was already applied before the commands were built (see main).
        chosen = configure(sessions_dir=sessions_dir, language=current_language())
        if sessions_dir is None:  # the default folder: sessions an older version left here?
            from referee.cli.legacy import offer_move

            offer_move(chosen.sessions_dir)
        if ctx.invoked_subcommand is None:  # no command: what a table wants first
            from referee.cli.start import front_door

            front_door(ctx)

    if only in COMMANDS:
        _add(app, only, COMMANDS[only], within)
    elif not summaries:
        for name, command in COMMANDS.items():
            _add(app, name, command, ())
    else:
        for name, command in COMMANDS.items():
            _listed(app, name, command)
    return app


def group(commands: Mapping[str, Command], help: str, words: Sequence[str] = ()) -> typer.Typer:
    """A group built from a command table: only the command the first of ``words`` names
    (its own words after it), or every command when that word names none of them (a help,
    an option, a typo: the usage error then lists them all)."""
    app = typer.Typer(help=help, no_args_is_help=True)
    chosen = words[0] if words and words[0] in commands else None
    for name, command in commands.items():
        if chosen is None or name == chosen:
            _add(app, name, command, words[1:] if chosen else ())
    return app


def _add(app: typer.Typer, name: str, command: Command, words: Sequence[str]) -> None:
    """Put ``command`` on ``app`` under ``name``, loading its code."""
    found, text = command.load(), translator(command.domain)(command.help)
    if isinstance(found, Mapping):
        app.add_typer(group(found, text, words), name=name, hidden=command.hidden)
    elif isinstance(found, typer.Typer):
        app.add_typer(_pruned(found, words), name=name, help=text, hidden=command.hidden)
    else:
        app.command(name, help=text, hidden=command.hidden)(found)


def _listed(app: typer.Typer, name: str, command: Command) -> None:
    """``command`` as the root help lists it (a group and a command alike): its help, none
    of its code."""
    text = translator(command.domain)(command.help)
    app.command(name, help=text, hidden=command.hidden)(_listed_only)


def _pruned(app: typer.Typer, words: Sequence[str]) -> typer.Typer:
    """A copy of ``app`` with only the command or group the first of ``words`` names (a
    group pruned the same way by the words after it), or ``app`` itself when that word
    names none of them (an option, a typo: the usage error then lists them all).

    Typer turns every command of a tree into a Click command, reading its signature and
    evaluating its annotations, nearly all of it for commands the run does not use
    (``docs/performance.md``).
    """
    if not words:
        return app
    word = words[0]
    commands = [c for c in app.registered_commands if c.callback is not None
                and (c.name or get_command_name(c.callback.__name__)) == word]
    groups = [copy.copy(g) for g in app.registered_groups
              if g.name == word and g.typer_instance is not None]
    if not commands and not groups:
        return app
    for group in groups:
        assert group.typer_instance is not None
        group.typer_instance = _pruned(group.typer_instance, words[1:])
    kept = copy.copy(app)
    kept.registered_commands, kept.registered_groups = commands, groups
    return kept


def _listed_only() -> None:
    """Stands for a command in the root help, which is all that tree is built for."""
