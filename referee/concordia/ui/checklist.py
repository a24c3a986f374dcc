"""``concordia setup``: the checklist to lay out the box for a dealt game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.concordia.ui.rulings import unconfirmed_note
from referee.i18n import translator

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.deal import Deal

_ = translator("concordia")


def print_checklist(dealt: Deal, the_box: Box, session_id: str | None) -> None:
    from rich.table import Table

    from referee.terminal.output import console

    out = console()
    game_map = the_box.maps[dealt.map_id]

    def card(c) -> str:
        return f"{_(the_box.cards[c.card].name)} ({c.deck})"

    out.print(_("Concordia setup: {map}, {count} players, seed {seed}", map=_(game_map.name),
                count=len(dealt.seats), seed=dealt.seed), style="bold", markup=False)
    out.print("[ ] " + _("Lay out the {map} side of the board.", map=_(game_map.name)),
              markup=False)
    if dealt.unused_letters:
        out.print("[ ] " + _("City tokens with letter {letters} stay in the box.",
                             letters=", ".join(dealt.unused_letters)), markup=False)
    out.print("[ ] " + _("City tokens face up, and each province marker goods side up:"),
              markup=False)
    table = Table(_("Province"), _("Letter"), _("Cities"), _("Marker"))
    for province in game_map.provinces.values():
        goods = ", ".join(f"{_(c)}: {_(dealt.cities[c])}" for c in province.cities)
        table.add_row(_(province.name), province.letter, goods, _(dealt.markers[province.name]))
    out.print(table)
    if dealt.unused_decks:
        out.print("[ ] " + _("Unused decks go back in the box: {decks}.",
                             decks=", ".join(dealt.unused_decks)), markup=False)
    out.print("[ ] " + _("Display, slot 1 (left) to {slots}: {cards}", slots=len(dealt.display),
                         cards=", ".join(card(c) for c in dealt.display)), markup=False)
    out.print("[ ] " + _("Draw pile, top to bottom: {cards}",
                         cards=", ".join(card(c) for c in dealt.draw_pile)), markup=False)
    seats = Table(_("Seat"), _("Player"), _("Sestertii"), _("Storehouse"), _("In Roma"))
    for seat in dealt.seats:
        store = ", ".join(f"{_(g)} {n}" for g, n in seat.storehouse_goods.items())
        colonists = _("{land} land + {sea} sea colonists", **seat.storehouse_colonists)
        seats.add_row(str(seat.seat), seat.name, str(seat.money),
                      f"{colonists}; {store}",
                      _("{land} land + {sea} sea colonists", **seat.roma_colonists))
    out.print("[ ] " + _("Each player: 7 starting cards, 15 houses, a storehouse:"),
              markup=False)
    out.print(seats)
    holder = next(s.name for s in dealt.seats if s.praefectus_magnus)
    out.print("[ ] " + _("Praefectus Magnus to {name} (last seat, right of the start player).",
                         name=holder), markup=False)
    if session_id:
        out.print(_("Saved as session {id}; score later with --session {id}.", id=session_id),
                  markup=False)
    note = unconfirmed_note(dealt.rulings)
    if note:
        out.print(note, markup=False, style="dim")
