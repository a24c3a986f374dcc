"""The shared time marker: how far it moves and whether the round ends."""

from __future__ import annotations

from referee import data
from referee.data import Fact
from referee.i18n import N_
from referee.trajan import box
from referee.trajan.rulebook import bad_input
from referee.values import Value


class TimeMove(Value):
    start: int  # spaces past the start space, 0 = on it
    steps: int
    lap: Fact  # lap length used, with its confidence
    passes: int  # times the start space was reached or passed
    rounds_ended: int
    rounds_capped: bool  # True when a cap on round ends per turn (unconfirmed) applied

    @property
    def end(self) -> int:
        return (self.start + self.steps) % self.lap.value


def lap_length(players: int | None, lap: int | None) -> Fact:
    """The group's own count wins; otherwise the data file's value for the player count."""
    if lap is not None:
        if lap < 2:
            raise bad_input(N_("The lap must have at least 2 spaces, got {lap}"), lap=lap)
        return Fact(lap, data.USER)
    table = box.fact("time_track", "lap_length")
    if str(players) not in table.value:
        raise bad_input(N_("Trajan is played by {choices} players, not {players}"),
                        choices="/".join(sorted(table.value)), players=players)
    return Fact(table.value[str(players)], table.tag)


def move(start: int, steps: int, lap: Fact) -> TimeMove:
    if not 0 <= start < lap.value:
        raise bad_input(N_("The time marker is {start} spaces past the start; the lap has {lap}"),
                        start=start, lap=lap.value)
    passes = (start + steps) // lap.value
    cap = box.value("time_track", "round_ends_per_turn")
    return TimeMove(start, steps, lap, passes, min(passes, cap), passes > cap)
