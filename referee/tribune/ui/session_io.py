"""Tribune games kept in sessions: create, rebuild by replay, record entries and the end.

The header's ``options`` is the engine's setup JSON (plus ``ui`` preferences the engine
ignores). An entry is recorded with the rulings it caused as one batch; the game's state
is never stored, only rebuilt by replaying the effective entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.errors import RefereeError, SessionError
from referee.i18n import N_
from referee.rulings import Ruling
from referee.store import OUTCOME, Event, EventDraft, Header, Player, Session, SessionStore
from referee.tribune.actions import Action, from_json
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneInputError
from referee.tribune.setup import Setup

GAME = "tribune"
RULING = "ruling"  # a derived event: one ruling of the referee
PHASE_IDS = {0: "setup", 1: "cards", 2: "followers", 3: "regions", 4: "takeovers",
             5: "benefits", 6: "chariot", 7: "end"}


def create(store: SessionStore, setup: Setup, colours: Mapping[str, str | None] | None = None,
           ui: Mapping[str, Any] | None = None) -> tuple[Session, Game]:
    """A new session (locked for writing) and its game; the setup rulings are logged."""
    game = Game(setup)
    colours = colours or {}
    header = Header.new(game=GAME, edition=setup.edition,
                        players=[Player(n, colours.get(n)) for n in setup.players],
                        start_player=setup.start_player,
                        options={**setup.to_json(), "ui": dict(ui or {})})
    session = store.create(header)
    session.append([ruling_draft(r, round=0, phase="setup") for r in game.log[0]])
    return session, game


class SessionReplayError(SessionError):
    """The session file reads well, but its setup or one of its entries no longer goes
    through the engine (a hand edit): damage of that file, not a refusal of new input."""

    domain = "tribune"


def _reason(error: RefereeError) -> str:
    from referee.cli.errors import lines

    return "; ".join(lines(error))


def setup_of(session: Session) -> Setup:
    if session.header.game != GAME:
        raise TribuneInputError(N_("Session {id} is a {game} game, not Tribune"),
                                id=session.id, game=session.header.game)
    try:
        return Setup.from_json(session.header.options)
    except RefereeError as error:
        raise SessionReplayError(
            N_("Session file {path} is damaged: its game setup cannot be used ({reason})"),
            path=str(session.path), reason=_reason(error)) from None


def ui_options(session: Session) -> dict[str, Any]:
    return dict(session.header.options.get("ui") or {})


def load(session: Session, entries: int | None = None) -> Game:
    """The game as the session's effective entries (or the first ``entries`` of them)
    leave it."""
    game = Game(setup_of(session))
    for event in session.entries()[:entries]:
        replay(session, game, event)
    return game


def replay(session: Session, game: Game, event: Event) -> None:
    """Apply a recorded entry again; one that no longer goes through is reported as damage
    of the session file, naming the event."""
    try:
        game.apply(from_json(event.payload))
    except RefereeError as error:
        raise SessionReplayError(
            N_("Session file {path} is damaged: event {seq} cannot be replayed ({reason}); run "
               "'referee tribune repair {id}' to withdraw it and the entries after it"),
            path=str(session.path), seq=event.seq, reason=_reason(error),
            id=session.id) from None


def repair(session: Session) -> dict[str, Any]:
    """Withdraw the first effective entry that no longer replays and every entry after it
    (with what they caused), in one undo event: nothing is erased from the file. A setup
    that cannot be used cannot be repaired this way, and is reported as it is."""
    game = Game(setup_of(session))
    entries = session.entries()
    for i, event in enumerate(entries):
        try:
            replay(session, game, event)
        except SessionReplayError as damage:
            withdrawn = entries[i:]
            [undo] = session.withdraw({e.seq for e in withdrawn}, actor="referee",
                                     reason=f"event {event.seq} cannot be replayed: "
                                            f"{damage.params['reason']}")
            return {"action": "withdrew", "event": event.seq,
                    "reason": damage.params["reason"], "entries": len(withdrawn),
                    "withdrawn": undo.payload["withdraws"], "undo_event": undo.seq}
    return {"action": "none", "entries": len(entries)}


def where(game: Game) -> dict[str, Any]:
    return {"round": game.state.round, "phase": PHASE_IDS.get(game.state.phase)}


def ruling_draft(ruling: Ruling, **place: Any) -> EventDraft:
    return EventDraft(type=RULING, payload=ruling.to_json(), actor="referee", source="derived",
                      **place)


def entry_draft(action: Action, kind: str, **place: Any) -> EventDraft:
    actor = action.player if action.type != "reveal" else "table"
    return EventDraft(type=action.type, payload={**action.to_json(), "kind": kind},
                      actor=actor, source="entered", **place)


def apply(session: Session, game: Game, action: Action) -> list[Ruling]:
    """Check and apply one entry, then record it with its rulings (and the outcome when the
    game ends) in one write. A rejected entry raises before anything is written."""
    return apply_all(session, game, [action])


def apply_all(session: Session, game: Game, actions: Sequence[Action]) -> list[Ruling]:
    """Several entries in one write: all are applied first, so a rejection writes nothing."""
    drafts: list[EventDraft] = []
    out: list[Ruling] = []
    done = 0
    try:
        for action in actions:
            decision, place = game.pending(), where(game)
            rulings = game.apply(action)
            done += 1
            drafts.append(entry_draft(action, decision.kind if decision else "", **place))
            drafts += [ruling_draft(r, **where(game)) for r in rulings]
            out += rulings
        if game.result is not None:
            drafts.append(outcome_draft(game))
        session.append(drafts)
    except BaseException:
        for _ in range(done):  # keep the game in step with what is on disk
            game.undo()
        raise
    return out


def outcome_draft(game: Game) -> EventDraft:
    from referee.tribune.ui.score import outcome_payload

    assert game.result is not None
    return EventDraft(type=OUTCOME, payload=outcome_payload(game.result.scores),
                      actor="referee", source="derived", **where(game))
