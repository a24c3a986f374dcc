"""The pictures of docs/board.md: each game's page in each language on a phone held upright
(390×844), Tribune's on a laptop screen (1280×800), and a finished game's final score.

    python tests/board/pictures.py docs/board

Each game is played with random legal answers from a fixed seed (tests/board/games.py), so
the pictures show the same positions every time they are made.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.board import browser as b  # noqa: E402  (needs the repository on the path first)
from tests.board.games import Played  # noqa: E402

#: the position each picture shows: (seed, answers recorded)
POSITIONS = {"tribune": (1, 75), "concordia": (2, 30), "trajan": (2, 60)}
LANGUAGES = ("en", "ru", "es")


def pictures(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp, b.launched() as browser:
        for name, (seed, count) in POSITIONS.items():
            played = Played(name, Path(tmp) / name, seed=seed).play(count)
            made += _shots(browser, played, out, name, laptop=name == "tribune")
        finished = Played("concordia", Path(tmp) / "final", seed=1).play()
        with b.board(finished.root, finished.session_id) as url:
            page = browser.new_page(viewport=b.LAPTOP)
            page.goto(url)
            page.locator("section.final-score").screenshot(path=str(out / "final-score.png"))
            made.append(out / "final-score.png")
            page.close()
    return made


def _shots(browser, played: Played, out: Path, name: str, laptop: bool) -> list[Path]:
    made = []
    with b.board(played.root, played.session_id) as url:
        for lang in LANGUAGES:
            page = browser.new_page(viewport=b.PHONE)
            page.goto(f"{url}?lang={lang}")
            made.append(out / f"{name}-{lang}.png")
            page.screenshot(path=str(made[-1]))
            page.close()
        if laptop:
            page = browser.new_page(viewport=b.LAPTOP)
            page.goto(url)
            made.append(out / f"{name}-laptop.png")
            page.screenshot(path=str(made[-1]))
            page.close()
    return made


if __name__ == "__main__":
    for path in pictures(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/board")):
        print(path, path.stat().st_size)
