"""Time at the table, read from the journal: every line carries the moment it was written.

A question becomes pending the moment the line before its answer is written (the previous
entry with its rulings, an undo, or the session's start), because the referee asks the next
question as soon as it has recorded the last answer. So each gap between two journal lines
belongs to the line that ends it:

* an answer by a player: that player's thinking time (from the question to their answer);
* an entry by the table (a card turned up, a tile drawn): the table's own time, by phase;
* an undo: time spent on corrections;
* the referee's own lines (rulings, the result) follow their entry within milliseconds.

A gap longer than :data:`PAUSE_S` is a pause (the game left overnight, a dinner break): it
counts for nobody and is left out of the game's length; how many pauses and how long they
were is kept. Times of a game replayed from a scenario or typed in are not measured.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from msgspec import Struct

#: the longest gap between two journal lines counted as time at the table (30 minutes):
#: a longer one is a pause, counted for nobody
PAUSE_S = 30 * 60
TABLE = "table"  # the actor of chance entries, as the games record them
CORRECTIONS = "corrections"  # where the time before an undo goes


class Times(Struct, frozen=True):
    """Seconds at the table: in all, per player thinking, the table's own per phase."""

    seconds: float                      # start to last line, pauses left out
    thinking: dict[str, float]          # player -> seconds from questions to answers
    answers: dict[str, int]             # player -> answers given
    table: dict[str, float]             # phase -> seconds of the table's own entries
    phases: dict[str, float]            # phase -> seconds in all (players and table)
    paused: float = 0.0                 # seconds of the pauses left out
    pauses: int = 0

    @property
    def minutes(self) -> int:
        return round(self.seconds / 60)

    def to_json(self) -> dict[str, Any]:
        return {"seconds": round(self.seconds), "pause_limit_s": PAUSE_S,
                "paused_s": round(self.paused), "pauses": self.pauses,
                "thinking": [{"player": p, "seconds": round(s), "answers": self.answers[p]}
                             for p, s in self.thinking.items()],
                "table": {k: round(v) for k, v in self.table.items()},
                "phases": {k: round(v) for k, v in self.phases.items()}}


def _moment(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def measure(started_at: str, events: Sequence[Any], players: Sequence[str]) -> Times | None:
    """The times of a journal: ``events`` in order (each with ``time``, ``actor``, ``type``,
    ``source`` and ``phase``), ``players`` in seat order. None when a time cannot be read."""
    before = _moment(started_at)
    if before is None:
        return None
    seconds = paused = 0.0
    pauses = 0
    thinking: dict[str, float] = {p: 0.0 for p in players}
    answers: dict[str, int] = {p: 0 for p in players}
    table: dict[str, float] = defaultdict(float)
    phases: dict[str, float] = defaultdict(float)
    for event in events:
        moment = _moment(event.time)
        if moment is None:
            return None
        gap = max((moment - before).total_seconds(), 0.0)
        before = max(before, moment)
        if gap > PAUSE_S:
            paused += gap
            pauses += 1
            continue
        seconds += gap
        phase = str(event.phase) if event.phase is not None else ""
        if event.type == "undo":
            table[CORRECTIONS] += gap
        elif event.source == "derived":
            continue  # the referee's own lines: counted in the length only
        elif event.actor in thinking:
            thinking[event.actor] += gap
            answers[event.actor] += 1
            phases[phase] += gap
        else:
            table[phase] += gap
            phases[phase] += gap
    return Times(seconds, thinking, answers, dict(table), dict(phases), paused, pauses)


def clock(seconds: float) -> str:
    """``1:05:09`` or ``4:07``: hours, minutes and seconds as a game timer shows them."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def times_from_json(raw: Mapping[str, Any]) -> Times:
    thinking = {str(t["player"]): float(t["seconds"]) for t in raw["thinking"]}
    answers = {str(t["player"]): int(t["answers"]) for t in raw["thinking"]}
    return Times(float(raw["seconds"]), thinking, answers,
                 {str(k): float(v) for k, v in dict(raw["table"]).items()},
                 {str(k): float(v) for k, v in dict(raw["phases"]).items()},
                 float(raw.get("paused_s", 0)), int(raw.get("pauses", 0)))
