"""What each Trajan command shows at the terminal."""

from __future__ import annotations

from referee.i18n import translator
from referee.rulings import Ruling
from referee.terminal.output import console
from referee.trajan import wheel as w
from referee.trajan.actions import Demands
from referee.trajan.quarter import QuarterEnd
from referee.trajan.scoring import FinalScore
from referee.trajan.sowing import TurnPlan
from referee.trajan.terms import term
from referee.trajan.ui import render

_ = translator("trajan")


def _category(category: str) -> str:
    if category.startswith("bonus:"):
        return _("bonus tile: {kind}", kind=_.term(term(category.split(":", 1)[1])))
    labels = {"track": _("VP on the track"), "construction_sets": _("building tile sets")}
    return labels.get(category) or _.term(term(category))


def final_score(result: FinalScore, explain: bool) -> None:
    categories: list[str] = []
    for p in result.players:
        categories += [c for c in p.breakdown if c not in categories]
    rows = [[_category(c), *(str(p.breakdown[c]) if c in p.breakdown else "–"
                             for p in result.players)] for c in categories]
    rows.append([_("Total"), *(str(p.total) for p in result.players)])
    rows.append([_("Place"), *(str(p.ranking) for p in result.players)])
    render.table(_("Final scoring"), ["", *(p.name for p in result.players)], rows)
    render.rulings(result.rulings)
    for p in result.players:
        shown = [line.ruling for line in p.lines if explain or not line.ruling.rule.confirmed]
        if shown:
            render.heading(p.name)
            render.rulings(shown)


def quarter_end(result: QuarterEnd) -> None:
    render.table(_("People's demands"), [_("Player"), _("Trajan tiles"), _("Forum tiles"),
                                         _("Demand wilds"), _("Unmet"), _("Penalty"),
                                         _("VP after")],
                 [[d.name, _count(d.trajan), _count(d.forum), str(d.wilds), str(d.unmet),
                   str(-d.penalty), "–" if d.vp_after is None else str(d.vp_after)]
                  for d in result.demands])
    for d in result.demands:
        render.rulings(d.rulings)
        if not d.chosen:  # the other legal ways, in the guided game's words
            for way in d.ways[1:]:
                console().print("  – " + render.describe(Demands.of(d.name, way.forum,
                                                                    way.wilds)), markup=False)
    render.table(_("Senate vote"), [_("Player"), _("Track"), _("Tiles"), _("Votes")],
                 [[v.name, str(v.track), str(v.tiles), str(v.total)] for v in result.votes])
    render.rulings(result.rulings[len(result.votes):])
    render.heading(_("Board refresh"))
    for n, step in enumerate(result.checklist, 1):
        console().print(f"{n}. {render.line(step)}", markup=False)


def _count(counts: dict[str, int]) -> str:
    return ", ".join(f"{_.term(term(k))} ×{n}" for k, n in counts.items()) or "–"


def plans(found: list[TurnPlan], reverse: bool) -> None:
    if reverse and not found:
        console().print(_("No tray reaches that action this turn."), markup=False)
    for plan in found:
        if reverse:
            render.heading(_.plural("From tray {tray} ({n} marker)",
                                    "From tray {tray} ({n} markers)",
                                    plan.sowing.steps, tray=w.ROMAN[plan.sowing.origin]))
        render.rulings(plan.rulings)
        after = plan.to_json()["trays_after"]
        console().print(_("Markers per tray afterwards: {trays}", trays="  ".join(
            f"{r}:{n}" for r, n in zip(w.ROMAN, after, strict=True))), markup=False)


def rulings_only(found: list[Ruling] | tuple[Ruling, ...]) -> None:
    render.rulings(found)


def neighbours(start: str, found: list[str]) -> None:
    console().print(_("From {place} the leader may move to: {places}", place=_.term(term(start)),
                      places=", ".join(_.term(term(p)) for p in found) or "–"), markup=False)


def cells(legal: list[str]) -> None:
    console().print(_("Your next worker may go to: {cells}", cells=", ".join(legal)),
                    markup=False)
