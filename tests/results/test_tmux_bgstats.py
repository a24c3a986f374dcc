"""At a real terminal (tmux): a game played to its end, then its BG Stats link and QR code.

The installed `referee` runs a scenario game to its result and saves it, then exports it;
the screen must show the link (which decodes to the finished play) and, because the output
is a terminal, the QR code drawn under it.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import segno

from tests.results.helpers import decode
from tests.results.qr import decode as qr_decode
from tests.results.qr import read_drawing
from tests.terminal import started, tool

SCENARIO = Path(__file__).parents[2] / "sessions" / "examples" / "scenarios" / \
    "tribune-two-rounds.json"


def test_a_finished_game_shows_its_bgstats_link_and_qr_code(tmp_path):
    referee = tool("referee")
    sessions = tmp_path / "sessions"
    script = tmp_path / "play.sh"
    script.write_text("\n".join([
        f"export REFEREE_SESSIONS_DIR={shlex.quote(str(sessions))} REFEREE_LANG=en",
        f"{shlex.quote(referee)} tribune replay {shlex.quote(str(SCENARIO))} --save "
        "> /dev/null",
        f"id=$(basename {shlex.quote(str(sessions))}/*.json .json)",
        'echo "GAME-OVER $id"',
        f'{shlex.quote(referee)} sessions export "$id" --format bgstats',
        'echo "EXITED-$?"',
    ]) + "\n")
    with started(tmp_path, ["TERM=xterm-256color", "bash", shlex.quote(str(script))],
                 width=200, height=120) as terminal:
        screen = terminal.wait("EXITED-0", timeout=60)
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("GAME-OVER "))
    session_id = lines[start].split()[1]
    link = lines[start + 1].strip()
    play = decode(link)
    assert play["sourcePlayId"] == session_id
    assert [(p["name"], p["score"], p.get("winner", False)) for p in play["players"]] == [
        ("Ann", 13, True), ("Bob", 10, False)]
    end = next(i for i, line in enumerate(lines) if "Scan it with the phone" in line)
    drawing = lines[start + 2:end]  # its quiet zone (blank here: no ink) included
    size = segno.make(link, error="l", micro=False).symbol_size()[0]
    assert len(drawing) == (size + 1) // 2  # two modules per character row
    assert all(set(line.rstrip()) <= set(" █▀▄") for line in drawing)
    # capture-pane drops the colours: the characters' ink is the dark modules
    rows = read_drawing("\n".join(line.ljust(size) for line in drawing), (0, 0, 0),
                        (255, 255, 255))
    assert qr_decode(rows) == link
