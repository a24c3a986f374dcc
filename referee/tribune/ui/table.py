"""Tribune as the table layer sees it: :data:`TRIBUNE`, the game's :class:`TableGame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.rulings import Ruling
from referee.table.game import TableGame

#: the phase of each event, as the log and exports show it
PHASE_IDS = {0: "setup", 1: "cards", 2: "followers", 3: "regions", 4: "takeovers",
             5: "benefits", 6: "chariot", 7: "end"}


class TribuneTable(TableGame):
    name = "tribune"
    title = "Tribune"
    hides_answers = True  # sealed bids and Field of Mars pairs

    def setup_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.tribune.setup import Setup

        return Setup.from_json(raw)

    def new_game(self, setup: Any) -> Any:
        from referee.tribune.engine import Game

        return Game(setup, marks=True)  # round marks, for the checkpoint (``resume``)

    def entry_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.tribune.actions import from_json

        return from_json(raw)

    def entry_from_record(self, raw: Mapping[str, Any]) -> Any:
        # A recorded choice is already an option id: naming a faction in Russian or Spanish
        # is matched where it was typed, and matching it again loads two catalogs.
        from referee.tribune.actions import from_json

        return from_json(raw, names=False)

    def place(self, game: Any) -> dict[str, Any]:
        return {"round": game.state.round, "phase": PHASE_IDS.get(game.state.phase)}

    def result_json(self, game: Any) -> dict[str, Any] | None:
        final = game.final_score()
        return None if final is None else final.to_json()

    def describe(self, entry: Any, edition: str, kind: str = "") -> str:
        from referee.tribune.ui.render import describe

        return describe(entry, edition, kind)

    def shown(self, value: Any) -> Any:
        from referee.tribune.ui.render import shown

        return shown(value)

    def value_from_json(self, raw: Mapping[str, Any]) -> Any:
        from referee.tribune.ui.render import card_name

        return card_name(raw)

    def view(self, session: Any, prompter: Any) -> Any:
        from referee.tribune.ui.questions import TribuneView

        return TribuneView(self, session, prompter)

    def snapshot(self, game: Any) -> dict[str, Any] | None:
        from referee.tribune.ui.position import snapshot

        return snapshot(game)

    def resume(self, kept: Mapping[str, Any], entries: Sequence[Any]) -> Any | None:
        from referee.tribune.engine import Game
        from referee.tribune.setup import Setup

        mark = kept.get("mark")
        return None if mark is None else Game.resume(Setup.kept(kept["setup"]), mark, entries)

    def from_snapshot(self, raw: Mapping[str, Any]) -> Any:
        from referee.tribune.ui.position import position

        return position(raw)

    def status_json(self, game: Any) -> dict[str, Any]:
        from referee.tribune.ui.status import status_json

        return status_json(game)

    def print_status(self, game: Any, colours: Mapping[str, str | None],
                     hand: str | None = None) -> None:
        from referee.terminal.output import console
        from referee.tribune.ui.status import board

        console().print(board(game, colours, hand))

    def print_result(self, game: Any, rulings: bool = True) -> None:
        from referee.tribune.ui.score import print_result

        print_result(game.final_score().scores, game.setup.edition, rulings=rulings)

    def other_edition(self, setup: Any, entries: Sequence[Any],
                      caused: Sequence[Ruling]) -> list[str]:
        from referee.tribune.ui.editions import other_edition

        return other_edition(setup, entries, caused)

    def other_verdict(self, setup: Any, entries: Sequence[Any], entry: Any) -> list[str]:
        from referee.tribune.ui.editions import other_verdict

        return other_verdict(setup, entries, entry)

    def scenario_ui(self, scenario: Mapping[str, Any]) -> dict[str, Any]:
        return {"bids": scenario.get("bids", "hidden")}


TRIBUNE = TribuneTable()
