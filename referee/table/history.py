"""What happened and why: the log of a session and the explanation of one event."""

from __future__ import annotations

import json
from typing import Any

from referee.errors import InputError, RefereeError
from referee.i18n import N_, translator
from referee.store import OUTCOME, Event, Header, Session
from referee.table import hidden
from referee.table import session as sessions
from referee.table.game import TableGame
from referee.terminal.messages import quoted, rule_text

_ = translator("core")


def _round(e: Event) -> str:
    return f"R{e.round}" if e.round else "  "


def sealed_in(table: TableGame, session: Session) -> set[int]:
    """The entries of ``session`` given face down and not revealed yet, as its journal
    stands: the question pending decides where the journal carries no marks, read from
    the position a checkpoint keeps (no replay) when one matches. A journal that no
    longer replays (a hand edit), or of a game that asks nothing face down, is read by its
    marks alone."""
    from referee.table import checkpoint

    if not table.hides_answers:
        return hidden.unrevealed(session.entries())
    kept = checkpoint.load(table, session.path)
    try:
        game = kept.game if kept is not None else sessions.load(table, session)
    except RefereeError:
        return hidden.unrevealed(session.entries())
    return hidden.unrevealed(session.entries(), game.pending())


def sealed_entries(session: Session) -> set[int]:
    """:func:`sealed_in` for a session of any game (none for a score typed in)."""
    from referee.table.games import played_with

    table = played_with(session.header)
    return set() if table is None else sealed_in(table, session)


def log_lines(table: TableGame, session: Session) -> list[dict[str, Any]]:
    lines = []
    sealed = sealed_in(table, session)
    for e in session.effective_events():
        if not (e.is_entry or e.type in (sessions.RULING, OUTCOME)):
            continue
        line: dict[str, Any] = {"seq": e.seq, "round": e.round, "phase": e.phase,
                                "source": e.source, "type": e.type, "cause": e.cause}
        try:
            line.update(_described(table, e, session.header, sealed))
        except RefereeError:
            # A hand edit can leave anything in a payload: the log shows the event as it is
            # in the file, so the damage can be found (status names the event that fails).
            line.update(text=(f"{_round(e)} " if e.is_entry else "") + _(
                "unreadable event: {payload}",
                payload=quoted(json.dumps(e.payload, ensure_ascii=False))))
        lines.append(line)
    return lines


def _described(table: TableGame, e: Event, header: Header, sealed: set[int]) -> dict[str, Any]:
    if e.type == sessions.RULING:
        ruling = table.ruling_from_json(e.payload)
        return {"text": table.ruling_line(ruling), "rule": ruling.rule.to_json()}
    if e.type == OUTCOME:
        from referee.results.record import outcome_of

        standings = outcome_of(header, e.payload).standings
        return {"text": _("Result: {ranking}",
                          ranking=", ".join(f"{s.player} {s.score}" for s in standings))}
    return {"text": f"{_round(e)} " + hidden.described(table, e, header.edition, sealed)}


def _event(table: TableGame, session: Session, ref: str) -> Event:
    found = next((e for e in session.effective_events() if str(e.seq) == ref.strip()), None)
    if found is None:
        raise InputError(N_("No event {event} in this session (see 'referee {game} log')"),
                         event=ref, game=table.name)
    return found


def explain_event(table: TableGame, session: Session, ref: str) -> dict[str, Any]:
    """The entry (or the entry behind a ruling): the question it answered, the rulings it
    caused with their rules, and what the other edition rules for the same entries.
    ``ref`` may also be a proposed entry (JSON), checked against the current state."""
    if ref.lstrip().startswith(("{", "[")):
        return explain_proposal(table, session, ref)
    event = _event(table, session, ref)
    entry_seq = event.seq if event.is_entry else event.cause
    if entry_seq is None:
        rulings = ([table.ruling_from_json(event.payload)]
                   if event.type == sessions.RULING else [])
        lines = [_("Event {seq} is part of the setup.", seq=event.seq)]
        lines += ["  " + table.ruling_line(r) for r in rulings]
        return {"event": event.seq, "entry": None, "lines": lines}
    entries = session.entries()
    index = next(i for i, e in enumerate(entries) if e.seq == entry_seq)
    game = sessions.load(table, session, index)
    setup, asked = game.setup, game.pending()
    sessions.replay(table, session, game, entries[index])
    played = list(game.history)
    caused = sessions.rulings_caused(table, session, entry_seq)
    sealed = sealed_in(table, session)
    lines = [_("Entry {seq}: {entry}", seq=entry_seq,
               entry=hidden.described(table, entries[index], setup.edition, sealed))]
    if entry_seq in sealed:  # nothing it caused is announced yet, nor the rest of it
        return {"event": event.seq, "entry": entry_seq, "rulings": [], "lines": lines}
    if asked is not None:
        lines.append(_("It answered: {question}", question=table.question_text(asked)))
        lines.append(_("Accepted under: {rule}", rule=rule_text(asked.rule)))
    lines += ["  " + table.ruling_line(r) for r in caused]
    lines += rule_texts(table, [asked.rule] if asked is not None else [], caused)
    lines += table.other_edition(setup, played, caused)
    return {"event": event.seq, "entry": entry_seq,
            "rulings": [{**r.to_json(), "text": table.ruling_text(r)} for r in caused],
            "lines": lines}


def rule_texts(table: TableGame, asked: list[Any], caused: list[Any]) -> list[str]:
    """What each rule behind an entry says (the question's, then its rulings'), once each."""
    rules = {r.rule_id: r for r in [*asked, *(c.rule for c in caused)]}
    found = [(rule, table.rule_text(rule)) for rule in rules.values()]
    return [_("{rule}: {text}", rule=rule_text(rule), text=text) for rule, text in found
            if text]


def explain_proposal(table: TableGame, session: Session, text: str) -> dict[str, Any]:
    """Would this entry be accepted now, and why (or why not)? Nothing is recorded."""
    from referee.table.scenario import parse_entries
    from referee.terminal.messages import error_json, message

    game = sessions.load(table, session)
    found = parse_entries(table, text, None)
    if len(found) != 1:
        raise InputError(N_("explain takes one proposed entry, not {count}"), count=len(found))
    (entry,) = found
    setup, played, asked = game.setup, list(game.history), game.pending()
    lines = [_("Proposed entry: {entry}",
               entry=table.describe(entry, setup.edition, asked.kind if asked else ""))]
    if asked is not None:
        lines.append(_("It would answer: {question}", question=table.question_text(asked)))
    try:
        rulings = game.apply(entry)
    except RefereeError as error:
        lines.append(_("Refused: {reason}", reason=message(error)))
        lines += table.other_verdict(setup, played, entry)
        return {"accepted": False, "error": error_json(error)["errors"][0], "lines": lines}
    if asked is not None:
        lines.append(_("Accepted under: {rule}", rule=rule_text(asked.rule)))
    lines += ["  " + table.ruling_line(r) for r in rulings]
    lines += table.other_edition(setup, [*played, entry], rulings)
    return {"accepted": True, "rulings": [{**r.to_json(), "text": table.ruling_text(r)}
                                          for r in rulings], "lines": lines}
