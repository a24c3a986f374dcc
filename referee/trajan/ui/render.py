"""Trajan in the user's language: each entry as one line (log, undo, the answer lists), rulings
as lines, scores as a table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.i18n import LANGUAGES, translator
from referee.i18n.matching import translations
from referee.rulings import Ruling
from referee.terminal.messages import rule_text
from referee.terminal.output import console
from referee.trajan import actions as a
from referee.trajan import construction as building
from referee.trajan import wheel as w
from referee.trajan.terms import NAMES, Piece, letters, letters_of, term
from referee.values import Value

_ = translator("trajan")


def word(key: str) -> str:
    return _.term(term(key))


def colours(found: tuple[str, ...]) -> str:
    return ", ".join(word(c) for c in found)


def _trajan_tile(code: str) -> tuple[str, tuple[str, ...]] | None:
    """A Trajan tile's kind and colours from its code (``vp:bb``), else None."""
    kind, _sep, pair = code.partition(":")
    if len(pair) == 2 and all(c in w.COLOURS for c in pair):
        return kind, tuple(w.COLOURS[c] for c in pair)
    return None


def piece(code: str) -> str:
    """A tile or card in words: "9 VP tile (blue, blue)" (a Trajan tile), "door (3 VP)"
    (a building tile), "senate tile (5 votes)", "wine"."""
    tile = _trajan_tile(code)
    if tile is not None:
        return _("{kind} tile ({colours})", kind=word(tile[0]), colours=colours(tile[1]))
    kind, _sep, vp = code.partition(":")
    if vp.isdigit():
        return _("{kind} ({vp} VP)", kind=word(kind), vp=vp)
    return word(code)


def piece_names(code: str) -> tuple[str, ...]:
    """How a table may type a piece back, in every language: "door 3", "дверь 3", "puerta
    3"; a Trajan tile by its kind and colours or by their letters ("gg", "гг", "zz")."""
    tile = _trajan_tile(code)
    if tile is not None:
        kind, pair = tile
        found = [f"{k} {' '.join(spelled)}" for k, *spelled in zip(
            translations(NAMES[kind], "trajan"),
            *(translations(NAMES[c], "trajan") for c in pair), strict=True)]
        found += ["".join(letters(lang)[c] for c in pair) for lang in LANGUAGES]
        return tuple(dict.fromkeys(found))
    kind, _sep, vp = code.partition(":")
    if vp.isdigit():
        return tuple(dict.fromkeys(f"{k} {vp}" for k in translations(NAMES[kind], "trajan")))
    return tuple(dict.fromkeys(translations(NAMES.get(code, code), "trajan")))


def placed(value: Piece) -> str:
    """A piece where it lies: "Alpes: bread", "A1: door (3 VP)"."""
    if value.at is None:
        return piece(value.msgid)
    return _("{place}: {piece}", place=word(value.at), piece=piece(value.msgid))


def shown(value: Any) -> Any:
    """A param of a ruling or question as text: a piece in words."""
    return placed(value) if isinstance(value, Piece) else value


def piece_from_json(raw: Any) -> Piece | None:
    """A piece param as the journal stores it."""
    return Piece(str(raw["piece"]), at=raw.get("at")) if "piece" in raw else None


def describe(entry: Any, kind: str = "") -> str:
    p = entry.player
    if isinstance(entry, a.Drawn):
        return _("The table drew {item}", item=piece(entry.item))
    if isinstance(entry, a.Markers):
        return _("{player} puts the markers: {trays}", player=p, trays="  ".join(
            f"{r}:{letters_of(t)}" for r, t in zip(w.ROMAN, entry.trays, strict=False)))
    if isinstance(entry, a.StartTiles):
        return _("{player} takes starting tiles from {stacks}", player=p,
                 stacks=", ".join(word(s) for s in entry.stacks))
    if isinstance(entry, a.Choose):
        return _("{player} chooses {option}", player=p, option=word(entry.option))
    if isinstance(entry, a.Sow):
        return _("{player} sows tray {tray}: {order}", player=p, tray=w.ROMAN[entry.tray],
                 order=colours(entry.order))
    if isinstance(entry, a.Seaport):
        return _seaport(entry)
    if isinstance(entry, a.Forum):
        return _("{player} takes {tile} from the forum", player=p, tile=word(entry.tile))
    if isinstance(entry, a.Military):
        if entry.mode == "move":
            return _("{player} moves the leader to {province}", player=p,
                     province=word(entry.province or ""))
        if entry.mode == "deploy":
            return _("{player} sends a legionary to the leader's province", player=p)
        return _("{player} recruits a legionary", player=p)
    if isinstance(entry, a.Senate):
        return _("{player} advances in the senate", player=p)
    if isinstance(entry, a.Trajan):
        return _("{player} takes the top {stack} Trajan tile", player=p, stack=word(entry.stack))
    if isinstance(entry, a.Construction):
        if entry.mode == "build" and entry.cell is not None:
            return _("{player} sends a worker to {cell}", player=p,
                     cell=building.name(entry.cell))
        return _("{player} recruits a worker", player=p)
    if isinstance(entry, a.Figures):
        return _.plural("{player} places {n} subject", "{player} places {n} subjects",
                        entry.count, player=p)
    if isinstance(entry, a.Demands):
        return _demands(entry)
    return _("{player} passes", player=p)


def _demands(entry: a.Demands) -> str:
    tiles = _handed_in(entry)
    if not tiles:
        return _("{player} hands in no tile: kept Trajan tiles meet what can be met",
                 player=entry.player)
    return _("{player} hands in {tiles}", player=entry.player, tiles=tiles)


def _handed_in(entry: a.Demands) -> str:
    tiles = [_.plural("{n} {icon} forum tile", "{n} {icon} forum tiles", n, icon=word(icon))
             for icon, n in entry.forum_counts.items()]
    if entry.wilds:
        tiles.append(_.plural("{n} demand wild", "{n} demand wilds", entry.wilds))
    return ", ".join(tiles)


def demands_text(entry: a.Demands) -> str:
    """A way to meet the demands, as the question lists it."""
    tiles = _handed_in(entry)
    return _("hand in {tiles}", tiles=tiles) if tiles else _(
        "hand in no tile: kept Trajan tiles meet what can be met")


class ShipLoad(Value):
    """A ship load as the Seaport question lists it: its words and its points."""

    title: str
    detail: str
    vp: int
    wilds: int


def ship_loads(entries: Iterable[a.Seaport], grey: set[str]) -> list[tuple[a.Seaport,
                                                                          ShipLoad]]:
    """Each load of ``entries`` that fits its ship, once (an entry offering more commodity
    wilds than the load uses is the same load), in words and points."""
    from referee.trajan import ships

    fits: dict[tuple[tuple[str, ...], int], dict[str, ships.Load]] = {}
    found = []
    for entry in entries:
        key = (entry.cards, entry.wilds)
        if key not in fits:  # every ship at once, for the same cards
            fits[key] = {load.ship: load for load in ships.check_hand(list(entry.cards),
                                                                     entry.wilds, grey)}
        load = fits[key][str(entry.ship)]
        if load.fits and load.wilds_used == entry.wilds:
            found.append((entry, _ship_load(entry, load)))
    return found


def _ship_load(entry: a.Seaport, load: Any) -> ShipLoad:
    cards = ", ".join(word(c) for c in entry.cards)
    if load.wilds_used:
        cards = _("{cards} + {wilds}", cards=cards, wilds=_.plural(
            "{n} commodity wild", "{n} commodity wilds", load.wilds_used))
    title = _("{ship}: {cards}", ship=word(load.ship), cards=cards)
    vp = load.vp[load.side]
    detail = (_("{vp} VP, then turn the ship grey", vp=vp) if load.side == "coloured"
              else _("{vp} VP on its grey side", vp=vp))
    return ShipLoad(title, detail, vp, load.wilds_used)


def ruling_lines(table: Any, found: Iterable[Ruling]) -> list[str]:
    """Rulings as the guided game announces them, a line each."""
    return [table.ruling_line(ruling) for ruling in found]


def _seaport(entry: a.Seaport) -> str:
    p, cards = entry.player, ", ".join(word(c) for c in entry.cards)
    if entry.mode == "draw":
        return _("{player} draws 2 cards, then discards 1", player=p)
    if entry.mode == "discard":
        return _("{player} discards {cards} onto pile {pile}", player=p, cards=cards,
                 pile=entry.pile)
    if entry.mode == "take":
        return _("{player} takes the top card of discard pile {pile}", player=p, pile=entry.pile)
    if entry.mode == "play":
        return _("{player} plays {cards}", player=p, cards=cards)
    if entry.wilds:
        cards = _("{cards} + {wilds}", cards=cards, wilds=_.plural(
            "{n} commodity wild", "{n} commodity wilds", entry.wilds))
    return _("{player} loads {cards} on the {ship}", player=p, cards=cards,
             ship=word(entry.ship or ""))




def line(ruling: Ruling) -> str:
    return _("{text}  [{rule}]", text=_(ruling.message, **ruling.params),
             rule=rule_text(ruling.rule))


def rulings(found: Iterable[Ruling], bullet: str = "•") -> None:
    for r in found:
        console().print(f"{bullet} {line(r)}", markup=False)


def heading(text: str) -> None:
    console().print(text, style="bold", markup=False)


def table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    from rich.table import Table

    view = Table(*columns, title=title)
    for row in rows:
        view.add_row(*row)
    console().print(view)
