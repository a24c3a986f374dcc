"""Setup, in the rulebook's order: the board laid out, then each player's markers, starting
cards and starting Trajan tiles. Draws are the referee's (virtual deal) or the table's."""

from __future__ import annotations

from itertools import combinations

from referee.game.question import Form
from referee.i18n import N_
from referee.trajan import box, pieces
from referee.trajan import construction as building
from referee.trajan import wheel as w
from referee.trajan.actions import Choose, Entry, Markers, StartTiles
from referee.trajan.core import Core, Flow, code
from referee.trajan.rulebook import ref, violation
from referee.trajan.terms import Piece, term


def setup(c: Core) -> Flow:
    b = c.s.board
    start = pieces.start()
    for name in c.order:
        p = c.player(name)
        p.supply = box.value("scoring", "subjects_per_player") - start["legionaries"] \
            - start["workers"]
        p.legion_camp, p.workers_camp, p.arch = start["legionaries"], start["workers"], \
            start["arch"]
    b.senate[0] = list(c.order)  # the start player's disc at the bottom, then clockwise
    c.rule(ref("trajan.setup.senate"), N_("Senate discs on the start space, from the bottom: "
                                          "{order}; the higher disc wins ties"),
           order=list(c.order))
    if c.virtual:
        for _ in range(box.value("pieces", "demand_tiles_removed")):
            yield from c.draw(b.demand_pool, N_("demand tile"), "trajan.setup.board",
                              N_("Which demand tile goes back in the box?"))
            b.demands_removed += 1
    c.rule(ref("trajan.setup.board"), N_("Shuffle the demand tiles, put {n} back in the box unseen "
                                         "and stack the rest face down"),
           n=box.value("pieces", "demand_tiles_removed"))
    provinces = list(box.value("provinces", "vp"))
    for n, province in enumerate(provinces, 1):
        b.provinces[province] = yield from c.draw(
            b.forum_pool, N_("forum tile"), "trajan.setup.board",
            N_("Forum tile for the province {place} ({n} of {count}): which was drawn?"),
            place=term(province), n=n, count=len(provinces))
    c.rule(ref("trajan.setup.board"), N_("A forum tile face up in each province: {tiles}"),
           tiles=[Piece(t, at=p) for p, t in b.provinces.items() if t is not None])
    yield from fill_forum(c)
    columns, rows = building.grid()
    for row in range(rows):
        for column in range(columns):
            cell = (column, row)
            b.cells[cell] = yield from c.draw(
                b.building_pool, N_("construction tile"), "trajan.setup.board",
                N_("Building tile for cell {cell} (column {column}, row {row} of the building "
                   "area): which was drawn?"), cell=building.name(cell),
                column=building.name(cell)[0], row=row + 1)
        c.rule(ref("trajan.setup.board"), N_("Building area, row {row}: {tiles}"), row=row + 1,
               tiles=[Piece(code(t), at=building.name((x, row)))
                      for x in range(columns) if (t := b.cells[(x, row)]) is not None])
    for stack in pieces.stacks():
        b.tops[stack] = yield from c.draw(
            b.trajan_pool[stack], N_("Trajan tile"), "trajan.setup.board",
            N_("The {stack} Trajan stack, shuffled: which tile is on top?"), stack=term(stack))
    c.rule(ref("trajan.setup.board"), N_("The Trajan stacks, each with its top tile face up: "
                                         "{tiles}"),
           tiles=[Piece(code(t)) for t in b.tops.values() if t is not None])
    for name in c.order:
        tile = yield from c.draw(b.bonus_bag, N_("bonus tile"), "trajan.setup.bonus",
                                 N_("Which bonus tile does {player} draw from the bag?"),
                                 player=name)
        c.player(name).bonus.append((tile, "gold"))
        c.rule(ref("trajan.setup.bonus"),
               N_("{player} draws the {tile} bonus tile and keeps it gold "
                  "side up"), player=name, tile=term(tile))
    yield from draw_bonus_up(c)
    for pile in range(2):
        yield from c.refill_pile(pile, "trajan.setup.cards")
    for name in c.order:
        yield from markers(c, name)
    for name in c.order:
        for _ in range(start["cards"]):
            yield from starting_card(c, name)
    for name in c.order:
        yield from starting_tiles(c, name, start["trajan_cells"])
    c.s.started = True
    c.rule(ref("trajan.time.move"), N_("Quarter {quarter}, round {round}: {player} begins"),
           quarter="I", round=1, player=c.order[0])


def fill_forum(c: Core) -> Flow:
    b = c.s.board
    forum = box.value("quarter", "forum_tiles_per_player") * len(c.order)
    for n in range(1, forum + 1):
        tile = yield from c.draw(b.forum_pool, N_("forum tile"), "trajan.setup.board",
                                 N_("Forum tile for the forum ({n} of {count}): which was "
                                    "drawn?"), n=n, count=forum)
        if tile is not None:
            b.forum[tile] += 1
    extra = box.value("quarter", "extra_action_tiles")
    for n in range(1, extra + 1):
        tile = yield from c.draw(b.extra_pool, N_("extra-action tile"), "trajan.setup.board",
                                 N_("Extra-action tile for a yellow cell of the forum ({n} of "
                                    "{count}): which was drawn?"), n=n, count=extra)
        if tile is not None:
            b.forum[tile] += 1
    c.rule(ref("trajan.setup.board"), N_("The forum holds: {tiles}"),
           tiles=[term(t) for t in sorted(b.forum.elements())] or [term("none")])


def draw_bonus_up(c: Core) -> Flow:
    b = c.s.board
    count = pieces.start()["senate_bonus_tiles"]
    for n in range(1, count + 1):
        tile = yield from c.draw(b.bonus_bag, N_("bonus tile"), "trajan.setup.bonus",
                                 N_("Bonus tile for beside the senate track ({n} of {count}): "
                                    "which was drawn?"), n=n, count=count)
        if tile is not None:
            b.bonus_up.append(tile)
    c.rule(ref("trajan.setup.bonus"), N_("Beside the senate track, gold side up: {tiles}"),
           tiles=[term(t) for t in b.bonus_up] or [term("none")])


def markers(c: Core, name: str) -> Flow:
    def check(entry: Entry) -> None:
        assert isinstance(entry, Markers)
        if len(entry.trays) != w.TRAYS or any(len(t) != 2 for t in entry.trays):
            raise violation("trajan.setup.markers", N_("Put exactly 2 markers in each of the "
                                                       "{n} trays"), n=w.TRAYS)
        w.check_markers(w.Wheel(entry.trays))

    entry = yield c.ask(name, "markers", "trajan.setup.markers",
                        N_("{player}: which 2 markers go in each tray, I to VI?"), ("markers",),
                        lambda: None, check, Form.TEXT)
    assert isinstance(entry, Markers)
    c.player(name).trays = [list(t) for t in entry.trays]


def starting_card(c: Core, name: str) -> Flow:
    b = c.s.board
    sources = ["deck"] * bool(+b.deck) + [f"pile{i + 1}" for i in range(2) if b.piles[i]]
    if not sources:
        return
    entry = yield c.ask_choice(name, "starting_card", "trajan.setup.cards",
                               N_("{player}: take a card from the deck or the top of a discard "
                                  "pile?"), sources)
    assert isinstance(entry, Choose)
    if entry.option == "deck":
        yield from c.draw_cards(name, 1, "trajan.setup.cards")
        return
    pile = int(entry.option[-1]) - 1
    card = b.piles[pile].pop()
    c.player(name).hand[card] += 1
    c.rule(ref("trajan.setup.cards"), N_("{player} takes {card} from discard pile {pile}"),
           player=name, card=term(card), pile=pile + 1)
    yield from c.refill_pile(pile, "trajan.setup.cards")


def starting_tiles(c: Core, name: str, cells: list[int]) -> Flow:
    b = c.s.board
    ready = [s for s, t in b.tops.items() if t is not None]

    def check(entry: Entry) -> None:
        assert isinstance(entry, StartTiles)
        if len(entry.stacks) != len(cells) or len(set(entry.stacks)) != len(cells):
            raise violation("trajan.setup.trajan_tiles", N_("Take {n} tiles from {n} different "
                                                            "stacks"), n=len(cells))
        for stack in entry.stacks:
            if stack not in ready:
                raise violation("trajan.setup.trajan_tiles",
                                N_("No Trajan stack {stack!r} to take from; choose from "
                                   "{choices}"), stack=stack, choices=", ".join(ready))

    def options() -> list[Entry]:
        return [StartTiles(name, combo) for combo in combinations(ready, len(cells))]

    entry = yield c.ask(name, "start_tiles", "trajan.setup.trajan_tiles",
                        N_("{player}: from which {n} Trajan stacks do you take your starting "
                           "tiles (for cells {cells})?"), ("start_tiles",), options, check,
                        n=len(cells), cells=[w.ROMAN[i] for i in cells], stacks=ready)
    assert isinstance(entry, StartTiles)
    p = c.player(name)
    for stack, cell in zip(entry.stacks, cells, strict=True):
        tile, b.tops[stack] = b.tops[stack], None  # the next tile shows once it is drawn
        p.cells[cell] = tile
        c.rule(ref("trajan.setup.trajan_tiles"), N_("{player} puts {tile} on cell {cell}"),
               player=name, tile=Piece(code(tile)), cell=w.ROMAN[cell])
        b.tops[stack] = yield from next_top(c, stack, "trajan.setup.trajan_tiles")


def next_top(c: Core, stack: str, rule_id: str) -> Flow:
    """The tile that shows on ``stack`` once its top was taken, named for the table."""
    tile = yield from c.draw(c.s.board.trajan_pool[stack], N_("Trajan tile"), rule_id,
                             N_("Which tile now shows on top of the {stack} Trajan stack?"),
                             stack=term(stack))
    c.rule(ref(rule_id), N_("The {stack} Trajan stack now shows {tile}"), stack=term(stack),
           tile=Piece(code(tile)) if tile is not None else term("none"))
    return tile
