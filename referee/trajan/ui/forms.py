"""Guided entry for final scoring and the quarter end, and ``new``'s questions, through the
conversation kit (``referee.table.kit``): ``undo`` goes back a question, ``help`` says what
one needs, ``quit`` stops before anything is kept.

Each form builds the same JSON document that ``--input`` reads, so both paths share one
validation; only what the answers make relevant is asked (no display cards without a
commodity bonus tile, for instance).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from referee.game.question import Form
from referee.i18n import N_, translator
from referee.table.kit import Ask, Option, Talk
from referee.trajan import box, holdings
from referee.trajan.rulebook import bad_input
from referee.trajan.ui.questions import names
from referee.trajan.ui.render import word

if TYPE_CHECKING:
    from referee.terminal.prompter import Prompter

_ = translator("trajan")


def ask(prompter: Prompter, talk: Callable[[], Talk]) -> Any:
    """What the conversation ``talk`` returns, asked as every question before a game is
    (``referee.table.guide.before_game``)."""
    from referee.table.guide import before_game

    return before_game(prompter, talk, _("No game here: only these figures are asked."))


def number(text: str, low: int | None = 0, help: str = "") -> Ask:
    return Ask(Form.NUMBER, text, low=low, help=help or _("A whole number."))


def choose(text: str, keys: Sequence[Any], help: str) -> Ask:
    return Ask(Form.ONE, text, tuple(Option(k, word(str(k)), names=names(str(k)))
                                     for k in keys), help=help)


def player_names(count: int | None = None,
                 check: Callable[[tuple[str, ...]], None] | None = None) -> Ask:
    """The players' names, clockwise, separated by commas (``count`` of them)."""
    from referee.names import player_name

    def read(text: str) -> tuple[str, ...]:
        found = tuple(player_name(n) for n in text.split(",") if n.strip())
        if count is not None and len(found) != count:
            raise bad_input(N_("Name {n} players, separated by commas"), n=count)
        if len(set(found)) != len(found):
            raise bad_input(N_("Two players have the same name"))
        return found

    return Ask(Form.TEXT, _("Players in seat order, clockwise, separated by commas:"),
               parse=read, check=check or (lambda found: None), help=_(
                   "Their names as the table calls them, in seat order around the table, "
                   "like “Ann, Bob, Cid”."))


# ---------------------------------------------------------------------- a new game
def new_game(start: str | None = None, deal: str | None = None) -> Talk:
    """``trajan new`` at a terminal without ``--player``: the players, the start player and
    who draws the tiles, each unless its flag gave it; the answers are ``new``'s flags."""
    from referee.trajan.setup import Setup

    def playing(found: tuple[str, ...]) -> None:
        Setup.create(list(found))

    players = yield player_names(check=playing)
    if start is None:
        start = yield Ask(Form.ONE, _("Who starts?"), tuple(Option(n, n) for n in players),
                          help=_("The start player's senate disc goes at the bottom of the "
                                 "start space; the others follow clockwise."))
    if deal is not None:
        return players, start, deal
    deal = yield Ask(Form.ONE, _("Who draws the tiles and cards?"), (
        Option("virtual", _("the referee"), _("it draws from the box it tracks and says "
                                             "where each piece goes")),
        Option("table", _("the table"), _("you draw from the real box and name each piece"))),
        help=_("Drawn by the referee, the table lays out what it names; drawn by the table, "
               "the referee asks what came out, and where it goes."))
    return players, start, deal


# ---------------------------------------------------------------------- final scoring
def score_doc(prompter: Prompter) -> dict[str, Any]:
    return ask(prompter, score_talk)


def _count() -> Ask:
    return Ask(Form.NUMBER, _("How many players?"), low=2, high=4,
               help=_("Trajan is played by 2 to 4."))


def score_talk() -> Talk:
    count = yield _count()
    players = yield player_names(count)
    found: list[dict[str, Any]] = []
    taken: set[str] = set()
    for i, name in enumerate(players):
        entry: dict[str, Any] = {"name": name, "vp": (yield number(
            _("{player}: VP on the track", player=name), None,
            _("The number the player's VP disc shows; below 0 after penalties.")))}
        for item in box.value("scoring", "per_item"):
            entry[item] = yield number(_("{player}: {item}", player=name, item=word(item)))
        entry["construction_tiles"] = {}
        for kind in box.value("construction", "kinds"):
            entry["construction_tiles"][kind] = yield number(
                _("{player}: {kind} building tiles", player=name, kind=word(kind)))
        entry["construction_wilds"] = yield number(
            _("{player}: construction wild tiles", player=name))
        entry.update((yield from _bonus(name, taken)))
        entry.update((yield from _seats(name, i)))
        found.append(entry)
    return {"players": found}


def _bonus(name: str, taken: set[str]) -> Talk:
    free = [k for k in holdings.bonus_kinds() if k not in taken]
    kinds: tuple[str, ...] = ()
    if free:
        kinds = yield Ask(Form.SEVERAL, _("{player}: bonus tiles owned", player=name),
                          tuple(Option(k, word(k), names=names(k)) for k in free),
                          help=_("Their numbers or names, separated by commas."))
    taken.update(kinds)
    tiles = []
    for k in kinds:
        side = yield choose(_("{player}: side of the {kind} tile", player=name, kind=word(k)),
                            holdings.SIDES, _("The side the tile shows: gold or silver."))
        tiles.append({"kind": k, "side": side})
    found: dict[str, Any] = {"bonus_tiles": tiles}
    demands = [k for k in kinds if k in holdings.DEMANDS]
    if demands:
        found["forum_demand_tiles"] = {}
        for k in demands:
            found["forum_demand_tiles"][k] = yield number(
                _("{player}: forum {icon} tiles", player=name, icon=word(k)))
        found["demand_wilds"] = yield number(_("{player}: demand wild tiles", player=name))
    if "workers" in kinds:
        found["workers_on_construction"] = yield number(
            _("{player}: workers in the building area", player=name))
    if "legionaries" in kinds:
        found["legionaries_in_provinces"] = yield number(
            _("{player}: legionaries in provinces", player=name))
    pairs = box.value("bonus_tiles", "commodity_pairs")
    goods = [c for k in kinds if k in pairs for c in pairs[k]]
    if goods:
        found["display_cards"] = {}
        for c in goods:
            found["display_cards"][c] = yield number(
                _("{player}: {commodity} cards on display", player=name, commodity=word(c)))
        found["commodity_wilds"] = yield number(
            _("{player}: unused commodity wild tiles", player=name))
    return found


def _seats(name: str, index: int) -> Talk:
    spaces = holdings.senate_spaces()
    position = yield Ask(Form.ONE, _("{player}: senate space", player=name), tuple(
        Option(s, _("start") if i == 0 else str(s)) for i, s in enumerate(spaces)),
        help=_("The space of the senate track the player's disc stands on."))
    rank = yield number(_("{player}: place in the stack on that space (1 = top)",
                          player=name), 1, _("1 for the disc on top, 2 for the one below…"))
    return {"senate_position": position, "senate_stack_rank": rank}


# ---------------------------------------------------------------------- the quarter end
def quarter_doc(prompter: Prompter) -> dict[str, Any]:
    return ask(prompter, quarter_talk)


def quarter_talk() -> Talk:
    count = yield _count()
    quarters = box.value("quarter", "quarters")
    doc: dict[str, Any] = {"quarter": (yield Ask(Form.NUMBER, _("Which quarter is ending?"),
                                                 low=1, high=quarters, help=_("1 to 4.")))}
    demands = yield Ask(Form.TEXT, _("The 3 demand tiles turned up this quarter ({icons}):",
                                     icons=", ".join(word(d) for d in holdings.DEMANDS)),
                        parse=_demands, help=_("Three icons, a name given twice for two "
                                               "tiles: “bread bread games”, in any language."))
    doc["demands"] = list(demands)
    bonus = yield Ask(Form.SEVERAL, _("The 2 bonus tiles beside the senate track (Enter "
                                      "alone if unsure):"),
                      tuple(Option(k, word(k), names=names(k)) for k in holdings.bonus_kinds()),
                      check=_two, help=_("Both tiles, or none when unsure: the consuls are "
                                         "then named without their tiles."))
    if bonus:
        doc["bonus_tiles"] = list(bonus)
    players = yield player_names(count)
    found: list[dict[str, Any]] = []
    for i, name in enumerate(players):
        entry: dict[str, Any] = {"name": name}
        for key, label in (("forum_demand_tiles", _("{player}: forum {icon} tiles")),
                           ("trajan_demand_tiles", _("{player}: kept {icon} Trajan tiles"))):
            entry[key] = {}
            for d in holdings.DEMANDS:
                entry[key][d] = yield number(label.format(player=name, icon=word(d)))
        entry["demand_wilds"] = yield number(_("{player}: demand wild tiles", player=name))
        entry.update((yield from _seats(name, i)))
        entry["senate_tiles"] = list((yield _vote_tiles(name)))
        found.append(entry)
    doc["players"] = found
    return doc


def _demands(text: str) -> tuple[str, ...]:
    from referee.trajan.terms import word_id

    found = tuple(word_id(w, holdings.DEMANDS) for w in text.replace(",", " ").split())
    unknown = [w for w in found if w not in holdings.DEMANDS]
    if unknown:
        raise bad_input(N_("{text!r} is no demand; the demands are {icons}"), text=unknown[0],
                        icons=", ".join(word(d) for d in holdings.DEMANDS))
    if len(found) != 3:
        raise bad_input(N_("Name 3 demand tiles, not {n}"), n=len(found))
    return found


def _two(bonus: tuple[str, ...]) -> None:
    if len(bonus) not in (0, 2) or len(set(bonus)) != len(bonus):
        raise bad_input(N_("Name the 2 different tiles, or none"))


def _vote_tiles(name: str) -> Ask:
    allowed = sorted(box.value("quarter", "senate_tile_votes"))

    def read(text: str) -> tuple[int, ...]:
        from referee.numbers import parse_whole

        parts = [parse_whole(p) for p in text.replace(",", " ").split()]
        if not all(p in allowed for p in parts):
            raise bad_input(N_("Votes per tile: {choices}"),
                            choices=", ".join(map(str, allowed)))
        return tuple(p for p in parts if p is not None)

    return Ask(Form.TEXT, _("{player}: votes on each senate tile, e.g. 2 5 (Enter alone: "
                            "none)", player=name), parse=read,
               help=_("One number per senate forum tile the player holds ({choices}); "
                      "Enter alone when the player holds none.",
                      choices=", ".join(map(str, allowed))))


def first_consul_choice(prompter: Prompter, name: str, tiles: list[str]) -> str:
    return ask(prompter, lambda: _consul(name, tiles))


def _consul(name: str, tiles: list[str]) -> Talk:
    return (yield choose(_("{player} is first consul: which bonus tile (gold side)?",
                           player=name), tiles,
                         _("The first consul keeps one tile gold side up; the second consul "
                           "the other, silver side up.")))


def demand_choice(prompter: Prompter, name: str, ways: list[Any]) -> Any:
    """One of ``ways`` (``quarter.Way``, the cheapest first), in the guided game's words."""
    return ask(prompter, lambda: _demand(name, ways))


def _demand(name: str, ways: list[Any]) -> Talk:
    from referee.trajan.actions import Demands
    from referee.trajan.ui.render import demands_text

    return (yield Ask(Form.ONE, _("{player}: which tiles do you hand in for the demands?",
                                  player=name),
                      tuple(Option(w, demands_text(Demands.of(name, w.forum, w.wilds)))
                            for w in ways),
                      help=_("A demand that can be met must be met; each way listed meets as "
                             "many.")))

