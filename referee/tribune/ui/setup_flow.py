"""Setup at the table: players and colours, start player, edition, victory card, deck mode,
board readings and how sealed bids are entered. Flags answer any of it in advance."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError
from referee.game.question import Form
from referee.i18n import N_, translator
from referee.table.kit import YES_NO, Ask, Option, Talk, names_of
from referee.tribune import EDITIONS, box
from referee.tribune.errors import TribuneInputError
from referee.tribune.setup import DECK_MODES, Setup, player_names
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

if TYPE_CHECKING:
    from referee.terminal.prompter import Prompter

_ = translator("tribune")

TYPE_IN, VARIANT = N_("type in the card on the table"), N_("point-value variant (no victory "
                                                           "card)")
NO_HOURGLASS, NO_COLOUR_WORD = N_("no hourglass"), N_("no colour")
#: answers that are no value of the setup's
ENTER, POINTS, NO_COLOUR, NO_LENGTH = "·enter", "·points", "·none", "·none"

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
    """Fill in whatever the flags left open, through the conversation kit: ``undo`` goes
    back a question, ``help`` says what one needs, ``quit`` stops before the session is
    created. Asked in two parts: who plays and with which card, then the box; a card
    typed in is saved (when the table says so) between them, so it outlives a quit."""
    from referee.table.guide import before_game

    a, save = before_game(prompter, lambda: who_and_card(a))
    if save and a.victory is not None:
        keep_card(a.victory)
    return before_game(prompter, lambda: the_box(a))


def _copy(a: Answers) -> Answers:
    """The answers to fill in: the conversation is replayed, so ``a`` stays as given."""
    return Answers(a.players, a.start, a.edition, a.victory, a.points_variant, a.deck, a.seed,
                   dict(a.settings), a.bids)


def who_and_card(given: Answers) -> Talk:
    """The players, the start player, the edition and the victory card; returns the
    answers and whether to save a card typed in."""
    a, save = _copy(given), False
    if a.players is None:
        a.players = yield from ask_players()
    names = [n for n, _c in a.players]
    if a.start is None:
        a.start = yield Ask(Form.ONE, _("Start player:"), tuple(Option(n, n) for n in names),
                            help=_("The start player places the first follower; the others "
                                   "follow clockwise."))
    if a.edition is None:
        a.edition = yield Ask(Form.ONE, _("Rules edition:"), tuple(
            Option(key, _(title), names=(key, *names_of(title, "tribune")))
            for key, title in EDITIONS.items()), help=_(
                "FFG is the edition of the Russian and Spanish rulebooks (denarii, cesura "
                "magna); Heidelberger is the German original (Sesterzen)."))
    if a.victory is None and not a.points_variant:
        a.victory, save = yield from ask_victory(len(names), a.edition)
        a.points_variant = a.victory is None
    return a, save


def the_box(given: Answers) -> Talk:
    """The deck, the board's Thermae, the readings and how bids are entered."""
    a = _copy(given)
    if a.deck is None:
        a.deck = yield Ask(Form.ONE, _("Deck:"), tuple(
            Option(m, _(DECK_WORDS[m]), names=(m, *names_of(DECK_WORDS[m], "tribune")))
            for m in DECK_MODES), help=_(
                "With the physical deck the table types each card turned up; a virtual deck "
                "is shuffled by the referee, which then asks nothing about cards."))
    if "thermae_fields" not in a.settings:
        a.settings["thermae_fields"] = yield Ask(
            Form.NUMBER, _("How many card fields does the Thermae have on your board?"),
            low=2, high=3, help=_("The sources disagree between 2 and 3: count them on your "
                                  "board."))
        yield from ask_readings(a)
    if a.bids is None:
        a.bids = yield Ask(Form.ONE, _("Sealed bids (Atrium, chariot):"), tuple(
            Option(m, _(w), names=(m, *names_of(w, "tribune")))
            for m, w in BID_MODES.items()), help=_(
                "Typed hidden: each bidder in turn types a bid nobody sees. Entered after the "
                "reveal: the fists are opened, then the bids are typed."))
    return a


def ask_players() -> Talk:
    def players(text: str) -> list[str]:
        names = [n.strip() for n in text.split(",") if n.strip()]
        problems: list[RefereeError] = []
        player_names(names, problems)
        if problems:
            raise problems[0]
        if not 2 <= len(names) <= 5:
            raise TribuneInputError(N_("Enter 2 to 5 different names, separated by commas"))
        return names

    names = yield Ask(Form.TEXT, _("Players in seat order (clockwise), separated by commas:"),
                      parse=players, help=_("Their names as the table calls them, in seat "
                                            "order around the table, 2 to 5 of them."))
    found: list[tuple[str, str | None]] = []
    for name in names:
        taken = {c for _n, c in found}
        colour = yield Ask(Form.ONE, _("{player}'s colour:", player=name), (
            *(Option(c, _(w), names=names_of(w, "tribune")) for c, w in COLOURS.items()
              if c not in taken),
            Option(NO_COLOUR, _(NO_COLOUR_WORD), names=names_of(NO_COLOUR_WORD, "tribune"))),
            help=_("The colour of the player's followers."))
        found.append((name, None if colour == NO_COLOUR else colour))
    return found


def ask_victory(players: int, edition: str) -> Talk:
    """The victory card in play (None: the point-value variant), and whether to save a
    card typed in."""
    from referee.tribune.victory import library

    saved = {k: c for k, c in library().items() if players in c.needed}
    pick = yield Ask(Form.ONE, _("Victory condition card:"), (
        Option(ENTER, _(TYPE_IN), names=names_of(TYPE_IN, "tribune")),
        *(Option(k, _("saved: {title}", title=_card_title(c)), names=(k, c.title))
          for k, c in saved.items()),
        Option(POINTS, _(VARIANT), names=names_of(VARIANT, "tribune"))), help=_(
            "The printed numbers of a card are typed in once (and may be saved for later "
            "games); without a card the point-value variant ends the game on faction "
            "markers."))
    if pick == POINTS:
        return None, False
    if pick != ENTER:
        return saved[pick], False
    card = yield from enter_card(players, edition)
    save = yield YES_NO(_("Save this card for later games?"), default=True)
    return card, save


def _card_title(card: VictoryCard) -> str:
    return f"{card.title} ({card.length})" if card.length else card.title


def enter_card(players: int, edition: str) -> Talk:
    def checked_title(text: str) -> str:
        wrong = title_problem(text)
        if wrong is not None:
            raise wrong
        return text.strip()

    title = yield Ask(Form.TEXT, _("Title printed on the card:"), parse=checked_title,
                      help=_("The card's title as printed, to name it in the log."))
    length = yield Ask(Form.ONE, _("Hourglass on the card:"), (
        Option(NO_LENGTH, _(NO_HOURGLASS), names=names_of(NO_HOURGLASS, "tribune")),
        *(Option(w, _(LENGTH_WORDS[w]), names=(w, *names_of(LENGTH_WORDS[w], "tribune")))
          for w in LENGTHS)),
        help=_("The hourglass printed on cards that come in several lengths."))
    goals = []
    for kind in GOALS:
        word = _.term(goal_term(kind, edition))
        threshold = None
        if kind in THRESHOLD_GOALS:
            threshold = yield Ask(Form.NUMBER, _("Goal {goal}: how many?", goal=word), low=1,
                                  high=99, help=_("The number printed beside the goal."))
        obligatory = yield YES_NO(_("Is the goal {goal} marked obligatory?", goal=word),
                                  default=False)
        goals.append({"kind": kind, "threshold": threshold, "obligatory": obligatory})
    needed = yield Ask(Form.NUMBER, _("Goals needed with {count} players:", count=players),
                       low=1, high=len(GOALS), help=_(
                           "How many goals the card asks for with this many players."))
    return VictoryCard.from_json({"title": title, "length": None if length == NO_LENGTH
                                  else length, "goals": goals,
                                  "needed": {str(players): needed}})


def keep_card(card: VictoryCard) -> None:
    """Save a card typed in, for later games."""
    import json

    from referee.data import override_path
    from referee.store.files import write_atomically
    from referee.tribune.victory import library_with

    path = override_path("tribune", "victory_cards")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(library_with(card), ensure_ascii=False, indent=2)
    write_atomically(path, text.encode("utf-8"))


def ask_readings(a: Answers) -> Talk:
    """The uncertain readings of the rules, only if the group wants to change them."""
    meta = box.entries()
    keys = [k for k in readings_for(a.edition or "ffg", a.points_variant)
            if k not in a.settings]
    keep = yield YES_NO(_("Keep the usual readings where the rules are unclear?"),
                        default=True)
    if keep:
        return
    for key in keys:
        a.settings[key] = yield Ask(
            Form.ONE, _(READINGS[key]), tuple(Option(v, value_word(v), names=value_names(v))
                                              for v in meta[key]["choices"]),
            default=meta[key]["value"], help=_(
                "The rules leave this open; Enter alone keeps the usual reading, which is "
                "highlighted."))


def value_names(value: Any) -> tuple[str, ...]:
    """A reading's value in every language."""
    if (value is None or isinstance(value, (bool, str))) and value in VALUE_WORDS:
        return names_of(VALUE_WORDS[value], "tribune")
    return ()


def value_word(value: Any) -> str:
    if (value is None or isinstance(value, (bool, str))) and value in VALUE_WORDS:
        return _(VALUE_WORDS[value])
    return str(value)
