"""The end: "Veni, vidi, vici", the round played out, qualifiers and points.

Qualification is checked again when the round ends (a lost temporary favor no longer
counts), unless the group chose the reading that the announcement itself qualifies (box
setting ``qualifier_drops``); either way the announcement ends the game (facts §11.10,
unconfirmed reading).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from referee.i18n import N_
from referee.rulings import Plural
from referee.tribune import checks, scoring
from referee.tribune.core import Core
from referee.tribune.rulebook import ref
from referee.tribune.victory import Holdings, check
from referee.values import Value

VARIANT_MARKERS = {2: 7, 3: 6, 4: 6, 5: 5}


class GameResult(Value):
    scores: tuple[scoring.Score, ...]
    winners: tuple[str, ...]
    qualifiers: tuple[str, ...]
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "qualifiers": list(self.qualifiers),
                "rounds": self.rounds, "scores": [s.to_json() for s in self.scores]}


def holdings(c: Core, seat: int) -> Holdings:
    p = c.player_at(seat)
    return Holdings(tribune=p.tile == "tribune", favor=p.eternal or c.s.temporary == seat,
                    laurels=p.laurels, legions=p.legions, denarii=p.money,
                    markers=len(p.markers))


def qualifies(c: Core, seat: int) -> bool:
    return bool(qualifying(c, (seat,)))


def qualifying(c: Core, seats: Iterable[int]) -> list[int]:
    """Those of ``seats`` whose holdings meet the victory card (or the variant's markers),
    in the order given. Asked after every entry for every player: the card's answer is
    kept by holdings (``Core.qualifying``), which repeat, and the players are gone through
    in one loop."""
    card, s = c.setup.victory, c.s
    players = s.players
    if card is None:
        need = VARIANT_MARKERS[len(players)]
        return [seat for seat in seats if len(players[seat].markers) >= need]
    known = c.qualifying
    if known is None:
        known = c.qualifying = _answers(json.dumps(card.to_json(), sort_keys=True),
                                        len(players))
    found = []
    for seat in seats:
        p = players[seat]
        held = (p.tile == "tribune", p.eternal or s.temporary == seat, p.laurels, p.legions,
                p.money, len(p.markers))  # Holdings' fields, in order
        meets = known.get(held)
        if meets is None:
            meets = known[held] = check(card, len(players), Holdings(*held)).qualifies
        if meets:
            found.append(seat)
    return found


@lru_cache(maxsize=8)
def _answers(card: str, players: int) -> dict[tuple[bool, bool, int, int, int, int], bool]:
    """Whether holdings meet the card (its JSON) with this many players, by holdings: one
    table for every game with that card and player count, as the answer depends on nothing
    else (a simulation plays hundreds of games with one card)."""
    return {}


def announce(c: Core) -> None:
    """After every entry: whoever now meets the victory card announces it."""
    s = c.s
    if s.phase > 6:
        return
    order = c.seat_order()
    new = qualifying(c, [seat for seat in order if seat not in s.announced]
                     if s.announced else order)
    if not new:
        return
    if not s.first:
        s.first = new[:1]
        if len(new) > 1:  # met in one step: turn order decides, which no rule says
            c.rule(ref("tribune.end.bonus", c.edition, reading=True),
                   N_("{players} meet the victory conditions in the same step: the bonus goes "
                      "to {player}, first in turn order"),
                   players=[c.name(x) for x in new], player=c.name(new[0]))
    s.announced.extend(new)
    for seat in new:
        if c.setup.victory is None:
            c.rule(c.ref("tribune.end.variant"),
                   N_("{player} holds {markers}: the game ends with this round"),
                   player=c.name(seat),
                   markers=Plural(len(c.player_at(seat).markers), "{n} faction marker",
                                  "{n} faction markers"))
        else:
            c.out.extend(checks.victory(c.setup.victory, len(s.players),
                                        holdings(c, seat), c.edition).rulings)
            c.rule(c.ref("tribune.end.announce", "victory_card"),
                   N_("{player}: \"Veni, vidi, vici\" — the game ends with this round"),
                   player=c.name(seat))


def finished(c: Core) -> bool:
    return bool(c.s.announced)


def result(c: Core) -> GameResult:
    s = c.s
    s.phase = 7
    variant = c.setup.victory is None
    bonus = not variant or c.settings["point_variant_bonus"]
    announced_counts = c.settings["qualifier_drops"] == "announcement"
    dropped = [seat for seat in s.announced if not variant and not qualifies(c, seat)]
    entries = []
    for seat, p in enumerate(s.players):
        entries.append({
            "name": p.name, "tribune": p.tile == "tribune", "scroll": p.tile == "scroll",
            "eternal_favor": p.eternal, "temporary_favor": s.temporary == seat,
            "legions": p.legions, "laurels": p.laurels, "faction_markers": len(p.markers),
            "denarii": p.money, "first_to_qualify": bonus and seat in s.first,
            "qualified": not variant and (qualifies(c, seat) or (
                announced_counts and seat in s.announced))})
    for seat in dropped:
        message = (N_("{player} no longer meets the victory card at the end of the round, "
                      "but the announcement still makes them a qualifier") if announced_counts
                   else N_("{player} announced but no longer meets the victory card at the "
                           "end of the round"))
        c.rule(c.ref("tribune.end.qualify", "qualifier_drops"), message, player=c.name(seat))
    ranked = scoring.rank(entries, c.edition)
    if variant and s.first and not bonus:
        c.rule(c.ref("tribune.end.bonus", "point_variant_bonus"),
               N_("No 2-point bonus in the point-value variant (the group's reading; the rules "
                  "do not say)"))
    if bonus and s.first:
        settings = ("point_variant_bonus",) if variant else ()
        message = (N_("2-point bonus for meeting the victory conditions first: {players}")
                   if c.edition == "ffg" else N_("2-point bonus for ending the game: {players}"))
        c.rule(c.ref("tribune.end.bonus", *settings), message,
               players=[c.name(x) for x in s.first])
    c.out.extend(scoring.explain(ranked))
    return GameResult(tuple(ranked), tuple(x.name for x in ranked if x.place == 1),
                      tuple(x.name for x in ranked if x.qualified), s.round)
