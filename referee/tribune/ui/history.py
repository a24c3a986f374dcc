"""What happened and why: the log, the explanation of one event, the rule summaries."""

from __future__ import annotations

import json
from typing import Any

from referee.cli.errors import edition_name, quoted, rule_text
from referee.errors import RefereeError
from referee.i18n import N_, translator
from referee.rulings import Ruling
from referee.store import OUTCOME, Event, Session
from referee.tribune import EDITIONS
from referee.tribune.actions import from_json
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneInputError
from referee.tribune.setup import Setup
from referee.tribune.ui import session_io
from referee.tribune.ui.questions import describe
from referee.tribune.ui.render import (
    question_text,
    ruling_from_json,
    ruling_line,
    ruling_text,
)

_ = translator("tribune")


def _round(e: Event) -> str:
    return f"R{e.round}" if e.round else "  "


def log_lines(session: Session) -> list[dict[str, Any]]:
    edition = session.header.edition
    lines = []
    for e in session.effective_events():
        if not (e.is_entry or e.type in (session_io.RULING, OUTCOME)):
            continue
        line: dict[str, Any] = {"seq": e.seq, "round": e.round, "phase": e.phase,
                                "source": e.source, "type": e.type, "cause": e.cause}
        try:
            line.update(_described(e, edition))
        except RefereeError:
            # A hand edit can leave anything in a payload: the log shows the event as it is
            # in the file, so the damage can be found (status names the event that fails).
            line.update(text=(f"{_round(e)} " if e.is_entry else "") + _(
                "unreadable event: {payload}",
                payload=quoted(json.dumps(e.payload, ensure_ascii=False))))
        lines.append(line)
    return lines


def _described(e: Event, edition: str) -> dict[str, Any]:
    if e.type == session_io.RULING:
        ruling = ruling_from_json(e.payload)
        return {"text": ruling_line(ruling), "rule": ruling.rule.to_json()}
    if e.type == OUTCOME:
        scores, ranking = e.payload.get("scores"), e.payload.get("ranking")
        if not (isinstance(scores, dict) and isinstance(ranking, list)
                and all(isinstance(n, str) and n in scores for n in ranking)):
            raise TribuneInputError(N_("Not a valid result: {payload}"), payload=e.payload)
        return {"text": _("Result: {ranking}",
                          ranking=", ".join(f"{n} {scores[n]}" for n in ranking))}
    return {"text": f"{_round(e)} " + describe(from_json(e.payload), edition,
                                               e.payload.get("kind", ""))}


def _event(session: Session, ref: str) -> Event:
    found = next((e for e in session.effective_events() if str(e.seq) == ref.strip()), None)
    if found is None:
        raise TribuneInputError(N_("No event {event} in this session (see 'referee tribune "
                                   "log')"), event=ref)
    return found


def explain_event(session: Session, ref: str) -> dict[str, Any]:
    """The entry (or the entry behind a ruling): the question it answered, the rulings it
    caused with their rules, and what the other edition rules for the same entries.
    ``ref`` may also be a proposed entry (JSON), checked against the current state."""
    if ref.lstrip().startswith("{"):
        return explain_proposal(session, ref)
    event = _event(session, ref)
    entry_seq = event.seq if event.is_entry else event.cause
    if entry_seq is None:
        rulings = [ruling_from_json(event.payload)] if event.type == session_io.RULING else []
        lines = [_("Event {seq} is part of the setup.", seq=event.seq)]
        lines += [_explain_ruling(r) for r in rulings]
        return {"event": event.seq, "entry": None, "lines": lines}
    entries = session.entries()
    index = next(i for i, e in enumerate(entries) if e.seq == entry_seq)
    game = session_io.load(session, index)
    setup, asked = game.setup, game.pending()
    session_io.replay(session, game, entries[index])
    actions = list(game.history)
    caused = [ruling_from_json(e.payload) for e in session.effective_events()
              if e.cause == entry_seq and e.type == session_io.RULING]
    kind = entries[index].payload.get("kind", "")
    lines = [_("Entry {seq}: {entry}", seq=entry_seq,
               entry=describe(actions[-1], setup.edition, kind))]
    if asked is not None:
        lines.append(_("It answered: {question}", question=question_text(asked)))
        lines.append(_("Accepted under: {rule}", rule=rule_text(asked.rule)))
    lines += [_explain_ruling(r) for r in caused]
    other = [e for e in EDITIONS if e != setup.edition][0]
    lines += _other_edition(setup, actions, caused, other)
    return {"event": event.seq, "entry": entry_seq,
            "rulings": [{**r.to_json(), "text": ruling_text(r)} for r in caused],
            "lines": lines}


def explain_proposal(session: Session, text: str) -> dict[str, Any]:
    """Would this entry be accepted now, and why (or why not)? Nothing is recorded."""
    from referee.cli.errors import error_json, message
    from referee.tribune.ui.scenario import parse_entries

    game = session_io.load(session)
    (action,) = parse_entries(text, None)
    setup, actions, asked = game.setup, list(game.history), game.pending()
    other = [e for e in EDITIONS if e != setup.edition][0]
    lines = [_("Proposed entry: {entry}",
               entry=describe(action, setup.edition, asked.kind if asked else ""))]
    if asked is not None:
        lines.append(_("It would answer: {question}", question=question_text(asked)))
    try:
        rulings = game.apply(action)
    except RefereeError as error:
        lines.append(_("Refused: {reason}", reason=message(error)))
        lines += _other_verdict(setup, actions, action, other)
        return {"accepted": False, "error": error_json(error)["errors"][0], "lines": lines}
    if asked is not None:
        lines.append(_("Accepted under: {rule}", rule=rule_text(asked.rule)))
    lines += [_explain_ruling(r) for r in rulings]
    lines += _other_edition(setup, [*actions, action], rulings, other)
    return {"accepted": True, "rulings": [{**r.to_json(), "text": ruling_text(r)}
                                          for r in rulings], "lines": lines}


def _other_verdict(setup: Setup, actions: list, action: Any, other: str) -> list[str]:
    from referee.cli.errors import message

    name = edition_name("tribune", other)
    try:
        game = Game.replay(Setup.from_json({**setup.to_json(), "edition": other}), actions)
        game.apply(action)
    except RefereeError as error:
        return [_("The {edition} refuses it too: {reason}", edition=name,
                  reason=message(error))]
    return [_("The {edition} would accept it.", edition=name)]


def _explain_ruling(ruling: Ruling) -> str:
    return "  " + ruling_line(ruling)


#: where the editions differ, the rule summary that says how (``referee tribune rules``)
RULE_TOPICS = {"tribune.deck.cesura": "cesura", "tribune.phase1.curia": "curia",
               "tribune.phase3.pantheon.temporary": "pantheon", "tribune.phase4.leader":
               "benefits", "tribune.phase5.benefit": "benefits", "tribune.phase5.assassin":
               "benefits", "tribune.phase5.legion": "benefits", "tribune.phase5.tribune":
               "benefits", "tribune.phase6.place": "chariot", "tribune.end.bonus": "end"}


def _other_edition(setup: Setup, actions: list, caused: list[Ruling], other: str) -> list[str]:
    """Replay the same entries under the other edition: its rulings for this entry, or, when
    the games part ways, the other edition's rule summary."""
    differs = [r for r in caused if r.rule.edition]
    if not differs:
        return [_("The two editions agree on this.")]
    name = edition_name("tribune", other)
    try:
        game = Game.replay(Setup.from_json({**setup.to_json(), "edition": other}),
                           actions[:-1])
        theirs = game.apply(actions[-1])
    except RefereeError:
        lines = [_("Under the {edition} the game would not reach this entry the same way; "
                   "its rule:", edition=name)]
        topics = dict.fromkeys(RULE_TOPICS[r.rule.rule_id] for r in differs
                               if r.rule.rule_id in RULE_TOPICS)
        from referee.tribune.ui.topics import TOPICS

        return lines + ["  • " + _(line) for t in topics for line in getattr(TOPICS[t], other)]
    mine_text = [ruling_text(r) for r in caused]
    changed = [r for r in theirs if ruling_text(r) not in mine_text]
    if not changed:
        return [_("The {edition} rules the same here.", edition=name)]
    return [_("The {edition} would rule instead:", edition=name)] + [
        "  " + ruling_line(r) for r in changed]


def print_topic(topic: str | None, as_json: bool) -> None:
    from referee.cli.output import console, print_json
    from referee.tribune.ui.topics import TOPICS

    if topic is None:
        if as_json:
            print_json({k: _(t.title) for k, t in TOPICS.items()})
            return
        for key, t in TOPICS.items():
            console().print(f"{key:<10} {_(t.title)}", markup=False)
        return
    key = topic.strip().lower()
    if key not in TOPICS:
        import difflib

        near = difflib.get_close_matches(key, list(TOPICS), n=3, cutoff=0.4)
        raise TribuneInputError(N_("No rule summary {topic!r}; topics: {choices}"),
                                topic=topic, choices=", ".join(near or TOPICS))
    t = TOPICS[key]
    editions = {e: [_(line) for line in getattr(t, e)] for e in EDITIONS}
    if as_json:
        print_json({"topic": key, "title": _(t.title), "common": [_(x) for x in t.common],
                    "editions": editions})
        return
    console().print(_(t.title), style="bold", markup=False)
    for line in t.common:
        console().print("• " + _(line), markup=False)
    if not any(editions.values()):
        console().print(_("Both editions agree."), style="italic", markup=False)
    for edition, lines in editions.items():
        if lines:
            title = edition_name("tribune", edition)
            console().print(title[:1].upper() + title[1:] + ":", style="bold", markup=False)
            for line in lines:
                console().print("  • " + line, markup=False)
