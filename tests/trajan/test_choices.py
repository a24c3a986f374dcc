"""The two choices the rules leave to a player, asked as questions of the core: how many
subjects a worker or legionary Trajan tile places (001 «Особые действия жетонов Траяна»: 1 or
2), and which tiles meet the people's demands at a quarter end (001 «Конец квартала»). A
session begun before they were asked replays as it was played."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from referee.errors import InputErrors, RefereeError, RuleViolation
from referee.game.question import Form
from referee.trajan import actions as a
from referee.trajan import quarter
from referee.trajan.engine import Game
from referee.trajan.pieces import stacks
from referee.trajan.rules.quarter import quarter_input
from referee.trajan.setup import Setup
from referee.trajan.simulate import random_entry
from referee.trajan.wheel import COLOURS, parse_colours

from .engine_helpers import through_setup

EXAMPLES = Path(__file__).parents[2] / "sessions" / "examples"


def new_game(questions: int = 2) -> Game:
    return through_setup(Game(Setup.create(["Ann", "Bob"], "Ann", seed=3,
                                           questions=questions)))


def rules_of(rulings) -> list[str]:
    return [r.rule.rule_id for r in rulings]


def refused(game: Game, entry) -> RuleViolation:
    """``entry`` is refused with a rule named, and the game is left as it was."""
    before = (game.fingerprint(), len(game.history))
    with pytest.raises(RuleViolation) as error:
        game.apply(entry)
    assert (game.fingerprint(), len(game.history)) == before
    return error.value


# ---------------------------------------------------------------------- figures
def complete(game: Game, kind: str, supply: int | None = None) -> None:
    """Ann's turn completes a ``kind`` Trajan tile of the box at cell II: it swaps places
    with the tile there, and her trays are set so that one marker sown from tray I does it.
    ``supply``: the subjects left in her supply (the others wait in the workers' camp)."""
    b, ann = game.state.board, game.state.player("Ann")
    stack = next(s for s in stacks() if any(t.kind == kind for t in +b.trajan_pool[s]))
    tile = min(t for t in +b.trajan_pool[stack] if t.kind == kind)
    b.trajan_pool[stack][tile] -= 1
    b.trajan_pool[stack] += Counter([ann.cells[1]])
    ann.cells[1] = tile
    rest = Counter({c: 2 for c in COLOURS.values()}) - Counter(tile.colours)
    first = next(c for c in sorted(rest) if c not in tile.colours)
    rest[first] -= 1
    others = sorted(rest.elements())
    ann.trays = [[first], list(tile.colours), others[:3], others[3:5], others[5:7], others[7:]]
    if supply is not None:
        ann.workers_camp += ann.supply - supply
        ann.supply = supply
    game.apply(a.Sow("Ann", 0, (first,)))
    assert ann.cells[1] is None and tile in ann.done


@pytest.mark.parametrize("kind, camp", [("worker2", "workers_camp"),
                                        ("legionary2", "legion_camp")])
def test_a_two_figure_tile_offers_two_one_or_none(kind, camp):
    game = new_game()
    ann = game.state.player("Ann")
    complete(game, kind)
    q = game.pending()
    assert (q.kind, q.actor, q.form, q.rule.rule_id) == ("figures", "Ann", Form.ONE,
                                                         "trajan.trajan.figures")
    assert game.legal_entries() == [a.Figures("Ann", 2), a.Figures("Ann", 1), a.Pass("Ann")]
    supply, there = ann.supply, getattr(ann, camp)
    rulings = game.apply(a.Figures("Ann", 1))
    assert (ann.supply, getattr(ann, camp)) == (supply - 1, there + 1)
    assert "trajan.trajan.figures" in rules_of(rulings)
    assert game.invariants() == []


def test_a_short_supply_offers_fewer_and_refuses_more():
    game = new_game()
    complete(game, "worker2", supply=1)
    assert game.legal_entries() == [a.Figures("Ann", 1), a.Pass("Ann")]
    error = refused(game, a.Figures("Ann", 2))
    assert error.rule.rule_id == "trajan.trajan.figures" and error.params["n"] == 1
    game.apply(a.Figures("Ann", 1))
    assert game.state.player("Ann").supply == 0 and game.invariants() == []


def test_a_one_figure_tile_places_one_the_reading_of_1_or_2_flagged():
    game = new_game()
    complete(game, "legionary1")
    assert game.legal_entries() == [a.Figures("Ann", 1), a.Pass("Ann")]
    error = refused(game, a.Figures("Ann", 2))
    assert error.rule.rule_id == "trajan.trajan.figures" and error.rule.unsure == ("reading",)
    assert refused(game, a.Figures("Ann", 0)).rule.rule_id == "trajan.trajan.figures"
    game.apply(a.Pass("Ann"))  # the special action is optional
    assert game.pending().kind == "forum" and game.state.player("Ann").legion_camp == 1


def test_an_empty_supply_asks_nothing():
    game = new_game()
    complete(game, "worker2", supply=0)
    rulings = game.log[-1]
    assert game.pending().kind == "forum"
    assert any("no subject left" in r.message for r in rulings)


def test_a_session_begun_before_the_choice_places_every_figure():
    game = new_game(questions=1)
    ann = game.state.player("Ann")
    complete(game, "worker2")
    q = game.pending()
    assert (q.kind, game.legal_entries()) == ("trajan_effect", [a.Choose("Ann", "take"),
                                                                a.Pass("Ann")])
    camp = ann.workers_camp
    game.apply(a.Choose("Ann", "take"))
    assert ann.workers_camp == camp + 2


# ---------------------------------------------------------------------- demands
def take(game: Game, tile: str) -> None:
    """One forum tile out of the box: from the bag, else the forum, else a province."""
    b = game.state.board
    for held in (b.forum_pool, b.forum):
        if held[tile]:
            held[tile] -= 1
            return
    province = next(p for p, t in b.provinces.items() if t == tile)
    b.provinces[province] = None


def to_quarter_end(game: Game, demands: tuple[str, ...], ann: dict[str, int],
                   kept: tuple[str, ...] = ()) -> None:
    """The fourth round of the quarter, ``demands`` turned up; Ann holds the forum tiles
    ``ann`` (from the box) and the kept Trajan tiles ``kept``; her turn ends the quarter."""
    b, p = game.state.board, game.state.player("Ann")
    b.round = 4
    for d in demands:
        b.demand_pool[d] -= 1
        b.demands_up.append(d)
    for tile, n in ann.items():
        for _ in range(n):
            take(game, tile)
        p.tiles[tile] += n
    for kind in kept:
        pool = next(pool for pool in b.trajan_pool.values() if any(
            t.kind == kind for t in +pool))
        tile = min(t for t in +pool if t.kind == kind)
        pool[tile] -= 1
        p.done.append(tile)
    b.time = b.lap - 2
    p.trays = [list(parse_colours(t)) for t in ("yogw", "", "pb", "yo", "gw", "pb")]
    game.apply(a.Sow("Ann", 0, parse_colours("yogw")))  # into V: Trajan, past the start
    while game.pending().kind not in ("demands", "consul"):  # what the quarter end asks
        assert game.pending().actor == "Ann"
        game.apply(a.Pass("Ann"))


def test_a_player_chooses_a_wild_or_the_forum_tile_for_a_demand():
    # A bread forum tile and 3 demand wilds for bread, games, religion: the bread demand
    # takes the forum tile (the cheapest way) or a wild, keeping the tile for a bonus tile.
    game = new_game()
    to_quarter_end(game, ("bread", "games", "religion"), {"bread": 1, "wild_demand": 3})
    q = game.pending()
    assert (q.actor, q.form, q.rule.rule_id) == ("Ann", Form.ONE, "trajan.quarter.demands")
    cheapest, wilds = a.Demands("Ann", ("bread",), 2), a.Demands("Ann", (), 3)
    assert game.legal_entries() == [cheapest, wilds]
    ann = game.state.player("Ann")
    rulings = game.apply(wilds)
    assert (ann.tiles["bread"], ann.tiles["wild_demand"]) == (1, 0)
    demands = next(r for r in rulings if r.rule.rule_id == "trajan.quarter.demands")
    assert (demands.params["met"], demands.params["wilds"]) == (3, 3)
    # Bob holds nothing: one way only (all three unmet), so he is not asked
    assert game.pending().kind == "consul"
    assert any(r.rule.rule_id == "trajan.quarter.penalty" and r.params["player"] == "Bob"
               for r in rulings)
    assert game.invariants() == []


def test_a_kept_trajan_tile_or_a_forum_tile_may_meet_the_demand():
    # Only the games demand can be met: by the kept Trajan tile, which stays (the cheapest
    # way), or by the forum tile, which the rules allow too.
    game = new_game()
    to_quarter_end(game, ("games", "bread", "religion"), {"games": 1}, kept=("games",))
    assert game.legal_entries() == [a.Demands("Ann", (), 0), a.Demands("Ann", ("games",), 0)]
    rulings = game.apply(a.Demands("Ann", (), 0))
    assert game.state.player("Ann").tiles["games"] == 1
    assert next(r for r in rulings if r.rule.rule_id == "trajan.quarter.penalty").params[
        "vp"] == 9


def test_refusals_name_the_rule_and_change_nothing():
    game = new_game()
    to_quarter_end(game, ("bread", "games", "religion"), {"bread": 1, "wild_demand": 3})
    assert refused(game, a.Demands("Ann", (), 2)).rule.rule_id == "trajan.quarter.compulsory"
    assert refused(game, a.Demands("Ann", ("games",), 2)).rule.rule_id == \
        "trajan.quarter.demands"  # no games forum tile
    assert refused(game, a.Demands("Ann", ("bread", "bread"), 1)).rule.rule_id == \
        "trajan.quarter.demands"
    assert refused(game, a.Demands("Bob", (), 3)).rule.rule_id == "trajan.turn.order"
    with pytest.raises(RefereeError):
        game.apply(a.Pass("Ann"))  # meeting a demand one can meet is compulsory


def test_a_session_begun_before_the_choice_meets_the_demands_the_cheapest_way():
    game = new_game(questions=1)
    to_quarter_end(game, ("bread", "games", "religion"), {"bread": 1, "wild_demand": 3})
    ann = game.state.player("Ann")
    assert game.pending().kind == "consul"  # nobody was asked
    assert (ann.tiles["bread"], ann.tiles["wild_demand"]) == (0, 1)
    told = [r for r in game.log[-1] if r.rule.rule_id == "trajan.quarter.demands"]
    assert any(r.params.get("n") == 2 and "cheapest" in r.message for r in told)


# ---------------------------------------------------------------------- the calculator
QUARTER = {"quarter": 2, "demands": ["bread", "games", "religion"], "players": [
    {"name": "Ann", "senate_position": 3, "forum_demand_tiles": {"bread": 1},
     "demand_wilds": 3, "vp": 20},
    {"name": "Bob", "senate_position": 2}]}


def with_meet(meet: dict | None) -> dict:
    doc = json.loads(json.dumps(QUARTER))
    if meet is not None:
        doc["players"][0]["meet"] = meet
    return doc


def test_quarter_end_takes_the_choice_the_guided_game_asks(cli, tmp_path):
    path = tmp_path / "quarter.json"
    path.write_text(json.dumps(with_meet({"wilds": 3})), encoding="utf-8")
    out = cli("trajan", "check", "quarter-end", "--input", str(path), "--json")
    assert out.code == 0, out.err
    ann = out.json()["demands"][0]
    assert (ann["forum_tiles_spent"], ann["demand_wilds_spent"], ann["chosen"]) == ({}, 3, True)
    assert [w["demand_wilds_spent"] for w in ann["ways"]] == [2, 3]  # the cheapest first
    path.write_text(json.dumps(with_meet(None)), encoding="utf-8")
    ann = cli("trajan", "check", "quarter-end", "--input", str(path), "--json").json()[
        "demands"][0]
    assert (ann["forum_tiles_spent"], ann["chosen"], len(ann["ways"])) == ({"bread": 1}, False, 2)
    shown = cli("trajan", "check", "quarter-end", "--input", str(path))
    assert "Ann hands in 3 demand wilds" in shown.out  # the other way, in the guided words


@pytest.mark.parametrize("meet, rule", [
    ({"wilds": 2}, "a demand that can be met must be met"),
    ({"forum": {"games": 1}, "wilds": 2}, "the people's demands"),
    ({"forum": {"bread": 2}}, "the people's demands"),
    ({"wilds": 4}, "the people's demands"),
])
def test_quarter_end_refuses_what_the_guided_game_refuses(cli, tmp_path, meet, rule):
    path = tmp_path / "quarter.json"
    path.write_text(json.dumps(with_meet(meet)), encoding="utf-8")
    out = cli("trajan", "check", "quarter-end", "--input", str(path))
    assert out.code == 2 and f"Quarter end: {rule}" in out.err, out.err
    game = new_game()
    to_quarter_end(game, ("bread", "games", "religion"), {"bread": 1, "wild_demand": 3})
    entry = a.Demands.of("Ann", meet.get("forum", {}), meet.get("wilds", 0))
    assert refused(game, entry).rule.title == f"Quarter end: {rule}"


def test_quarter_end_asks_each_player_with_a_choice(cli, tmp_path, monkeypatch):
    from referee.terminal import prompter as prompter_module
    from referee.terminal.prompter import ScriptedPrompter
    from referee.trajan.ui import forms

    questions = {"forum_demand_tiles": ({"bread": 1}, {}), "trajan_demand_tiles": ({}, {}),
                 "demand_wilds": (3, 0)}
    script = ScriptedPrompter([2])
    monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: script)
    monkeypatch.setattr(forms, "quarter_doc", lambda prompter: {
        "demands": list(QUARTER["demands"]), "players": [
            {"name": n, "senate_position": 2 + (n == "Ann"),
             **{k: v[i] for k, v in questions.items()}} for i, n in enumerate(("Ann", "Bob"))]})
    chosen = []

    def choose(prompter, name, ways):
        chosen.append((name, [(w.forum, w.wilds) for w in ways]))
        return ways[1]

    monkeypatch.setattr(forms, "demand_choice", choose)
    out = cli("trajan", "check", "quarter-end", "--json")
    assert out.code == 0, out.err
    assert chosen == [("Ann", [({"bread": 1}, 2), ({}, 3)])]  # Bob has one way: not asked
    assert out.json()["demands"][0]["demand_wilds_spent"] == 3


def quarter_doc(game: Game) -> dict:
    """The live position at a quarter end as a ``quarter-end --input`` document."""
    q = quarter_input(game.core)
    return {"demands": list(q.demands), "players": [
        {"name": p.name, "forum_demand_tiles": p.forum_demand_tiles,
         "trajan_demand_tiles": p.trajan_demand_tiles, "demand_wilds": p.demand_wilds,
         "senate_position": p.senate_position, "senate_stack_rank": p.senate_stack_rank}
        for p in q.players]}


def calculator_verdict(doc: dict, name: str, forum: dict, wilds: int) -> str | None:
    doc = json.loads(json.dumps(doc))
    next(p for p in doc["players"] if p["name"] == name)["meet"] = {"forum": forum,
                                                                    "wilds": wilds}
    try:
        quarter.end_quarter(quarter.parse_input(doc))
    except InputErrors as errors:
        [problem] = errors.problems
        return problem.rule.rule_id
    return None


def live_verdict(game: Game, entry: a.Demands) -> str | None:
    try:
        game.check(entry)
    except RuleViolation as error:
        return error.rule.rule_id
    return None


@pytest.mark.parametrize("seed", [8, 12, 14])
def test_the_calculator_lists_and_refuses_as_the_live_question_does(seed):
    """Random guided games: at each demands question the calculator, given the position,
    lists the same legal ways and gives every other way the same refusal."""
    rng = random.Random(seed)
    game = Game(Setup.create(["Ann", "Bob", "Cid"], "Ann", seed=seed))
    asked = 0
    while (q := game.pending()) is not None:
        if q.kind == "demands":
            asked += 1
            doc = quarter_doc(game)
            read = quarter.parse_input(doc)
            player = next(p for p in read.players if p.name == q.actor)
            listed = [a.Demands.of(q.actor, w.forum, w.wilds)
                      for w in quarter.ways(player, read.demands)]
            assert listed == game.legal_entries()
            for bread in range(3):
                for games in range(2):
                    for wilds in range(4):
                        forum = {"bread": bread, "games": games}
                        entry = a.Demands.of(q.actor, forum, wilds)
                        assert calculator_verdict(doc, q.actor, forum, wilds) == \
                            live_verdict(game, entry), (forum, wilds)
        game.apply(random_entry(game, rng, eager=0.9))
    assert asked


def test_a_journal_recorded_before_the_choices_replays_as_it_was_played():
    """The example session was recorded before either choice was asked (its setup has no
    ``questions``): loaded now, every entry gives again the rulings it gave then, but for
    the lines that now name what was drawn (they replaced "draws a card")."""
    from referee.store import SessionStore
    from referee.table import session as sessions
    from referee.trajan.ui.table import TRAJAN

    store = SessionStore(EXAMPLES / "trajan")
    (session_id,) = store.ids()
    with store.open(session_id) as session:
        assert "questions" not in session.header.options
        game = sessions.load(TRAJAN, session)
        recorded: list[list[dict]] = [[]]
        for event in session.events:
            if event.type == "ruling":
                recorded[-1].append(event.payload)
            elif event.type != "outcome":
                recorded.append([])
        assert session.last_effective("outcome").payload == game.outcome().to_json()
    assert game.setup.questions == 1
    assert [decided(r.to_json() for r in rulings) for rulings in game.log] == [
        decided(rulings) for rulings in recorded]
    kinds = {e.type for e in game.history}
    assert "choose" in kinds and not kinds & {"figures", "demands"}


def decided(rulings) -> list[dict]:
    """Rulings as they decide, in the words of now: without those that name what was
    drawn or say to turn a ship grey (they replaced "draws a card"), a piece as its code,
    a load using no commodity wild without "0 commodity wilds used"."""
    from referee.trajan.rules import DRAWN

    named = {"{player} draws a card from the deck", "{player} draws 2 cards",
             "Turn the {ship} to its grey side", *DRAWN}
    found = []
    for r in rulings:
        if r["message"] in named:
            continue
        params = {k: v["piece"] if isinstance(v, dict) and "piece" in v else v
                  for k, v in r["params"].items()}
        if r["message"].endswith("fits, {vp} VP; {used}") and params["wilds"] == 0:
            r = {**r, "message": r["message"].removesuffix("; {used}")}
            del params["wilds"], params["used"]
        found.append({**r, "params": params})
    return found
