"""The root command. Game commands are thin Typer apps in each game's ``cli`` module.

Engines, TinyDB and questionary are imported inside commands, never here, so
``referee --help`` stays fast.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer

from referee import __version__
from referee.cli.settings import SESSIONS_ENV, configure
from referee.i18n import LANGUAGES, current_language, translator

_ = translator("core")

#: (command name, module with a Typer ``app``). A game adds its line when its CLI exists.
GAME_COMMANDS: list[tuple[str, str]] = [
    ("sessions", "referee.cli.sessions"),
    ("trajan", "referee.trajan.cli"),
    ("concordia", "referee.concordia.cli"),
    ("tribune", "referee.tribune.cli"),
]


VALUE_OPTIONS = ("--lang", "--sessions-dir")  # root options that take the next argument


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def command_word(args: list[str]) -> str | None:
    """The command named after the root options (``tribune`` in ``--lang ru tribune new``)."""
    rest = iter(args)
    for arg in rest:
        if arg in VALUE_OPTIONS:
            next(rest, None)
        elif not arg.startswith("-"):
            return arg
    return None


def build(only: str | None = None) -> typer.Typer:
    """The command tree; with ``only``, just that command's branch when it names one.

    Each game's tree costs imports and Typer's per-command set-up, so a run that names
    its game builds that game alone; the root help and unknown names get the whole tree.
    """
    app = typer.Typer(
        name="referee",
        help=_("Table referee for Tribune, Concordia and Trajan: guided play, "
               "rule checks and end-game scoring."),
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def root(
        lang: str | None = typer.Option(
            None, "--lang", help=_("Language of all output: {choices}.",
                                   choices=", ".join(LANGUAGES)), metavar="LANG"),
        sessions_dir: Path | None = typer.Option(
            None, "--sessions-dir", envvar=SESSIONS_ENV,
            help=_("Folder that holds the session files (default: ./sessions).")),
        version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                     help=_("Show the version and exit.")),
    ) -> None:
        # --lang was already applied before the commands were built (see main).
        configure(sessions_dir=sessions_dir, language=current_language())

    names = {name for name, _module in GAME_COMMANDS}
    for name, module in GAME_COMMANDS:
        if only in names and name != only:
            continue
        sub = importlib.import_module(module)
        app.add_typer(sub.app, name=name)
    return app
