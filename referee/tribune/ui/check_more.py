"""``referee tribune check benefit|leader|assassin``: the calculators for what a
controller, a leader and the assassin give, through the live rule flows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer

from referee.i18n import translator
from referee.tribune.ui.check_commands import (
    CARDS_HELP,
    JSON_OPTION,
    _cards,
    _faction,
    _pairs,
    _report,
    check_app,
    number,
)
from referee.tribune.ui.options import EDITION_OPTION, Edition

_ = translator("tribune")

FACTION_OPTION = typer.Option(..., "--faction", help=_("Faction name or code, e.g. senators."))
OPTION_HELP = _("The option chosen where the rules offer a choice (omit: list the options).")
LEADER_OPTION_HELP = _("The answer to the leader's question: scroll or card (Agrippa), a "
                       "faction (Cato), a card code or - (Tigellinus).")


def _holder(name: str, money: int, tile: str | None, eternal: bool, temporary: bool,
            hand: int, controls: list[str], own: tuple[Any, str] | None = None,
            markers: Sequence[str] = ()) -> Any:
    from referee.i18n import N_
    from referee.tribune.calculators import Holder
    from referee.tribune.errors import TribuneInputError
    from referee.tribune.probe import one_set_each

    if tile not in (None, "scroll", "tribune"):
        raise TribuneInputError(N_("--tile is scroll or tribune, not {value!r}"), value=tile)
    given = [(_faction(f), _cards(cards)) for f, cards in _pairs(controls, "CARDS")]
    if own is not None:  # the set of --faction: one more set, never a second of its faction
        given.append((own[0], _cards(own[1])))
    return Holder(name, money, tile, eternal, temporary, hand, one_set_each(given),
                  [_faction(m) for m in markers])


HOLDER_OPTIONS = {
    "money": typer.Option(0, "--money", parser=number("--money"),
                          help=_("Money the player holds.")),
    "tile": typer.Option(None, "--tile", help=_("scroll or tribune, if the player has the tile.")),
    "eternal": typer.Option(False, "--eternal", help=_("Holds the eternal favor.")),
    "temporary": typer.Option(False, "--temporary", help=_("Holds the temporary favor.")),
    "hand": typer.Option(0, "--hand", parser=number("--hand"),
                         help=_("Cards in the player's hand.")),
    "controls": typer.Option([], "--controls",
                             help=_("FACTION=CARDS for each other faction the player controls.")),
}


def _after_headline(calc: Any, name: str, edition: str) -> str:
    from referee.rulings import Plural
    from referee.tribune.rulebook import money

    after = calc.outcome["after"]
    return _("{player} then holds {money}, {laurels}, {legions}, {cards}", player=name,
             money=money(edition, after["money"]),
             laurels=Plural(after["laurels"], "{n} laurel", "{n} laurels"),
             legions=Plural(after["legions"], "{n} legion", "{n} legions"),
             cards=Plural(after["cards_in_hand"], "{n} card", "{n} cards"))


@check_app.command(help=_("Phase 5: what the controller of a faction takes."))
def benefit(
    faction: str = FACTION_OPTION,
    set_: str = typer.Option(..., "--set", help=_("The controller's displayed set.") + " "
                             + CARDS_HELP),
    option: str | None = typer.Option(None, "--option", help=OPTION_HELP),
    colosseum: int = typer.Option(0, "--colosseum", parser=number("--colosseum"),
                                  help=_("Money on the Colosseum (Catacombs money field).")),
    money: int = HOLDER_OPTIONS["money"], tile: str | None = HOLDER_OPTIONS["tile"],
    eternal: bool = HOLDER_OPTIONS["eternal"], temporary: bool = HOLDER_OPTIONS["temporary"],
    hand: int = HOLDER_OPTIONS["hand"], controls: list[str] = HOLDER_OPTIONS["controls"],
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators

    f = _faction(faction)
    name = _("Controller")
    holder = _holder(name, money, tile, eternal, temporary, hand, controls, (f, set_))
    calc = calculators.benefit(f, holder, option, edition.value, colosseum)
    _report(calc, _after_headline(calc, name, edition.value), dict(calc.outcome), as_json,
            edition.value)


@check_app.command(help=_("Phase 4: the leader bonus of a take-over with the leader in the set."))
def leader(
    faction: str = FACTION_OPTION,
    option: str | None = typer.Option(None, "--option", help=LEADER_OPTION_HELP),
    money: int = HOLDER_OPTIONS["money"], tile: str | None = HOLDER_OPTIONS["tile"],
    eternal: bool = HOLDER_OPTIONS["eternal"], temporary: bool = HOLDER_OPTIONS["temporary"],
    hand: int = HOLDER_OPTIONS["hand"], controls: list[str] = HOLDER_OPTIONS["controls"],
    marker: list[str] = typer.Option([], "--marker", help=_(
        "A faction marker the player holds without controlling the faction (repeatable).")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators

    f = _faction(faction)
    name = _("Player")
    holder = _holder(name, money, tile, eternal, temporary, hand, controls, markers=marker)
    if option is not None and f.value == "senators":  # Cato's marker: any faction name
        option = _faction(option).value
    calc = calculators.leader(f, holder, option, edition.value)
    _report(calc, _after_headline(calc, name, edition.value), dict(calc.outcome), as_json,
            edition.value)


@check_app.command(help=_("The assassin: which sets it may strike, and what it removes."))
def assassin(
    by: str = typer.Option(..., "--by", help=_("The player sending the assassin.")),
    set_: list[str] = typer.Option(..., "--set",
                                   help=_("FACTION=OWNER:CARDS for each displayed set.")),
    target: str | None = typer.Option(None, "--target", help=_("The faction struck "
                                                                 "(omit: list the targets).")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.i18n import N_
    from referee.tribune import calculators
    from referee.tribune.calculators import Holder
    from referee.tribune.errors import TribuneInputError
    from referee.tribune.probe import one_set_each

    sets, owners = [], {}
    for item in set_:
        faction, _eq, value = item.partition("=")
        owner, sep, cards = value.partition(":")
        if not sep or not owner.strip() or not faction.strip():
            raise TribuneInputError(N_("Expected FACTION=OWNER:CARDS, got {item!r}"), item=item)
        f = _faction(faction.strip())
        sets.append((f, _cards(cards)))
        owners[f] = owner.strip()
    owned: dict[str, dict[Any, Any]] = {by: {}}
    for f, shown in one_set_each(sets).items():  # one set, and one owner, per faction
        owned.setdefault(owners[f], {})[f] = shown
    mine = owned.pop(by)
    calc = calculators.assassin(Holder(by, controls=mine), owned,
                                _faction(target) if target else None, edition.value)
    targets = calc.outcome["targets"]
    from referee.tribune.cards import Faction

    names = ", ".join(_.term(Faction(t).term) for t in targets)
    headline = (_("The assassin may strike: {factions}", factions=names)
                if targets else _("The assassin has no target"))
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)
