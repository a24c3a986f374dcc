"""`check region curia|catacombs`: the Curia and the Catacombs as a table asks about them,
run through the live rule flows (the rulebook's examples of test_worked_examples, asked
again through the command line)."""

from __future__ import annotations

CURIA = ["--field", "pra2,leg0", "--field", "gla1,ple1,ves3", "--field", "sen6"]


def test_a_card_won_in_the_curia_pays_for_a_later_field(tribune):
    """Michelle on fields 1 and 3, John on 2 (each with 4 cards): Michelle's Varus, taken
    on field 1, is the card she discards for the Senator on field 3."""
    r = tribune("check", "region", "curia", *CURIA, "--follower", "Michelle:4",
                "--follower", "John:4", "--follower", "Michelle:4",
                "--discard", "Michelle:gla2", "--discard", "John:pat3",
                "--discard", "Michelle:leg0", "--json").json()
    assert r["outcome"] == {"cards": {"Michelle": ["pra2", "sen6"],
                                      "John": ["gla1", "ple1", "ves3"]},
                            "hand": {"Michelle": 4 - 1 + 2 - 1 + 1, "John": 4 - 1 + 3}}
    assert r["next"] is None
    assert [x["text"] for x in r["rulings"]] == [
        "Michelle discards Gladiator 2 and takes Praetorian 2, Varus",
        "John discards Patrician 3 and takes Gladiator 1, Plebeian 1, Vestal Virgin 3",
        "Michelle discards Varus and takes Senator 6"]


def test_an_empty_hand_is_not_asked_and_an_unanswered_field_is_the_next_question(tribune):
    r = tribune("check", "region", "curia", *CURIA, "--follower", "Ann:0",
                "--follower", "-", "--follower", "Ann:0", "--json").json()
    assert [x["text"] for x in r["rulings"]] == [
        "Ann does not discard: Praetorian 2, Varus discarded",
        "Curia: 3 cards unclaimed and discarded",  # nobody on field 2
        "Ann does not discard: Senator 6 discarded"]
    assert r["next"] is None
    one_card = ["--follower", "Ann:1", "--follower", "-", "--follower", "Ann:1"]
    r = tribune("check", "region", "curia", *CURIA, *one_card, "--discard", "Ann:-",
                "--json").json()
    assert r["next"]["kind"] == "curia" and r["next"]["actor"] == "Ann"
    assert r["next"]["text"] == "Ann: discard a card to take Senator 6?"
    shown = tribune("check", "region", "curia", *CURIA, *one_card, "--discard", "Ann:-",
                    lang="ru").out
    assert "Дальше правила спрашивают: Ann: сбросить карту и забрать с поля: Сенатор 6?" in (
        " ".join(shown.split()))


def test_a_curia_discard_the_box_cannot_hold_is_refused_as_in_play(tribune):
    # Varus lies on field 1: no hand can hold a second one, and the live game refuses the
    # entry, so the check does too
    r = tribune("check", "region", "curia", *CURIA, "--follower", "Ann:2", "--follower", "-",
                "--follower", "-", "--discard", "Ann:leg0", "--json")
    assert r.code == 2
    assert r.json()["errors"][0]["rule"]["rule"] == "tribune.cards.known"


def test_the_catacombs_sell_from_4_down_into_the_colosseum(tribune):
    """Mike on 4 and 2, Zoe on 3 who buys nothing: Mike pays 4 and 2 into the Colosseum."""
    r = tribune("check", "region", "catacombs", "--follower", "Mike:12", "--follower",
                "Zoe:13", "--follower", "Mike:12", "--buy", "Mike:buy", "--buy", "Zoe:-",
                "--buy", "Mike:buy", "--json").json()
    assert r["outcome"] == {"paid": {"Mike": 6, "Zoe": 0}, "cards": {"Mike": 2, "Zoe": 0},
                            "colosseum": 6}
    assert r["rulings"][-1]["text"] == "Catacombs: 3 cards unclaimed and discarded"


def test_a_buyer_who_cannot_pay_is_skipped_and_a_shown_card_is_named(tribune):
    r = tribune("check", "region", "catacombs", "--follower", "Mike:3", "--follower", "-",
                "--follower", "Mike:3", "--cards", "sen1,gla0,leg3,pat2,ves5",
                "--buy", "Mike:gla0", "--json").json()
    assert [x["text"] for x in r["rulings"]][:3] == [
        "Mike cannot pay 4 denarii", "Mike pays 2 denarii into the Colosseum",
        "Mike buys a card for 2 denarii"]
    assert r["outcome"] == {"paid": {"Mike": 2}, "cards": {"Mike": 1}, "colosseum": 2}
    asked = tribune("check", "region", "catacombs", "--follower", "Mike:5",
                    "--follower", "-", "--follower", "-", "--json", lang="es").json()
    assert asked["next"]["text"] == ("Mike: ¿comprar una carta de las Catacumbas por 4 "
                                     "denarios? (quedan 5 cartas)")


def test_a_position_the_box_cannot_hold_is_refused(tribune):
    # two Spartacus (the Gladiators' one leader) on the Curia fields
    r = tribune("check", "region", "curia", "--field", "gla0", "--field", "gla0",
                "--follower", "Ann:1", "--follower", "-", "--json")
    assert r.code == 2
    assert r.json()["errors"][0]["rule"]["rule"] == "tribune.cards.known"
    short = tribune("check", "region", "catacombs", "--follower", "Mike:5")
    assert short.code == 2 and "4, 3, 2" in short.err
    wrong = tribune("check", "region", "moon")
    assert wrong.code == 2 and "curia, catacombs" in wrong.err
