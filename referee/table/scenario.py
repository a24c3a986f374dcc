"""Scenario files: a setup and a list of entries, run through the core (docs/sessions.md).

::

    {"format": "referee-<game>-scenario", "version": 1,
     "setup": {... the core's setup JSON ...},
     "colours": {"Ann": "red"},
     "entries": [{"type": "place", "player": "Ann", "space": "forum.1"}, ...]}

An entry may name the question it answers (``"kind": "curia"``); the run then also checks
that the game asks exactly that. ``"note"`` is free text for readers. A game may read more
keys for the session's ``ui`` options (:meth:`TableGame.scenario_ui`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.data import read_json
from referee.errors import InputError, RefereeError
from referee.i18n import N_, translator
from referee.limits import loads
from referee.table.game import TableGame

if TYPE_CHECKING:  # types only: entering a JSON entry needs neither
    from referee.game.contract import Game
    from referee.rulings import Ruling

_ = translator("core")


def scenario_format(table: TableGame) -> str:
    return f"referee-{table.name}-scenario"


class StoppedAt(RefereeError):
    """Entry ``n`` of a scenario was refused: the refusal, numbered, naming the same rule."""

    def __init__(self, n: int, error: RefereeError) -> None:
        reason = translator(error.domain)(error.message, **error.params)
        super().__init__(N_("Entry {n} refused: {reason}"), rule=error.rule, n=n,
                         reason=reason)
        self.n, self.error = n, error


def read(table: TableGame, path: Path) -> dict[str, Any]:
    raw = read_json(path)
    if not isinstance(raw, dict) or raw.get("format") != scenario_format(table):
        raise InputError(N_("{path} is not a {game} scenario (format {format})"),
                         path=str(path), game=table.title, format=scenario_format(table))
    if not isinstance(raw.get("entries"), list) or not isinstance(raw.get("setup"), dict):
        raise InputError(N_("{path}: a scenario needs 'setup' and 'entries'"), path=str(path))
    return raw


def entry_of(table: TableGame, game: Game, raw: Any) -> Any:
    if not isinstance(raw, dict):
        raise InputError(N_("Not a valid {game} entry: {payload}"), game=table.title,
                         payload=raw)
    entry = table.entry_from_json(raw)
    question = game.pending()
    if raw.get("kind") and question is not None and raw["kind"] != question.kind:
        raise InputError(N_("This entry answers {kind!r}, but the game asks {asked!r}"),
                         kind=raw["kind"], asked=question.kind)
    return entry


def run(table: TableGame, scenario: dict[str, Any]) -> tuple[Game, list[list[Ruling]]]:
    """Play the entries; raises StoppedAt on the first refused one."""
    game = table.new_game(table.setup_from_json(scenario["setup"]))
    per_entry = [list(game.log[0])]
    for n, raw in enumerate(scenario["entries"], start=1):
        try:
            per_entry.append(game.apply(entry_of(table, game, raw)))
        except RefereeError as error:
            raise StoppedAt(n, error) from None
    return game, per_entry


def parse_entries(table: TableGame, text: str | None, path: Path | None) -> list[Any]:
    """``enter``'s input: one entry or a list, from --entry or --file (kinds unchecked)."""
    if (text is None) == (path is None):
        raise InputError(N_("Give the entry with --entry or --file (one of them)"))
    if path is not None:
        raw = read_json(path)
    else:
        raw = loads(text or "", "--entry")
    items = raw if isinstance(raw, list) else [raw]
    if not items or not all(isinstance(i, dict) for i in items):
        raise InputError(N_("Not a valid {game} entry: {payload}"), game=table.title,
                         payload=raw)
    return [table.entry_from_json(i) for i in items]


def run_command(table: TableGame, path: Path, as_json: bool, store: Any,
                facts: dict[str, Any] | None = None) -> None:
    """``referee <game> replay``: print the rulings (or JSON); exit 2 at a refused entry."""
    from referee.terminal.output import print_json

    scenario = read(table, path)
    try:
        game, per_entry = run(table, scenario)
    except StoppedAt as stop:
        if not as_json:  # show how far it got; the refusal itself is the error line
            _game, done = run(table, {**scenario, "entries": scenario["entries"][:stop.n - 1]})
            _print(table, done)
        raise
    if as_json:
        print_json({"ok": True, "entries": len(per_entry) - 1,
                    "rulings": [{**r.to_json(), "text": table.ruling_text(r)}
                                for rulings in per_entry for r in rulings],
                    "result": table.result_json(game)})
    else:
        _print(table, per_entry)
    if store is not None:
        _save(table, store, scenario, game, facts or {})


def _print(table: TableGame, per_entry: list[list[Ruling]]) -> None:
    from referee.terminal.output import console

    for n, rulings in enumerate(per_entry):
        for r in rulings:
            console().print(f"{n:>4}  {table.ruling_line(r)}", markup=False)


def _save(table: TableGame, store: Any, scenario: dict[str, Any], played: Game,
          facts: dict[str, Any]) -> None:
    """Keep the game as a session; ``facts`` (when and how long it was played, where: the
    ``replay`` options) go with its ``ui`` options, marked as replayed: its times at the
    table are those of the replay, not of a game."""
    from referee.table import session as sessions
    from referee.terminal.output import console

    ui = {**table.scenario_ui(scenario), "replayed": True, **facts}
    session, game = sessions.create(table, store, played.setup, scenario.get("colours"), ui)
    with session:
        sessions.apply_all(table, session, game, played.history)
    console().print(_("Saved as session {id}.", id=session.id))
