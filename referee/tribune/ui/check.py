"""``referee tribune check``: the group of rule calculators, with every command of its three
modules (``check_commands`` holds the group and what they share)."""

from referee.tribune.ui import check_more, check_region  # noqa: F401  (each adds its commands)
from referee.tribune.ui.check_commands import check_app as app

__all__ = ["app"]
