"""The guided-game engine against the rulebook's worked examples and its refusals.

Each worked example sets the position the rulebook pictures (tests may write the state
directly: reaching it through legal turns would take dozens of entries), then plays the
card as an entry and checks every effect. Every refusal leaves the game unchanged.
"""

from __future__ import annotations

import json

import pytest

from referee.concordia import actions as act
from referee.concordia.box import load_box
from referee.concordia.deal import deal
from referee.concordia.engine import Game
from referee.concordia.scoring import score_game
from referee.concordia.setup import Setup
from referee.concordia.validation import parse_game
from referee.errors import InputError, InputErrors, RefereeError, RuleViolation

RED, BLUE, YELLOW = "Red", "Blue", "Yellow"


@pytest.fixture(scope="module")
def box():
    return load_box()


def new_game(box, names=(RED, BLUE, YELLOW), map_id="imperium", seed=3, **cities) -> Game:
    dealt = Setup.from_deal(deal(box, map_id, list(names), seed, start_player=names[0]))
    fixed = {**dealt.cities, **{c.replace("_", " "): g for c, g in cities.items()}}
    return Game(Setup(dealt.map_id, dealt.players, fixed, dealt.display, dealt.draw_pile,
                          dealt.seed), box)


def refused(game: Game, entry, error=RuleViolation, rule: str | None = None):
    before = game.fingerprint()
    with pytest.raises(error) as caught:
        game.apply(entry)
    assert game.fingerprint() == before and not any(e is entry for e in game.history)
    if rule is not None:
        assert caught.value.rule.rule_id == rule
    return caught.value


def player(game: Game, name: str):
    """The player's current state (each entry replaces the state: fetch it afresh)."""
    return next(p for p in game.state.players if p.name == name)


def give(game: Game, name: str, money: int = 0, **goods: int) -> None:
    """Set up a position: money and goods from (or back to) the bank, which keeps count."""
    p = player(game, name)
    p.money += money
    game.state.bank_money -= money
    for good, n in goods.items():
        p.goods[good] += n
        game.state.bank_goods[good] -= n


def test_a_new_game_follows_the_setup_sheet(box):
    game = new_game(box)
    red, yellow = player(game, RED), player(game, YELLOW)
    assert [p.money for p in game.state.players] == [5, 6, 7]
    assert red.goods == {"brick": 1, "food": 2, "tools": 1, "wine": 1, "cloth": 1}
    assert red.stored == {"land": 2, "sea": 2} and red.used_cells() == 10
    assert sorted(red.colonists) == [("land", ("Roma",)), ("sea", ("Roma",))]
    assert len(red.hand) == 7 and game.state.magnus == 2 and yellow.seat == 3
    assert len(game.state.display) == 7 and game.state.pile_size() == 14
    q = game.pending()
    assert (q.actor, q.kind) == (RED, "turn") and "tribune" in q.accepts
    assert game.invariants() == []


def test_architect_rulebook_example(box):
    # «АРХИТЕКТОР»: a land colonist on Colonia A.–Novaria, two in Roma; 3 points: the sea
    # colonist to Roma–Massilia (1), the land one via Aquileia to Aquileia–Vindobona (2).
    # Builds Massilia (cloth: 5), Novaria (wine: 4) and Aquileia (food, 2 houses: 2 × 3).
    game = new_game(box, Massilia="cloth", Novaria="wine", Aquileia="food")
    red = player(game, RED)
    red.colonists.append(("land", ("Colonia A.", "Novaria")))
    red.stored["land"] -= 1
    red.houses.append("Colonia A.")
    player(game, BLUE).houses.append("Aquileia")
    player(game, YELLOW).houses.append("Aquileia")
    give(game, RED, 15, brick=2, food=-1, tools=-1)
    rulings = game.apply(act.Architect(RED, (
        act.Move("sea", ("Roma",), ("Massilia",)),
        act.Move("land", ("Roma",), ("Aquileia", "Vindobona"))),
        ("Massilia", "Novaria", "Aquileia")))
    red = player(game, RED)
    assert red.money == 20 - 15 and red.goods == dict.fromkeys(red.goods, 0)
    assert red.houses == ["Colonia A.", "Massilia", "Novaria", "Aquileia"]
    assert sorted(red.colonists) == [("land", ("Aquileia", "Vindobona")),
                                     ("land", ("Colonia A.", "Novaria")),
                                     ("sea", ("Massilia", "Roma"))]
    assert {r.rule.rule_id for r in rulings} >= {"concordia.architect.move",
                                                "concordia.architect.house_cost",
                                                "concordia.architect.build"}
    assert game.invariants() == []


def test_architect_refusals_name_the_rule(box):
    game = new_game(box)
    blue = player(game, BLUE)
    blue.colonists.append(("land", ("Novaria", "Roma")))
    blue.stored["land"] -= 1
    # Ending on a route another colonist holds; passing it is fine.
    refused(game, act.Architect(RED, (act.Move("land", ("Roma",), ("Novaria",)),)),
            rule="concordia.architect.move")
    game.check(act.Architect(RED, (act.Move("land", ("Roma",), ("Novaria", "Massilia")),)))
    # A sea colonist cannot take a land route; two colonists give two points.
    refused(game, act.Architect(RED, (act.Move("sea", ("Roma",), ("Aquileia",)),)),
            rule="concordia.architect.move")
    refused(game, act.Architect(RED, (act.Move("land", ("Roma",), ("Aquileia", "Sirmium",
                                                                      "Tomis")),)),
            rule="concordia.architect.move")
    refused(game, act.Architect(RED, (act.Move("land", ("Aquileia",), ("Roma",)),)),
            rule="concordia.architect.move")
    # Building: only next to one's colonists on a route, never in Roma.
    refused(game, act.Architect(RED, (), ("Massilia",)), rule="concordia.architect.build")
    refused(game, act.Architect(RED, (act.Move("sea", ("Roma",), ("Massilia",)),), ("Roma",)),
            rule="concordia.architect.no_house_in_roma")
    refused(game, act.Architect(RED, (), ("Atlantis",)), error=InputError)
    assert game.invariants() == []


def test_houses_are_paid_in_full_or_not_at_all(box):
    game = new_game(box, Massilia="cloth")
    give(game, RED, -3)
    error = refused(game, act.Architect(RED, (act.Move("sea", ("Roma",), ("Massilia",)),),
                                        ("Massilia",)), rule="concordia.pieces.money_goods")
    assert error.params["player"] == RED


def test_prefect_rulebook_example_syria(box):
    # «ПРЕФЕКТ»: Syria's marker shows cloth; Red takes 1 cloth; Red and Blue have houses in
    # a food city, Yellow in a cloth city: each house makes its city's good.
    game = new_game(box, Antiochia="food", Tyros="cloth")
    player(game, RED).houses.append("Antiochia")
    player(game, BLUE).houses.append("Antiochia")
    player(game, YELLOW).houses.append("Tyros")
    before = {p.name: dict(p.goods) for p in game.state.players}
    game.apply(act.Prefect(RED, "Syria"))
    gained = {p.name: {g: n - before[p.name][g] for g, n in p.goods.items()
                       if n != before[p.name][g]} for p in game.state.players}
    assert gained == {RED: {"cloth": 1, "food": 1}, BLUE: {"food": 1}, YELLOW: {"cloth": 1}}
    assert game.state.goods_side["Syria"] is False and game.state.magnus == 2
    # Blue now cannot take Syria again: its marker shows coins.
    refused(game, act.Prefect(BLUE, "Syria"), rule="concordia.prefect.produce")
    money = player(game, BLUE).money
    game.apply(act.Prefect(BLUE, None))      # cash: Syria's coins, then all back to goods
    assert player(game, BLUE).money == money + 1 and all(game.state.goods_side.values())
    assert game.invariants() == []


def test_praefectus_magnus_doubles_the_bonus_and_passes_right(box):
    game = new_game(box, Antiochia="food", Tyros="cloth")
    game.apply(act.Tribune(RED))
    game.apply(act.Tribune(BLUE))
    cloth = player(game, YELLOW).goods["cloth"]
    rulings = game.apply(act.Prefect(YELLOW, "Syria"))
    assert player(game, YELLOW).goods["cloth"] == cloth + 2
    assert game.state.magnus == 1                       # Blue sits to Yellow's right
    assert "concordia.praefectus_magnus.pass" in {r.rule.rule_id for r in rulings}
    game.apply(act.Prefect(RED, None))                  # the cash option: no Magnus involved
    assert game.state.magnus == 1


def test_tribune_rulebook_example(box):
    # «Трибун»: 4 cards played, then the Tribune: 5 back, 2 sestertii; a colonist to Roma
    # for 1 food + 1 tools.
    game = new_game(box)
    red = player(game, RED)
    for card in ("architect", "prefect", "prefect", "mercator"):
        red.hand.remove(card)
        red.discard.append(card)
    money = red.money
    game.apply(act.Tribune(RED, "sea"))
    red = player(game, RED)
    assert len(red.hand) == 7 and red.discard == [] and red.money == money + 2
    assert red.goods["food"] == 1 and red.goods["tools"] == 0
    assert red.stored["sea"] == 1 and red.colonists.count(("sea", ("Roma",))) == 2
    assert game.invariants() == []


def test_colonist_rulebook_example(box):
    # «КОЛОНИСТ»: 2 food, 3 tools; a sea colonist to Roma and a land one to Massilia (a
    # house there); not to Novaria, where Red has no house.
    game = new_game(box)
    red = player(game, RED)
    red.hand.append("colonist@I")
    game.state.display.remove(next(k for k in game.state.display if k == "colonist@I"))
    game.state.display.append(game.state.pile.pop(0))
    red.houses += ["Massilia", "Aquileia"]
    give(game, RED, tools=2)
    refused(game, act.Colonist(RED, (("land", "Novaria"),)), rule="concordia.colonist.place")
    game.apply(act.Colonist(RED, (("sea", "Roma"), ("land", "Massilia"))))
    red = player(game, RED)
    assert red.goods["food"] == 0 and red.goods["tools"] == 1
    assert ("land", ("Massilia",)) in red.colonists and len(red.colonists) == 4
    assert game.invariants() == []


def test_colonist_cash_option(box):
    game = new_game(box)
    red = player(game, RED)
    red.hand.append("colonist@I")
    game.state.display.remove("colonist@I")
    game.state.display.append(game.state.pile.pop(0))
    game.apply(act.Colonist(RED, cash=True))
    assert player(game, RED).money == 5 + 5 + 2


def test_mercator_rulebook_example(box):
    # «ТОРГОВЕЦ»: 2 sestertii, +3, sells 3 wine (23), buys 4 bricks (11).
    game = new_game(box)
    red = player(game, RED)
    give(game, RED, -3, brick=-1, tools=-1, wine=2)
    refused(game, act.Mercator(RED, act.bundle({"wine": 3}), act.bundle({"brick": 6})),
            rule="concordia.storehouse.capacity")
    refused(game, act.Mercator(RED, act.bundle({"wine": 3}),
                               act.bundle({"brick": 1, "food": 1})),
            rule="concordia.mercator.trade")
    game.apply(act.Mercator(RED, act.bundle({"wine": 3}), act.bundle({"brick": 4})))
    red = player(game, RED)
    assert red.money == 11 and red.goods["brick"] == 4 and red.goods["wine"] == 0
    assert game.invariants() == []


def test_senator_and_consul_rulebook_examples(box):
    # «СЕНАТОР»: Mercator (slot 1: 1 wine) and Architect (slot 3: 1 tools + "?" paid in
    # brick); the cards left slide left and two new ones fill the right.
    game = new_game(box)
    state = game.state
    state.display[:4] = ["mercator@I", "prefect@I", "architect@I", "farmer@I"]
    red = player(game, RED)
    refused(game, act.Senator(RED, (act.Purchase(1), act.Purchase(3))), error=InputError)
    pile_top = state.pile[:2]
    game.apply(act.Senator(RED, (act.Purchase(1), act.Purchase(3, ("brick",)))))
    red, state = player(game, RED), game.state
    assert red.goods == {"brick": 0, "food": 2, "tools": 0, "wine": 0, "cloth": 1}
    assert sorted(k for k in red.hand if "@" in k) == ["architect@I", "mercator@I"]
    assert state.display[:2] == ["prefect@I", "farmer@I"] and state.display[-2:] == pile_top
    # «КОНСУЛ»: the card in slot 6 for its printed cost only.
    state.display[5] = "colonist@I"
    player(game, BLUE).hand.append(state.pile.pop(state.pile.index("consul@II")))
    state.display.remove("colonist@I")
    state.display.insert(5, "colonist@I")
    food = player(game, BLUE).goods["food"]
    game.apply(act.Consul(BLUE, 6))
    assert player(game, BLUE).goods["food"] == food - 1
    assert "colonist@I" in player(game, BLUE).hand


def test_specialist_rulebook_example(box):
    # «СПЕЦИАЛИСТЫ»: 4 houses in wine cities, the Vintner makes 4 wine; nobody else gets any.
    game = new_game(box, Massilia="wine", Novaria="wine", Aquileia="wine", Sirmium="wine")
    red = player(game, RED)
    red.hand.append("vintner@II")
    game.state.pile.remove("vintner@II")
    red.houses += ["Massilia", "Novaria", "Aquileia", "Sirmium"]
    give(game, RED, wine=-1, food=-2)     # room for the 4 wine
    game.apply(act.Specialist(RED, "vintner"))
    assert player(game, RED).goods["wine"] == 4 and player(game, BLUE).goods["wine"] == 1
    assert game.invariants() == []


def test_storehouse_overflow_asks_the_owner(box):
    game = new_game(box, Antiochia="food", Tyros="cloth")
    red = player(game, RED)
    red.houses.append("Antiochia")
    give(game, RED, brick=1)     # 11 of 12 cells used
    game.apply(act.Prefect(RED, "Syria"))            # cloth bonus + 1 food: one cell free
    q = game.pending()
    assert (q.actor, q.kind, q.params["free"]) == (RED, "storehouse", 1)
    assert sorted(e.goods for e in game.legal_entries()) == [(("cloth", 1),), (("food", 1),)]
    refused(game, act.Keep(RED, act.bundle({"cloth": 1, "food": 1})),
            rule="concordia.storehouse.overflow")
    refused(game, act.Tribune(BLUE), rule="concordia.storehouse.overflow")
    game.apply(act.Keep(RED, act.bundle({"cloth": 1})))
    assert player(game, RED).used_cells() == 12 and game.pending().actor == BLUE
    assert game.invariants() == []


def test_diplomat_copies_only_an_opponents_top_card(box):
    game = new_game(box)
    refused(game, act.Diplomat(RED, BLUE, act.Tribune(RED)), rule="concordia.diplomat.copy")
    game.apply(act.Prefect(RED, None))
    game.apply(act.Diplomat(BLUE, RED, act.Prefect(BLUE, None)))
    refused(game, act.Diplomat(YELLOW, BLUE, act.Prefect(YELLOW, None)),
            rule="concordia.diplomat.copy")                 # Blue shows a Diplomat
    refused(game, act.Diplomat(YELLOW, RED, act.Tribune(YELLOW)),
            rule="concordia.diplomat.copy")                 # Red shows a Prefect
    refused(game, act.Diplomat(YELLOW, YELLOW, act.Prefect(YELLOW, None)),
            rule="concordia.diplomat.copy")                 # not one's own pile
    game.apply(act.Diplomat(YELLOW, RED, act.Prefect(YELLOW, "Italia")))
    # Yellow held the Praefectus Magnus: the copied Prefect doubles the bonus and passes it.
    assert game.state.magnus == 1
    game.apply(act.Tribune(RED))
    refused(game, act.Diplomat(BLUE, RED, act.Tribune(BLUE)), rule="concordia.turn.play")


def test_wrong_turn_and_unknown_entries(box):
    game = new_game(box)
    refused(game, act.Tribune(BLUE), rule="concordia.turn.play")
    refused(game, act.Consul(RED, 1), rule="concordia.turn.play")        # none in hand
    with pytest.raises(InputError):
        act.from_json({"type": "architect", "player": RED, "moves": "north"})
    with pytest.raises(InputError):
        act.from_json({"type": "teleport", "player": RED})


def test_table_mode_reveals_each_refill_card(box):
    game = new_game(box)
    setup = Setup(game.setup.map_id, game.setup.players, game.setup.cities,
                      game.setup.display, None)
    game = Game(setup, box)
    deck_i = list(game.state.unseen["I"])
    game.apply(act.Senator(RED, (act.Purchase(1),)))
    q = game.pending()
    assert (q.actor, q.kind, q.params["deck"]) == ("table", "reveal", "I")
    assert {e.card for e in game.legal_entries()} == set(deck_i)
    refused(game, act.Reveal("weaver"), rule="concordia.market.refill")   # deck II only
    game.apply(act.Reveal(deck_i[0]))
    assert game.state.display[-1] == f"{deck_i[0]}@I" and game.pending().actor == BLUE
    assert game.invariants() == []


def end_with_last_card(box) -> Game:
    """Two players, Italia: Red bought every market card but a Prefect (1 wine), the last
    one on the display."""
    game = new_game(box, names=(RED, BLUE), map_id="italia")
    state = game.state
    cards = state.display + state.pile
    cards.remove("prefect@I")
    player(game, RED).hand.extend(cards)
    state.display, state.pile = ["prefect@I"], []
    assert game.invariants() == []
    return game


def test_the_last_card_ends_the_game_after_one_more_turn_each(box):
    game = end_with_last_card(box)
    rulings = game.apply(act.Consul(RED, 1))
    assert game.state.concordia == 0 and game.state.last_turns == 1
    assert "concordia.end.trigger" in {r.rule.rule_id for r in rulings}
    assert game.outcome() is None
    game.apply(act.Tribune(BLUE))
    assert game.pending() is None
    refused(game, act.Tribune(RED), rule="concordia.end.last_turns")
    outcome = game.outcome()
    sheet = game.final_score()
    assert outcome.standings[0].player == sheet.ranking[0]
    assert {s.player: s.score for s in outcome.standings} == \
        {p.name: p.total for p in sheet.players}
    assert dict(outcome.standings[[s.player for s in outcome.standings].index(RED)]
                .breakdown)["concordia"] == 7


def test_the_fifteenth_house_ends_the_game(box):
    game = new_game(box, Massilia="cloth")
    red = player(game, RED)
    italia = [c for c in game.board.map.cities if c != "Massilia"][:14]
    red.houses += italia
    red.colonists.append(("sea", ("Massilia", "Roma")))
    red.stored["sea"] -= 1
    give(game, RED, 5)
    game.apply(act.Architect(RED, (), ("Massilia",)))
    assert game.state.concordia == 0 and game.state.last_turns == 2
    game.apply(act.Tribune(BLUE))
    game.apply(act.Tribune(YELLOW))
    assert game.pending() is None and game.outcome() is not None


def test_the_guided_score_is_the_calculators_score(box):
    """The engine's end state, written as `concordia score --input` JSON, scores the same."""
    game = end_with_last_card(box)
    game.apply(act.Consul(RED, 1))
    game.apply(act.Tribune(BLUE))
    raw = score_input_json(game)
    sheet = score_game(parse_game(json.loads(json.dumps(raw)), box), box)
    assert [(p.name, p.total) for p in sheet.players] == \
        [(p.name, p.total) for p in game.final_score().players]


def score_input_json(game: Game) -> dict:
    entry = game.score_input()
    return {"map": entry.map_id, "cities": dict(entry.cities), "players": [
        {"name": p.name, "cards": [game.board.box.cards[c].name for c in p.cards],
         "houses": list(p.houses), "colonists_on_board": p.colonists_on_board,
         "sestertii": p.sestertii, "storehouse": dict(p.storehouse), "concordia": p.concordia,
         "praefectus_magnus": p.praefectus_magnus, "seat": p.seat} for p in entry.players]}


def test_replay_from_the_json_log_gives_the_same_game(box):
    game = new_game(box)
    for entry in (act.Prefect(RED, None), act.Diplomat(BLUE, RED, act.Prefect(BLUE, "Italia")),
                  act.Senator(YELLOW, ()), act.Tribune(RED, "land")):
        game.apply(entry)
    log = [act.from_json(json.loads(json.dumps(e.to_json()))) for e in game.history]
    again = Game.replay(Setup.from_json(game.setup.to_json(), box), log, box)
    assert again.fingerprint() == game.fingerprint()
    last = game.undo()
    assert last == log[-1] and game.fingerprint() == Game.replay(game.setup, log[:-1],
                                                                  box).fingerprint()


def test_typed_setup_is_checked(box):
    dealt = new_game(box).setup.to_json()
    Setup.from_json({**dealt, "draw_pile": None}, box)
    with pytest.raises(InputErrors) as caught:
        Setup.from_json({**dealt, "cities": {"Massilia": "gold"},
                             "display": ["weaver"] * 7}, box)
    rules = {getattr(p.rule, "rule_id", None) for p in caught.value.problems}
    assert "concordia.setup.city_tokens" in rules
    with pytest.raises(RefereeError):
        Setup.from_json({**dealt, "players": ["Solo", "Duo"]}, box)
