"""Names typed by players are text in every table: a name that looks like Rich markup or an
emoji code is printed as it is, in the score sheets of the three games and in history and
stats."""

import copy
import json

import pytest

from tests.results.helpers import CONCORDIA, TRAJAN, TRIBUNE, write

NAMES = ("[/]x", "[bold]Bo :pizza:")  # markup, and a letter: a name


def _inputs(tmp_path):
    tribune = copy.deepcopy(TRIBUNE)
    trajan = copy.deepcopy(TRAJAN)
    concordia = json.loads(CONCORDIA.read_text(encoding="utf-8"))
    renamed = {}
    for players in (tribune, trajan["players"], concordia["players"]):
        for player, name in zip(players, NAMES, strict=False):
            renamed[player["name"]] = name
            player["name"] = name
    text = json.dumps(concordia)
    for old, new in renamed.items():  # other fields of Concordia's sheet name players too
        text = text.replace(json.dumps(old), json.dumps(new))
    return {"tribune": write(tmp_path, tribune, "tribune.json"),
            "trajan": write(tmp_path, trajan, "trajan.json"),
            "concordia": write(tmp_path, json.loads(text), "concordia.json")}


@pytest.mark.parametrize("game", ["tribune", "trajan", "concordia"])
def test_score_sheet_history_and_stats_show_markup_names_as_text(cli, tmp_path, game):
    scored = cli(game, "score", "--input", _inputs(tmp_path)[game])
    assert scored.code == 0, scored.err
    assert all(name in scored.out for name in NAMES) and "\N{SLICE OF PIZZA}" not in scored.out
    for command in ("history", "stats"):
        shown = cli(command)
        assert shown.code == 0, shown.err
        assert "[/]" in shown.out and ":pizza:" in shown.out
        assert "\N{SLICE OF PIZZA}" not in shown.out
