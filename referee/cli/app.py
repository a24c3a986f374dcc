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


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def build() -> typer.Typer:
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

    for name, module in GAME_COMMANDS:
        sub = importlib.import_module(module)
        app.add_typer(sub.app, name=name)
    return app
