"""Random-play simulator: complete games for 2–5 players, both deck modes and editions.

Every decision is answered uniformly at random among the legal options. A table-mode
game is played in lockstep with a virtual-mode twin that stands for the physical
table: the twin knows every card, answers the table's reveals and the players'
choices, and the table-mode engine must accept all of it while knowing only counts and
entered cards. After every entry the invariants are checked, and a shadow game fed the
JSON log of the entries must reach the same fingerprint (replay = live state).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from referee.tribune import box
from referee.tribune.actions import Cards, Choose, Entry, Reveal
from referee.tribune.actions import from_json as action_from_json
from referee.tribune.cards import Card
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.victory import VictoryCard
from referee.values import Mutable, field

MODES = ("table", "virtual")
EDITIONS = ("ffg", "heidelberger")
VARIANTS = ("card", "points")
MAX_ROUNDS = 150  # a safety net: random play that never ends is reported, not hung on

#: A made-up card for simulations only (the printed thresholds are not known).
SIM_CARD = VictoryCard.from_json({
    "title": "Simulation card (made up)",
    "goals": [{"kind": "tribune"}, {"kind": "favor"}, {"kind": "laurels", "threshold": 10},
              {"kind": "legions", "threshold": 4}, {"kind": "denarii", "threshold": 30},
              {"kind": "markers", "threshold": 4}],
    "needed": {"2": 4, "3": 4, "4": 4, "5": 3}})


def agreement(table: Game, twin: Game) -> list[str]:
    """The table-mode game must agree with the physical truth on everything it tracks."""
    a, b = table.state, twin.state
    problems = []
    if (len(a.deck), len(a.discard), a.board_cards()) != (len(b.deck), len(b.discard),
                                                            b.board_cards()):
        problems.append("table mode lost track of deck, discard or board sizes")
    for pa, pb in zip(a.players, b.players, strict=True):
        if (pa.money, pa.laurels, pa.legions, pa.markers, pa.tile, pa.eternal, len(pa.hand)) \
                != (pb.money, pb.laurels, pb.legions, pb.markers, pb.tile, pb.eternal,
                    len(pb.hand)):
            problems.append(f"table mode disagrees about {pa.name}")
        if Counter(pa.hand.cards) - Counter(pb.hand.cards):
            problems.append(f"table mode knows a card {pa.name} does not hold")
    if (a.sets, a.controllers, a.colosseum) != (b.sets, b.controllers, b.colosseum):
        problems.append("table mode disagrees about control sets")
    return problems


class Run(Mutable):
    """One simulated game and what it found."""

    mode: str
    edition: str
    variant: str
    rounds: int = 0
    entries: int = 0
    finished: bool = False
    violations: list[str] = field(default_factory=list)


Pick = Callable[[list[Entry]], Entry]


class Driver:
    """Plays a game one entry at a time; ``pick`` chooses among the legal options.

    In table mode a virtual twin stands for the physical table (it knows every card);
    ``twin_log`` remembers which twin entries belong to each table entry so ``undo``
    can rewind both. With ``check``, a shadow game is fed each entry through its JSON form.
    """

    def __init__(self, setup: Setup, check: bool = True) -> None:
        self.game = Game(setup)
        self.check = check
        self.shadow = Game(Setup.from_json(setup.to_json())) if check else None
        self.twin_setup = (Setup.from_json({**setup.to_json(), "deck_mode": "virtual"})
                           if setup.deck_mode == "table" else None)
        self.twin = Game(self.twin_setup) if self.twin_setup else None
        self.twin_log: list[list[Entry]] = []

    @property
    def done(self) -> bool:
        return self.game.pending() is None

    def step(self, pick: Pick) -> list[str]:
        """One entry (a table reveal or a player decision); returns broken invariants."""
        decision = self.game.pending()
        assert decision is not None
        if self.twin is None:
            return self._apply(pick(self.game.legal_entries() or []), [])
        twin_entries: list[Entry] = []
        while (mirror := self.twin.pending()) is not None and mirror.kind == "opening_discard":
            twin_entries.append(pick(self.twin.legal_entries() or []))  # face down, unseen
            self.twin.apply(twin_entries[-1])
        if decision.kind == "reveal":
            return self._apply(Reveal(_physical_card(self.game, self.twin, decision.params)),
                               twin_entries)
        problems = agreement(self.game, self.twin) if self.check else []
        if mirror is None or (mirror.actor, mirror.kind) != (decision.actor, decision.kind):
            raise AssertionError(f"table and physical games diverge at {decision.kind}")
        action = pick(self.twin.legal_entries() or [])
        self.twin.apply(action)
        return problems + self._apply(_for_table(action, decision.kind, pick),
                                      twin_entries + [action])

    def _apply(self, action: Entry, twin_entries: list[Entry]) -> list[str]:
        self.game.apply(action)
        self.twin_log.append(twin_entries)
        if not self.check:
            return []
        assert self.shadow is not None
        self.shadow.apply(action_from_json(action.to_json()))
        problems = self.game.invariants()
        if self.shadow.fingerprint() != self.game.fingerprint():
            problems.append("replaying the log gives a different state")
        if self.done and self.twin is not None:
            problems += agreement(self.game, self.twin)
            if self.twin.final_score() is None:
                problems.append("the physical game did not end with the table game")
        return problems

    def undo(self) -> None:
        self.game.undo()
        self.twin_log.pop()
        if self.shadow is not None:
            self.shadow.undo()
        if self.twin_setup is not None:
            self.twin = Game.replay(self.twin_setup, [a for e in self.twin_log for a in e])


def setup_for(players: int, mode: str, edition: str, variant: str, seed: int) -> Setup:
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    settings: dict[str, Any] = {"thermae_fields": rng.choice((2, 3)),
                                "cesura_continue": rng.random() < 0.8}
    if edition == "heidelberger":
        settings |= {"curia_dealing": rng.choice(("per_field", "area_total")),
                     "gladiator_assassin": rng.choice(("card_option", "both_options")),
                     "legate_legion": rng.choice(("card_option", "both_options"))}
    # the box's deck in both modes: the virtual twin of a table game deals from it, and the
    # table game checks the cards entered against it
    return Setup.create(names, rng.choice(names), edition=edition, deck_mode=mode, seed=seed,
                        victory=SIM_CARD if variant == "card" else None, settings=settings,
                        deck=box.synthetic_deck())


def play(players: int, mode: str, edition: str, variant: str, seed: int,
         check: bool = True) -> Run:
    run = Run(mode, edition, variant)
    rng = random.Random(seed)
    driver = Driver(setup_for(players, mode, edition, variant, seed), check)
    while not driver.done and driver.game.state.round <= MAX_ROUNDS:
        run.violations += driver.step(rng.choice)
        run.entries += 1
    run.rounds = driver.game.state.round
    run.finished = driver.game.final_score() is not None
    return run


def _physical_card(table: Game, twin: Game, params: Mapping[str, Any]) -> Card:
    """Both games turn cards up in the same order, so the table's next reveal is the
    twin's card with the same index."""
    region, number, card = twin.core.turned_up[len(table.core.turned_up)]
    assert (region, number) == (params["region"], params["number"])
    return card


def _for_table(action: Entry, kind: str, pick: Pick) -> Entry:
    """A Catacombs buyer may keep the card to themselves: the referee then only counts it."""
    if kind == "catacombs" and isinstance(action, Cards):
        return pick([action, Choose(action.player, "buy")])
    return action


def simulate(players: int, games: int, seed: int, *, modes: tuple[str, ...] = MODES,
             editions: tuple[str, ...] = EDITIONS, variants: tuple[str, ...] = VARIANTS,
             check: bool = True) -> dict[str, Any]:
    """Play ``games`` games, cycling through the modes, editions and variants."""
    combos = [(m, e, v) for m in modes for e in editions for v in variants]
    started = time.perf_counter()
    runs = [play(players, *combos[i % len(combos)], seed=seed * 1_000_003 + i, check=check)
            for i in range(games)]
    seconds = time.perf_counter() - started
    violations = [v for r in runs for v in r.violations]
    return {
        "players": players, "games": games, "seed": seed, "checks": check,
        "finished": sum(r.finished for r in runs),
        "rounds": sum(r.rounds for r in runs),
        "entries": sum(r.entries for r in runs),
        "invariant_violations": len(violations),
        "violation_examples": sorted(set(violations))[:10],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "by_setting": [
            {"mode": m, "edition": e, "variant": v,
             "games": sum(1 for r in runs if (r.mode, r.edition, r.variant) == (m, e, v)),
             "rounds": sum(r.rounds for r in runs if (r.mode, r.edition, r.variant) == (m, e, v))}
            for m, e, v in combos],
    }
