"""Setup at the table: players and colours, start player, edition, victory card, deck mode,
board readings and how sealed bids are entered. Flags answer any of it in advance."""

from __future__ import annotations

import secrets
from typing import Any

from referee.errors import RefereeError
from referee.i18n import N_, translator
from referee.terminal.prompter import Choice, Prompter, ask_whole
from referee.tribune import EDITIONS, box
from referee.tribune.setup import DECK_MODES, Setup, player_names
from referee.tribune.ui.codes import explain_error
from referee.tribune.ui.render import COLOURS
from referee.tribune.victory import (
    GOALS,
    LENGTHS,
    THRESHOLD_GOALS,
    VictoryCard,
    goal_term,
    title_problem,
)
from referee.values import Mutable, field

_ = translator("tribune")

LENGTH_WORDS = {"long": N_("long (red)"), "medium": N_("medium (yellow)"),
                "short": N_("short (green)")}
BID_MODES = {"hidden": N_("typed hidden, one player at a time"),
             "open": N_("entered after the fists are opened")}
DECK_WORDS = {"table": N_("the physical deck (we type the cards turned up)"),
              "virtual": N_("a virtual deck shuffled by the referee")}
#: readings of unclear rules a group may change: question, and labels of the choices
READINGS = {
    "mars_spaces": N_("Follower spaces on the Field of Mars (None: no limit)"),
    "cesura_continue": N_("After the card shortage, do the discarded cards become the new "
                          "draw pile?"),
    "mars_own_tie": N_("Field of Mars: two pairs of one player tie for the top, does that "
                       "player get the extra laurel?"),
    "curia_dealing": N_("Curia: deal per field, or until the whole area sums to 5?"),
    "scipio_amount": N_("Scipio Africanus: how much money?"),
    "gladiator_assassin": N_("Gladiators: the assassin with the card option only, or with "
                             "either option?"),
    "legate_legion": N_("Legates: the legion purchase with the card option only, or with "
                        "either option?"),
    "qualifier_drops": N_("A player announced \"Veni, vidi, vici\" but no longer meets the "
                          "card when the round ends: is that player still a qualifier?"),
    "point_variant_bonus": N_("Point-value variant: does the first player to reach the marker "
                              "count take the 2-point bonus?"),
    "supply_empty": N_("The box runs out of laurels, legions or coins: go on with "
                       "substitutes?"),
}
VALUE_WORDS = {True: N_("yes"), False: N_("no"), "extra": N_("yes"), "none": N_("no"),
               "per_field": N_("per field"), "area_total": N_("whole area"),
               "card_option": N_("card option only"), "both_options": N_("either option"),
               "substitute": N_("yes: use substitutes"), "stop": N_("no: nothing more is "
                                                                   "handed out"),
               "round_end": N_("no: only who meets the card then"),
               "announcement": N_("yes: the announcement counts"), None: N_("no limit")}
#: readings that matter only with a victory card, or only in the point-value variant
CARD_ONLY, VARIANT_ONLY = frozenset({"qualifier_drops"}), frozenset({"point_variant_bonus"})


def readings_for(edition: str, points_variant: bool) -> list[str]:
    """The readings worth asking about for this game, in question order."""
    meta = box.entries()
    return [key for key in READINGS if meta[key].get("edition", edition) == edition
            and key not in (CARD_ONLY if points_variant else VARIANT_ONLY)]


class Answers(Mutable):
    """What the flags already settled; None means 'ask'."""

    players: list[tuple[str, str | None]] | None = None
    start: str | None = None
    edition: str | None = None
    victory: VictoryCard | None = None
    points_variant: bool = False
    deck: str | None = None
    seed: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    bids: str | None = None

    @property
    def complete(self) -> bool:
        return (self.players is not None and self.edition is not None
                and (self.victory is not None or self.points_variant) and self.deck is not None
                and "thermae_fields" in self.settings)


def build(a: Answers) -> tuple[Setup, dict[str, str | None], dict[str, Any]]:
    """The engine setup, the colours and the ui options, all checked."""
    assert a.players is not None
    names = [n for n, _c in a.players]
    setup = Setup.create(names, a.start or names[0], edition=a.edition or "ffg",
                         deck_mode=a.deck or "table",
                         seed=a.seed if a.seed is not None else secrets.randbelow(2**31),
                         victory=None if a.points_variant else a.victory, settings=a.settings)
    return setup, dict(a.players), {"bids": a.bids or "hidden"}


def ask(prompter: Prompter, a: Answers) -> Answers:
    """Fill in whatever the flags left open."""
    if a.players is None:
        a.players = ask_players(prompter)
    names = [n for n, _c in a.players]
    if a.start is None:
        a.start = prompter.select(_("Start player:"), [Choice(n, n) for n in names])
    if a.edition is None:
        a.edition = prompter.select(_("Rules edition:"),
                                    [Choice(_(title), key) for key, title in EDITIONS.items()])
    if a.victory is None and not a.points_variant:
        a.victory = ask_victory(prompter, len(names), a.edition)
        a.points_variant = a.victory is None
    if a.deck is None:
        a.deck = prompter.select(_("Deck:"), [Choice(_(DECK_WORDS[m]), m) for m in DECK_MODES])
    if "thermae_fields" not in a.settings:
        a.settings["thermae_fields"] = prompter.select(
            _("How many card fields does the Thermae have on your board?"),
            [Choice("2", 2), Choice("3", 3)])
        ask_readings(prompter, a)
    if a.bids is None:
        a.bids = prompter.select(_("Sealed bids (Atrium, chariot):"),
                                 [Choice(_(w), m) for m, w in BID_MODES.items()])
    return a


def ask_players(prompter: Prompter) -> list[tuple[str, str | None]]:
    def check(text: str) -> str | None:
        names = [n.strip() for n in text.split(",") if n.strip()]
        problems: list[RefereeError] = []
        player_names(names, problems)
        if problems:
            return explain_error(problems[0])
        if not 2 <= len(names) <= 5:
            return _("Enter 2 to 5 different names, separated by commas")
        return None

    answer = prompter.text(_("Players in seat order (clockwise), separated by commas:"),
                           validate=check)
    names = [n.strip() for n in answer.split(",") if n.strip()]
    players: list[tuple[str, str | None]] = []
    for name in names:
        taken = {c for _n, c in players}
        colour = prompter.select(_("{player}'s colour:", player=name),
                                 [Choice(_(w), c) for c, w in COLOURS.items() if c not in taken]
                                 + [Choice(_("no colour"), None)])
        players.append((name, colour))
    return players


def ask_victory(prompter: Prompter, players: int, edition: str) -> VictoryCard | None:
    from referee.tribune.victory import library

    saved = {k: c for k, c in library().items() if players in c.needed}
    choices = [Choice(_("type in the card on the table"), "enter")]
    choices += [Choice(_("saved: {title}", title=_card_title(c)), k) for k, c in saved.items()]
    choices += [Choice(_("point-value variant (no victory card)"), "points")]
    pick = prompter.select(_("Victory condition card:"), choices)
    if pick == "points":
        return None
    if pick != "enter":
        return saved[pick]
    card = enter_card(prompter, players, edition)
    offer_to_save(prompter, card)
    return card


def _card_title(card: VictoryCard) -> str:
    return f"{card.title} ({card.length})" if card.length else card.title


def enter_card(prompter: Prompter, players: int, edition: str) -> VictoryCard:
    def check_title(text: str) -> str | None:
        wrong = title_problem(text)
        return None if wrong is None else explain_error(wrong)

    title = prompter.text(_("Title printed on the card:"), validate=check_title)
    length = prompter.select(_("Hourglass on the card:"), [Choice(_("no hourglass"), None)]
                             + [Choice(_(LENGTH_WORDS[w]), w) for w in LENGTHS])
    goals = []
    for kind in GOALS:
        word = _.term(goal_term(kind, edition))
        threshold = None
        if kind in THRESHOLD_GOALS:
            threshold = ask_whole(prompter, _("Goal {goal}: how many?", goal=word), 1, 99)
        obligatory = prompter.confirm(_("Is the goal {goal} marked obligatory?", goal=word))
        goals.append({"kind": kind, "threshold": threshold, "obligatory": obligatory})
    needed = ask_whole(prompter, _("Goals needed with {count} players:", count=players), 1,
                       len(GOALS))
    return VictoryCard.from_json({"title": title, "length": length, "goals": goals,
                                  "needed": {str(players): needed}})


def offer_to_save(prompter: Prompter, card: VictoryCard) -> None:
    import json

    from referee.data import override_path
    from referee.store.files import write_atomically
    from referee.tribune.victory import library_with

    path = override_path("tribune", "victory_cards")
    if prompter.confirm(_("Save this card for later games?"), default=True):
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(library_with(card), ensure_ascii=False, indent=2)
        write_atomically(path, text.encode("utf-8"))


def ask_readings(prompter: Prompter, a: Answers) -> None:
    """The uncertain readings of the rules, only if the group wants to change them."""
    meta = box.entries()
    keys = [k for k in readings_for(a.edition or "ffg", a.points_variant)
            if k not in a.settings]
    if prompter.confirm(_("Keep the usual readings where the rules are unclear?"),
                        default=True):
        return
    for key in keys:
        a.settings[key] = prompter.select(
            _(READINGS[key]), [Choice(value_word(v), v) for v in meta[key]["choices"]],
            default=meta[key]["value"])


def value_word(value: Any) -> str:
    if (value is None or isinstance(value, (bool, str))) and value in VALUE_WORDS:
        return _(VALUE_WORDS[value])
    return str(value)
