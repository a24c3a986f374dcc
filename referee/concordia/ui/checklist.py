"""``concordia setup`` and a dealt ``new``: the checklist to lay out the box.

The checklist comes in parts (the board, the market, the players), each short enough for a
40-line screen at 80 columns. A guided ``new`` shows one part at a time and waits for the
table to say it is laid out (``pause``); printed for a file or a pipe, the parts follow
one another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.concordia.ui.rulings import unconfirmed_note
from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.deal import Deal

_ = translator("concordia")


def parts(dealt: Deal, the_box: Box) -> list[list[str]]:
    """The checklist's parts, each a list of lines ("[ ] …" for what the table does)."""
    game_map = the_box.maps[dealt.map_id]

    def card(c) -> str:
        return f"{_(the_box.cards[c.card].name)} ({c.deck})"

    board = ["[ ] " + _("Lay out the {map} side of the board.", map=_(game_map.name))]
    if dealt.unused_letters:
        board.append("[ ] " + _("City tokens with letter {letters} stay in the box.",
                                letters=", ".join(dealt.unused_letters)))
    board.append("[ ] " + _("City tokens face up, and each province marker goods side up:"))
    for province in game_map.provinces.values():
        goods = ", ".join(f"{_(c)} {_(dealt.cities[c])}" for c in province.cities)
        board.append("    " + _("{province} ({letter}): {cities}; marker {good}",
                                province=_(province.name), letter=province.letter,
                                cities=goods, good=_(dealt.markers[province.name])))
    market = []
    if dealt.unused_decks:
        market.append("[ ] " + _("Unused decks go back in the box: {decks}.",
                                 decks=", ".join(dealt.unused_decks)))
    market.append("[ ] " + _("Display, slot 1 (left) to {slots}: {cards}",
                             slots=len(dealt.display),
                             cards=", ".join(card(c) for c in dealt.display)))
    market.append("[ ] " + _("Draw pile, top to bottom: {cards}",
                             cards=", ".join(card(c) for c in dealt.draw_pile)))
    seats = ["[ ] " + _("Each player: 7 starting cards, 15 houses, a storehouse:")]
    for seat in dealt.seats:
        store = ", ".join(f"{_(g)} {n}" for g, n in seat.storehouse_goods.items())
        seats.append("    " + _("{seat}. {player}: {money} sestertii; storehouse {colonists}; "
                                "{goods}; in Roma {roma}", seat=seat.seat, player=seat.name,
                                money=seat.money,
                                colonists=_("{land} land + {sea} sea colonists",
                                            **seat.storehouse_colonists),
                                goods=store, roma=_("{land} land + {sea} sea colonists",
                                                    **seat.roma_colonists)))
    holder = next(s.name for s in dealt.seats if s.praefectus_magnus)
    seats.append("[ ] " + _("Praefectus Magnus to {name} (last seat, right of the start "
                            "player).", name=holder))
    note = unconfirmed_note(dealt.rulings)
    if note:
        seats.append(note)
    return [board, market, seats]


def print_checklist(dealt: Deal, the_box: Box, session_id: str | None,
                    pause: Callable[[], None] | None = None) -> None:
    """The checklist; ``pause`` (a guided ``new`` at a terminal) runs after each part but the
    last, so the table lays out one part before it reads the next."""
    from referee.table.guide import tell

    tell(_("Concordia setup: {map}, {count} players, seed {seed}",
           map=_(the_box.maps[dealt.map_id].name), count=len(dealt.seats), seed=dealt.seed),
         "bold")
    found = parts(dealt, the_box)
    for n, part in enumerate(found):
        for line in part:
            tell(line)
        if pause is not None and n < len(found) - 1:
            pause()
    if session_id:
        tell(_("Saved as session {id}; score later with --session {id}.", id=session_id))
