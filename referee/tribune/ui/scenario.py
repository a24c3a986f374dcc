"""Scenario files: a setup and a list of entries, run through the engine (docs/tribune.md).

::

    {"format": "referee-tribune-scenario", "version": 1,
     "setup": {... the engine setup: players, start_player, edition, deck_mode, seed,
               victory, settings ...},
     "colours": {"Ann": "red"}, "bids": "hidden",
     "entries": [{"type": "place", "player": "Ann", "space": "forum.1"}, ...]}

An entry may name the decision it answers (``"kind": "curia"``); the run then also checks
that the game asks exactly that. ``"note"`` is free text for readers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.data import read_json
from referee.errors import RefereeError
from referee.i18n import N_
from referee.rulings import Ruling
from referee.tribune.actions import Action, from_json
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneInputError
from referee.tribune.setup import Setup

FORMAT = "referee-tribune-scenario"


class StoppedAt(RefereeError):
    """Entry ``n`` of a scenario was refused: the refusal, numbered, naming the same rule."""

    domain = "tribune"

    def __init__(self, n: int, error: RefereeError) -> None:
        from referee.i18n import translator

        reason = translator(error.domain)(error.message, **error.params)
        super().__init__(N_("Entry {n} refused: {reason}"), rule=error.rule, n=n,
                         reason=reason)
        self.n, self.error = n, error


def read(path: Path) -> dict[str, Any]:
    raw = read_json(path)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise TribuneInputError(N_("{path} is not a Tribune scenario (format {format})"),
                                path=str(path), format=FORMAT)
    if not isinstance(raw.get("entries"), list) or not isinstance(raw.get("setup"), dict):
        raise TribuneInputError(N_("{path}: a scenario needs 'setup' and 'entries'"),
                                path=str(path))
    return raw


def action_of(game: Game, raw: Any) -> Action:
    if not isinstance(raw, dict):
        raise TribuneInputError(N_("Not a valid Tribune entry: {payload}"), payload=raw)
    action = from_json(raw)
    d = game.pending()
    if raw.get("kind") and d is not None and raw["kind"] != d.kind:
        raise TribuneInputError(N_("This entry answers {kind!r}, but the game asks {asked!r}"),
                                kind=raw["kind"], asked=d.kind)
    return action


def run(scenario: dict[str, Any]) -> tuple[Game, list[list[Ruling]]]:
    """Play the entries; raises StoppedAt on the first refused one."""
    game = Game(Setup.from_json(scenario["setup"]))
    per_entry = [list(game.log[0])]
    for n, raw in enumerate(scenario["entries"], start=1):
        try:
            per_entry.append(game.apply(action_of(game, raw)))
        except RefereeError as error:
            raise StoppedAt(n, error) from None
    return game, per_entry


def parse_entries(text: str | None, path: Path | None) -> list[Action]:
    """``enter``'s input: one entry or a list, from --entry or --file (kinds unchecked)."""
    if (text is None) == (path is None):
        raise TribuneInputError(N_("Give the entry with --entry or --file (one of them)"))
    if path is not None:
        raw = read_json(path)
    else:
        try:
            raw = json.loads(text or "")
        except json.JSONDecodeError as exc:
            raise TribuneInputError(N_("--entry is not valid JSON: {reason}"),
                                    reason=exc.msg) from None
    items = raw if isinstance(raw, list) else [raw]
    if not items or not all(isinstance(i, dict) for i in items):
        raise TribuneInputError(N_("Not a valid Tribune entry: {payload}"), payload=raw)
    return [from_json(i) for i in items]


def run_command(path: Path, as_json: bool, store: Any) -> None:
    """``referee tribune replay``: print the rulings (or JSON); exit 2 at a refused entry."""
    from referee.cli.output import print_json
    from referee.tribune.ui.render import ruling_text

    scenario = read(path)
    try:
        game, per_entry = run(scenario)
    except StoppedAt as stop:
        if not as_json:  # show how far it got; the refusal itself is the error line
            _game, done = run({**scenario, "entries": scenario["entries"][:stop.n - 1]})
            _print(done)
        raise
    if as_json:
        print_json({"ok": True, "entries": len(per_entry) - 1,
                    "rulings": [{**r.to_json(), "text": ruling_text(r)}
                                for rulings in per_entry for r in rulings],
                    "result": game.result.to_json() if game.result else None})
    else:
        _print(per_entry)
    if store is not None:
        _save(store, scenario, game)


def _print(per_entry: list[list[Ruling]]) -> None:
    from referee.cli.output import console
    from referee.tribune.ui.render import ruling_line

    for n, rulings in enumerate(per_entry):
        for r in rulings:
            console().print(f"{n:>4}  {ruling_line(r)}", markup=False)


def _save(store: Any, scenario: dict[str, Any], played: Game) -> None:
    from referee.cli.output import console
    from referee.i18n import translator
    from referee.tribune.ui import session_io

    session, game = session_io.create(store, played.setup, scenario.get("colours"),
                                      {"bids": scenario.get("bids", "hidden")})
    with session:
        session_io.apply_all(session, game, played.history)
    console().print(translator("tribune")("Saved as session {id}.", id=session.id))
