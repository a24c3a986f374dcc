"""A finished game as a session records it, and the ways a result gets into a session.

A guided game appends :func:`outcome_draft` with its last entry. A final score typed in
through a game's ``score`` command becomes a session of its own (mode ``scored``): one
``final_score`` entry holding the typed-in document, then the ``outcome`` derived from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, time
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import replace

from referee.errors import SessionError
from referee.i18n import N_
from referee.irregular import stored
from referee.outcome import Outcome, Standing
from referee.results.timing import Times, measure, times_from_json
from referee.rulings import Ruling
from referee.store import OUTCOME, EventDraft, Header, Player, SessionStore

if TYPE_CHECKING:  # the session's reading (TinyDB) is loaded by whoever opened one
    from referee.store import Session

SCORE_ENTRY = "final_score"  # the entry of a typed-in final score
#: A play dated by day only is put at noon UTC, which is that same day from UTC-11 to UTC+11.
NOON = time(12, 0, tzinfo=UTC)


class ResultUnreadable(SessionError):
    """The session's outcome event is not a result this program can read (a hand edit)."""

    def __init__(self, session_id: str, reason: str) -> None:
        super().__init__(N_("Session {id} holds a result that cannot be read ({reason})."),
                         id=session_id, reason=reason)


class PlayedGame(Struct, frozen=True):
    """One finished game: who sat where, when, for how long, and its outcome."""

    session: str
    mode: str
    played_at: str                  # ISO 8601, UTC
    duration_min: int | None
    players: tuple[Player, ...]     # seat order
    start_player: str               # "" where nobody recorded it
    outcome: Outcome
    #: the rules a typed-in end state broke, scored anyway (``score --irregular``)
    irregular: tuple[Ruling, ...] = ()
    times: Times | None = None      # measured from the journal (guided games only)
    location: str | None = None
    comments: str | None = None

    @property
    def game(self) -> str:
        return self.outcome.game

    @property
    def date(self) -> str:
        """The day it was played, in this computer's time zone."""
        return local_day(self.played_at)

    def colour(self, player: str) -> str | None:
        return next((p.colour for p in self.players if p.name == player), None)

    def to_json(self) -> dict[str, Any]:
        return {"session": self.session, "mode": self.mode, "played_at": self.played_at,
                "duration_min": self.duration_min,
                "players": [{"name": p.name, "seat": i, "colour": p.colour}
                            for i, p in enumerate(self.players, 1)],
                "start_player": self.start_player or None,
                "location": self.location, "comments": self.comments,
                "times": self.times.to_json() if self.times else None,
                "outcome": self.outcome.to_json(),
                "irregular": [r.rule.rule_id for r in self.irregular],
                # whole, so that another copy importing the result keeps what it says
                "irregular_rulings": [r.to_json() for r in self.irregular]}


def local_day(iso: str) -> str:
    """The local day of an ISO 8601 moment (one without a zone is taken as it is)."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:10]
    return (moment.astimezone() if moment.tzinfo else moment).date().isoformat()


def outcome_draft(outcome: Outcome, **place: Any) -> EventDraft:
    """The ``outcome`` event a game appends in the same write as its last entry."""
    return EventDraft(type=OUTCOME, payload=outcome.to_json(), actor="referee",
                      source="derived", **place)


def played_game(session: Session) -> PlayedGame | None:
    """The session's result, or None while the game goes on."""
    event = session.last_effective(OUTCOME)
    if event is None:
        return None
    header = session.header
    outcome = outcome_of(header, event.payload)
    options = header.options
    mode = header.mode
    if header.mode == "scored":  # typed in, or imported from another copy of the referee
        facts, times = options, _kept_times(options.get("times"))
        duration = options.get("duration_min")
        imported = options.get("imported")
        if isinstance(imported, Mapping) and isinstance(imported.get("mode"), str):
            mode = imported["mode"]
    else:  # a guided game; one replayed from a scenario keeps its facts with its ui options
        facts = options.get("ui") if isinstance(options.get("ui"), Mapping) else {}
        times = None if facts.get("replayed") else measure(
            header.started_at, [e for e in session.events if e.seq <= event.seq],
            header.player_names)
        duration = facts.get("duration_min", times.minutes if times else None)
    return PlayedGame(session.id, mode, str(facts.get("played_at") or header.started_at),
                      _whole(duration), header.players, header.start_player, outcome,
                      _irregular(header), times, _text(facts.get("location")),
                      _text(facts.get("comments")))


def _kept_times(raw: Any) -> Times | None:
    """Times measured by the copy a game was imported from."""
    if not isinstance(raw, Mapping):
        return None
    try:
        return times_from_json(raw)
    except (KeyError, TypeError, ValueError):
        return None


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 \
        else None


def _irregular(header: Header) -> tuple[Ruling, ...]:
    try:
        return stored(header.options)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResultUnreadable(header.id, f"{type(exc).__name__}: {exc}") from None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def outcome_of(header: Header, payload: Mapping[str, Any]) -> Outcome:
    """The outcome an ``outcome`` event holds, in either of the shapes ever recorded."""
    try:
        return (Outcome.from_json(payload) if "standings" in payload
                else _legacy(header, payload))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResultUnreadable(header.id, f"{type(exc).__name__}: {exc}") from None


def _legacy(header: Header, raw: Mapping[str, Any]) -> Outcome:
    """An outcome recorded before the shared shape: ``scores``, ``ranking``, ``winners``,
    ``breakdown`` and ``tie_break`` (Tribune only). Read in memory, never rewritten."""
    scores = {str(k): int(v) for k, v in dict(raw["scores"]).items()}
    ranking = [str(n) for n in raw["ranking"]]
    winners = set(raw.get("winners") or ())
    seat = {p.name: i for i, p in enumerate(header.players, 1)}
    places: list[int] = []
    for i, name in enumerate(ranking):  # winners share 1st; equal points share a place
        before = ranking[i - 1] if i else None
        shared = before is not None and before not in winners and scores[before] == scores[name]
        places.append(1 if name in winners else places[-1] if shared else i + 1)
    breakdown = dict(raw.get("breakdown") or {})
    standings = tuple(Standing(n, seat.get(n, i + 1), scores[n], places[i],
                               {str(k): int(v) for k, v in dict(breakdown.get(n) or {}).items()})
                      for i, n in enumerate(ranking))
    tie_break = raw.get("tie_break")
    return Outcome(header.game, header.edition, standings,
                   tie_break=None if tie_break == "shared" else tie_break)


def played_at(day: date | None) -> str:
    moment = datetime.combine(day, NOON) if day else datetime.now(UTC)
    return moment.isoformat(timespec="seconds")


def play_facts(day: date | None, minutes: int | None, location: str | None = None,
               comments: str | None = None) -> dict[str, Any]:
    """What a game recorded after the fact keeps of when, how long and where it was played
    (``played_at`` at noon UTC of ``day``, or now)."""
    facts: dict[str, Any] = {"played_at": played_at(day), "duration_min": minutes}
    if location:
        facts["location"] = location
    if comments:
        facts["comments"] = comments
    return facts


def save_scored(store: SessionStore, outcome: Outcome, entered: Any, *,
                day: date | None = None, duration_min: int | None = None,
                start_player: str | None = None, colours: Mapping[str, str] | None = None,
                options: Mapping[str, Any] | None = None, location: str | None = None,
                comments: str | None = None) -> str:
    """Record a final score typed in after the game as a finished session of its own."""
    seats: Sequence[Standing] = sorted(outcome.standings, key=lambda s: s.seat)
    colours = colours or {}
    header = Header.new(game=outcome.game, edition=outcome.edition,
                        players=[Player(s.player, colours.get(s.player)) for s in seats],
                        options={**play_facts(day, duration_min, location, comments),
                                 **(options or {})},
                        mode="scored")
    header = replace(header, start_player=start_player or "")
    return store.record(header, [EventDraft(SCORE_ENTRY, {"input": entered}, actor="table"),
                                 outcome_draft(outcome)])
