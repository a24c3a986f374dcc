"""Concordia as the table layer sees it: :data:`CONCORDIA`, the game's TableGame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.table.game import TableGame


class ConcordiaTable(TableGame):
    name = "concordia"
    title = "Concordia"

    def setup_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.concordia.box import load_box
        from referee.concordia.setup import Setup

        return Setup.from_json(raw, load_box())

    def new_game(self, setup: Any) -> Any:
        from referee.concordia.engine import Game

        return Game(setup)

    def entry_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.concordia.actions import from_json

        return from_json(raw)

    def place(self, game: Any) -> dict[str, Any]:
        return {"round": game.state.turns // len(game.state.players) + 1}

    def describe(self, entry: Any, edition: str, kind: str = "") -> str:
        from referee.concordia.ui.render import describe

        return describe(entry)

    def rule_text(self, rule: Any) -> str:
        from referee.concordia.ui.rule_texts import TEXTS
        from referee.i18n import translator

        text = TEXTS.get(rule.rule_id)
        return translator("concordia")(text) if text else ""

    def view(self, session: Any, prompter: Any) -> Any:
        from referee.concordia.ui.questions import ConcordiaView

        return ConcordiaView(self, session, prompter)

    def status_json(self, game: Any) -> dict[str, Any]:
        from referee.concordia.ui.status import status_json

        return status_json(game)

    def print_status(self, game: Any, colours: Mapping[str, str | None],
                     hand: str | None = None) -> None:
        from referee.concordia.ui.status import board_lines
        from referee.table.guide import tell

        for line in board_lines(game, hand):
            tell(line)

    def print_result(self, game: Any, rulings: bool = True) -> None:
        from referee.concordia.ui.score import print_sheet

        print_sheet(game.final_score(), game.board.box)


CONCORDIA = ConcordiaTable()
