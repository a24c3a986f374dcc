"""Random play: complete Concordia games, to check the engine's invariants.

Each turn the simulator draws candidate entries for the cards in hand (random walks for the
Architect, random trades, purchases, provinces…) and plays the first one the engine
accepts, so ``check`` is exercised on illegal candidates as much as ``apply`` on legal
ones. Follow-up questions (storehouse, reveal) are answered from ``legal_entries``. After
every entry the invariants are checked, and at the end a shadow game rebuilt from the JSON
log must reach the same fingerprint. The final table, typed in as ``concordia score
--input`` reads it, must pass that command's checks of what a game can reach and score the
same: the calculator and the live game agree.

Two ways of dealing, as ``concordia new`` has them: ``virtual``, the referee deals and knows
the draw pile; ``table``, the group lays the board out and enters each card turned up.
"""

from __future__ import annotations

import random
import time
from typing import Any

from referee.concordia import actions as act
from referee.concordia.box import Box
from referee.concordia.deal import check_players, deal
from referee.concordia.end_state import read_end_state, typed_end_state
from referee.concordia.engine import Game, kind_of
from referee.concordia.scoring import score_game
from referee.concordia.setup import Setup
from referee.concordia.state import card_id
from referee.errors import RefereeError
from referee.values import Mutable, field

DEALS = ("virtual", "table")
MAX_ENTRIES = 3000  # a safety net: a game that never ends is reported, not hung on
TRIES = 40


class Report(Mutable):
    map_id: str = ""
    deal: str = "virtual"
    entries: int = 0
    turns: int = 0
    refused: int = 0
    finished: bool = False
    problems: list[str] = field(default_factory=list)


def play_random(box: Box, map_id: str, players: int, seed: int, *, deal_by: str = "virtual",
                check: bool = True) -> tuple[Game, Report]:
    """One random game; ``check`` looks at the invariants after every entry (without it,
    only at the end) and replays the JSON log."""
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    setup = Setup.from_deal(deal(box, map_id, names, seed))
    if deal_by == "table":
        setup = Setup(setup.map_id, setup.players, setup.cities, setup.display, None)
    game, report = Game(setup, box), Report(map_id, deal_by)
    while game.pending() is not None and report.entries < MAX_ENTRIES:
        options = game.legal_entries()
        entry = rng.choice(options) if options else _turn(game, rng, report)
        game.apply(entry)
        report.entries += 1
        if check:
            report.problems += [f"entry {report.entries}: {p}" for p in game.invariants()]
    report.turns = game.state.turns
    report.finished = game.pending() is None
    if not check:
        report.problems += game.invariants()
    else:
        shadow = Game.replay(setup, [act.from_json(e.to_json()) for e in game.history], box)
        if shadow.fingerprint() != game.fingerprint():
            report.problems.append("replaying the JSON log gives another state")
    if report.finished:
        report.problems += _scored_alike(game, box)
    return game, report


def _scored_alike(game: Game, box: Box) -> list[str]:
    """The end of a game, typed in for ``concordia score``: accepted, and scored the same."""
    try:
        typed, _ = read_end_state(typed_end_state(game.score_input(), box), box,
                                  game.setup.cities, irregular=False)
    except RefereeError as refused:
        return [f"concordia score refuses the end of the game: {refused}"]
    live = [(p.name, p.total) for p in game.final_score().players]
    if [(p.name, p.total) for p in score_game(typed, box).players] != live:
        return ["concordia score gives the end of the game another score"]
    return []


def simulate(box: Box, players: int, games: int, seed: int, *, maps: tuple[str, ...],
             deals: tuple[str, ...] = DEALS, check: bool = True) -> dict[str, Any]:
    """Play ``games`` games, cycling through the board sides made for ``players`` and the
    ways of dealing. A side named alone that is not made for them is refused, naming the
    rule (so is a choice of sides none of which is)."""
    fit = [m for m in maps if box.maps[m].min_players <= players <= box.maps[m].max_players]
    if not fit:  # the deal's own check says which side is for how many players
        check_players(box.maps[maps[0]], [f"P{i + 1}" for i in range(players)])
    combos = [(m, d) for m in fit for d in deals]
    started = time.perf_counter()
    runs = []
    for i in range(games):
        map_id, deal_by = combos[i % len(combos)]
        runs.append(play_random(box, map_id, players, seed * 1_000_003 + i, deal_by=deal_by,
                                check=check)[1])
    seconds = time.perf_counter() - started
    violations = [p for r in runs for p in r.problems]
    return {
        "players": players, "games": games, "seed": seed, "checks": check,
        "finished": sum(r.finished for r in runs),
        "turns": sum(r.turns for r in runs),
        "entries": sum(r.entries for r in runs),
        "refused": sum(r.refused for r in runs),
        "invariant_violations": len(violations),
        "violation_examples": sorted(set(violations))[:10],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "by_setting": [
            {"map": m, "deal": d,
             "games": sum(1 for r in runs if (r.map_id, r.deal) == (m, d)),
             "turns": sum(r.turns for r in runs if (r.map_id, r.deal) == (m, d))}
            for m, d in combos],
    }


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
