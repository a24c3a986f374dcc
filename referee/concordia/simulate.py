"""Random play: complete Concordia games, to check the engine's invariants.

Each turn the simulator draws candidate entries for the cards in hand (random walks for the
Architect, random trades, purchases, provinces…) and plays the first one the engine
accepts, so ``check`` is exercised on illegal candidates as much as ``apply`` on legal
ones. Follow-up questions (storehouse, reveal) are answered from ``legal_entries``. After
every entry the invariants are checked and a shadow game rebuilt from the JSON log must
reach the same fingerprint.
"""

from __future__ import annotations

import random

from referee.concordia import actions as act
from referee.concordia.box import Box
from referee.concordia.deal import deal
from referee.concordia.engine import Game, kind_of
from referee.concordia.setup import Setup
from referee.concordia.state import card_id
from referee.errors import RefereeError
from referee.values import Mutable, field

MAX_ENTRIES = 3000  # a safety net: a game that never ends is reported, not hung on
TRIES = 40


class Report(Mutable):
    entries: int = 0
    refused: int = 0
    finished: bool = False
    problems: list[str] = field(default_factory=list)


def play_random(box: Box, map_id: str, players: int, seed: int, *,
                table_pile: bool = False) -> tuple[Game, Report]:
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    setup = Setup.from_deal(deal(box, map_id, names, seed))
    if table_pile:
        setup = Setup(setup.map_id, setup.players, setup.cities, setup.display, None)
    game, report = Game(setup, box), Report()
    while game.pending() is not None and report.entries < MAX_ENTRIES:
        options = game.legal_entries()
        entry = rng.choice(options) if options else _turn(game, rng, report)
        game.apply(entry)
        report.entries += 1
        report.problems += [f"entry {report.entries}: {p}" for p in game.invariants()]
    report.finished = game.pending() is None
    shadow = Game.replay(setup, [act.from_json(e.to_json()) for e in game.history], box)
    if shadow.fingerprint() != game.fingerprint():
        report.problems.append("replaying the JSON log gives another state")
    return game, report


def _turn(game: Game, rng: random.Random, report: Report) -> act.Entry:
    p = game.state.players[game.state.active]
    for _ in range(TRIES):
        key = rng.choice(p.hand)
        entry = _candidate(game, rng, p.name, key)
        try:
            game.check(entry)
            return entry
        except RefereeError:
            report.refused += 1
    return act.Tribune(p.name)  # always in hand: it comes back with every card it returns


def _candidate(game: Game, rng: random.Random, name: str, key: str) -> act.Entry:
    kind = kind_of(game.board.box, card_id(key))
    if kind == "diplomat":
        others = [q for q in game.state.players if q.name != name and q.top()]
        if not others:
            return act.Diplomat(name, name)
        target = rng.choice(others)
        inner = _action(game, rng, name, kind_of(game.board.box, card_id(target.top() or "")),
                        target.top() or "")
        return act.Diplomat(name, target.name, inner, card_id(key))
    return _action(game, rng, name, kind, key)


def _action(game: Game, rng: random.Random, name: str, kind: str, key: str) -> act.Entry:
    s, b = game.state, game.board
    p = next(q for q in s.players if q.name == name)
    goods = list(b.box.goods)
    if kind == "architect":
        return _architect(game, rng, name)
    if kind == "prefect":
        up = [prov for prov, shown in s.goods_side.items() if shown]
        return act.Prefect(name, rng.choice(up) if up and rng.random() < 0.8 else None)
    if kind == "mercator":
        sell = {g: rng.randint(1, 2) for g in rng.sample(goods, rng.randint(0, 1))}
        buy = {g: rng.randint(1, 3) for g in rng.sample([g for g in goods if g not in sell],
                                                         rng.randint(0, 1))}
        return act.Mercator(name, act.bundle(sell), act.bundle(buy), "@" in key)
    if kind == "senator":
        slots = rng.sample(range(1, len(s.display) + 1), min(len(s.display), rng.randint(1, 2)))
        return act.Senator(name, tuple(act.Purchase(n, tuple(rng.choices(goods, k=2))[
            :_any(b.box, n)]) for n in slots))
    if kind == "consul":
        return act.Consul(name, rng.randint(1, len(s.display)) if s.display else None)
    if kind == "tribune":
        return act.Tribune(name, rng.choice([None, "land", "sea"]))
    if kind == "colonist":
        if rng.random() < 0.4:
            return act.Colonist(name, cash=True)
        cities = ["Roma", *p.houses]
        return act.Colonist(name, tuple((rng.choice(act.COLONIST_KINDS), rng.choice(cities))
                                        for _ in range(rng.randint(1, 2))))
    return act.Specialist(name, card_id(key))


def _any(box: Box, slot: int) -> int:
    return box.fact("cards", "senator_surcharge", str(slot)).value.get("any", 0)


def _architect(game: Game, rng: random.Random, name: str) -> act.Architect:
    s, b = game.state, game.board
    p = next(q for q in s.players if q.name == name)
    points = len(p.colonists)
    moves = []
    for kind, place in rng.sample(p.colonists, len(p.colonists)):
        if points <= 0:
            break
        steps = rng.randint(1, min(points, 3))
        walk = list(place) if len(place) == 1 else list(rng.sample(place, 2))
        for _ in range(steps):
            ends = b.routes[kind].get(walk[-1], [])
            if not ends:
                break
            walk.append(rng.choice(ends))
        if len(walk) > len(place):
            points -= len(walk) - len(place)
            moves.append(act.Move(kind, tuple(walk[:len(place)]), tuple(walk[len(place):])))
    beside = sorted({c for m in moves for c in m.walk()[-2:]}
                    | {c for _, pl in p.colonists if len(pl) == 2 for c in pl})
    build = tuple(c for c in beside if c != "Roma" and c not in p.houses and rng.random() < 0.6)
    return act.Architect(name, tuple(moves), build)
