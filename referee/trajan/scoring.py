"""Final scoring: every category of the rulebook's table and the bonus tiles, then ranking."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import groupby
from typing import TYPE_CHECKING, Any

from referee.i18n import N_
from referee.outcome import Outcome, Standing
from referee.rulings import Plural, Ruling
from referee.trajan import box
from referee.trajan.holdings import DEMANDS, PlayerEnd, player_end
from referee.trajan.rulebook import ruling
from referee.trajan.sets import best_sets
from referee.trajan.terms import term
from referee.values import Value

if TYPE_CHECKING:  # a guided game's state: the calculator needs none of it
    from referee.trajan.state import GameState


class ScoreLine(Value):
    category: str
    points: int
    ruling: Ruling


class PlayerScore(Value):
    name: str
    total: int
    lines: tuple[ScoreLine, ...]
    ranking: int

    @property
    def breakdown(self) -> dict[str, int]:
        return {line.category: line.points for line in self.lines}

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "breakdown": self.breakdown,
                "ranking": self.ranking,
                "explanations": [dict(line.ruling.to_json(), category=line.category)
                                 for line in self.lines]}


class FinalScore(Value):
    players: tuple[PlayerScore, ...]  # best first
    rulings: tuple[Ruling, ...]  # how ties were broken

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players],
                "ranking": [p.name for p in self.players],
                "rulings": [r.to_json() for r in self.rulings]}


def score(players: list[PlayerEnd]) -> FinalScore:
    lines = {p.name: _lines(p) for p in players}
    totals = {name: sum(line.points for line in found) for name, found in lines.items()}
    order = sorted(players, key=lambda p: (-totals[p.name], -p.senate_position,
                                           p.senate_stack_rank))
    ranked = tuple(PlayerScore(p.name, totals[p.name], tuple(lines[p.name]), i + 1)
                   for i, p in enumerate(order))
    return FinalScore(ranked, tuple(_tie_rulings(order, totals)))


def _lines(p: PlayerEnd) -> list[ScoreLine]:
    found = [ScoreLine("track", p.vp, ruling("trajan.final.track",
                                              N_("{n} VP already on the track"), n=p.vp))]
    per_item = box.fact("scoring", "per_item")
    for item, each in per_item.value.items():
        n = getattr(p, item)
        found.append(ScoreLine(item, n * each, ruling(
            "trajan.final.items", N_("{n} × {item}, {each} VP each"), confirmed=per_item.confirmed,
            n=n, item=term(item), each=each)))
    found.append(_sets_line(p))
    wild_target = _commodity_wild_target(p)
    for tile in p.bonus_tiles:
        found.append(_bonus_line(p, tile.kind, tile.side, wild_target))
    return found


def _sets_line(p: PlayerEnd) -> ScoreLine:
    values = box.fact("scoring", "construction_sets")
    wilds = box.fact("scoring", "max_wilds_per_set")
    result = best_sets(p.construction_tiles, p.construction_wilds,
                       {int(k): v for k, v in values.value.items()}, wilds.value)
    by_size = {size: [term(k) for k, s in result.sets if s == size] or [term("none")]
               for size in (3, 4)}
    return ScoreLine("construction_sets", result.points, ruling(
        "trajan.final.sets", N_("Sets of 4: {four}; sets of 3: {three}; {used}"),
        confirmed=values.confirmed and result.disputed == 0, four=by_size[4], three=by_size[3],
        wilds=result.wilds_used, used=Plural(result.wilds_used, "{n} construction wild used",
                                             "{n} construction wilds used")))


def _commodity_wild_target(p: PlayerEnd) -> str | None:
    """Unused commodity wilds all join the commodity tile paying most per card."""
    per_card = box.value("bonus_tiles", "values")["commodity"]
    pairs = box.value("bonus_tiles", "commodity_pairs")
    owned = [t for t in p.bonus_tiles if t.kind in pairs]
    if not owned or not p.commodity_wilds:
        return None
    return max(owned, key=lambda t: per_card[t.side]).kind


def _bonus_line(p: PlayerEnd, kind: str, side: str, wild_target: str | None) -> ScoreLine:
    values = box.fact("bonus_tiles", "values")
    pairs = box.fact("bonus_tiles", "commodity_pairs")
    category = f"bonus:{kind}"
    if kind in DEMANDS:
        return _demand_line(p, kind, side, values.value["demand"][side], values.confirmed)
    if kind in pairs.value:
        cards = sum(p.display_cards.get(c, 0) for c in pairs.value[kind])
        wilds = p.commodity_wilds if kind == wild_target else 0
        each = values.value["commodity"][side]
        return ScoreLine(category, (cards + wilds) * each, ruling(
            "trajan.bonus.commodity", N_("{side} {kind}: {cards} and {wild_tiles}, {each} VP "
                                         "each"),
            confirmed=values.confirmed and pairs.confirmed, side=term(side), kind=term(kind),
            n=cards,
            wilds=wilds, each=each, cards=Plural(cards, "{n} display card", "{n} display cards"),
            wild_tiles=Plural(wilds, "{n} commodity wild", "{n} commodity wilds")))
    counted = {"workers": p.workers_on_construction,
               "legionaries": p.legionaries_in_provinces,
               "bonus_tiles": sum(t.side == "gold" for t in p.bonus_tiles)}[kind]
    each = Fraction(str(values.value[kind][side]))
    message = (N_("{side} {kind}: {n} counted, {each} VP each") if each.denominator == 1 else
               N_("{side} {kind}: {n} counted, {each} VP each, rounded up"))
    return ScoreLine(category, math.ceil(counted * each), ruling(
        f"trajan.bonus.{kind}", message, confirmed=values.confirmed, side=term(side),
        kind=term(kind),
        n=counted, each=str(each)))


def _demand_line(p: PlayerEnd, icon: str, side: str, flat: int, confirmed: bool) -> ScoreLine:
    tiles = p.forum_demand_tiles.get(icon, 0)
    params = {"side": term(side), "icon": term(icon), "n": tiles}
    if tiles:
        return ScoreLine(f"bonus:{icon}", flat, ruling(
            "trajan.bonus.demand", N_("{side} {icon}: forum {icon} tiles owned: {n}; {points} VP"),
            confirmed=confirmed, points=flat, **params))
    if not p.demand_wilds:
        return ScoreLine(f"bonus:{icon}", 0, ruling(
            "trajan.bonus.demand", N_("{side} {icon}: no forum {icon} tile; 0 VP"),
            confirmed=confirmed, **params))
    # Whether a demand wild stands in for the icon is an open question: say which way we read it.
    wild = box.fact("bonus_tiles", "demand_wild_counts")
    points = flat if wild.value else 0
    message = (N_("{side} {icon}: no forum {icon} tile, a demand wild counts instead; {points} VP")
               if wild.value else
               N_("{side} {icon}: no forum {icon} tile, and a demand wild does not count; 0 VP"))
    return ScoreLine(f"bonus:{icon}", points, ruling(
        "trajan.bonus.demand", message, confirmed=confirmed and wild.confirmed, points=points,
        **params))


def _tie_rulings(order: list[PlayerEnd], totals: dict[str, int]) -> list[Ruling]:
    found = []
    for total, group in groupby(order, key=lambda p: totals[p.name]):
        tied = list(group)
        if len(tied) < 2:
            continue
        by_space = len({p.senate_position for p in tied}) == len(tied)
        found.append(ruling(
            "trajan.final.winner", N_("Tie on {total} VP; the senate decides ({how}): {order}"),
            confirmed=by_space, total=total, order=[p.name for p in tied],
            how=term("senate space" if by_space else "senate space, then higher in the stack")))
    return found


def outcome(final: FinalScore, players: list[PlayerEnd], edition: str) -> Outcome:
    """The final score in the one result shape every game shares (``referee.outcome``).
    ``players`` are in seat order; the senate standing that breaks ties is in the details."""
    seat = {p.name: i for i, p in enumerate(players, 1)}
    senate = {p.name: {"senate_position": p.senate_position,
                       "senate_stack_rank": p.senate_stack_rank} for p in players}
    standings = []
    for p in final.players:
        breakdown: dict[str, int] = {}
        for line in p.lines:
            breakdown[line.category] = breakdown.get(line.category, 0) + line.points
        standings.append(Standing(p.name, seat[p.name], p.total, p.ranking, breakdown,
                                  senate[p.name]))
    rulings = tuple(line.ruling for p in final.players for line in p.lines) + final.rulings
    return Outcome("trajan", edition, tuple(standings),
                   tie_break="trajan.final.winner" if final.rulings else None, rulings=rulings)


def final_score_of(s: GameState) -> FinalScore:
    """The final score of a guided game's end state: the code ``trajan score`` runs."""
    return score([player_end(s, p) for p in s.players])


def outcome_of(s: GameState, edition: str) -> Outcome:
    """The result as ``trajan score`` builds it (players in seat order)."""
    ends = [player_end(s, p) for p in s.players]
    return outcome(score(ends), ends, edition)
