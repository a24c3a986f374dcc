"""The root command. Game commands are thin Typer apps in each game's ``cli`` module.

Engines, TinyDB and questionary are imported inside commands, never here, so
``referee --help`` stays fast: it lists the commands from their one-line summaries and
imports none of them.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path

import typer
from typer.main import get_command_name

from referee import __version__
from referee.cli.settings import SESSIONS_ENV, configure
from referee.i18n import LANGUAGES, N_, current_language, translator

_ = translator("core")

#: (command name, module with a Typer ``app``). A game adds its line when its CLI exists.
GAME_COMMANDS: list[tuple[str, str]] = [
    ("sessions", "referee.cli.sessions"),
    ("trajan", "referee.trajan.cli"),
    ("concordia", "referee.concordia.cli"),
    ("tribune", "referee.tribune.cli"),
]
#: Game packages whose ``DOMAIN`` and ``SUMMARY`` give the root help its line for the game
#: without importing the game's command line (the others are cheap to import).
SUMMARIES = {"trajan": "referee.trajan", "concordia": "referee.concordia",
             "tribune": "referee.tribune"}


#: Commands that are not a game's, at the root: name -> (module, the function or Typer app).
ROOT_COMMANDS = {"history": ("referee.cli.history", "history"),
                 "stats": ("referee.cli.history", "stats")}
ROOT_GROUPS = {"players": ("referee.cli.history", "players_app"),
               "results": ("referee.cli.results", "results_app")}
ROOT_HELP = {
    "history": N_("Finished games, oldest first: date, game, edition, ranking and scores."),
    "stats": N_("Plays, wins, average and best scores per player, by edition and scoring "
                "category, and head to head."),
    "players": N_("Player names across sessions: merge names typed differently."),
    "results": N_("Finished games between copies of the referee: export, import."),
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
    words after ``only``; see ``_pruned``). Otherwise (the root help, an unknown name) each
    command is an empty group with its one-line summary, which is all the help shows;
    with ``summaries=False`` (shell completion) the whole tree is built.
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

    names = {name for name, _module in GAME_COMMANDS} | set(ROOT_COMMANDS) | set(ROOT_GROUPS)
    whole = only not in names and not summaries
    for name, module in GAME_COMMANDS:
        if only == name or whole:
            app.add_typer(_pruned(_with_deferred(module, within), within), name=name)
        elif only not in names:
            app.add_typer(typer.Typer(help=_summary(name, module)), name=name)
    for name, (module, attribute) in ROOT_GROUPS.items():
        if only == name or whole:
            app.add_typer(_pruned(getattr(importlib.import_module(module), attribute), within),
                          name=name)
        elif only not in names:
            app.add_typer(typer.Typer(help=_(ROOT_HELP[name])), name=name)
    for name, (module, function) in ROOT_COMMANDS.items():
        if only == name or whole:
            command = getattr(importlib.import_module(module), function)
        elif only not in names:
            command = _listed_only  # the root help shows its line; nothing runs it
        else:
            continue
        app.command(name, help=_(ROOT_HELP[name]))(command)
    return app


def _with_deferred(module: str, words: Sequence[str]) -> typer.Typer:
    """The Typer ``app`` of ``module`` with what it defers, unless the first of ``words``
    names one of its own commands: a deferred command's modules can cost more to import
    than the command run. ``DEFERRED`` maps a group's name to a function returning the
    group (listed after the app's own groups); ``DEFERRED_COMMANDS`` holds functions
    returning a Typer whose commands are listed before the app's own, in that order."""
    loaded = importlib.import_module(module)
    app, deferred = loaded.app, getattr(loaded, "DEFERRED", {})
    first = getattr(loaded, "DEFERRED_COMMANDS", ())
    own = {c.name or get_command_name(c.callback.__name__)
           for c in app.registered_commands if c.callback is not None}
    if not (deferred or first) or (words and words[0] in own | {g.name for g in
                                                                app.registered_groups}):
        return app
    whole = copy.copy(app)
    whole.registered_commands = [*(c for load in first for c in load().registered_commands),
                                 *app.registered_commands]
    whole.registered_groups = list(app.registered_groups)
    for name, group in deferred.items():
        whole.add_typer(group(), name=name)
    return whole


def _pruned(app: typer.Typer, words: Sequence[str]) -> typer.Typer:
    """A copy of ``app`` with only the command or group the first of ``words`` names (a
    group pruned the same way by the words after it), or ``app`` itself when that word
    names none of them (an option, a typo: the usage error then lists them all).

    Typer turns every command of a tree into a Click command, reading its signature and
    evaluating its annotations: 6-10 ms for a game's tree, nearly all of it for commands
    the run does not use.
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


def _summary(name: str, module: str) -> str:
    if name in SUMMARIES:
        package = importlib.import_module(SUMMARIES[name])
        return translator(package.DOMAIN)(package.SUMMARY)
    return importlib.import_module(module).app.info.help or ""
