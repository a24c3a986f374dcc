"""Guided entry for final scoring and the quarter end.

Each form builds the same JSON document that ``--input`` reads, so both paths share one
validation; only what the answers make relevant is asked (no display cards without a
commodity bonus tile, for instance).
"""

from __future__ import annotations

from typing import Any

from referee.i18n import translator
from referee.terminal.prompter import Choice, Prompter
from referee.trajan import box, holdings
from referee.trajan.terms import term

_ = translator("trajan")


def _number(prompter: Prompter, message: str, default: int = 0,
            minimum: int | None = 0) -> int:
    def check(text: str) -> str | None:
        try:
            value = int(text)
        except ValueError:
            return _("Enter a whole number")
        return None if minimum is None or value >= minimum else _("Enter {n} or more", n=minimum)

    return int(prompter.text(message, default=str(default), validate=check))


def _name(prompter: Prompter, index: int, taken: list[str]) -> str:
    def check(text: str) -> str | None:
        from referee.names import name_problem

        if not text.strip():
            return _("A name is needed")
        return _("That name is taken") if text.strip() in taken else name_problem(text)

    return prompter.text(_("Name of player {n}", n=index + 1), validate=check).strip()


def _word(word: str) -> str:
    return _.term(term(word))


def _seats(prompter: Prompter, name: str, index: int) -> dict[str, int]:
    spaces = holdings.senate_spaces()
    position = prompter.select(_("{player}: senate space", player=name),
                               [Choice(_("start") if i == 0 else str(s), s)
                                for i, s in enumerate(spaces)], default=spaces[0])
    rank = _number(prompter, _("{player}: place in the stack on that space (1 = top)",
                               player=name), default=index + 1, minimum=1)
    return {"senate_position": position, "senate_stack_rank": rank}


def _player_count(prompter: Prompter) -> int:
    return prompter.select(_("How many players?"), [Choice(str(n), n) for n in (2, 3, 4)])


def score_doc(prompter: Prompter) -> dict[str, Any]:
    players: list[dict[str, Any]] = []
    taken: set[str] = set()
    for i in range(_player_count(prompter)):
        name = _name(prompter, i, [p["name"] for p in players])
        entry: dict[str, Any] = {"name": name, "vp": _number(
            prompter, _("{player}: VP on the track", player=name), minimum=None)}
        for item in box.value("scoring", "per_item"):
            entry[item] = _number(prompter, _("{player}: {item}", player=name, item=_word(item)))
        entry["construction_tiles"] = {
            kind: _number(prompter, _("{player}: {kind} building tiles", player=name,
                                      kind=_word(kind)))
            for kind in box.value("construction", "kinds")}
        entry["construction_wilds"] = _number(
            prompter, _("{player}: construction wild tiles", player=name))
        entry.update(_bonus(prompter, name, taken))
        entry.update(_seats(prompter, name, i))
        players.append(entry)
    return {"players": players}


def _bonus(prompter: Prompter, name: str, taken: set[str]) -> dict[str, Any]:
    free = [k for k in holdings.bonus_kinds() if k not in taken]
    kinds = prompter.checkbox(_("{player}: bonus tiles owned", player=name),
                              [Choice(_word(k), k) for k in free]) if free else []
    taken.update(kinds)
    tiles = [{"kind": k, "side": prompter.select(
        _("{player}: side of the {kind} tile", player=name, kind=_word(k)),
        [Choice(_word(s), s) for s in holdings.SIDES])} for k in kinds]
    found: dict[str, Any] = {"bonus_tiles": tiles}
    demands = [k for k in kinds if k in holdings.DEMANDS]
    if demands:
        found["forum_demand_tiles"] = {k: _number(prompter, _(
            "{player}: forum {icon} tiles", player=name, icon=_word(k))) for k in demands}
        found["demand_wilds"] = _number(prompter, _("{player}: demand wild tiles", player=name))
    if "workers" in kinds:
        found["workers_on_construction"] = _number(
            prompter, _("{player}: workers in the building area", player=name))
    if "legionaries" in kinds:
        found["legionaries_in_provinces"] = _number(
            prompter, _("{player}: legionaries in provinces", player=name))
    pairs = box.value("bonus_tiles", "commodity_pairs")
    goods = [c for k in kinds if k in pairs for c in pairs[k]]
    if goods:
        found["display_cards"] = {c: _number(prompter, _(
            "{player}: {commodity} cards on display", player=name, commodity=_word(c)))
            for c in goods}
        found["commodity_wilds"] = _number(
            prompter, _("{player}: unused commodity wild tiles", player=name))
    return found


def quarter_doc(prompter: Prompter) -> dict[str, Any]:
    count = _player_count(prompter)
    quarters = box.value("quarter", "quarters")
    doc: dict[str, Any] = {
        "quarter": prompter.select(_("Which quarter is ending?"),
                                   [Choice(str(q), q) for q in range(1, quarters + 1)]),
        "demands": [prompter.select(_("Demand tile {n} of 3", n=n),
                                    [Choice(_word(d), d) for d in holdings.DEMANDS])
                    for n in (1, 2, 3)],
    }
    bonus = prompter.checkbox(_("The 2 bonus tiles beside the senate track (skip if unsure)"),
                              [Choice(_word(k), k) for k in holdings.bonus_kinds()])
    if len(bonus) == 2:
        doc["bonus_tiles"] = bonus
    players: list[dict[str, Any]] = []
    for i in range(count):
        name = _name(prompter, i, [p["name"] for p in players])
        entry: dict[str, Any] = {"name": name}
        for key, label in (("forum_demand_tiles", _("{player}: forum {icon} tiles")),
                           ("trajan_demand_tiles", _("{player}: kept {icon} Trajan tiles"))):
            entry[key] = {d: _number(prompter, label.format(player=name, icon=_word(d)))
                          for d in holdings.DEMANDS}
        entry["demand_wilds"] = _number(prompter, _("{player}: demand wild tiles", player=name))
        entry.update(_seats(prompter, name, i))
        entry["senate_tiles"] = _vote_tiles(prompter, name)
        players.append(entry)
    doc["players"] = players
    return doc


def _vote_tiles(prompter: Prompter, name: str) -> list[int]:
    allowed = {str(v) for v in box.value("quarter", "senate_tile_votes")}

    def check(text: str) -> str | None:
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if all(p in allowed for p in parts):
            return None
        return _("Votes per tile: {choices}", choices=", ".join(sorted(allowed)))

    text = prompter.text(_("{player}: votes on each senate tile, e.g. 2,5 (empty if none)",
                           player=name), validate=check)
    return [int(p) for p in text.split(",") if p.strip()]


def first_consul_choice(prompter: Prompter, name: str, tiles: list[str]) -> str:
    return prompter.select(_("{player} is first consul: which bonus tile (gold side)?",
                             player=name), [Choice(_word(k), k) for k in tiles])


def demand_choice(prompter: Prompter, name: str, ways: list[Any]) -> Any:
    """One of ``ways`` (``quarter.Way``, the cheapest first), in the guided game's words."""
    from referee.trajan.actions import Demands
    from referee.trajan.ui.render import describe

    return prompter.select(_("{player}: which tiles do you hand in for the demands?",
                             player=name),
                           [Choice(describe(Demands.of(name, w.forum, w.wilds)), w)
                            for w in ways])
