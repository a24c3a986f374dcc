"""A separate process that records real Tribune entries through the command line.

Usage (from the repository root):
    python -m tests.robustness.tribune_writer SESSIONS_DIR SESSION_ID COUNT MODE [hold]

It continues the robustness game (``helpers.script``) from where the session stands:

* ``guided``: ``referee tribune resume ID`` with a prompter that answers each question
  with the game's next entry, as the table would;
* ``enter``: one ``referee tribune enter ID --entry ENTRY`` run per entry.

On its own stdout it prints ``ack N`` once N entries are saved and announced (in guided
play: when the referee asks the next question), ``holding`` before it waits for a line
on stdin (with ``hold``), and ``exit CODE`` at the end. The command's own output is
discarded; its error lines go to stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path

from referee.cli.main import main
from referee.terminal import prompter as prompter_module
from referee.tribune.ui.questions import typed_answer
from tests.robustness.helpers import recorded, script

OUT = sys.stdout


def say(line: str) -> None:
    print(line, file=OUT, flush=True)


class Table:
    """Answers the referee's questions with the script; acknowledges each saved entry."""

    def __init__(self, entries, start: int, hold: bool) -> None:
        self.entries, self.start, self.hold = list(entries), start, hold
        self.given = 0
        self.saved = start
        self.typing: list[str] = []  # the lines left of the entry being typed

    def acknowledge(self) -> None:
        if self.start + self.given > self.saved:
            self.saved = self.start + self.given
            say(f"ack {self.saved}")

    def _next(self):
        self.acknowledge()  # asked again: the previous answer is saved and announced
        if self.given == len(self.entries):
            if self.hold:
                say("holding")
                sys.stdin.readline()
            return None
        self.given += 1
        return self.entries[self.given - 1]

    def line(self, line, resolve, *, error=""):
        """A question of the conversation kit: the next entry, typed as a person types it
        (a pass, then "yes" where the pass gives something up); ``quit`` once the script
        is done."""
        from referee.terminal.asking import Refusal

        assert not error, error
        if self.typing:
            typed = self.typing.pop(0)
            try:  # "yes" to a pass; a pass that gave nothing up asked no confirmation
                answer = resolve(typed, None)
                if answer is True:
                    return answer
            except Refusal:
                pass
        action = self._next()
        if action is None:
            return resolve("quit", None)
        first, *self.typing = typed_answer(action)
        return resolve(first, None)

def guided(root: str, sid: str, entries, start: int, hold: bool) -> int:
    table = Table(entries, start, hold)
    prompter_module.make_prompter = lambda hint: table
    code = main(["--sessions-dir", root, "tribune", "resume", sid])
    if code == 0:
        table.acknowledge()  # the game ended: no question came after the last entry
    return code


def enter(root: str, sid: str, entries, start: int, hold: bool) -> int:
    for n, action in enumerate(entries, start=start + 1):
        code = main(["--sessions-dir", root, "tribune", "enter", sid,
                     "--entry", json.dumps(action.to_json())])
        if code != 0:
            return code
        say(f"ack {n}")
    if hold:
        say("holding")
        sys.stdin.readline()
    return 0


if __name__ == "__main__":
    root, sid, count, mode = sys.argv[1:5]
    start = len(recorded(Path(root), sid))
    todo = script()[start:start + int(count)]
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        code = {"guided": guided, "enter": enter}[mode](root, sid, todo, start,
                                                        "hold" in sys.argv[5:])
    say(f"exit {code}")
