"""Trajan on the board page: the table's view of a game (``public``) and its drawing
(``draw``): each player's wheel of six trays as on the mat (markers, the Trajan tile beside
each tray, the arch), the time track, and the board's areas."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from referee.board.html import Painter, esc, join, tag, text
from referee.i18n import translator

_ = translator("core")
tr = translator("trajan")
COLOURS = ("yellow", "orange", "green", "white", "pink", "blue")


def word(key: str) -> str:
    from referee.trajan.ui.render import word as trajan_word

    return trajan_word(key)


def counts(found: Counter[str] | dict[str, int]) -> str:
    return ", ".join(f"{word(k)} ×{n}" for k, n in sorted(found.items()) if n) or "—"


def public(game: Any) -> dict[str, Any]:
    """Hands are counts; the bag, the stacks and the deck are numbers (what is drawn next
    is nobody's to see, and the referee's seed is not shown)."""
    from referee.trajan import construction as building
    from referee.trajan.holdings import senate_spaces
    from referee.trajan.wheel import ROMAN

    s, b = game.state, game.state.board
    spaces = senate_spaces()
    columns, rows = building.grid()
    players = []
    for p in s.players:
        players.append({
            "name": p.name, "vp": p.vp,
            "trays": [{"roman": ROMAN[i], "action": word(action), "markers": list(tray),
                       "tile": _tile(tile)} for i, (action, tray, tile) in
                      enumerate(zip(_actions(), p.trays, p.cells, strict=True))],
            "arch": p.arch, "hand": sum(p.hand.values()), "display": counts(p.display),
            "tiles": counts(p.tiles), "supply": p.supply, "workers_camp": p.workers_camp,
            "legion_camp": p.legion_camp, "workers": len(p.workers),
            "leader": word(p.leader), "legionaries": [word(x) for x in sorted(p.legions)],
            "building": counts(p.building), "kept": counts(p.kept),
            "bonus": [f"{word(kind)} ({word(side)})" for kind, side in p.bonus],
            "senate": spaces[p.senate], "plus2": [word(a) for a in sorted(p.plus2)]})
    names = {p.name for p in s.players}
    return {
        "game": "trajan", "edition": _edition(), "quarter": b.quarter, "round": b.round,
        "heading": _("Quarter {quarter}, round {round}", quarter=b.quarter, round=b.round),
        "time": b.time, "lap": b.lap,
        "demands": [word(d) for d in b.demands_up], "bonus_up": [word(t) for t in b.bonus_up],
        "bag": sum(b.bonus_bag.values()), "deck": sum(b.deck.values()),
        "piles": [{"top": word(pile[-1]) if pile else None, "count": len(pile)}
                  for pile in b.piles],
        "forum": counts(b.forum),
        "stacks": [{"name": word(stack), "top": _tile(tile)} for stack, tile in b.tops.items()],
        "provinces": [{"name": word(name), "tile": word(tile) if tile else None,
                       "legionaries": [p.name for p in s.players if name in p.legions],
                       "leaders": [p.name for p in s.players if p.leader == name]}
                      for name, tile in b.provinces.items()],
        "camp_leaders": [p.name for p in s.players if p.leader not in b.provinces],
        "cells": [[_cell(b, s.players, (x, y)) for x in range(columns)] for y in range(rows)],
        "senate": [{"votes": spaces[i], "stack": [n for n in stack if n in names]}
                   for i, stack in enumerate(b.senate)],
        "players": players, "final": _final(game),
    }


def _actions() -> list[str]:
    from referee.trajan.rules.turn import ACTIONS

    return list(ACTIONS)


def _edition() -> str:
    from referee.trajan import EDITIONS

    return " · ".join(tr(name) for name in EDITIONS.values())


def _tile(tile: Any) -> dict[str, Any] | None:
    """A Trajan tile: its kind and the two colours that complete it."""
    if tile is None:
        return None
    return {"kind": word(tile.kind) if tile.kind else "", "colours": list(tile.colours)}


def _cell(board: Any, players: Any, cell: tuple[int, int]) -> dict[str, Any]:
    from referee.trajan import construction as building

    tile = board.cells.get(cell)
    return {"name": building.name(cell),
            "tile": None if tile is None else f"{word(tile[0])} {tile[1]}",
            "workers": [p.name for p in players for c in p.workers if c == cell]}


def _final(game: Any) -> dict[str, Any] | None:
    """Each category's points and the ruling that counted them, best player first."""
    from referee.trajan.ui.table import TRAJAN

    result = game.final_score()
    if result is None:
        return None

    def label(category: str) -> str:
        if category.startswith("bonus:"):
            return _("bonus tile: {kind}", kind=word(category.split(":", 1)[1]))
        own = {"track": _("VP on the track"), "construction_sets": _("building tile sets")}
        return own.get(category) or word(category)

    return {"players": [{"name": p.name, "place": p.ranking, "total": p.total,
                         "lines": [{"label": label(line.category), "points": line.points,
                                    "why": TRAJAN.ruling_text(line.ruling)}
                                   for line in p.lines]} for p in result.players],
            "notes": [TRAJAN.ruling_text(r) for r in result.rulings]}


# ---------------------------------------------------------------------------- drawing

SIZE = 320
CENTRE = SIZE / 2


def _at(index: int, radius: float) -> tuple[float, float]:
    """Tray ``index`` (0 = I, at the top, then clockwise) seen from the centre."""
    angle = math.radians(-90 + 60 * index)
    return CENTRE + radius * math.cos(angle), CENTRE + radius * math.sin(angle)


def _colour_class(colour: str) -> str:
    return f"m-{colour}" if colour in COLOURS else "m-unknown"


def wheel(p: dict[str, Any]) -> str:
    """The mat's wheel: six trays around the centre, each with its markers, its action,
    and the Trajan tile beside it (the arch marks where the next tile goes)."""
    vp = _("{n} VP", n=p["vp"])
    parts = [f'<circle cx="{CENTRE}" cy="{CENTRE}" r="30" class="tray"/>',
             f'<text x="{CENTRE}" y="{CENTRE + 4}" class="roman">{esc(vp)}</text>']
    for i, tray in enumerate(p["trays"]):
        x, y = _at(i, 92)
        arch = " arch" if p["arch"] == i else ""
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="38" class="tray{arch}">'
                     f"<title>{esc(tray['roman'])} {esc(tray['action'])}</title></circle>")
        parts.append(f'<text x="{x:.1f}" y="{y - 23:.1f}" class="roman">'
                     f"{esc(tray['roman'])}</text>")
        fit = ' textLength="64" lengthAdjust="spacingAndGlyphs"' if len(tray["action"]) > 10 \
            else ""
        parts.append(f'<text x="{x:.1f}" y="{y - 11:.1f}"{fit}>{esc(tray["action"])}</text>')
        for n, colour in enumerate(tray["markers"][:16]):
            mx = x - 18 + 12 * (n % 4)
            my = y + 2 + 11 * (n // 4)
            parts.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="5" '
                         f'class="m {_colour_class(colour)}"><title>{esc(word(colour))}'
                         "</title></circle>")
        tx, ty = _at(i, 143)
        tile = tray["tile"]
        if tile is not None:
            parts.append(f'<rect x="{tx - 15:.1f}" y="{ty - 8:.1f}" width="30" height="16" '
                         f'rx="3" class="tile"><title>{esc(tile["kind"])}</title></rect>')
            for k, colour in enumerate(tile["colours"][:2]):
                parts.append(f'<circle cx="{tx - 6 + 12 * k:.1f}" cy="{ty:.1f}" r="5" '
                             f'class="m {_colour_class(colour)}"/>')
        elif arch:
            parts.append(f'<rect x="{tx - 15:.1f}" y="{ty - 8:.1f}" width="30" height="16" '
                         'rx="3" class="tile" stroke-dasharray="3 2" fill="none"/>')
    label = esc(_("Action wheel of {player}", player=p["name"]))
    return (f'<svg class="wheel" viewBox="0 0 {SIZE} {SIZE}" role="img" aria-label="{label}">'
            + join(parts) + "</svg>")


def draw(view: dict[str, Any], paint: Painter) -> str:
    return join([_players(view, paint), _board(view, paint)])


def _players(view: dict[str, Any], paint: Painter) -> str:
    cards = []
    for p in view["players"]:
        facts = [(_("VP"), p["vp"]), (_("Cards in hand"), p["hand"]),
                 (_("Cards played"), p["display"]), (_("Tiles"), p["tiles"]),
                 (_("Workers' camp"), p["workers_camp"]),
                 (_("Military camp"), p["legion_camp"]), (_("Supply"), p["supply"]),
                 (_("Workers on the building area"), p["workers"]),
                 (_("Leader"), p["leader"]),
                 (_("Legionaries"), ", ".join(p["legionaries"]) or "—"),
                 (_("Building tiles"), p["building"]),
                 (_("Trajan tiles kept"), p["kept"]),
                 (_("Bonus tiles"), ", ".join(p["bonus"]) or "—"),
                 (_("Senate"), p["senate"])]
        if p["plus2"]:
            facts.append((_("+2 on"), ", ".join(p["plus2"])))
        cards.append(tag("article", join([
            tag("h3", paint.chip(p["name"])), wheel(p),
            tag("dl", join(text("dt", k) + text("dd", v) for k, v in facts), "facts")]),
            "player", data_player=p["name"]))
    return tag("section", text("h2", _("Players and their wheels"))
               + tag("div", join(cards), "players"), "panel board trajan")


def _board(view: dict[str, Any], paint: Painter) -> str:
    track = join(text("span", i, "now" if i == view["time"] else "")
                 for i in range(view["lap"]))
    piles = ", ".join(_("pile {n}: {top} ({count})", n=n, top=p["top"] or "—",
                        count=p["count"]) for n, p in enumerate(view["piles"], 1))
    provinces = join(tag("li", esc(p["name"]) + ": " + esc(p["tile"] or "—") + " "
                         + join(paint.dot(n) for n in p["legionaries"])
                         + join(paint.chip(n) for n in p["leaders"]))
                     for p in view["provinces"])
    stacks = join(tag("li", esc(s["name"]) + ": " + (
        esc(s["top"]["kind"] + " (" + ", ".join(word(c) for c in s["top"]["colours"]) + ")")
        if s["top"] else "—")) for s in view["stacks"])
    senate = join(tag("li", text("b", s["votes"]) + " " + join(paint.dot(n) for n in
                                                               s["stack"]))
                  for s in view["senate"] if s["stack"])
    cells = join(tag("span", esc(c["name"]) + "<br>" + esc(c["tile"] or "")
                     + join(paint.dot(n) for n in c["workers"]))
                 for row in view["cells"] for c in row)
    areas = [
        (_("Time track"), tag("div", track, "track")
         + text("p", _("{time} of {lap}", time=view["time"], lap=view["lap"]))),
        (_("Senate"), tag("ul", senate) if senate else text("p", "—")),
        (_("Forum"), text("p", view["forum"])),
        (_("Trajan stacks"), tag("ul", stacks)),
        (_("Military: provinces"), tag("ul", provinces)
         + (text("p", _("In the military camp:")) + paint.names(view["camp_leaders"])
            if view["camp_leaders"] else "")),
        (_("Construction"), tag("div", cells, "cells")),
        (_("People's demands"), text("p", ", ".join(view["demands"]) or "—")),
        (_("Bonus tiles beside the senate"), text("p", ", ".join(view["bonus_up"]) or "—")
         + text("p", _("{n} in the bag", n=view["bag"]))),
        (_("Commodity cards"), text("p", _("deck: {n}", n=view["deck"]) + "; " + piles)),
    ]
    return tag("section", text("h2", _("The board")) + tag("div", join(
        tag("div", text("h3", name) + body, "area") for name, body in areas), "areas"),
        "panel")
