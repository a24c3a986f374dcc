"""``referee concordia setup``: deal a game and print the checklist to lay out the box."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from msgspec.structs import asdict

from referee.concordia.cli.common import (
    JSON_HELP,
    _,
    app,
    board_side,
    rulings_json,
    unconfirmed_note,
)

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.setup import Setup


@app.command(help=_("Deal city tokens, province markers and the card market; money, storehouse "
                    "and Praefectus Magnus by seat. Saved so scoring knows each city's good."))
def setup(
    map_name: str = typer.Option(..., "--map", help=_("Board side: imperium or italia.")),
    players: int = typer.Option(..., "--players", min=2, max=5, help=_("Number of players.")),
    seed: int | None = typer.Option(None, "--seed", help=_("Seed for the shuffles (the same "
                                                              "seed deals the same game).")),
    names: list[str] = typer.Option([], "--name", help=_("Player names in clockwise order "
                                                         "(repeatable).")),
    start_player: str | None = typer.Option(None, "--start-player", help=_(
        "Start player (default: drawn at random).")),
    no_save: bool = typer.Option(False, "--no-save", help=_("Do not save a session.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    import secrets  # here: it brings random, hmac and base64, which other commands need not

    from referee.concordia.setup import deal
    from referee.errors import InputError
    from referee.i18n import N_

    the_box, game_map = board_side(map_name)
    if names and len(names) != players:
        raise InputError(N_("{count} names for {players} players."), domain="concordia",
                         count=len(names), players=players)
    names = names or [_("Player {n}", n=n) for n in range(1, players + 1)]
    dealt = deal(the_box, game_map.id, names, secrets.randbelow(10**6) if seed is None else seed,
                 start_player)
    session_id = None if no_save else _save(dealt)
    if as_json:
        from referee.terminal.output import print_json

        print_json({**dealt.payload(), "session": session_id,
                    "seats": [asdict(s) for s in dealt.seats],
                    "display": [asdict(c) for c in dealt.display],
                    "draw_pile": [asdict(c) for c in dealt.draw_pile],
                    "unused_decks": list(dealt.unused_decks),
                    "rulings": rulings_json(dealt.rulings)})
        return
    print_checklist(dealt, the_box, session_id)


def _save(dealt: Setup) -> str:
    from referee.cli.settings import settings
    from referee.store import EventDraft, Header, SessionStore

    names = [s.name for s in dealt.seats]
    header = Header.new(game="concordia", edition="base", players=names, start_player=names[0],
                        options={"map": dealt.map_id, "seed": dealt.seed})
    setup = EventDraft(type="setup", payload=dealt.payload(), actor="referee", source="derived")
    with SessionStore(settings().sessions_dir).create(header, [setup]) as session:
        return session.id


def print_checklist(dealt: Setup, the_box: Box, session_id: str | None) -> None:
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
