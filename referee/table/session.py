"""Games kept in sessions: create, rebuild by replay, record entries and the end, repair.

The header's ``options`` is the core's setup JSON (plus ``ui`` preferences the core
ignores). An entry is recorded with the rulings it caused as one batch; the game's state
is never stored, only rebuilt by replaying the effective entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.errors import InputError, RefereeError, SessionError
from referee.i18n import N_
from referee.rulings import Ruling
from referee.store import OUTCOME, Event, EventDraft, Header, Player, Session, SessionStore
from referee.table.game import TableGame
from referee.table.hidden import entry_of, marks

if TYPE_CHECKING:  # a type only: the contract brings referee.outcome, which status needs not
    from referee.game.contract import Game

RULING = "ruling"  # a derived event: one ruling of the referee


def create(table: TableGame, store: SessionStore, setup: Any,
           colours: Mapping[str, str | None] | None = None,
           ui: Mapping[str, Any] | None = None) -> tuple[Session, Game]:
    """A new session (locked for writing) and its game; the setup rulings are logged."""
    game = table.new_game(setup)
    colours = colours or {}
    header = Header.new(game=table.name, edition=setup.edition,
                        players=[Player(n, colours.get(n)) for n in setup.players],
                        start_player=setup.start_player,
                        options={**setup.to_json(), "ui": dict(ui or {})})
    # The header and the setup rulings land in one write: no session without its setup.
    session = store.create(header, [ruling_draft(r, **table.place(game)) for r in game.log[0]])
    return session, game


class SessionReplayError(SessionError):
    """The session file reads well, but its setup or one of its entries no longer goes
    through the core (a hand edit): damage of that file, not a refusal of new input."""


def _reason(error: RefereeError) -> str:
    from referee.terminal.messages import lines

    return "; ".join(lines(error))


def setup_of(table: TableGame, session: Session) -> Any:
    if session.header.game != table.name:
        raise InputError(N_("Session {id} is a {game} game, not {expected}"),
                         id=session.id, game=session.header.game,
                         expected=table.title)
    try:
        return table.setup_from_json(session.header.options)
    except RefereeError as error:
        raise SessionReplayError(
            N_("Session file {path} is damaged: its game setup cannot be used ({reason})"),
            path=str(session.path), reason=_reason(error)) from None


def ui_options(session: Session) -> dict[str, Any]:
    return dict(session.header.options.get("ui") or {})


def load(table: TableGame, session: Session, entries: int | None = None,
         kept: Mapping[str, Any] | None = None) -> Game:
    """The game as the session's effective entries (or the first ``entries`` of them)
    leave it. ``kept``: what a checkpoint of this journal as it is keeps of the game
    (``referee.table.checkpoint.kept``); the game is then resumed from it when the game can
    (``TableGame.resume``: the entries it has not seen are replayed and checked), and
    replayed from the start when that fails in any way, so a replay has the last word."""
    events = session.entries()[:entries]
    if kept is not None:
        try:
            game = table.resume(kept, [entry_of(table, e.payload) for e in events])
        except (RefereeError, ValueError, KeyError, TypeError, AttributeError):
            game = None
        if game is not None:
            return game
    game = table.new_game(setup_of(table, session))
    for event in events:
        replay(table, session, game, event)
    return game


def replay(table: TableGame, session: Session, game: Game, event: Event) -> None:
    """Apply a recorded entry again; one that no longer goes through is reported as damage
    of the session file, naming the event."""
    try:
        game.apply(entry_of(table, event.payload))
    except RefereeError as error:
        raise SessionReplayError(
            N_("Session file {path} is damaged: event {seq} cannot be replayed ({reason}); run "
               "'referee {game} repair {id}' to withdraw the entries that no longer replay"),
            path=str(session.path), seq=event.seq, reason=_reason(error),
            game=table.name, id=session.id) from None


def repair(table: TableGame, session: Session) -> dict[str, Any]:
    """Withdraw the effective entries that no longer replay (with what they caused), in
    one undo event: nothing is erased from the file. An entry after a broken one that
    still replays is kept (a gap or an edit costs only the entries it breaks). A setup
    that cannot be used cannot be repaired this way, and is reported as it is."""
    game = table.new_game(setup_of(table, session))
    entries = session.entries()
    broken: list[tuple[Event, str]] = []
    for event in entries:
        try:
            replay(table, session, game, event)  # a refused entry leaves the game unchanged
        except SessionReplayError as damage:
            broken.append((event, damage.params["reason"]))
    if not broken:
        return {"action": "none", "entries": len(entries)}
    first, reason = broken[0]
    [undo] = session.withdraw({e.seq for e, _reason in broken}, actor="referee",
                             reason=f"event {first.seq} cannot be replayed: {reason}")
    return {"action": "withdrew", "event": first.seq, "reason": reason,
            "entries": len(broken), "kept": len(entries) - len(broken),
            "withdrawn": undo.payload["withdraws"], "undo_event": undo.seq}


def rulings_caused(table: TableGame, session: Session, seq: int) -> list[Ruling]:
    """The rulings entry ``seq`` caused, as the journal holds them (none once withdrawn)."""
    return [table.ruling_from_json(e.payload) for e in session.effective_events()
            if e.cause == seq and e.type == RULING]


def ruling_draft(ruling: Ruling, **place: Any) -> EventDraft:
    return EventDraft(type=RULING, payload=ruling.to_json(), actor="referee", source="derived",
                      **place)


def entry_draft(entry: Any, kind: str, marks: Mapping[str, bool] | None = None,
                **place: Any) -> EventDraft:
    """An entry as recorded: its JSON, the kind of question it answered and, for a hidden
    answer, the marks of ``referee.table.hidden``."""
    return EventDraft(type=entry.type, payload={**entry.to_json(), "kind": kind,
                                                **(marks or {})},
                      actor=entry.player, source="entered", **place)


def apply(table: TableGame, session: Session, game: Game, entry: Any) -> list[Ruling]:
    """Check and apply one entry, then record it with its rulings (and the outcome when the
    game ends) in one write. A rejected entry raises before anything is written."""
    return apply_all(table, session, game, [entry])


def apply_all(table: TableGame, session: Session, game: Game,
              entries: Sequence[Any], key: str | None = None) -> list[Ruling]:
    """Several entries in one write: all are applied first, so a rejection writes nothing.
    ``key``: the submission's idempotency key, kept with the first entry."""
    drafts: list[EventDraft] = []
    out: list[Ruling] = []
    done = 0
    try:
        for entry in entries:
            question, place = game.pending(), table.place(game)
            rulings = game.apply(entry)
            done += 1
            drafts.append(entry_draft(entry, question.kind if question else "",
                                      marks(question, game.pending()), **place))
            drafts += [ruling_draft(r, **table.place(game)) for r in rulings]
            out += rulings
        outcome = table.outcome(game)
        if outcome is not None:
            drafts.append(EventDraft(type=OUTCOME, payload=outcome, actor="referee",
                                     source="derived", **table.place(game)))
        session.append(drafts, key=key)
    except BaseException:
        for _ in range(done):  # keep the game in step with what is on disk
            game.undo()
        raise
    return out
