"""Tribune's side of the guided game, written for the conversation kit
(``referee.table.kit``): its view (:class:`TribuneView`: headings, who looks away, the
rulings announced) and each pending question as one ``kit.Ask`` (:class:`Turn`).

Where the referee knows every legal answer it lists them (the open follower spaces with
what lies beside each, the cards or sets a player may name, the choices of a rule), each
by its own name in the session's language and typed back in any of the three; where it
cannot (a card turned up, cards from a hand it only partly knows) the answer is typed as
card codes or names. A pass that discards or forfeits is always confirmed, and a hidden
answer (a sealed bid, a Field of Mars pair) is typed without echo.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from referee.game.question import Form
from referee.i18n import N_, translator
from referee.rulings import Ruling
from referee.store import Session
from referee.table.game import TableGame
from referee.table.guide import tell
from referee.table.kit import Ask, Option, Talk, names_of
from referee.table.session import ui_options
from referee.tribune.actions import Bid, Cards, Choose, Entry, Pass, Place, Reveal
from referee.tribune.cards import MAX_VALUE, Card, CardName, Faction, parse_card
from referee.tribune.rulebook import REGION_NAMES
from referee.tribune.ui.checklist import before_round_1, checklist
from referee.tribune.ui.render import (
    BOWL,
    LOUD,
    OPTION_WORDS,
    card_text,
    option_label,
    phase_title,
    question_text,
    ruling_line,
    space_label,
)

if TYPE_CHECKING:  # the engine is imported by what makes a game
    from referee.terminal.prompter import Prompter
    from referee.tribune.engine import Game

_ = translator("tribune")

_WORD = re.compile(r"\w+")
NOT_LISTED = object()
#: a cards question lists its legal answers up to this many; more are typed as codes
LIST_LIMIT = 30

#: a pass that gives something up, by question kind: how the list names it, and the
#: question that confirms it (a lone Enter never passes)
PASSES = {
    "curia": (N_("no discard"), N_("Discard no card, so the Curia cards go to the discard "
                                   "pile?")),
    "catacombs": (N_("buy nothing"), N_("Buy no Catacombs card?")),
    "pantheon": (N_("no sacrifice"), N_("Sacrifice no card, and take no eternal favor?")),
    "mars": (N_("no pair"), N_("Discard no pair, and take no laurel?")),
    "takeover": (N_("no set"), N_("Play no set, and give up this take-over?")),
    "tigellinus": (N_("no discard"), N_("Discard no card, and take no legion?")),
    "legion": (N_("no legion"), N_("Buy no legion?")),
    "assassin": (N_("no assassin"), N_("Send no assassin?")),
}
PASS_WORD = N_("pass")
#: cards chosen freely among those listed: named together, one by one
FREE = frozenset({"opening_discard"})

CODES_HELP = N_("A card is typed as its faction's code and its value: gla (Gladiators), leg "
                "(Legates), pra (Praetorians), ple (Plebeians), pat (Patricians), ves (Vestal "
                "Virgins), sen (Senators), then 0-{top}; a leader is 0. Examples: sen4, gla0. "
                "A card's name works too, in any language: Senator 4, Сенатор 4, Spartacus.")
#: how to answer each kind of question (``help``)
HELP = {
    "reveal": N_("Type the card that was turned face up: its code or its name."),
    "place": N_("Type the number of the space, or its name (part of it is enough: “bowl”, "
                "“forum 2”); only the spaces the rules leave open are listed, with the cards "
                "lying beside each and what the coin bowl pays now."),
    "opening_discard": N_("Type the number of the pair to discard, or the two cards' codes."),
    "cesura": N_("Type the number of the card to discard, or its code."),
    "atrium_turn": N_("The card chosen stays face down; the other two are turned up."),
    "latrine": N_("Sell the card for its value, or pay its value to keep it."),
    "curia": N_("Discard one card of your hand to take every card of the field; with no "
                "discard the field's cards go to the discard pile."),
    "atrium_bid": N_("The higher bid takes the Atrium cards and pays it to the other "
                     "bidder; a tie goes to the player on space 1."),
    "catacombs": N_("Buy one card of the Catacombs stack for the price of your space; the "
                    "money goes to the Colosseum."),
    "pantheon": N_("Sacrifice a card of the Pantheon card's faction for the eternal favor of "
                   "the gods."),
    "mars": N_("Discard a pair of one faction for a laurel; the highest pair takes one more. "
               "The pairs are shown together once every player has chosen."),
    "takeover": N_("Play a set of two or more cards of the faction that beats the set it "
                   "must beat; listed sets are those that do."),
    "penalty": N_("The beaten player discards one card of the set played and takes the "
                  "rest back."),
    "tigellinus": N_("Discard a card of your hand for a legion."),
    "agrippa": N_("Take the Scroll, or draw a card."),
    "cato": N_("Take a marker of a faction you have none of."),
    "assassin": N_("The assassin removes the highest card of a set of three or more cards."),
    "benefit": N_("Choose the faction's benefit."),
    "legion": N_("Buy one legion for the price named."),
    "chariot_bid": N_("The higher bid wins the chariot and pays the bank; it blocks one of "
                      "the winner's factions next round."),
    "chariot_place": N_("The faction the chariot blocks next round (or off the board)."),
}


class TribuneView:
    """Tribune's side of the guided game (:class:`referee.table.guide.Guide` runs the loop):
    each question as a conversation (``talk``), phase headings, who looks away, the
    Curia's "stop", and the rulings the table must not miss."""

    def __init__(self, table: TableGame, session: Session, prompter: Prompter) -> None:
        self.table = table
        self.prompter = prompter
        self.hidden_bids = ui_options(session).get("bids", "hidden") == "hidden"
        self.shown: tuple[int, int] | None = None
        self.curia: int | None = None  # the Curia field whose cards are being turned up

    def talk(self, game: Game) -> Talk:
        return Turn(game, self.hidden_bids).talk()

    def restart(self) -> None:
        self.shown = self.curia = None

    def heading(self, round_: int, phase: int) -> None:
        if self.shown != (round_, phase):
            self.shown = (round_, phase)
            tell("")
            tell(phase_title(round_, phase), "bold reverse")

    def before_question(self, game: Game) -> None:
        s, d = game.state, game.pending()
        assert d is not None
        if self.shown is None and before_round_1(game):
            tell("")
            tell(_("Set up the table:"), "bold")
            for line in checklist(game):
                tell("- " + line)
        self.heading(s.round, s.phase)
        if d.kind == "reveal" and d.params.get("region") == "curia" and self.curia is None:
            self.curia = d.params.get("number")
            tell(_("Curia field {number}: turn up cards one at a time until I say stop.",
                  number=self.curia), "bold")
        if d.kind.endswith("bid") and self.hidden_bids:
            tell(_("{player} types a hidden bid; everyone else looks away.",
                  player=d.actor), "bold")
        elif "cards" in d.accepts and game.setup.deck_mode == "virtual":
            tell(_("{player} chooses from their own cards; everyone else looks away.",
                  player=d.actor), "bold")

    def after_entry(self, game: Game, asked: Any, rulings: list[Ruling]) -> None:
        self.curia_done(game, asked)
        self.announce(rulings)

    def curia_done(self, game: Game, asked: Any) -> None:
        """After a Curia card: say stop as soon as the referee stops asking for that field."""
        d = game.pending()
        if self.curia is None or asked is None or asked.kind != "reveal":
            return
        if d is None or d.kind != "reveal" or (d.params.get("region"), d.params.get("number")) \
                != ("curia", self.curia):
            tell(_("Stop: Curia field {number} is complete.", number=self.curia), "bold")
            self.curia = None

    def announce(self, rulings: list[Ruling]) -> None:
        """Each ruling on its line, under the heading of the phase its rule belongs to."""
        for ruling in rulings:
            rule = ruling.rule.rule_id
            phase = (int(rule[13]) if rule.startswith("tribune.phase") and rule not in ANY_PHASE
                     else 0)
            if self.shown is not None and phase > self.shown[1]:  # never back: shared rules
                self.heading(self.shown[0], phase)
            loud = rule in LOUD
            tell(("» " if loud else "  ") + ruling_line(ruling), "bold" if loud else "")
            if rule == "tribune.round.end" and self.shown is not None:
                self.shown = (self.shown[0] + 1, 0)

    def revealed(self, session: Session, seq: int) -> list[str]:
        """Cards an entry turned up, or that the rulings it caused named."""
        from referee.table.session import rulings_caused

        entry = next((e for e in session.effective_events() if e.seq == seq), None)
        if entry is not None and entry.type == "reveal":
            return [card_text(parse_card(entry.payload["card"]))]
        found = [card_text(v.card) for ruling in rulings_caused(self.table, session, seq)
                 for value in ruling.params.values()
                 for v in (value if isinstance(value, list) else [value])
                 if isinstance(v, CardName)]
        return list(dict.fromkeys(found))


#: rules named after Phase 5 that a Phase 4 take-over also applies (the Plebeians' assassin,
#: the Proconsul going back with the Patricians): they do not move the heading on
ANY_PHASE = frozenset({"tribune.phase5.assassin", "tribune.phase5.proconsul"})


class Turn:
    """The pending question of a Tribune game as one question of the kit."""

    def __init__(self, game: Game, hidden_bids: bool) -> None:
        q = game.pending()
        assert q is not None  # the guide asks only while a question is pending
        self.game, self.q, self.hidden_bids = game, q, hidden_bids
        self.options: Any = NOT_LISTED  # the legal entries, once asked for

    def talk(self) -> Talk:
        q = self.q
        if q.kind == "reveal":
            return (yield self.reveal())
        if "bid" in q.accepts:
            return Bid(q.actor, (yield self.bid()))
        if "place" in q.accepts:
            return (yield self.place())
        if q.kind in FREE and q.choose_from is not None:
            return Cards(q.actor, tuple((yield self.several())))
        return (yield self.choice())

    def ask(self, form: Form, options: Sequence[Option] = (), text: str = "",
            check: Any = None, **more: Any) -> Ask:
        """The pending question in ``form``: its words, rule, help and the core's check."""
        q = self.q
        help_text = _(HELP[q.kind]) if q.kind in HELP else ""
        if form is not Form.ONE or more.get("parse") is not None:  # cards are typed
            help_text = f"{help_text} {_(CODES_HELP, top=MAX_VALUE)}".strip()
            more.setdefault("typed", _("card codes or names (sen4, Senator 4)"))
        return Ask(form, text or question_text(q), tuple(options),
                   check=check or self.game.check,
                   rule=q.rule, help=help_text, gives_up=self.passing,
                   hidden=self.q.hidden and self.hidden_bids, **more)

    def passing(self, entry: Any) -> str:
        """The question confirming a pass that gives something up (a pass that is the only
        legal answer gives up nothing)."""
        if not isinstance(entry, Pass) or self.q.kind not in PASSES or self.legal() == [entry]:
            return ""
        return _(PASSES[self.q.kind][1])

    # ------------------------------------------------------------------ questions
    def reveal(self) -> Ask:
        return self.ask(Form.TEXT, parse=lambda text: Reveal(one_card(text)),
                        typed=_("the card's code or name (sen4, Senator 4)"))

    def bid(self) -> Ask:
        player = self.q.actor

        def check(amount: int) -> None:
            self.game.check(Bid(player, amount))

        hidden = self.hidden_bids
        return Ask(Form.NUMBER, question_text(self.q), low=0,
                   high=None if hidden else self.q.high, hidden=hidden, check=check,
                   rule=self.q.rule, help=_(HELP[self.q.kind]))

    def place(self) -> Ask:
        edition = self.game.setup.edition
        spaces = [entry for entry in self.legal() or () if isinstance(entry, Place)]
        options = [Option(entry, space_label(entry.space, edition), self.beside(entry),
                          space_names(entry.space)) for entry in spaces]
        return self.ask(Form.ONE, options)

    def choice(self) -> Ask:
        """A choice of the rules, or cards: listed when they can be, else typed."""
        q, options = self.q, self.legal()
        if options is not None and len(options) <= LIST_LIMIT:
            parse = self.cards if "cards" in q.accepts else None
            return self.ask(Form.ONE, [self.option(entry) for entry in sorted(
                options, key=_listed)], parse=parse)
        text = question_text(q)
        if q.choose_from:  # too many sets to list: the cards they are made of are named
            among = sorted(set(q.choose_from), key=lambda c: c.key)
            text = _("{question} (from {cards})", question=text, cards=", ".join(
                f"{card_text(c)} [{c.code}]" for c in among))
        return self.ask(Form.TEXT, text=text, parse=self.cards)

    def several(self) -> Ask:
        """Cards freely chosen among those listed (the opening discards), named together."""
        player, pool = self.q.actor, self.q.choose_from or ()
        return self.ask(Form.SEVERAL, [Option(c, card_text(c), names=cards_names((c,)))
                                       for c in sorted(pool, key=lambda c: c.key)],
                        check=lambda named: self.game.check(Cards(player, tuple(named))))

    def legal(self) -> list[Entry] | None:
        if self.options is NOT_LISTED:
            self.options = self.game.legal_entries()
        return self.options

    def option(self, entry: Entry) -> Option:
        edition = self.game.setup.edition
        if isinstance(entry, Pass):
            title = PASSES[self.q.kind][0] if self.q.kind in PASSES else N_("no, pass")
            return Option(entry, _(title), names=(*names_of(title, "tribune"),
                                                  *names_of(PASS_WORD, "tribune")))
        if isinstance(entry, Cards):
            return Option(entry, ", ".join(card_text(c) for c in entry.cards),
                          names=cards_names(entry.cards))
        assert isinstance(entry, Choose)
        return Option(entry, option_label(entry.option, edition),
                      names=choice_names(entry.option))

    def cards(self, text: str) -> Entry:
        """Cards typed as codes or names (any language); a pass as its word, never as
        nothing (a lone Enter gives up nothing)."""
        from referee.i18n.matching import fold
        from referee.tribune.errors import TribuneInputError

        player, optional = self.q.actor, "pass" in self.q.accepts
        words = {fold(w) for w in names_of(PASS_WORD, "tribune")}
        if optional and fold(text) in words:
            return Pass(player)
        if not text.strip():
            if optional:
                raise TribuneInputError(N_("Type the cards, or {word} for none."),
                                        word=_(PASS_WORD))
            raise TribuneInputError(N_("Type the cards: their codes (sen4) or names."))
        return Cards(player, tuple(sorted(typed_cards(text), key=lambda c: c.key)))

    def beside(self, action: Place) -> str:
        """What a space holds now: the face-up cards beside it, or the coins of the bowl."""
        from referee.tribune.rules.followers import BOWL_FIRST, BOWL_LATER

        s = self.game.state
        head, _sep, number = action.space.partition(".")
        if head == "bowl":
            return f"+{BOWL_LATER if s.bowl_figures else BOWL_FIRST}"
        if head in ("thermae", "forum", "curia") and number.isdigit():
            field = s.board.get(head, [])[int(number) - 1]
            return ", ".join(card_text(slot.card) for slot in field
                             if slot.card and slot.face_up)
        return ""


def _listed(entry: Entry) -> tuple[int, Any]:
    """A list's order: cards by faction and value, a pass last, choices as the rules give."""
    if isinstance(entry, Cards):
        return (0, [c.key for c in entry.cards])
    return (2 if isinstance(entry, Pass) else 1, 0)


# ---------------------------------------------------------------------- names typed back
@cache
def space_names(space: str) -> tuple[str, ...]:
    """A follower space in every language and edition ("Forum Romanum 2", "Гладиаторы 1")."""
    from referee.tribune.rulebook import _HB_REGION_NAMES

    head, _sep, number = space.partition(".")
    if head == "bowl":
        words = names_of(BOWL.msgid, "tribune")
    elif head in REGION_NAMES:
        words = names_of(REGION_NAMES[head], "tribune") + (
            names_of(_HB_REGION_NAMES[head], "tribune") if head in _HB_REGION_NAMES else ())
    else:
        words = names_of(Faction(head).term.msgid, "tribune")
    return tuple(f"{w} {number}".strip() for w in words)


@cache
def choice_names(option: str) -> tuple[str, ...]:
    """A choice in every language: its words, or a faction's name and code."""
    if option in OPTION_WORDS:
        return (option, *names_of(OPTION_WORDS[option], "tribune"))
    if option.isdigit():  # an Atrium card left face down
        return (option, *(w.format(number=option) for w in names_of(
            N_("card {number} stays face down"), "tribune")))
    try:
        faction = Faction(option)
    except ValueError:
        return (option,)
    return (option, faction.code, *names_of(faction.term.msgid, "tribune"))


def cards_names(cards: Sequence[Card]) -> tuple[str, ...]:
    """Cards as they are typed: their codes; one card, its name in every language too."""
    codes = " ".join(c.code for c in cards)
    return (codes, *card_names(cards[0])) if len(cards) == 1 else (codes,)


@cache
def card_names(card: Card) -> tuple[str, ...]:
    words = names_of(card.faction.card_word, "tribune")
    found = [w.format(value=card.value) for w in words]
    if card.is_leader:
        found += names_of(card.faction.leader.msgid, "tribune")
    return tuple(dict.fromkeys(found))


@cache
def _spellings() -> dict[str, Card]:
    """Every card's name in every language, folded (leaders by name too)."""
    from referee.i18n.matching import fold
    from referee.tribune.cards import FACTIONS, kept

    found: dict[str, Card] = {}
    for faction in FACTIONS:
        for value in range(MAX_VALUE + 1):
            card = kept(faction, value)
            for name in card_names(card):
                found.setdefault(fold(name), card)
    return found


def typed_cards(text: str) -> list[Card]:
    """Cards typed as codes (``sen4 gla0``, ``sen 4``) or names in any language
    (``Senator 4, Spartacus``, ``Сенатор 4``), separated by commas or spaces; what names
    no card is refused as an unknown code, with suggestions."""
    from referee.i18n.matching import fold

    names = _spellings()
    found: list[Card] = []
    for part in text.replace(";", ",").split(","):
        typed = _WORD.findall(part.casefold())
        words = [fold(w) for w in typed]
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):  # the longest name first
                card = names.get(" ".join(words[i:j]))
                if card is not None:
                    found.append(card)
                    i = j
                    break
            else:  # a code, its value perhaps apart ("sen 4")
                apart = i + 1 < len(typed) and typed[i + 1].isdecimal() \
                    and not typed[i].isdecimal()
                found.append(parse_card(typed[i] + (typed[i + 1] if apart else "")))
                i += 2 if apart else 1
    return found


def one_card(text: str) -> Card:
    from referee.tribune.errors import TribuneInputError

    cards = typed_cards(text)
    if len(cards) != 1:
        raise TribuneInputError(N_("Type one card: its code (sen4) or its name"))
    return cards[0]


def typed_answer(action: Entry, edition: str = "ffg") -> list[str]:
    """What a person types to give ``action`` at its question, line by line (a pass is
    confirmed): the inverse of the questions above, for scripts and benchmarks."""
    if isinstance(action, Pass):
        return ["pass", "yes"]  # the English words are taken whatever the language
    if isinstance(action, Cards):
        return [" ".join(c.code for c in action.cards)]
    if isinstance(action, Bid):
        return [str(action.amount)]
    if isinstance(action, Reveal):
        return [action.card.code]
    if isinstance(action, Place):
        return [space_label(action.space, edition)]
    assert isinstance(action, Choose)
    return [option_label(action.option, edition)]

