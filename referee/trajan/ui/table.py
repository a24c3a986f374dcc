"""Trajan as the table layer sees it: :data:`TRAJAN`, the game's :class:`TableGame`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.i18n import translator
from referee.table.game import TableGame

_ = translator("trajan")


class TrajanTable(TableGame):
    name = "trajan"
    title = "Trajan"

    def setup_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.trajan.setup import Setup

        return Setup.from_json(raw)

    def new_game(self, setup: Any) -> Any:
        from referee.trajan.engine import Game

        return Game(setup)

    def entry_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.trajan.actions import from_json

        return from_json(raw)

    def place(self, game: Any) -> dict[str, Any]:
        b = game.state.board
        return {"round": (b.quarter - 1) * 4 + b.round, "phase": f"quarter{b.quarter}"}

    def describe(self, entry: Any, edition: str, kind: str = "") -> str:
        from referee.trajan.ui.render import describe

        return describe(entry, kind)

    def shown(self, value: Any) -> Any:
        from referee.trajan.ui.render import shown

        return shown(value)

    def value_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.trajan.ui.render import piece_from_json

        return piece_from_json(raw)

    def view(self, session: Any, prompter: Any) -> Any:
        from referee.trajan.ui.questions import TrajanView

        return TrajanView(self, session)

    def status_json(self, game: Any) -> dict[str, Any]:
        from referee.trajan.ui.status import status_json

        return status_json(game)

    def print_status(self, game: Any, colours: Mapping[str, str | None],
                     hand: str | None = None) -> None:
        from referee.terminal.output import console
        from referee.trajan.ui.status import print_status

        print_status(game, colours)
        q = game.pending()
        if q is not None:
            console().print(_("Next: {question}", question=self.question_text(q)), markup=False)

    def print_result(self, game: Any, rulings: bool = True) -> None:
        from referee.trajan.ui import views

        views.final_score(game.final_score(), explain=rulings)


TRAJAN = TrajanTable()
