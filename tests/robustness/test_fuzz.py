"""Random sequences of legal and illegal entries against the Tribune engine, and random
scenario files against the scenario reader: every refusal is a RefereeError that changes
nothing, and every game that is played keeps its invariants.

The default run is short and draws the same examples every time; the long run (marker
``fuzz``, outside CI) draws 10,000 new examples for each target.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.table import scenario
from referee.tribune import box
from referee.tribune.actions import from_json
from referee.tribune.engine import Game
from referee.tribune.setup import Setup
from referee.tribune.simulate import SIM_CARD, Driver, setup_for
from referee.tribune.ui.table import TRIBUNE
from tests.robustness.helpers import script, setup
from tests.robustness.strategies import JSON, TEXT, junk_entry, near_miss

FORMAT = scenario.scenario_format(TRIBUNE)

QUICK, SLOW = 60, 10_000


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@cache
def whole_game(players: int, mode: str, edition: str, variant: str) -> tuple[Setup, tuple,
                                                                            tuple]:
    """A complete random game for these settings (table mode: as the table entered it),
    and the fingerprint of its state after each entry."""
    driver = Driver(setup_for(players, mode, edition, variant, seed=players), check=False)
    rng = random.Random(players)
    prints = [driver.game.fingerprint()]
    while not driver.done:
        driver.step(rng.choice)
        prints.append(driver.game.fingerprint())
    return driver.game.setup, tuple(driver.game.history), tuple(prints)


def refused_without_change(game: Game, raw: dict) -> None:
    """A bad entry is refused with a RefereeError by check and apply alike, and the game
    is exactly as it was; an entry that happens to be legal is left to the legal steps."""
    try:
        action = from_json(raw)
    except RefereeError:
        return  # malformed: it never reaches the game
    before = game.fingerprint()
    try:
        game.check(action)
    except RefereeError:
        with pytest.raises(RefereeError):
            game.apply(action)
        assert game.fingerprint() == before


def play(data) -> None:
    """From any point of a real game: its own next entries, near misses of them, junk.
    Refusals must leave no trace: the game stays exactly where the real one was."""
    setup_, entries, prints = whole_game(
        data.draw(st.integers(2, 5), label="players"),
        data.draw(st.sampled_from(["virtual", "table"]), label="mode"),
        data.draw(st.sampled_from(["ffg", "heidelberger"]), label="edition"),
        data.draw(st.sampled_from(["card", "points"]), label="variant"))
    # Anywhere in the game, early points more often: the replay to get there is the cost.
    done = len(entries) * data.draw(st.integers(0, 99), label="how far in") ** 3 // 100 ** 3
    game = Game.replay(setup_, entries[:done])
    for move in data.draw(st.lists(st.sampled_from(["legal", "near miss", "junk"]),
                                   min_size=1, max_size=15)):
        if done == len(entries):
            break
        if move == "legal":
            game.apply(entries[done])
            done += 1
            assert game.invariants() == []
        else:
            refused_without_change(game, data.draw(
                near_miss(entries[done].to_json()) if move == "near miss" else junk_entry()))
    assert game.fingerprint() == prints[done]


#: Setup fields as a scenario file could give them: right, near misses, or any JSON.
SETUP_FIELDS = {
    "players": JSON | st.lists(TEXT, max_size=7),
    "start_player": JSON,
    "edition": JSON,
    "deck_mode": JSON,
    "seed": st.integers(-10**30, 10**30) | JSON,
    "victory": st.none() | st.just(SIM_CARD.to_json()) | JSON | st.fixed_dictionaries(
        {}, optional={k: JSON for k in SIM_CARD.to_json()}),
    "settings": JSON | st.dictionaries(st.sampled_from(sorted(box.entries())) | TEXT, JSON,
                                       max_size=3),
    "deck": st.none() | JSON | st.dictionaries(TEXT | st.sampled_from(["senators", "gla"]),
                                               JSON, max_size=3),
}


def scenario_text(data) -> bytes:
    """A scenario file: a real game's setup and entries, then broken in one way or more."""
    entries = [a.to_json() for a in script()[:data.draw(st.integers(0, 120))]]
    raw = {"format": FORMAT, "version": 1, "setup": setup().to_json(),
           "entries": entries}
    for damage in data.draw(st.lists(st.sampled_from(
            ["field", "setup", "entry", "insert", "drop"]), max_size=3)):
        if damage == "field":
            raw[data.draw(st.sampled_from(["format", "version", "entries"]))] = \
                data.draw(JSON)
        elif damage == "setup":
            key = data.draw(st.sampled_from(sorted(SETUP_FIELDS)))
            raw["setup"] = {**raw["setup"], key: data.draw(SETUP_FIELDS[key])}
        elif isinstance(raw.get("entries"), list) and raw["entries"]:
            at = data.draw(st.integers(0, len(raw["entries"]) - 1))
            if damage == "entry" and isinstance(raw["entries"][at], dict):
                raw["entries"][at] = data.draw(near_miss(raw["entries"][at]))
            elif damage == "insert":
                raw["entries"].insert(at, data.draw(junk_entry() | JSON))
            else:
                del raw["entries"][at]
    text = json.dumps(raw, ensure_ascii=data.draw(st.booleans()))
    data_bytes = text.encode("utf-8", "surrogatepass")
    cut = data.draw(st.sampled_from(["whole", "truncated", "garbled"]))
    if cut == "truncated":
        return data_bytes[:data.draw(st.integers(0, len(data_bytes)))]
    if cut == "garbled":
        at = data.draw(st.integers(0, len(data_bytes)))
        junk = st.binary(max_size=4) | TEXT.map(lambda t: t.encode("utf-8", "surrogatepass"))
        return data_bytes[:at] + data.draw(junk) + data_bytes[at:]
    return data_bytes


def read_and_run(path) -> None:
    try:
        game, per_entry = scenario.run(TRIBUNE, scenario.read(TRIBUNE, path))
    except RefereeError:
        return
    assert game.invariants() == []
    assert len(per_entry) == len(game.history) + 1


@pytest.mark.parametrize("examples", [
    QUICK, pytest.param(SLOW, marks=pytest.mark.fuzz)], ids=["quick", "long"])
def test_random_entries_against_the_engine(examples):
    @fuzz_settings(examples)
    @given(st.data())
    def run(data):
        play(data)

    run()


@pytest.mark.parametrize("examples", [
    QUICK, pytest.param(SLOW, marks=pytest.mark.fuzz)], ids=["quick", "long"])
def test_random_scenario_files_against_the_reader(tmp_path, examples):
    path = tmp_path / "scenario.json"

    @fuzz_settings(examples)
    @given(st.data())
    def run(data):
        path.write_bytes(scenario_text(data))
        read_and_run(path)

    run()


@pytest.mark.parametrize(("field", "value", "named"), [
    ("players", "Ann", "players"), ("seed", -7, None), ("edition", ["ffg"], "edition"),
    ("victory", None, None), ("settings", "abc", "Board settings"), ("deck", "abc", "deck list"),
    ("seed", "abc", "seed"), ("seed", 1e400, "seed"), ("seed", True, "seed"),
    ("victory", "abc", "victory card"), ("victory", {**SIM_CARD.to_json(), "goals": [1]}, "goal"),
    ("victory", {**SIM_CARD.to_json(), "needed": 4}, "goals are needed"),
    ("settings", {"thermae_fields": 3, "catacombs_prices": 5}, "catacombs_prices"),
])
def test_malformed_setups_are_refused_cleanly(field, value, named):
    """A malformed setup is refused with an error naming the field; an unusual valid one
    (named None) is accepted."""
    raw = {"format": FORMAT, "setup": {**setup().to_json(), field: value},
           "entries": [a.to_json() for a in script()[:60]]}
    if named is None:
        assert Setup.from_json(raw["setup"]).to_json()[field] == value
        return
    with pytest.raises(RefereeError, match=named):
        scenario.run(TRIBUNE, raw)


@pytest.mark.parametrize("code", ["gla²", "garbled²10", "sen" + "9" * 5000, "sen٤", "x¹²³"])
def test_found_examples_card_codes_with_odd_digits(code):
    """Found by fuzzing: superscript digits and huge numbers crashed the suggestion."""
    from referee.tribune.cards import parse_card

    try:
        card = parse_card(code)
    except RefereeError:
        return
    assert card.code == "sen4"  # Arabic-Indic ٤ is a decimal 4
