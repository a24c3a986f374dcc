"""End to end at a real terminal: ``referee trajan new --board`` under tmux prints the
board's address and QR code, the page follows the guided game's answers, and the board
stops with the game; ``resume --board`` brings it back at the same address."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

from tests.terminal import referee, started

MARKERS = "yo,gw,pb,yo,gw,pb"


def page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310
        return answer.read().decode()


def eventually(condition, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "it never happened"
        time.sleep(0.1)


def refused(url: str) -> bool:
    try:
        page(url)
    except urllib.error.URLError:
        return True
    except ConnectionResetError:  # caught closing down, mid-answer: asked again
        return False
    return False


def test_a_guided_game_with_its_board_beside_it(tmp_path):
    with started(tmp_path, [
            *referee(tmp_path, "trajan", "new", "--player", "Ann", "--player", "Bob",
                     "--seed", "3", "--board"), ";", "echo", "EXITED-$?", ";",
            *referee(tmp_path, "trajan", "resume", "--board")], height=80) as terminal:
        screen = terminal.wait("Board for the table:")
        url = re.search(r"Board for the table: (http://\S+/)", screen).group(1)
        screen = terminal.wait("Ann: which 2 markers go in each tray")
        assert "▄" in screen or "▀" in screen  # its QR code
        assert "Ann: which 2 markers go in each tray" in page(url)
        terminal.type(MARKERS)
        terminal.wait("Bob: which 2 markers go in each tray")
        eventually(lambda: "Bob: which 2 markers go in each tray" in page(url))
        terminal.type("quit")
        terminal.wait("EXITED-0")
        eventually(lambda: refused(url))
        terminal.wait("Board for the table:")  # resume --board: the same address again
        terminal.wait("Bob: which 2 markers go in each tray")
        assert "Bob: which 2 markers go in each tray" in page(url)
        terminal.type("quit")
        eventually(lambda: refused(url))
