"""``referee tribune check region``: what a region of Phase 3 gives, through its live rule
flow: the paid fields (Thermae, Forum Romanum), the Latrine, the Curia and the Catacombs."""

from __future__ import annotations

from typing import Any

import typer

from referee.i18n import translator
from referee.tribune.ui.check_commands import (
    CARDS_HELP,
    JSON_OPTION,
    _cards,
    _pairs,
    _report,
    check_app,
    number,
    whole,
)
from referee.tribune.ui.options import EDITION_OPTION, Edition

_ = translator("tribune")

REGIONS = ("thermae", "forum", "latrine", "curia", "catacombs")


@check_app.command(help=_("Region payouts: Thermae, Forum Romanum, the Latrine, the Curia or "
                          "the Catacombs."))
def region(
    name: str = typer.Argument(..., metavar="REGION",
                               help=_("thermae, forum, latrine, curia or catacombs.")),
    follower: list[str] = typer.Option(
        [], "--follower", help=_("NAME:MONEY on each space in board order, - for an empty "
                                 "one (Thermae, Forum, Catacombs from 4 down); for the "
                                 "Curia NAME:HAND, the cards in that player's hand.")),
    cards: str | None = typer.Option(None, "--cards", help=_(
        "The cards on the fields, in board order; for the Catacombs the face-down cards, "
        "when the buyers show them.") + " " + CARDS_HELP),
    field: list[str] = typer.Option([], "--field", help=_(
        "Curia: the cards of one field, once per field from the left.") + " " + CARDS_HELP),
    discard: list[str] = typer.Option([], "--discard", help=_(
        "Curia: NAME:CARD, the card a player discards for the next field they are on, or "
        "NAME:- to let it go (omit: the rules' question is shown).")),
    buy: list[str] = typer.Option([], "--buy", help=_(
        "Catacombs: NAME:CARD or NAME:buy (a card the referee does not see) for the next "
        "space the player buys from, or NAME:- to buy nothing.")),
    money: int = typer.Option(0, "--money", parser=number("--money"),
                              help=_("Latrine: money of the player there.")),
    option: str | None = typer.Option(None, "--option", help=_("Latrine: sell or keep.")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.i18n import N_
    from referee.tribune import calculators
    from referee.tribune.errors import TribuneInputError

    region = name.strip().lower()
    shown = list(_cards(cards)) if cards else []
    if region == "latrine":
        if len(shown) != 1:
            raise TribuneInputError(N_("The Latrine has one card: give it with --cards"))
        calc = calculators.latrine(shown[0], money, option, edition.value)
        headline = _("{player} then holds {money}", player=_("Player"),
                     money=_cash(edition.value, calc.outcome["money"]))
    elif region in ("thermae", "forum"):
        fields = _followers(follower)
        if len(shown) != len(fields) or not fields:
            raise TribuneInputError(N_("Give one --follower (or -) for each card of --cards"))
        calc = calculators.paid_region(region, fields, shown, edition.value)
        headline = _paid(calc, edition.value, _named)
    elif region == "curia":
        calc = _curia(field, follower, discard, edition.value)
        headline = "; ".join(
            _("{player} then holds {count}, known: {cards}", player=p, cards=_named(codes),
              count=_.plural("{n} card", "{n} cards", calc.outcome["hand"][p]))
            for p, codes in calc.outcome["cards"].items())
    elif region == "catacombs":
        calc = _catacombs(follower, buy, shown or None, edition.value)
        headline = _paid(calc, edition.value, lambda n: _.plural("{n} card", "{n} cards", n))
    else:
        raise TribuneInputError(N_("Region must be one of {regions}, not {value!r}"),
                                regions=", ".join(REGIONS), value=name)
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


def _cash(edition: str, amount: int) -> Any:
    from referee.tribune.rulebook import money as cash

    return cash(edition, amount)


def _named(codes: list[str]) -> str:
    from referee.tribune.cards import parse_card
    from referee.tribune.ui.render import card_text

    return ", ".join(card_text(parse_card(c)) for c in codes) or "—"


def _paid(calc: Any, edition: str, taken: Any) -> str:
    return "; ".join(_("{player} pays {amount} and takes {cards}", player=p,
                       amount=_cash(edition, amount), cards=taken(calc.outcome["cards"][p]))
                     for p, amount in calc.outcome["paid"].items())


def _curia(fields: list[str], spaces: list[str], discards: list[str], edition: str) -> Any:
    from referee.i18n import N_
    from referee.tribune import calculators
    from referee.tribune.cards import parse_card
    from referee.tribune.errors import TribuneInputError

    held = _followers(spaces)
    if not fields or len(fields) != len(held):
        raise TribuneInputError(N_("Give one --follower (or -) for each --field"))
    answers: dict[str, list[Any]] = {}
    for player, card in _pairs(discards, "CARD"):
        answers.setdefault(player, []).append(None if card == "-" else parse_card(card))
    return calculators.curia([list(_cards(f)) for f in fields], held, answers, edition)


def _catacombs(spaces: list[str], buys: list[str], stack: list[Any] | None,
               edition: str) -> Any:
    from referee.tribune import calculators
    from referee.tribune.cards import parse_card

    held = _followers(spaces)
    answers: dict[str, list[Any]] = {}
    for player, said in _pairs(buys, "CARD"):
        answer = None if said == "-" else "buy" if said.lower() == "buy" else parse_card(said)
        answers.setdefault(player, []).append(answer)
    return calculators.catacombs(held, answers, stack, edition)


def _followers(items: list[str]) -> list[tuple[str, int] | None]:
    """Each space's ``NAME:NUMBER`` (or ``-``); a player on two spaces holds one purse (or
    one hand), so two numbers for one player are refused."""
    from referee.i18n import N_
    from referee.tribune.probe import same_each

    held = [_follower(item) for item in items]
    same_each((f for f in held if f is not None),
              N_("{player} is given {first} and {second}: a player on two spaces holds one "
                 "amount"))
    return held


def _follower(item: str) -> tuple[str, int] | None:
    from referee.i18n import N_
    from referee.tribune.errors import TribuneInputError

    if item.strip() == "-":
        return None
    name, sep, count = item.rpartition(":")
    if not sep or not name.strip() or not count.strip():
        raise TribuneInputError(N_("Expected NAME:NUMBER or -, got {item!r}"), item=item)
    return name.strip(), whole(count, f"--follower {name.strip()}:")
