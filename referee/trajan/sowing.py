"""One turn's sowing explained: target tray and action, time, and the Trajan tile check."""

from __future__ import annotations

from typing import Any

from referee.data import Fact
from referee.i18n import N_
from referee.rulings import Plural, Ruling
from referee.trajan import box
from referee.trajan import wheel as w
from referee.trajan.pieces import TrajanTile
from referee.trajan.rulebook import bad_input, ruling
from referee.trajan.terms import read_colours, term, word_id
from referee.trajan.time_track import TimeMove, move
from referee.values import Value


class TurnPlan(Value):
    before: w.Wheel
    sowing: w.Sowing
    action: str
    time: TimeMove | None
    tile: TrajanTile | None
    check: w.TileCheck | None
    rulings: tuple[Ruling, ...]

    def to_json(self) -> dict[str, Any]:
        order = w.order_for(self.sowing, self.check.drop) if self.check else None
        return {
            "from": w.ROMAN[self.sowing.origin],
            "markers": self.sowing.steps,
            "drops": [w.ROMAN[t] for t in self.sowing.drops],
            "target": w.ROMAN[self.sowing.target],
            "action": self.action,
            "trays_after": list(w.after(self.before, self.sowing, order).counts),
            "time_steps": self.sowing.steps,
            "round_ends": None if self.time is None else self.time.rounds_ended > 0,
            "time_after": None if self.time is None else self.time.end,
            "trajan_tile": None if self.check is None or self.tile is None else {
                "needs": list(self.check.needed), "possible": self.check.possible,
                "drop": list(self.check.drop), "missing": list(self.check.missing),
                "kind": self.tile.kind},
            "rulings": [r.to_json() for r in self.rulings],
        }


def parse_tile(text: str) -> tuple[int, TrajanTile]:
    """``IV=yo`` or ``IV=yo:worker1``: the tile beside tray IV needs yellow and orange."""
    tray_text, _, spec = text.partition("=")
    colours_text, _, kind = spec.partition(":")
    colours = read_colours(colours_text)
    if len(colours) != 2:
        raise bad_input(N_("{text!r}: a Trajan tile shows exactly 2 colours"), text=text)
    kinds = box.value("wheel", "trajan_tiles")
    kind = word_id(kind.strip(), kinds) if kind else kind
    if kind and kind not in kinds:
        raise bad_input(N_("Unknown Trajan tile kind {kind!r}; choose from {choices}"),
                        kind=kind, choices=", ".join(kinds))
    return w.parse_tray(tray_text), TrajanTile(kind or None, (colours[0], colours[1]))


def plan(wheel: w.Wheel, origin: int, tiles: dict[int, TrajanTile],
         start: int | None = None, lap: Fact | None = None) -> TurnPlan:
    sowing = w.sow(wheel, origin)
    actions = box.fact("wheel", "tray_actions")
    action = actions.value[sowing.target]
    rulings = [
        ruling("trajan.turn.sow", N_("Take the {markers} from tray {tray} and drop one into "
                                     "each of trays {drops}, in that order"),
               n=sowing.steps, markers=Plural(sowing.steps, "{n} marker", "{n} markers"),
               tray=w.ROMAN[origin], drops=[w.ROMAN[t] for t in sowing.drops]),
        ruling("trajan.turn.tray_action", N_("The last marker lands in tray {tray}: {action}"),
               confirmed=actions.confirmed, tray=w.ROMAN[sowing.target], action=term(action)),
    ]
    if wheel.colours_known:
        staying = () if sowing.target == origin else wheel.trays[sowing.target]
        rulings.append(ruling(
            "trajan.turn.sow", N_("Tray {tray} keeps {staying} and gets {k} of the picked-up "
                                  "markers ({picked}); you choose the colours"),
            tray=w.ROMAN[sowing.target], staying=[term(c) for c in staying] or [term("none")],
            k=sowing.into_target, picked=[term(c) for c in sowing.picked]))
    time = None
    if start is not None and lap is not None:
        time = move(start, sowing.steps, lap)
        rulings += time_rulings(time)
    tile = tiles.get(sowing.target)
    check = None
    if tile is not None:
        if not wheel.colours_known:
            raise bad_input(N_("Give the colours in every tray (e.g. yo,gw,...) to check a "
                               "Trajan tile"))
        check = w.check_tile(wheel, sowing, tile.colours)
        rulings.append(_tile_ruling(sowing, tile, check))
    return TurnPlan(wheel, sowing, action, time, tile, check, tuple(rulings))


def options(wheel: w.Wheel, target: int, tiles: dict[int, TrajanTile],
            start: int | None = None, lap: Fact | None = None) -> list[TurnPlan]:
    """Every sowing this turn that ends in ``target``, each explained like ``plan``."""
    return [plan(wheel, s.origin, tiles, start, lap) for s in w.reaching(wheel, target)]


def time_rulings(time: TimeMove) -> list[Ruling]:
    found = [ruling("trajan.time.move", N_("The time marker moves {spaces}"), n=time.steps,
                    spaces=Plural(time.steps, "{n} space", "{n} spaces"))]
    if time.rounds_ended:
        found.append(ruling("trajan.time.round_end",
                            N_("It reaches or passes the start space: the round ends after "
                               "this turn"), confirmed=time.lap.confirmed))
    else:
        left = time.lap.value - time.start - time.steps
        found.append(ruling("trajan.time.round_end",
                            N_("It stops short of the start space; {rest}"),
                            confirmed=time.lap.confirmed,
                            left=left, rest=Plural(left, "{n} more space ends the round",
                                                   "{n} more spaces end the round")))
    if time.rounds_capped:
        found.append(ruling("trajan.time.round_end",
                            N_("It passes the start {n} times, but only one round ends per turn"),
                            confirmed=False, n=time.passes))
    return found


def _tile_ruling(sowing: w.Sowing, tile: TrajanTile, check: w.TileCheck) -> Ruling:
    tray = w.ROMAN[sowing.target]
    needs = [term(c) for c in tile.colours]
    if not check.possible:
        if check.missing:
            return ruling("trajan.turn.trajan_tile",
                          N_("The Trajan tile at tray {tray} needs {needs}; missing from both the "
                             "tray and the picked-up markers: {missing}"),
                          tray=tray, needs=needs, missing=[term(c) for c in check.missing])
        return ruling("trajan.turn.trajan_tile",
                      N_("The Trajan tile at tray {tray} needs {needs}; the tray lacks both and "
                         "only one marker lands there"), tray=tray, needs=needs)
    drop = [term(c) for c in check.drop] or [term("any")]
    if tile.kind is None:
        return ruling("trajan.turn.trajan_tile",
                      N_("Trajan tile at tray {tray} completed ({needs}); drop there: {drop}"),
                      tray=tray, needs=needs, drop=drop)
    kind = box.fact("wheel", "trajan_tiles")
    return ruling("trajan.turn.trajan_tile",
                  N_("Trajan tile at tray {tray} completed ({needs}); drop there: {drop}; "
                     "it scores {vp} VP ({kind})"), confirmed=kind.confirmed, tray=tray,
                     needs=needs,
                  drop=drop, vp=kind.value[tile.kind]["vp"], kind=term(tile.kind))
