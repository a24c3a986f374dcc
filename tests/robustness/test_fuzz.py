"""Random sequences of legal and illegal entries against the Tribune engine, and random
scenario files against the scenario reader: every refusal is a RefereeError that changes
nothing, and every accepted game keeps its invariants.

The default run is short; the slow run draws 10,000 examples for each target.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.tribune.actions import from_json
from referee.tribune.engine import Game
from referee.tribune.simulate import Driver, invariants, setup_for
from referee.tribune.ui import scenario
from tests.robustness.helpers import script, setup
from tests.robustness.strategies import JSON, TEXT, junk_entry, near_miss

QUICK, SLOW = 60, 10_000


def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


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
        assert invariants(game) == []


def play(data) -> None:
    players = data.draw(st.integers(2, 5), label="players")
    mode = data.draw(st.sampled_from(["virtual", "table"]), label="mode")
    edition = data.draw(st.sampled_from(["ffg", "heidelberger"]), label="edition")
    variant = data.draw(st.sampled_from(["card", "points"]), label="variant")
    driver = Driver(setup_for(players, mode, edition, variant, data.draw(st.integers(0, 999))))
    skip = data.draw(st.integers(0, 300), label="legal entries first")
    rng = random.Random(skip)
    while skip and not driver.done:  # reach any phase of the game quickly
        assert driver.step(rng.choice) == []
        skip -= 1
    for _ in range(data.draw(st.integers(1, 25), label="steps")):
        if driver.done:
            break
        move = data.draw(st.sampled_from(["legal", "near miss", "junk"]))
        game = driver.game
        if move == "legal":
            pick = data.draw(st.randoms(use_true_random=False))
            assert driver.step(pick.choice) == []
            continue
        options = game.legal_actions() if move == "near miss" else None
        raw = (data.draw(near_miss(random.Random(0).choice(options).to_json()))
               if options else data.draw(junk_entry()))
        refused_without_change(game, raw)
    if not driver.done:
        saved = json.loads(json.dumps(driver.game.to_json()))
        assert Game.from_json(saved).fingerprint() == driver.game.fingerprint()


def scenario_text(data) -> bytes:
    """A scenario file: a real game's setup and entries, then broken in one way or more."""
    entries = [a.to_json() for a in script()[:data.draw(st.integers(0, 120))]]
    raw = {"format": scenario.FORMAT, "version": 1, "setup": setup().to_json(),
           "entries": entries}
    for damage in data.draw(st.lists(st.sampled_from(
            ["field", "setup", "entry", "insert", "drop"]), max_size=3)):
        if damage == "field":
            raw[data.draw(st.sampled_from(["format", "version", "setup", "entries"]))] = \
                data.draw(JSON)
        elif damage == "setup" and isinstance(raw.get("setup"), dict):
            key = data.draw(st.sampled_from(["players", "start_player", "edition", "deck_mode",
                                             "seed", "victory", "settings", "deck"]))
            raw["setup"] = {**raw["setup"], key: data.draw(JSON)}
        elif isinstance(raw.get("entries"), list) and raw["entries"]:
            at = data.draw(st.integers(0, len(raw["entries"]) - 1))
            if damage == "entry":
                raw["entries"][at] = data.draw(near_miss(raw["entries"][at]))
            elif damage == "insert":
                raw["entries"].insert(at, data.draw(junk_entry() | JSON))
            else:
                del raw["entries"][at]
    text = json.dumps(raw, ensure_ascii=data.draw(st.booleans())).encode("utf-8",
                                                                         "surrogatepass")
    cut = data.draw(st.sampled_from(["whole", "truncated", "garbled"]))
    if cut == "truncated":
        return text[:data.draw(st.integers(0, len(text)))]
    if cut == "garbled":
        at = data.draw(st.integers(0, len(text)))
        junk = st.binary(max_size=4) | TEXT.map(lambda t: t.encode("utf-8", "surrogatepass"))
        return text[:at] + data.draw(junk) + text[at:]
    return text


def read_and_run(path) -> None:
    try:
        game, per_entry = scenario.run(scenario.read(path))
    except RefereeError:
        return
    assert invariants(game) == []
    assert len(per_entry) == len(game.history) + 1


@pytest.mark.parametrize("examples", [
    QUICK, pytest.param(SLOW, marks=pytest.mark.slow)], ids=["quick", "slow"])
def test_random_entries_against_the_engine(examples):
    @fuzz_settings(examples)
    @given(st.data())
    def run(data):
        play(data)

    run()


@pytest.mark.parametrize("examples", [
    QUICK, pytest.param(SLOW, marks=pytest.mark.slow)], ids=["quick", "slow"])
def test_random_scenario_files_against_the_reader(tmp_path, examples):
    path = tmp_path / "scenario.json"

    @fuzz_settings(examples)
    @given(st.data())
    def run(data):
        path.write_bytes(scenario_text(data))
        read_and_run(path)

    run()
