"""``concordia new`` at a terminal: the questions its flags leave open, through the
conversation kit (``undo`` goes back a question, ``quit`` stops before anything is saved).

Players and their colours, the board side, the start player, then the board itself: dealt
here (the table lays it out from the checklist) or typed in as the table laid it out, a
province at a time and then the display; what is typed is read by the same
``Setup.from_json`` as ``new --setup``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.concordia.rulebook import bad_input
from referee.concordia.ui.questions import good_named
from referee.game.question import Form
from referee.i18n import N_, translator
from referee.table.kit import Ask, Option, Talk, names_of
from referee.values import Value

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.terminal.prompter import Prompter

_ = translator("concordia")

COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
           "yellow": N_("yellow"), "black": N_("black")}
DRAW, DEAL, TYPE, NO_COLOUR = "·draw", "·deal", "·type", "·none"


class Plan(Value):
    """What the table answered: seats, colours, the board side, the start player (None:
    drawn by the deal) and, for a board typed in, the setup JSON (``new --setup``'s)."""

    names: tuple[str, ...]
    colours: dict[str, str | None]
    map_id: str
    start: str | None
    layout: dict[str, Any] | None = None


def ask_new(prompter: Prompter, box: Box, names: Sequence[str], colours: dict[str, str | None],
            map_id: str | None, start: str | None, board: bool = True) -> Plan:
    """The answers to the questions the flags left open (``board``: whether the board is
    still to be dealt or typed in, not given with ``--setup``)."""
    from referee.table.guide import before_game

    plan: Plan = before_game(prompter, lambda: interview(box, names, colours, map_id, start,
                                                         board))
    return plan


def interview(box: Box, names: Sequence[str], colours: dict[str, str | None],
              map_id: str | None, start: str | None, board: bool = True) -> Talk:
    from referee.concordia.deal import check_players

    if map_id is None:
        map_id = yield Ask(Form.ONE, _("Which side of the board?"), tuple(
            Option(key, _(m.name), _("{low}–{high} players", low=m.min_players,
                                     high=m.max_players), names_of(m.name, "concordia"))
            for key, m in box.maps.items()),
            help=_("The side of the board the table lays out; each names its player counts."))
    game_map = box.maps[map_id]
    if not names:
        def players(text: str) -> tuple[str, ...]:
            found = [n.strip() for n in text.split(",") if n.strip()]
            return tuple(check_players(game_map, found))

        names = yield Ask(Form.TEXT, _("Players, clockwise, separated by commas:"),
                          parse=players, help=_("Their names as the table calls them, in "
                                                "seat order around the table."))
        colours = {}
    chosen = dict(colours)
    for name in names:
        if name in chosen:
            continue
        taken = set(chosen.values())
        chosen[name] = _none((yield Ask(Form.ONE, _("{player}'s colour:", player=name), (
            *(Option(c, _(w), names=names_of(w, "concordia")) for c, w in COLOURS.items()
              if c not in taken),
            Option(NO_COLOUR, _("no colour"))), help=_("The colour of the player's pieces."))))
    if start is None:
        start = _none((yield Ask(Form.ONE, _("Who starts?"), (
            *(Option(n, n) for n in names), Option(DRAW, _("draw one at random"))),
            help=_("The start player plays first; the last seat holds the Praefectus "
                   "Magnus."))))
    if not board:
        return Plan(tuple(names), chosen, map_id, start)
    how = yield Ask(Form.ONE, _("The board: deal it here, or type it in as laid out?"), (
        Option(DEAL, _("deal it here"), _("the referee shuffles; lay it out from its list")),
        Option(TYPE, _("type it in"), _("the city tokens and the display on the table"))),
        help=_("Dealt here, the referee knows the draw pile; typed in, the table turns up "
               "each card that refills the display and names it."))
    plan = Plan(tuple(names), chosen, map_id, start)
    if how == DEAL:
        return plan
    layout = yield from typed_board(box, map_id, names, start)
    return Plan(plan.names, plan.colours, plan.map_id, plan.start, layout)


def typed_board(box: Box, map_id: str, names: Sequence[str], start: str | None) -> Talk:
    """The city tokens province by province, then the display, each answer checked."""
    import secrets

    from referee.concordia.parsing import Problems
    from referee.concordia.setup import Setup
    from referee.concordia.validation import check_tokens

    game_map = box.maps[map_id]
    first = names.index(start) if start in names else secrets.randbelow(len(names))
    order = [*names[first:], *names[:first]]
    cities: dict[str, str] = {}
    for province in game_map.provinces.values():
        def goods(text: str, province: Any = province) -> dict[str, str]:
            from referee.concordia.model import goods_index

            words = text.replace(",", " ").split()
            if len(words) != len(province.cities):
                raise bad_input(N_("Name {count} goods, one per city, in this order."),
                                count=len(province.cities))
            index = goods_index(box)
            found = {}
            for city, word in zip(province.cities, words, strict=True):
                good = index.find(word) or good_named(box, word)
                if good is None:
                    raise bad_input(N_("Unknown good “{text}”; the goods are {goods}."),
                                    text=word, goods=", ".join(_(g) for g in box.goods))
                found[city] = good
            return found

        def check(found: dict[str, str]) -> None:
            problems = Problems()
            check_tokens({**cities, **found}, game_map, box, problems)
            problems.raise_if_any()

        answer = yield Ask(Form.TEXT, _("{province} ({letter}): the goods of {cities}, in "
                                        "this order", province=_(province.name),
                                        letter=province.letter,
                                        cities=", ".join(_(c) for c in province.cities)),
                           parse=goods, check=check, help=_(
                               "One good per city token, in the order of the cities: “wine "
                               "food” or short “w f”, in any language."))
        cities.update(answer)
    deck_one = sorted({e.card for e in box.market if "I" in e.decks},
                      key=lambda c: _(box.cards[c].name))
    raw = {"map": map_id, "players": order, "cities": cities}

    def market(display: tuple[str, ...]) -> None:
        Setup.from_json({**raw, "display": list(display)}, box)

    display = yield Ask(Form.SEVERAL, _("The display, slot 1 (left) to 7: its cards"), tuple(
        Option(c, _(box.cards[c].name), "", names_of(box.cards[c].name, "concordia"))
        for c in deck_one), check=market, help=_(
            "The seven cards of deck I in the display, from the left; a card named twice is "
            "there twice."))
    return {**raw, "display": list(display), "draw_pile": None}


def _none(value: Any) -> Any:
    return None if value in (NO_COLOUR, DRAW) else value


