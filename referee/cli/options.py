"""Option help every game's commands share (in the ``core`` domain)."""

from __future__ import annotations

from referee.i18n import translator

_ = translator("core")

JSON_HELP = _("Print machine-readable JSON.")
NEW_JSON_HELP = _("Only create the session and print it as JSON (as status --json).")
BOARD_HELP = _("Also serve the live board page for the players' phones while the game is "
               "played (as referee board does).")
