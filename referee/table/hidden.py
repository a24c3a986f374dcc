"""The one policy for hidden answers: what was given face down stays unshown until the
rules reveal it.

A question the core marks ``hidden`` (a sealed bid, cards played face down) is answered
in a run: the same hidden question, player after player, and the rules announce nothing
until the run ends (``tests/contract``). When the kit records such an answer it marks the
entry ``hidden``, and ``sealed`` while the run goes on (the next question is the same
hidden one). An entry after which the run is over opens every hidden answer before it,
so a hidden entry is shown once any entry from it onwards is not sealed; an undo of that
entry seals them again. A journal recorded before the kit marked answers carries no marks:
there the game itself says what is sealed, since while the question pending is hidden the
answers already given to it in this run are the last entries, each of its kind. Everything
that turns recorded entries into text (undo's notice, ``log``, ``explain``, ``--json``, the
board page) asks :func:`unrevealed` first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

from referee.i18n import translator

if TYPE_CHECKING:
    from referee.game.question import Question
    from referee.store import Event
    from referee.table.game import TableGame

_ = translator("core")

HIDDEN, SEALED = "hidden", "sealed"  # the keys the kit adds to a recorded entry's payload


def marks(asked: Question | None, following: Question | None) -> dict[str, bool]:
    """The keys to record with the entry that answered ``asked`` (``following``: the
    question after it)."""
    if asked is None or not asked.hidden:
        return {}
    sealed = following is not None and following.hidden and following.kind == asked.kind
    return {HIDDEN: True, SEALED: True} if sealed else {HIDDEN: True}


def running(question: Question | None) -> TypeGuard[Question]:
    """Whether answers are being given face down now (the pending question is hidden):
    whatever would tell who has answered what waits until the run ends."""
    return question is not None and question.hidden


def unrevealed(entries: Iterable[Event], asked: Question | None = None) -> set[int]:
    """The seqs of the hidden entries among ``entries`` (a session's effective entries,
    in order) that the rules have not revealed yet; ``asked``: the question pending after
    them, which finds them where the journal carries no marks."""
    found: set[int] = set()
    sealed_since = True  # every entry from here to the last is sealed
    events = list(entries)
    for event in reversed(events):
        sealed_since = sealed_since and bool(event.payload.get(SEALED))
        if event.payload.get(HIDDEN) and sealed_since:
            found.add(event.seq)
    if running(asked):
        for event in reversed(events):
            if event.payload.get("kind") != asked.kind:
                break
            found.add(event.seq)
    return found


def withheld(raw: Mapping[str, Any]) -> dict[str, Any]:
    """What a sealed entry's payload may show: the question it answered (the whole table saw
    it asked) and that it was given face down, nothing of the answer."""
    return {**({"kind": raw["kind"]} if "kind" in raw else {}), HIDDEN: True, SEALED: True}


def payload_of(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded entry's payload as the game wrote it, without the kit's keys."""
    return {k: v for k, v in raw.items() if k not in (HIDDEN, SEALED)}


def entry_of(table: TableGame, raw: Mapping[str, Any]) -> Any:
    """The entry a recorded payload holds."""
    return table.entry_from_record(payload_of(raw))


def described(table: TableGame, event: Event, edition: str, sealed: set[int]) -> str:
    """A recorded entry as one line, or only whose it is while it is sealed."""
    if event.seq in sealed:
        return _("{player}: an answer given face down (shown once the rules reveal it)",
                 player=event.actor)
    return table.describe(entry_of(table, event.payload), edition,
                          event.payload.get("kind", ""))
