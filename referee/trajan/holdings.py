"""What each player holds at the end of the game: the input of final scoring (``PlayerEnd``), read
and checked from the group's JSON or taken from a guided game's state, and the end states the
box cannot produce."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError, RuleViolation
from referee.i18n import N_
from referee.irregular import settle
from referee.names import BadName, player_name
from referee.trajan import box
from referee.trajan.inputs import Checker
from referee.trajan.rulebook import bad_input, violation
from referee.trajan.terms import term
from referee.values import Value, asdict, field

if TYPE_CHECKING:  # a guided game's state: the calculator needs none of it
    from referee.trajan.state import GameState, PlayerState

SIDES = ("gold", "silver")
DEMANDS = ("bread", "games", "religion")
MAT_CELLS = 6  # one Trajan tile cell beside each tray


class BonusTile(Value):
    kind: str
    side: str


class PlayerEnd(Value):
    name: str
    vp: int
    cards_in_hand: int = 0
    workers_in_camp: int = 0
    legionaries_in_camp: int = 0
    trajan_tiles_on_wheel: int = 0
    construction_tiles: dict[str, int] = field(default_factory=dict)
    construction_wilds: int = 0
    bonus_tiles: tuple[BonusTile, ...] = ()
    forum_demand_tiles: dict[str, int] = field(default_factory=dict)
    demand_wilds: int = 0
    workers_on_construction: int = 0
    legionaries_in_provinces: int = 0
    display_cards: dict[str, int] = field(default_factory=dict)
    commodity_wilds: int = 0
    senate_position: int = 0
    senate_stack_rank: int = 1


COUNTS = ("cards_in_hand", "workers_in_camp", "legionaries_in_camp", "trajan_tiles_on_wheel",
          "construction_wilds", "demand_wilds", "workers_on_construction",
          "legionaries_in_provinces", "commodity_wilds")


def bonus_kinds() -> list[str]:
    return [*DEMANDS, "workers", "legionaries", "bonus_tiles",
            *box.value("bonus_tiles", "commodity_pairs")]


def senate_spaces() -> list[int]:
    return [box.value("quarter", "senate_start_votes"),
            *box.value("quarter", "senate_spaces")]


PLAYER_FIELDS = ("name", "vp", *COUNTS, "construction_tiles", "forum_demand_tiles",
                 "display_cards", "bonus_tiles", "senate_position", "senate_stack_rank")


def parse(doc: Any) -> list[PlayerEnd]:
    """Every player's end-of-game position; all problems are reported together."""
    return read(doc, irregular=False)[0]


def read(doc: Any, irregular: bool) -> tuple[list[PlayerEnd], tuple[RuleViolation, ...]]:
    """Every player's end-of-game position and the rules it breaks, which are refused
    unless ``irregular`` (``referee.irregular``); input that cannot be read always is."""
    check = Checker()
    raw = check.players(doc, 2, 4)
    check.fields(doc, "input", ["players"])
    for i, p in enumerate(raw):
        check.fields(p, str(p.get("name") or i + 1), PLAYER_FIELDS)
    players = [_player(p, i, check) for i, p in enumerate(raw)]
    check.done()
    return players, settle(_rules_problems(players), irregular)


def _player(raw: dict, index: int, check: Checker) -> PlayerEnd:
    where = str(raw.get("name") or index + 1)
    if "name" in raw:
        try:  # the one naming rule: NFC, printable, a letter or digit
            where = player_name(raw["name"])
        except BadName as error:
            check.add(error)
    vp = raw.get("vp")
    if isinstance(vp, bool) or not isinstance(vp, int):  # VP may be negative
        check.add(bad_input(N_("{where}: vp must be a whole number, got {value!r}"),
                            where=where, value=vp))
        vp = 0
    return PlayerEnd(
        name=where, vp=vp, **{key: check.count(raw, key, where) for key in COUNTS},
        construction_tiles=check.counts(raw, "construction_tiles", where,
                                        box.value("construction", "kinds")),
        forum_demand_tiles=check.counts(raw, "forum_demand_tiles", where, DEMANDS),
        display_cards=check.counts(raw, "display_cards", where, box.commodities()),
        bonus_tiles=_bonus_tiles(raw, where, check),
        senate_position=check.choice(raw, "senate_position", where, senate_spaces()),
        senate_stack_rank=_rank(raw, where, check),
    )


def _rank(raw: dict, where: str, check: Checker) -> int:
    rank = check.count(raw, "senate_stack_rank", where, default=1)
    if rank == 0:
        check.add(bad_input(N_("{where}: senate_stack_rank counts from 1 (top of the stack)"),
                            where=where))
    return rank


def _bonus_tiles(raw: dict, where: str, check: Checker) -> tuple[BonusTile, ...]:
    items = raw.get("bonus_tiles", [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        check.add(bad_input(N_("{where}: bonus_tiles must be a list of objects with kind and "
                               "side"),
                            where=where))
        return ()
    return tuple(BonusTile(check.choice(i, "kind", where, bonus_kinds()),
                           check.choice(i, "side", where, SIDES)) for i in items)


def _rules_problems(players: list[PlayerEnd]) -> list:
    problems = []
    subjects = box.value("scoring", "subjects_per_player")
    provinces = len(box.value("provinces", "vp"))
    per_kind = box.fact("scoring", "construction_tiles_per_kind")
    forum = box.value("scoring", "forum_tiles")
    for p in players:
        placed = (p.workers_in_camp + p.legionaries_in_camp + p.workers_on_construction
                  + p.legionaries_in_provinces)
        if placed > subjects:
            problems.append(violation("trajan.setup.subjects",
                                      N_("{player} has {n} workers and legionaries; a player "
                                         "has {max} subjects"), player=p.name, n=placed,
                                      max=subjects))
        if p.legionaries_in_provinces > provinces:
            problems.append(violation("trajan.military.legionary",
                                      N_("{player} has legionaries in {n} provinces; there are "
                                         "{max}, one legionary each"), player=p.name,
                                      n=p.legionaries_in_provinces, max=provinces))
        if p.trajan_tiles_on_wheel > MAT_CELLS:
            problems.append(violation("trajan.setup.mat",
                                      N_("{player} has {n} Trajan tiles on the wheel; it has "
                                         "{max} cells"), player=p.name,
                                      n=p.trajan_tiles_on_wheel, max=MAT_CELLS))
        for kind, n in p.construction_tiles.items():
            if n > per_kind.value:
                problems.append(violation("trajan.final.sets",
                                          N_("{player} has {n} {kind} tiles; the box has {max}"),
                                          confirmed=per_kind.confirmed, player=p.name, n=n,
                                          kind=term(kind),
                                          max=per_kind.value))
        wilds = p.construction_wilds + p.demand_wilds + p.commodity_wilds
        if wilds > forum:
            problems.append(violation("trajan.setup.forum",
                                      N_("{player} lists {n} wild tiles; the box has {max} "
                                         "forum tiles in all"), player=p.name, n=wilds,
                                      max=forum))
    problems += _shared_problems(players)
    return problems


def _shared_problems(players: list[PlayerEnd]) -> list:
    problems = []
    owners: dict[str, str] = {}
    for p in players:
        for tile in p.bonus_tiles:
            if tile.kind in owners:  # one tile per kind: outside sources, not the rulebook
                problems.append(violation("trajan.bonus.tiles",
                                          N_("Bonus tile {kind} is listed for {first} and {second}"
                                             "; the box has one"), confirmed=False,
                                             kind=term(tile.kind),
                                          first=owners[tile.kind], second=p.name))
            owners[tile.kind] = p.name
    return problems + seat_problems(players) + _box_problems(players)


def seat_problems(players: list) -> list:
    """Two discs cannot hold the same place in the same senate stack."""
    problems = []
    seats: dict[tuple[int, int], str] = {}
    for p in players:
        seat = (p.senate_position, p.senate_stack_rank)
        if seat in seats:
            problems.append(bad_input(N_("{first} and {second} cannot both be number {rank} in "
                                         "the stack on senate space {space}"), first=seats[seat],
                                      second=p.name, rank=seat[1], space=seat[0]))
        seats[seat] = p.name
    return problems


def _box_problems(players: Sequence) -> list[RefereeError]:
    found = _bonus(players)
    per_kind = box.fact("scoring", "construction_tiles_per_kind")
    built = sum((Counter(p.construction_tiles) for p in players), Counter())
    for kind, n in sorted(built.items()):
        # one player over the limit is reported for that player (endgame)
        alone = max(p.construction_tiles.get(kind, 0) for p in players)
        if n > per_kind.value >= alone:
            found.append(violation("trajan.final.sets", N_("The players list {n} {kind} "
                                                           "tiles together; the box has {max}"),
                                   confirmed=per_kind.confirmed, n=n, kind=term(kind),
                                   max=per_kind.value))
    cards = box.fact("pieces", "commodity_cards_per_kind")
    shown = sum((Counter(p.display_cards) for p in players), Counter())
    for card, n in sorted(shown.items()):
        if n > cards.value:
            found.append(violation("trajan.seaport.ship", N_("The players show {n} {card} cards "
                                                             "together; the box has {max}"),
                                   confirmed=cards.confirmed, n=n, card=term(card),
                                   max=cards.value))
    mix = box.fact("pieces", "forum_tiles")
    held: Counter[str] = Counter()
    for p in players:
        held.update({"wild_construction": p.construction_wilds, "wild_demand": p.demand_wilds,
                     "wild_commodity": p.commodity_wilds, **p.forum_demand_tiles})
    for tile, n in sorted(held.items()):
        if n > mix.value.get(tile, 0):
            found.append(violation("trajan.setup.forum", N_("The players hold {n} {tile} tiles "
                                                            "together; the box has {max}"),
                                   confirmed=mix.confirmed, n=n, tile=term(tile),
                                   max=mix.value.get(tile, 0)))
    return found


def _bonus(players: Sequence) -> list[RefereeError]:
    """The bonus tiles the rules hand out: one to each player at setup, kept gold side up, and
    two each quarter, the first consul's gold side up and the second consul's silver side up.
    A game always plays its four quarters, so an end state holds exactly that many."""
    found: list[RefereeError] = []
    start = box.value("pieces", "start")
    quarters = box.value("quarter", "quarters")
    for p in players:
        if not any(t.side == "gold" for t in p.bonus_tiles):
            found.append(violation("trajan.setup.bonus", N_("{player} has no gold-side bonus "
                                                            "tile; every player draws one at "
                                                            "setup and keeps it gold side up"),
                                   player=p.name))
    handed = len(players) * start["bonus_tiles"] + quarters * start["senate_bonus_tiles"]
    listed = sum(len(p.bonus_tiles) for p in players)
    if listed != handed:
        found.append(violation(
            "trajan.bonus.handed", N_("The players hold {n} bonus tiles; a game of {players} "
                                      "hands out {handed}: one each at setup and two to the "
                                      "consuls each quarter"),
            n=listed, players=len(players), handed=handed))
        return found
    silver = sum(t.side == "silver" for p in players for t in p.bonus_tiles)
    if silver != quarters:  # each quarter one gold to the first consul, one silver to the second
        found.append(violation(
            "trajan.quarter.consuls", N_("{silver} bonus tiles are silver side up; the second "
                                         "consul of each of the {quarters} quarters keeps one "
                                         "silver side up, every other tile is gold side up"),
            silver=silver, quarters=quarters))
    return found


def player_end(s: GameState, p: PlayerState) -> PlayerEnd:
    stack = s.board.senate[p.senate]
    return PlayerEnd(
        name=p.name, vp=p.vp, cards_in_hand=sum(p.hand.values()),
        workers_in_camp=p.workers_camp, legionaries_in_camp=p.legion_camp,
        trajan_tiles_on_wheel=sum(t is not None for t in p.cells),
        construction_tiles=dict(+p.building), construction_wilds=p.tiles["wild_construction"],
        bonus_tiles=tuple(BonusTile(kind, side) for kind, side in p.bonus),
        forum_demand_tiles={i: p.tiles[i] for i in DEMANDS if p.tiles[i]},
        demand_wilds=p.tiles["wild_demand"], workers_on_construction=len(p.workers),
        legionaries_in_provinces=len(p.legions), display_cards=dict(+p.display),
        commodity_wilds=p.tiles["wild_commodity"],
        senate_position=senate_spaces()[p.senate],
        senate_stack_rank=len(stack) - stack.index(p.name))


def end_state_doc(s: GameState) -> dict:
    """The state as a ``trajan score --input`` document: the calculator scores it alike."""
    players = []
    for p in s.players:
        end = player_end(s, p)
        doc = {k: v for k, v in asdict(end).items() if k != "bonus_tiles"}
        doc["bonus_tiles"] = [{"kind": t.kind, "side": t.side} for t in end.bonus_tiles]
        players.append(doc)
    return {"players": players}
