"""What is fixed before the first tile is laid: seats, start player, who deals, the lap.

``to_json`` is the session header's options. ``deal`` is ``virtual`` (the referee draws
every tile and card from the box with ``seed``) or ``table`` (the group draws from the real
box and enters what came out). ``questions`` is the set of questions the session was begun
with, so that its journal replays as it was played: 1, the referee placed every figure a
worker or legionary Trajan tile shows and met each player's demands the cheapest way; 2 (new
sessions), the player chooses both. A setup written without it is a 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.data import Fact
from referee.errors import InputErrors, RefereeError
from referee.i18n import N_
from referee.names import BadName, player_name
from referee.trajan import DEFAULT_EDITION
from referee.trajan.rulebook import bad_input
from referee.trajan.time_track import lap_length
from referee.values import Value

DEALS = ("virtual", "table")
NAME_LIMIT = 30
FIELDS = ("players", "start_player", "deal", "seed", "lap", "questions")
QUESTIONS = (1, 2)  # see the module's docstring: the first, and the ones asked now
FIRST_QUESTIONS, QUESTIONS_NOW = QUESTIONS
EDITION = DEFAULT_EDITION  # one edition: the Evrikus / HUCH! 2022 printing


class Setup(Value):
    players: tuple[str, ...]  # seat order, clockwise
    start_player: str
    deal: str = "virtual"
    seed: int = 0
    lap: int | None = None  # the group's own count of the time track; None: the data file
    questions: int = QUESTIONS_NOW

    @property
    def asks_choices(self) -> bool:
        """The player chooses how many figures a Trajan tile places and how to meet the
        demands (else the referee decides both, as sessions begun before did)."""
        return self.questions >= 2

    @property
    def edition(self) -> str:
        return EDITION

    @property
    def lap_fact(self) -> Fact:
        return lap_length(len(self.players), self.lap)

    @property
    def order(self) -> tuple[str, ...]:
        """Turn order: the start player, then clockwise."""
        start = self.players.index(self.start_player)
        return self.players[start:] + self.players[:start]

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "start_player": self.start_player,
                "deal": self.deal, "seed": self.seed, "lap": self.lap,
                "questions": self.questions}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Setup:
        if not isinstance(raw, Mapping):
            raise bad_input(N_("A Trajan setup is an object with {fields}"),
                            fields=", ".join(FIELDS))
        extra = sorted(set(raw) - set(FIELDS) - {"ui"}, key=str)  # ui: the session's options
        if extra:
            raise bad_input(N_("A Trajan setup has no field {field!r}"), field=extra[0])
        return cls.create(raw.get("players"), raw.get("start_player"),
                          deal=raw.get("deal", "virtual"), seed=raw.get("seed", 0),
                          lap=raw.get("lap"), questions=raw.get("questions", FIRST_QUESTIONS))

    @classmethod
    def create(cls, players: Sequence[str] | Any, start_player: str | None = None, *,
               deal: Any = "virtual", seed: Any = 0, lap: Any = None,
               questions: Any = QUESTIONS_NOW) -> Setup:
        """Check everything, reporting every problem at once."""
        problems: list[RefereeError] = []
        names = _names(players, problems)
        start = names[0] if start_player is None and names else start_player
        if names and start not in names:
            problems.append(bad_input(N_("Start player {name!r} is not playing"),
                                      name=start_player))
        if deal not in DEALS:
            problems.append(bad_input(N_("Deal must be {choices}, not {deal!r}"),
                                      choices=" or ".join(DEALS), deal=deal))
        if isinstance(seed, bool) or not isinstance(seed, int):
            problems.append(bad_input(N_("The seed must be a whole number, not {seed!r}"),
                                      seed=seed))
        if lap is not None and (isinstance(lap, bool) or not isinstance(lap, int)):
            problems.append(bad_input(N_("The lap must be a whole number of spaces, not "
                                         "{lap!r}"), lap=lap))
        elif names and not problems:
            try:
                lap_length(len(names), lap)
            except RefereeError as error:
                problems.append(error)
        if isinstance(questions, bool) or not isinstance(questions, int) \
                or questions not in QUESTIONS:
            problems.append(bad_input(N_("The setup's questions must be {choices}, not "
                                         "{value!r}"), choices=" or ".join(map(str, QUESTIONS)),
                                      value=questions))
        if problems:
            raise InputErrors(problems)
        return cls(tuple(names), str(start), deal, seed, lap, questions)


def _names(players: Any, problems: list[RefereeError]) -> list[str]:
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        problems.append(bad_input(N_("Players must be a list of names")))
        return []
    names = [p.strip() for p in players]
    for i, name in enumerate(names):
        if name and name.isprintable():  # the one naming rule: NFC, a letter or digit
            try:
                names[i] = player_name(name)
            except BadName as error:
                problems.append(error)
    for i, name in enumerate(names):
        if not name or len(name) > NAME_LIMIT or not name.isprintable():
            problems.append(bad_input(N_("Player {n}: a name is 1 to {max} printable "
                                         "characters"), n=i + 1, max=NAME_LIMIT))
        elif names.index(name) != i:
            problems.append(bad_input(N_("Two players are called {name}"), name=name))
        elif name == "table":
            problems.append(bad_input(N_("'table' is the referee's name for the box; pick "
                                         "another player name")))
    if not 2 <= len(names) <= 4:
        problems.append(bad_input(N_("Trajan is played by {low} to {high} players, got {n}"),
                                  low=2, high=4, n=len(names)))
    return names
