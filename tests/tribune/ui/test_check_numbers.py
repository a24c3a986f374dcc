"""Every number in every `check` option is read by the prompts' own reader
(`referee.numbers.parse_whole`): anything typed gets exit 0 or a one-line refusal (exit 2),
never a traceback, and a number is taken exactly when the prompts would take it. Fuzzed per
option; the texts that once printed tracebacks are kept as examples."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.limits import MAX_DIGITS
from referee.numbers import parse_whole

CARD = {"title": "Pecunia Non Olet", "needed": {"3": 4},
        "goals": [{"kind": "tribune", "obligatory": True}, {"kind": "favor"},
                  {"kind": "laurels", "threshold": 8}, {"kind": "legions", "threshold": 4},
                  {"kind": "denarii", "threshold": 30}, {"kind": "markers", "threshold": 4}]}

#: (the command with the number marked {n}, the least number it takes, the most)
OPTIONS = {
    "chariot --bid": (["chariot", "--bid=Ann={n}", "--bid=Bob=1"], 0, None),
    "cesura --hand": (["cesura", "--hand=Ann={n}"], 0, None),
    "atrium --first": (["atrium", "--first={n}", "--second=1"], 0, None),
    "atrium --second": (["atrium", "--first=1", "--second={n}"], 0, None),
    "victory --players": (["victory", "--card={card}", "--players={n}"], 3, 3),
    "victory --laurels": (["victory", "--card={card}", "--players=3", "--laurels={n}"], 0, None),
    "victory --legions": (["victory", "--card={card}", "--players=3", "--legions={n}"], 0, None),
    "victory --money": (["victory", "--card={card}", "--players=3", "--money={n}"], 0, None),
    "victory --markers": (["victory", "--card={card}", "--players=3", "--markers={n}"], 0, 7),
    "benefit --money": (["benefit", "--faction=sen", "--set=sen1,sen2", "--money={n}"], 0,
                        None),
    "benefit --hand": (["benefit", "--faction=sen", "--set=sen1,sen2", "--hand={n}"], 0, None),
    "benefit --colosseum": (["benefit", "--faction=gla", "--set=gla1,gla2",
                             "--colosseum={n}"], 0, None),
    "leader --money": (["leader", "--faction=gla", "--money={n}"], 0, None),
    "leader --hand": (["leader", "--faction=pra", "--hand={n}"], 0, None),
    "region --money": (["region", "latrine", "--cards=sen4", "--option=sell", "--money={n}"],
                       0, None),
    "region --follower": (["region", "thermae", "--follower=Ann:{n}", "--follower=-",
                           "--cards=sen4,sen5"], 0, None),
    "region --follower (Curia)": (["region", "curia", "--field=sen1", "--field=sen2",
                                   "--field=sen3", "--follower=Ann:{n}", "--follower=-",
                                   "--follower=-", "--discard=Ann:-"], 0, None),
    "region --follower (Catacombs)": (["region", "catacombs", "--follower=Ann:{n}",
                                       "--follower=-", "--follower=-", "--buy=Ann:-"], 0,
                                      None),
}

#: what once printed a traceback, and what a phone or another script types
TYPED = ["³", "¹²", "½", "Ⅻ", "٣", "３", "-1", "\u22123", "+4", " 7 ", "", "1e3", "0x10",
         "9" * (MAX_DIGITS + 1), "9" * 5000, "1_000", "٣\u200b", "\x00", "[bold]5[/bold]"]


@pytest.fixture
def card(tmp_path_factory):
    path = tmp_path_factory.mktemp("card") / "card.json"
    path.write_text(json.dumps(CARD), encoding="utf-8")
    return str(path)


def taken(text: str, low: int, high: int | None) -> bool:
    value = parse_whole(text)
    return (value is not None and low <= value and (high is None or value <= high)
            and abs(value) < 10 ** MAX_DIGITS)


def run(tribune, option, text, card):
    words, low, high = OPTIONS[option]
    r = tribune("check", *(w.format(n=text, card=card) for w in words), "--json")
    assert "Traceback" not in r.err
    assert r.code in (0, 2), (option, text, r.err)
    assert (r.code == 0) is taken(text, low, high), (option, text, r.err)
    if r.code == 2:
        assert r.err.strip() and "\n" not in r.err.strip()
    return r


@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("text", TYPED)
def test_what_people_type_gets_an_answer(tribune, card, option, text):
    run(tribune, option, text, card)


@pytest.mark.parametrize("option", sorted(OPTIONS))
@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=8), st.integers(-10, 10 ** 20).map(str),
                      st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]),
                              min_size=1, max_size=3)))
@example(text="³").via("the traceback of issue 23")
@example(text="¹²").via("the traceback of issue 23")
def test_every_number_option_reads_like_a_prompt(tribune, card, option, text):
    run(tribune, option, text, card)


def test_a_number_in_any_script_is_the_number(tribune):
    r = tribune("check", "chariot", "--bid", "Ann=٣", "--bid", "Bob=２", "--json").json()
    assert r["outcome"] == {"winner": "Ann", "pays": 3}
    bid = tribune("check", "chariot", "--bid", "Ann=³", "--bid", "Bob=2")
    assert bid.code == 2 and bid.err.strip() == (
        "--bid Ann= takes a whole number, 0 or more, not '³'")
    hand = tribune("check", "cesura", "--hand", "Ann=¹²")
    assert hand.code == 2 and "--hand Ann= takes a whole number" in hand.err
