"""The board a guided game starts beside itself (``new --board``, ``resume --board``): a
process of its own, so its threads and its language stay out of the game's way."""

from __future__ import annotations

import os
import sys
from typing import Any

from referee.board.serve import WATCH_INPUT, show_qr
from referee.i18n import translator

_ = translator("core")


def start(session_id: str) -> Any:
    """Start the board of ``session_id`` as a process of its own (its languages and threads
    stay out of the game's way), say its address and QR code, and return the process (None
    when it could not start: the game goes on without it)."""
    import json
    import subprocess
    import threading

    from referee.i18n import current_language, language_explicit
    from referee.settings import settings
    from referee.terminal.output import print_line

    command = [sys.executable, "-m", "referee", "--sessions-dir", str(settings().sessions_dir)]
    if language_explicit():
        command += ["--lang", current_language()]
    command += ["board", session_id, "--json"]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, env={**os.environ, WATCH_INPUT: "1"},
                             start_new_session=True)
    said: dict[str, Any] = {}

    def read() -> None:  # the address on the first line, or an error (JSON) and the end
        out = b""
        assert child.stdout is not None
        for line in child.stdout:
            out += line
            try:
                found = json.loads(out)
            except ValueError:
                continue
            if isinstance(found, dict):
                said.update(found)
            return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(20)
    if "url" not in said:
        stop(child)
        errors = said.get("errors")
        reason = errors[0].get("message", "") if errors else ""
        print_line(_("The board could not start: {reason}", reason=reason or "—"))
        return None
    print_line(_("Board for the table: {url}", url=said["url"]))
    show_qr(said["url"])
    return child


def stop(child: Any) -> None:
    """End a board started by ``beside``: its input closes, then it is asked to stop."""
    import subprocess

    for close in (child.stdin, child.stdout):
        if close is not None:
            close.close()
    child.terminate()
    try:
        child.wait(5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
