"""Properties of the final scoring over random valid games (criteria recomputed here)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.concordia.box import load_box
from referee.concordia.scoring import score_game
from referee.concordia.validation import parse_game

BOX = load_box()
GOODS = ["brick", "food", "tools", "wine", "cloth"]
# Fact sheet §4 and §6: storehouse prices and the cap of each god per card.
PRICES = {"brick": 3, "food": 4, "tools": 5, "wine": 6, "cloth": 7}
CAPS = {"jupiter": 15, "mercurius": 10, "mars": 12, "saturnus": {"imperium": 12, "italia": 11}}
STARTING = ["Tribune", "Architect", "Prefect", "Prefect", "Mercator", "Diplomat", "Senator"]


@st.composite
def games(draw):
    map_id = draw(st.sampled_from(["imperium", "italia"]))
    game_map = BOX.maps[map_id]
    n = draw(st.integers(game_map.min_players, game_map.max_players))
    cities = sorted(game_map.cities)
    goods = {}  # each letter's city tokens, shuffled onto its cities as at setup
    for letter, names in game_map.cities_by_letter().items():
        mix = BOX.fact("tokens", "city_tokens", letter).value["mix"]
        tokens = [good for good in GOODS for _ in range(mix.get(good, 0))]
        goods.update(zip(names, draw(st.permutations(tokens)), strict=False))
    # Every copy on sale for n players goes to one player or stays unsold (-1).
    copies = [BOX.cards[card].name for card, k in sorted(BOX.market_copies(n).items())
              for _ in range(k)]
    owners = draw(st.lists(st.integers(-1, n - 1), min_size=len(copies), max_size=len(copies)))
    magnus = draw(st.integers(0, n - 1))
    concordia = draw(st.integers(-1, n - 1))
    players = []
    for i in range(n):
        colonists = draw(st.integers(0, 6))
        room = 12 - (6 - colonists)
        store = draw(st.dictionaries(st.sampled_from(GOODS), st.integers(0, 4), max_size=5))
        while sum(store.values()) > room:
            store[max(store, key=store.get)] -= 1
        players.append({
            "name": f"P{i + 1}",
            "cards": STARTING + [c for c, o in zip(copies, owners, strict=True) if o == i],
            "houses": draw(st.lists(st.sampled_from(cities), unique=True, max_size=15)),
            "colonists_on_board": colonists,
            "sestertii": draw(st.integers(0, 150)),
            "storehouse": store,
            "concordia": concordia == i,
            "praefectus_magnus": magnus == i,
            "seat": i + 1,
        })
    return {"map": map_id, "cities": goods, "players": players}


def scores(raw):
    sheet = score_game(parse_game(raw, BOX), BOX)
    return sheet, {p.name: p for p in sheet.players}


def gods_of(cards):
    counts = {}
    for name in cards:
        god = next(c.god for c in BOX.cards.values() if c.name == name)
        counts[god] = counts.get(god, 0) + 1
    return counts


PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(games())
def test_scores_are_never_negative(raw):
    sheet, _ = scores(raw)
    assert all(c.points >= 0 for p in sheet.players for c in p.cells)


@PROPERTY
@given(games())
def test_each_god_is_cards_times_its_criterion_within_the_cap(raw):
    check_criteria(raw)


def check_criteria(raw):
    _, by_name = scores(raw)
    for player in raw["players"]:
        got = by_name[player["name"]].breakdown()
        cards = gods_of(player["cards"])
        goods = [raw["cities"][c] for c in player["houses"]]
        provinces = {BOX.maps[raw["map"]].cities[c].province for c in player["houses"]}
        wealth = player["sestertii"] + sum(PRICES[g] * k for g, k in player["storehouse"].items())
        assert got["vesta"] == cards.get("vesta", 0) * (wealth // 10)
        assert got["jupiter"] == cards.get("jupiter", 0) * min(
            CAPS["jupiter"], sum(g != "brick" for g in goods))
        assert got["saturnus"] == cards.get("saturnus", 0) * min(
            CAPS["saturnus"][raw["map"]], len(provinces))
        assert got["mercurius"] == cards.get("mercurius", 0) * min(
            CAPS["mercurius"], 2 * len(set(goods)))
        assert got["mars"] == cards.get("mars", 0) * min(
            CAPS["mars"], 2 * player["colonists_on_board"])
        assert got["concordia"] == (7 if player["concordia"] else 0)


@PROPERTY
@given(games(), st.data())
def test_adding_a_house_never_lowers_jupiter_saturnus_mercurius(raw, data):
    player = data.draw(st.sampled_from(raw["players"]))
    free = sorted(set(raw["cities"]) - set(player["houses"]))
    if len(player["houses"]) >= 15 or not free:
        return
    before = scores(raw)[1][player["name"]].breakdown()
    player["houses"].append(data.draw(st.sampled_from(free)))
    after = scores(raw)[1][player["name"]].breakdown()
    for god in ("jupiter", "saturnus", "mercurius"):
        assert after[god] >= before[god]


@PROPERTY
@given(games(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_input_order(raw, rnd):
    sheet, before = scores(raw)
    for player in raw["players"]:
        rnd.shuffle(player["cards"])
        rnd.shuffle(player["houses"])
    rnd.shuffle(raw["players"])
    shuffled, after = scores(raw)
    assert {n: (p.total, p.breakdown()) for n, p in before.items()} == \
        {n: (p.total, p.breakdown()) for n, p in after.items()}
    assert shuffled.ranking == sheet.ranking
    assert shuffled.places == sheet.places


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_long_run_criteria_and_ranking(raw):
    check_criteria(raw)
    sheet, by_name = scores(raw)
    totals = [by_name[n].total for n in sheet.ranking]
    assert totals == sorted(totals, reverse=True)
    assert sorted(sheet.ranking) == sorted(p["name"] for p in raw["players"])
