"""``concordia status``: the whole table at a glance, as lines of text and as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.concordia.ui.render import NONE, card_name, goods_text
from referee.i18n import translator
from referee.rulings import Term

if TYPE_CHECKING:
    from referee.concordia.engine import Game

_ = translator("concordia")


def status_json(game: Game) -> dict[str, Any]:
    s = game.state
    q = game.pending()
    names = [p.name for p in s.players]
    return {
        "game": "concordia", "map": game.setup.map_id, "turns": s.turns,
        "active": names[s.active],
        "pending": q.to_json() if q else None,
        "players": [{
            "name": p.name, "seat": p.seat, "sestertii": p.money,
            "storehouse": {g: n for g, n in p.goods.items() if n},
            "colonists_stored": dict(p.stored),
            "free_cells": game.board.cells() - p.used_cells(),
            "hand": sorted(p.hand), "discard_top": p.top(), "discard": list(p.discard),
            "colonists": [{"kind": k, "at": list(place)} for k, place in p.colonists],
            "houses": list(p.houses)} for p in s.players],
        "provinces": {prov: "goods" if up else "coins" for prov, up in s.goods_side.items()},
        "display": list(s.display), "draw_pile": s.pile_size(),
        "praefectus_magnus": names[s.magnus],
        "concordia": None if s.concordia is None else names[s.concordia],
        "over": game.pending() is None,
    }


def board_lines(game: Game, hand: str | None = None) -> list[str]:
    """The whole table at a glance, one fact per line."""
    from referee.concordia.deal import province_markers

    s, b = game.state, game.board
    names = [p.name for p in s.players]
    lines = [_("Concordia, {map}: turn {turn}; {player} to play.", map=_(b.map.name),
               turn=s.turns + 1, player=names[s.active])]
    if s.concordia is not None:
        lines.append(_("{player} holds the Concordia card (ended the game); turns left: "
                       "{left}.", player=names[s.concordia], left=s.last_turns))
    lines.append(_("Praefectus Magnus: {player}.", player=names[s.magnus]))
    display = [f"{i}. {card_name(game, k)}" for i, k in enumerate(s.display, 1)]
    lines.append(_("Market: {cards}; draw pile: {count}.", cards=" | ".join(display) or _(NONE),
                   count=s.pile_size()))
    markers = province_markers(b.box, b.map, b.setup.cities)
    lines.append(_("Provinces: {provinces}.", provinces=", ".join(
        f"{_.term(Term(prov))} {_.term(Term(markers[prov])) if up else '$'}"
        for prov, up in sorted(s.goods_side.items()))))
    for p in s.players:
        top = p.top()
        colonists = [f"{_.term(Term(k))} {'–'.join(_.term(Term(c)) for c in place)}"
                     for k, place in p.colonists]
        lines.append(_("{player}: {money} sestertii; storehouse {goods} ({free} free cells); "
                       "colonists {colonists}; houses {houses}; discard top {top}; {cards} "
                       "cards in hand.", player=p.name, money=p.money, goods=goods_text(
                           {g: n for g, n in p.goods.items() if n}),
                       free=b.cells() - p.used_cells(), colonists=", ".join(colonists),
                       houses=", ".join(f"{_.term(Term(c))} ({_.term(Term(b.setup.cities[c]))})"
                                        for c in p.houses) or _(NONE),
                       top=card_name(game, top) if top else _(NONE),
                       cards=len(p.hand)))
        if p.name == hand:
            lines.append(_("{player}'s hand: {cards}.", player=p.name,
                           cards=", ".join(card_name(game, k) for k in sorted(p.hand))))
    return lines
