"""``referee tribune check …``: rule calculators for arguments at the table, no session.

Each command runs the guided game's own rule flow on the position it is given
(``referee.tribune.calculators``), or the engine's own kernel (``referee.tribune.checks``)
where the rule is one function, so its answer is the one the guided game would give.
Every number in every option is read by ``referee.numbers.parse_whole``, the reader the
prompts use; an option that takes one value refuses to be given twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import typer
from typer.core import TyperCommand

from referee.i18n import translator
from referee.tribune.ui import completion
from referee.tribune.ui.options import EDITION_OPTION, JSON_HELP, Edition

_ = translator("tribune")


class OneValueCommand(TyperCommand):
    """A check command: an option that takes one value (a bid, an amount, a faction) given
    twice is refused, where the parser would silently keep the last one."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        from referee.i18n import N_
        from referee.tribune.errors import TribuneInputError

        _opts, _rest, order = self.make_parser(ctx).parse_args(args=list(args))
        given = Counter(id(param) for param in order)
        for param in self.get_params(ctx):
            single = (getattr(param, "param_type_name", "") == "option" and not param.multiple
                      and not getattr(param, "is_flag", False))
            if single and given[id(param)] > 1:
                raise TribuneInputError(N_("{option} is given {count} times: it takes one "
                                           "value"), option=param.opts[0],
                                        count=given[id(param)])
        return super().parse_args(ctx, args)


class CheckApp(typer.Typer):
    """The ``check`` group, whose commands are :class:`OneValueCommand`s."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("cls", OneValueCommand)
        return super().command(*args, **kwargs)


check_app = CheckApp(help=_("Settle a rules argument without a session."),
                     no_args_is_help=True)

CARDS_HELP = _("Card codes separated by commas, e.g. sen6,sen4.")


JSON_OPTION = typer.Option(False, "--json", help=JSON_HELP)


def _cards(text: str | None):
    from referee.tribune.cards import parse_cards

    if text is None:
        return None
    return parse_cards(t for t in text.split(",") if t.strip())


def _faction(text: str):
    from referee.tribune.cards import Faction
    from referee.tribune.ui.codes import parse_faction

    return parse_faction(text) if not isinstance(text, Faction) else text


def _pairs(items: list[str], what: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` items (``:`` also accepted)."""
    from referee.i18n import N_
    from referee.tribune.errors import TribuneInputError

    found = []
    for item in items:
        name, sep, value = item.replace(":", "=", 1).partition("=")
        if not sep or not name.strip() or not value.strip():
            raise TribuneInputError(N_("Expected NAME={what}, got {item!r}"), what=what,
                                    item=item)
        found.append((name.strip(), value.strip()))
    return found


def whole(text: str, option: str, low: int = 0, high: int | None = None) -> int:
    """A number typed in ``option``, read as the prompts read one (any script's decimal
    digits, a sign); anything else, or a number out of range, is refused naming the option."""
    from referee.i18n import N_
    from referee.limits import MAX_DIGITS
    from referee.numbers import parse_whole
    from referee.tribune.errors import TribuneInputError

    value = parse_whole(text)
    if value is not None and abs(value) >= 10 ** MAX_DIGITS:  # no table counts that high
        raise TribuneInputError(N_("{option} takes a number of at most {digits} digits"),
                                option=option, digits=MAX_DIGITS)
    if value is None or value < low or (high is not None and value > high):
        if high is None:
            raise TribuneInputError(N_("{option} takes a whole number, {low} or more, not "
                                       "{text!r}"), option=option, low=low, text=text)
        raise TribuneInputError(N_("{option} takes a whole number from {low} to {high}, not "
                                   "{text!r}"), option=option, low=low, high=high, text=text)
    return value


def number(option: str, low: int = 0, high: int | None = None) -> Callable[[Any], int]:
    """The ``parser`` of a Typer option taking a whole number (its default passes as is)."""
    def integer(value: Any) -> int:  # its name is the option's metavar in --help
        return value if isinstance(value, int) else whole(str(value), option, low, high)
    return integer


def _per_player(items: list[str], option: str, what: str) -> list[tuple[str, int]]:
    """``NAME=NUMBER`` items of ``option``, each number read by :func:`whole`."""
    return [(name, whole(value, f"{option} {name}=")) for name, value in _pairs(items, what)]


def _report(verdict: Any, headline: str, outcome: Any, as_json: bool, edition: str) -> None:
    """Print a verdict (its rulings) or a calculator's answer (rulings, then the decision
    the rules ask next, if the question stops there)."""
    from referee.terminal.output import console, print_json
    from referee.tribune.ui.render import question_text, ruling_line, ruling_text

    pending = getattr(verdict, "pending", None)
    if as_json:
        print_json({"edition": edition, "verdict": headline, "outcome": outcome,
                    "rulings": [{**r.to_json(), "text": ruling_text(r)}
                                for r in verdict.rulings],
                    "next": None if pending is None else {**pending.to_json(),
                                                          "text": question_text(pending)}})
        return
    console().print(headline[:1].upper() + headline[1:], markup=False, style="bold")
    for ruling in verdict.rulings:
        console().print("  " + ruling_line(ruling), markup=False)
    if pending is not None:
        console().print(_("Next, the rules ask: {question}", question=question_text(pending)),
                        markup=False)


def _seats() -> Any:
    from referee.tribune.calculators import Seats

    return Seats(controller=_("Controller"), first=_("Player on \"1\""),
                 second=_("Player on \"2\""))


@check_app.command(help=_("Does a challenger's set take a faction from its controller?"))
def takeover(
    faction: str = typer.Option(..., "--faction", help=_("Faction name or code, e.g. senators."),
                                autocompletion=completion.factions),
    challenger: str = typer.Option(..., "--challenger", help=CARDS_HELP,
                                    autocompletion=completion.card_codes),
    controller: str | None = typer.Option(None, "--controller",
                                          help=_("The controller's set (omit if uncontrolled)."),
                                          autocompletion=completion.card_codes),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators

    f = _faction(faction)
    calc = calculators.takeover(f, _cards(challenger), _cards(controller), edition.value,
                                _seats())
    if calc.outcome["takes_control"]:
        headline = _("The challenger takes control of {faction}", faction=f.term)
    elif controller is not None:
        headline = _("The controller keeps {faction}", faction=f.term)
    else:
        headline = _("No take-over of {faction}", faction=f.term)
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


@check_app.command(help=_("Two followers on one faction: who ends up in control?"))
def conflict(
    faction: str = typer.Option(..., "--faction", help=_("Faction name or code, e.g. senators."),
                                autocompletion=completion.factions),
    second: str | None = typer.Option(None, "--second",
                                      help=_("Set played from space \"2\" (omit: passed)."),
                                      autocompletion=completion.card_codes),
    first: str | None = typer.Option(None, "--first",
                                     help=_("Set played from space \"1\" (omit: passed)."),
                                     autocompletion=completion.card_codes),
    controller: str | None = typer.Option(None, "--controller",
                                          help=_("The controller's set (omit if uncontrolled)."),
                                          autocompletion=completion.card_codes),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators

    f = _faction(faction)
    calc = calculators.conflict(f, _cards(second), _cards(first), _cards(controller),
                                edition.value, _seats())
    winner = calc.outcome["winner"]
    headline = {"1": _("The player on \"1\" takes control of {faction}", faction=f.term),
                "2": _("The player on \"2\" takes control of {faction}", faction=f.term),
                None: _("Nobody takes over {faction}", faction=f.term)}[winner]
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


@check_app.command(help=_("Field of Mars: laurels for the pairs discarded, and the extra laurel."))
def mars(
    pair: list[str] = typer.Option(..., "--pair",
                                   help=_("NAME=CARD,CARD for each pair, e.g. Ann=sen4,sen5.")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators
    from referee.tribune.ui.codes import check_pair

    pairs = [(name, check_pair(_cards(cards))) for name, cards in _pairs(pair, "CARD,CARD")]
    calc = calculators.mars(pairs, edition.value)
    laurels = calc.outcome["laurels"]
    headline = "; ".join(_.plural("{player}: {n} laurel", "{player}: {n} laurels", n, player=p)
                         for p, n in laurels.items())
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


@check_app.command(help=_("Chariot auction: who wins and pays, or a tie."))
def chariot(
    bid: list[str] = typer.Option(..., "--bid", help=_("NAME=AMOUNT for each player.")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.i18n import N_
    from referee.tribune import calculators
    from referee.tribune.probe import once_each
    from referee.tribune.rulebook import money, ref

    bids = once_each(_per_player(bid, "--bid", "AMOUNT"),
                     N_("{player} bids twice ({first} and {second}): each player makes one "
                        "sealed bid"), ref("tribune.phase6.auction"))
    calc = calculators.chariot_auction(bids, edition.value)
    winner = calc.outcome["winner"]
    if winner is None:
        headline = _("Tie: nobody pays and the chariot stays off the board")
    else:
        headline = _("{player} pays {money} to the bank and takes the chariot",
                     player=winner, money=money(edition.value, calc.outcome["pays"]))
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


@check_app.command(help=_("Atrium auction between the followers on \"1.\" and \"2.\"."))
def atrium(
    first: int = typer.Option(..., "--first", parser=number("--first"),
                              help=_("The bid of the player on \"1.\".")),
    second: int = typer.Option(..., "--second", parser=number("--second"),
                               help=_("The bid of the player on \"2.\".")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import calculators
    from referee.tribune.rulebook import money

    calc = calculators.atrium(first, second, edition.value, _seats())
    space, amount = calc.outcome["winner"], calc.outcome["pays"]
    other = "2." if space == "1" else "1."
    headline = _("The player on \"{space}.\" takes all three cards and pays {money} to the "
                 "player on \"{other}\"", space=space, money=money(edition.value, amount),
                 other=other)
    _report(calc, headline, dict(calc.outcome), as_json, edition.value)


@check_app.command(help=_("What a cesura magna (important event) takes from hands and sets."))
def cesura(
    hand: list[str] = typer.Option([], "--hand", help=_("NAME=CARDS IN HAND for each player.")),
    set_: list[str] = typer.Option([], "--set",
                                   help=_("FACTION=CARDS for each displayed control set."),
                                   autocompletion=completion.faction_sets),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.i18n import N_
    from referee.rulings import Plural
    from referee.tribune import calculators
    from referee.tribune.probe import once_each, one_set_each
    from referee.tribune.rulebook import CESURA, ref

    hands = once_each(_per_player(hand, "--hand", "COUNT"),
                      N_("{player}'s hand is given twice ({first} and {second} cards): each "
                         "player has one hand"), ref("tribune.deck.cesura.hand"))
    sets = one_set_each((_faction(f), _cards(cards)) for f, cards in _pairs(set_, "CARDS"))
    verdict = calculators.cesura(hands, sets, edition.value)
    hand_cuts, set_cuts = verdict.outcome
    cut_sets = sum(1 for lost in set_cuts.values() if lost)
    headline = _("{event}: {hands} and {sets} lose cards", event=CESURA[edition.value],
                 hands=Plural(len(hand_cuts), "{n} hand", "{n} hands"),
                 sets=Plural(cut_sets, "{n} set", "{n} sets"))
    outcome = {"hand_discards": hand_cuts,
               "set_losses": {f.value: [c.code for c in lost] for f, lost in set_cuts.items()
                              if lost}}
    _report(verdict, headline, outcome, as_json, edition.value)


@check_app.command(help=_("Does a player meet the victory card?"))
def victory(
    card: str = typer.Option(..., "--card",
                             help=_("A saved card's key, or a JSON file with the card.")),
    players: int = typer.Option(..., "--players", parser=number("--players", 1),
                                help=_("Number of players.")),
    tribune: bool = typer.Option(False, "--tribune", help=_("Holds the Tribune.")),
    favor: bool = typer.Option(False, "--favor", help=_("Holds a favor of the gods.")),
    laurels: int = typer.Option(0, "--laurels", parser=number("--laurels"),
                                help=_("Laurels held.")),
    legions: int = typer.Option(0, "--legions", parser=number("--legions"),
                                help=_("Legions held.")),
    money: int = typer.Option(0, "--money", parser=number("--money"), help=_("Money held.")),
    markers: int = typer.Option(0, "--markers", parser=number("--markers", 0, 7),
                                help=_("Faction markers held.")),
    edition: Edition = EDITION_OPTION, as_json: bool = JSON_OPTION,
) -> None:
    from referee.tribune import checks
    from referee.tribune.setup import player_count
    from referee.tribune.ui.codes import victory_card
    from referee.tribune.victory import Holdings, goal_term

    refused = player_count(players)
    if refused is not None:
        raise refused
    vc = victory_card(card)
    if players not in vc.needed:
        from referee.i18n import N_
        from referee.rulings import Plural
        from referee.tribune.errors import TribuneInputError

        raise TribuneInputError(N_("The card {title} is not for {players}"), title=vc.title,
                                players=Plural(players, "{n} player", "{n} players"))
    verdict = checks.victory(vc, players, Holdings(tribune, favor, laurels, legions, money,
                                                   markers), edition.value)
    result = verdict.outcome
    headline = (_("Victory conditions met") if result.qualifies
                else _("Victory conditions not met"))
    _report(verdict, headline, {"qualifies": result.qualifies, "met": list(result.met),
                                "needed": result.needed,
                                "missing_obligatory": list(result.missing_obligatory),
                                "goals": {g: _.term(goal_term(g, edition.value))
                                          for g in result.met}},
            as_json, edition.value)
