"""Command-line options Tribune's commands share (its ``cli.py`` and the ``check`` group)."""

from __future__ import annotations

from enum import StrEnum

import typer

from referee.i18n import translator

_ = translator("tribune")

JSON_HELP = _("Print machine-readable JSON.")
EDITION_HELP = _("Rules edition: ffg or heidelberger.")


class Edition(StrEnum):
    ffg = "ffg"
    heidelberger = "heidelberger"


EDITION_OPTION = typer.Option(Edition.ffg, "--edition", help=EDITION_HELP)
