"""The benchmark's in-process half, run by the interpreter of the environment under test.

    PYTHON bench/worker.py build FOLDER       # the sessions and inputs, as JSON on stdout
    PYTHON bench/worker.py measure FOLDER [--quick]   # in-process figures, as JSON

The repository is put at the end of the module path, after the environment's own
packages, so ``bench`` comes from here while ``referee`` is the installed one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))

SHORT, LONG = 50, 1500  # events in the short and the late-game session


def build(folder: Path) -> dict:
    from bench import late_game

    points = {size: late_game.build(folder / f"s{size}", size) for size in (SHORT, LONG)}
    return {"points": {str(size): p.to_json() for size, p in points.items()},
            "concordia": str(late_game.concordia_input(folder)),
            "trajan": str(late_game.trajan_input(folder))}


def measure(folder: Path, quick: bool) -> dict:
    import os

    from bench import engine, entries
    from bench.late_game import Point

    built = json.loads((folder / "built.json").read_text(encoding="utf-8"))
    points = {int(size): Point.from_json(raw) for size, raw in built["points"].items()}
    in_process, games = (7, 10) if quick else (21, 40)
    os.environ.update(FORCE_COLOR="1", COLUMNS="100")  # as for a terminal, in-process
    guided = entries.guided(points, in_process)
    replays = engine.replay(points, in_process)
    for point in points.values():
        point.restore()
    rates = engine.games_per_second(games)
    appends = engine.append_latency([10, 1000, 5000], 20 if quick else 60)
    return {"guided": guided, "replay": replays, "games_per_second": rates,
            "append": appends, "trajan_entry": trajan_entry(in_process),
            "concordia_entry": concordia_entry(in_process),
            "board": board_latency(folder, 10 if quick else 30)}


def trajan_entry(repeats: int) -> dict:
    """The Trajan figures, or none from an install older than Trajan's guided game (a
    "before" measurement)."""
    try:
        from bench import trajan_game
    except ImportError:
        return {}
    return trajan_game.entry_latency(repeats)


def concordia_entry(repeats: int) -> dict:
    """The Concordia figures, or none from an install older than Concordia's guided game."""
    try:
        from bench import concordia_game
    except ImportError:
        return {}
    return concordia_game.entry_latency(repeats)


def board_latency(folder: Path, entries: int) -> dict:
    """The board page's figures, or none from an install older than the board."""
    import importlib.util

    if importlib.util.find_spec("referee.board") is None:
        return {}
    from bench import board

    return board.measure(folder, entries)


def installed() -> dict:
    """Where the ``referee`` under test comes from."""
    import referee

    return {"referee": str(Path(referee.__file__).parent), "version": referee.__version__,
            "python": sys.executable, "python_version": sys.version.split()[0],
            "prefix": sys.prefix, "base_prefix": sys.base_prefix}


if __name__ == "__main__":
    task, where = sys.argv[1], Path(sys.argv[2])
    if task == "build":
        found = {**build(where), "installed": installed()}
        (where / "built.json").write_text(json.dumps(found), encoding="utf-8")
    else:
        found = measure(where, "--quick" in sys.argv)
    print(json.dumps(found))
