"""``concordia status``: the whole table at a glance, as lines of text and as JSON.

While the game runs, status adds each player's score so far, god by god: the final scoring
(``referee.concordia.scoring``, the code behind ``concordia score``) applied to the table as
it stands, which is how the rulebook's optional interim scoring counts every card. Every
card a player owns came from the open display, so it tells the table nothing it could not
count; which cards are in hand stays hidden. Once the game is over, the final score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.concordia.ui.render import NONE, card_name, goods_text
from referee.concordia.wording import plural, sestertii
from referee.i18n import translator
from referee.rulings import Term

if TYPE_CHECKING:
    from referee.concordia.engine import Game
    from referee.concordia.scoring import PlayerScore

_ = translator("concordia")
INTERIM = "concordia.interim.score"


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
        **score_json(game),
    }


def score_json(game: Game) -> dict[str, Any]:
    """``score_so_far`` while the game runs (``rule`` names the interim scoring), ``result``
    once it is over: each the table ``concordia score --json`` prints, the result with the
    shape every game shares beside it."""
    from referee.concordia.ui.score import sheet_json

    sheet, box = game.final_score(), game.board.box
    if game.pending() is not None:
        return {"score_so_far": {"rule": INTERIM, **sheet_json(sheet, box)}, "result": None}
    shared = game.outcome()
    assert shared is not None  # nothing is asked once the last turns are played
    return {"score_so_far": None,
            "result": {**sheet_json(sheet, box), "outcome": shared.to_json()}}


def score_lines(game: Game) -> list[str]:
    """Each player's score so far, god by god, under a heading that names the rule; none
    once the game is over (the final score sheet is shown then)."""
    from referee.concordia.rulebook import ref
    from referee.table.render import ruling_line

    if game.pending() is None:
        return []
    sheet = game.final_score()
    heading = _("Score so far:")
    lines = [ruling_line(heading, ref(INTERIM, confirmed=sheet.confirmed))]
    return lines + [_("{player}: {points} ({gods}).", player=p.name, points=p.total,
                      gods=", ".join(god_points(game, p))) for p in sheet.players]


def god_points(game: Game, player: PlayerScore) -> list[str]:
    """'Vesta 2', 'Jupiter 6' …: the six gods always, the Concordia card once held."""
    found = []
    for god, points in player.breakdown().items():
        if god == "concordia":
            if points:
                found.append(f"{_('Concordia card')} {points}")
            continue
        found.append(f"{_(game.board.box.god(god)['name'])} {points}")
    return found


def board_lines(game: Game, hand: str | None = None) -> list[str]:
    """The whole table at a glance, one fact per line."""
    from referee.concordia.deal import province_markers

    s, b = game.state, game.board
    names = [p.name for p in s.players]
    if game.pending() is None:
        lines = [_.plural("Concordia, {map}: the game is over after {n} turn.",
                          "Concordia, {map}: the game is over after {n} turns.", s.turns,
                          map=_(b.map.name))]
    else:
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
        lines.append(_("{player}: {money}; storehouse {goods} ({free}); colonists "
                       "{colonists}; houses {houses}; discard top {top}; {cards} in hand.",
                       player=p.name, money=sestertii(p.money), goods=goods_text(
                           {g: n for g, n in p.goods.items() if n}),
                       free=plural("{n} free cell", "{n} free cells",
                                   b.cells() - p.used_cells()), colonists=", ".join(colonists),
                       houses=", ".join(f"{_.term(Term(c))} ({_.term(Term(b.setup.cities[c]))})"
                                        for c in p.houses) or _(NONE),
                       top=card_name(game, top) if top else _(NONE),
                       cards=plural("{n} card", "{n} cards", len(p.hand))))
        if p.name == hand:
            lines.append(_("{player}'s hand: {cards}.", player=p.name,
                           cards=", ".join(card_name(game, k) for k in sorted(p.hand))))
    return lines + score_lines(game)
