"""``referee board [ID]``: the command's options and help.

The server, the games and the store are loaded by the command when it runs (``referee
--help`` and shell completion read this module).
"""

from __future__ import annotations

import typer

from referee.board.serve import DEFAULT_PORT
from referee.i18n import translator
from referee.settings import complete_id

_ = translator("core")


def board(
    ref: str | None = typer.Argument(None, metavar="[ID]", autocompletion=complete_id, help=_(
        "Session id or a unique prefix (default: the latest game of any kind).")),
    port: int | None = typer.Option(None, "--port", min=0, max=65535, metavar="PORT", help=_(
        "Port to listen on (default: {port}, or the next free one; 0: any free one).",
        port=DEFAULT_PORT)),
    lan: bool = typer.Option(False, "--lan", help=_(
        "Listen on this computer's network address, so phones on the same network can open "
        "the page (default: this computer only).")),
    as_json: bool = typer.Option(False, "--json", help=_(
        "Print the address as JSON ({\"url\": ...}) on the first line, and no QR code.")),
) -> None:
    from referee.board.serve import serve

    serve(ref, port, lan, as_json)
