"""Final scores of the three games as their `score` commands take them, and a BG Stats link
read back the way the app reads it."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

CONCORDIA = Path(__file__).parents[1] / "concordia" / "data" / "rulebook_end_state.json"

# Ann 7 + 2 legions×2 + 3 laurels + 25 denarii→2 + bonus 2 = 18 (qualified, first);
# Bob scroll 3 + 2 + 4 + 1 = 10; Cid 6 + 1 + 4 = 11.
TRIBUNE = [
    {"name": "Ann", "tribune": True, "legions": 2, "laurels": 3, "denarii": 25,
     "qualified": True, "first_to_qualify": True},
    {"name": "Bob", "scroll": True, "legions": 1, "laurels": 4, "denarii": 12},
    {"name": "Cid", "legions": 3, "laurels": 1, "denarii": 40},
]

# Livia 78, Marcus 71 (the numbers are checked in tests/trajan/test_cli.py).
TRAJAN = {"players": [
    {"name": "Livia", "vp": 61, "cards_in_hand": 2, "workers_in_camp": 1,
     "trajan_tiles_on_wheel": 1, "construction_tiles": {"roof": 3}, "senate_position": 0,
     "senate_stack_rank": 2,
     "bonus_tiles": [{"kind": "legionaries", "side": "silver"},
                     {"kind": "columns_furs", "side": "gold"},
                     {"kind": "scrolls_oil", "side": "gold"},
                     {"kind": "fruit_pottery", "side": "silver"}],
     "legionaries_in_provinces": 3},
    {"name": "Marcus", "vp": 70, "cards_in_hand": 1, "senate_position": 0,
     "senate_stack_rank": 1,
     "bonus_tiles": [{"kind": "games", "side": "gold"}, {"kind": "bread", "side": "gold"},
                     {"kind": "religion", "side": "gold"}, {"kind": "wine_fish", "side": "gold"},
                     {"kind": "jewellery_gems", "side": "silver"},
                     {"kind": "cattle_wheat", "side": "silver"}],
     "forum_demand_tiles": {"games": 0}},
]}  # the 10 bonus tiles of a 2-player game; those not named above score nothing


def write(tmp_path: Path, doc, name: str) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def score(cli, tmp_path: Path, game: str, *extra: str):
    """Run the game's score command on its example; the JSON it prints."""
    source = {"tribune": lambda: write(tmp_path, TRIBUNE, "tribune.json"),
              "trajan": lambda: write(tmp_path, TRAJAN, "trajan.json"),
              "concordia": lambda: CONCORDIA}[game]()
    result = cli(game, "score", "--input", source, "--json", *extra)
    assert result.code == 0, result.err
    return result.json()


def decode(link: str) -> dict:
    """The play a BG Stats link carries, decoded as a browser hands it to the app's page."""
    url = urlsplit(link)
    assert (url.scheme, url.netloc, url.path) == ("https", "app.bgstatsapp.com",
                                                  "/createPlay.html")
    [data] = parse_qs(url.query, strict_parsing=True)["data"]
    assert data == unquote(url.query.removeprefix("data="))  # no '+' read as a space
    return json.loads(data)
