"""Concordia's side of the guided game, written for the conversation kit
(``referee.table.kit``): which card is played, then that card's own questions, each one
checked by the engine as it is answered (a move before the houses it leads to, the goods
sold before those bought), so a refusal lands on its own question and keeps the turn's
other answers.

The legal answers are listed where the referee knows them: the Architect's moves (every
free route each colonist reaches and what it costs) and the houses that can be built
beside them, the display with its prices, the provinces. Typed answers keep working (a
route, goods as “wine 2” or “w2”), with every name in any of the three languages.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from referee.concordia.actions import (
    COLONIST_KINDS,
    Architect,
    Colonist,
    Consul,
    Diplomat,
    Entry,
    Mercator,
    Move,
    Prefect,
    Purchase,
    Reveal,
    Senator,
    Specialist,
    Tribune,
    bundle,
)
from referee.concordia.architect import buildable, reachable
from referee.concordia.box import ROMA
from referee.concordia.calculators import card_cost
from referee.concordia.engine import kind_of
from referee.concordia.ledger import priced, short_of
from referee.concordia.rulebook import bad_input
from referee.concordia.state import card_id
from referee.concordia.ui.render import card_name, describe
from referee.concordia.wording import sestertii
from referee.errors import RefereeError
from referee.game.question import Form
from referee.i18n import N_, translator
from referee.i18n.matching import translations
from referee.numbers import parse_whole
from referee.rulings import Plural, Ruling, Term
from referee.table.guide import tell
from referee.table.kit import Ask, Option, Talk, names_of

if TYPE_CHECKING:
    from referee.concordia.box import Box
    from referee.concordia.engine import Game
    from referee.concordia.state import GameState
    from referee.store import Session
    from referee.table.game import TableGame
    from referee.terminal.prompter import Prompter

_ = translator("concordia")

#: the answers that stop a list of moves or take nothing (never a value of the game's)
DONE, NOTHING, CASH = "·done", "·nothing", "·cash"

Wrap = Callable[[Entry], Entry]


def _term(msgid: str) -> str:
    return _.term(Term(msgid))


def _words(value: Sequence[Plural]) -> str:
    """Counted words as text in the language shown ("2 wine, 1 brick"; "—" for none)."""
    return ", ".join(_.plural(p.singular, p.plural, p.n) for p in value) or "—"


class ConcordiaView:
    def __init__(self, table: TableGame, session: Session, prompter: Prompter) -> None:
        self.table = table
        self.prompter = prompter
        self.turn_shown: int | None = None

    def talk(self, game: Game) -> Talk:
        return Turn(game, self.table).talk()

    def before_question(self, game: Game) -> None:
        q = game.pending()
        if q is not None and q.kind == "turn" and self.turn_shown != game.state.turns:
            self.turn_shown = game.state.turns
            tell("")
            tell(_("Turn {turn}: {player}", turn=game.state.turns + 1, player=q.actor),
                 "bold reverse")

    def after_entry(self, game: Game, asked: Any, rulings: list[Ruling]) -> None:
        for ruling in rulings:
            tell("  " + self.table.ruling_line(ruling))

    def restart(self) -> None:
        self.turn_shown = None

    def revealed(self, session: Session, seq: int) -> list[str]:
        """Cards the entry turned up from a draw pile whose order the referee knows (from
        a pile only the table knows, each is its own entry, turned up by the table)."""
        from referee.table.session import rulings_caused

        if session.header.options.get("draw_pile") is None:
            return []
        if any(r.rule.rule_id == "concordia.market.refill" and r.params["cards"].n
               for r in rulings_caused(self.table, session, seq)):
            return [_("the cards that refilled the display")]
        return []

    def help_lines(self, game: Game) -> list[str]:
        return []


class Turn:
    """One pending question of a Concordia game, asked as a conversation."""

    def __init__(self, game: Game, table: TableGame) -> None:
        q = game.pending()
        assert q is not None  # the guide asks only while a question is pending
        self.game, self.q, self.board, self.table = game, q, game.board, table
        self.player = q.actor
        self.who = next((i for i, p in enumerate(game.state.players) if p.name == q.actor), 0)

    def talk(self) -> Talk:
        if self.q.kind == "storehouse":
            return (yield self.storehouse())
        if self.q.kind == "reveal":
            return (yield self.reveal())
        key = yield self.card()
        return (yield from self.play(key, self.player, lambda entry: entry))

    def check(self, entry: Entry) -> None:
        self.game.check(entry)

    def _unless(self, skip: Any, entry: Callable[[Any], Entry]) -> Callable[[Any], None]:
        """The check of an answer that makes ``entry``; the answer ``skip`` needs none."""
        def check(answer: Any) -> None:
            if answer != skip:
                self.check(entry(answer))
        return check

    def after(self, entry: Entry) -> GameState:
        return self.game.trial(entry)

    # ------------------------------------------------------------------ the card
    def card(self) -> Ask:
        hand = self.game.state.players[self.who].hand
        box = self.board.box
        keys: dict[tuple[str, ...], str] = {}
        for key in sorted(hand):
            kind = kind_of(box, card_id(key))
            group = (kind, card_id(key)) if kind in ("specialist", "diplomat") else (
                (kind, str("@" in key)) if kind == "mercator" else (kind,))
            keys.setdefault(group, key)
        options = [self._card_option(key) for key in keys.values()]
        return Ask(Form.ONE, self.game_text(), tuple(options), rule=self.q.rule, help=_(
            "Type the card's number, or its name in any language (Architect, Архитектор, "
            "Arquitecto). The card's own questions follow, each checked as it is answered; "
            "undo goes back one question."))

    def _card_option(self, key: str) -> Option:
        card = self.board.box.cards[card_id(key)]
        deck = key.partition("@")[2]
        detail = _("bought, deck {deck}", deck=deck) if deck else ""
        idle = card.god == "minerva" and not any(
            self.board.setup.cities[c] == card.good
            for c in self.game.state.players[self.who].houses)
        return Option(key, _term(card.name), detail, names_of(card.name, "concordia")
                      + tuple(card.aliases), gives_up=self._for_nothing(card.name, idle))

    def game_text(self) -> str:
        return self.table.question_text(self.q)

    def play(self, key: str, who: str, wrap: Wrap) -> Talk:
        kind = kind_of(self.board.box, card_id(key))
        if kind == "architect":
            return (yield from self.architect(who, wrap))
        if kind == "prefect":
            return wrap(Prefect(who, _none((yield self.prefect(who, wrap)))))
        if kind == "mercator":
            return (yield from self.mercator(who, key, wrap))
        if kind == "senator":
            return (yield from self.senator(who, wrap))
        if kind == "consul":
            return wrap(Consul(who, _none((yield self.consul(who, wrap)))))
        if kind == "tribune":
            return wrap(Tribune(who, _none((yield self.tribune(who, wrap)))))
        if kind == "colonist":
            return (yield from self.colonist(who, wrap))
        if kind == "diplomat":
            return (yield from self.diplomat(who))
        return wrap(Specialist(who, card_id(key)))

    # ------------------------------------------------------------------ Architect
    def architect(self, who: str, wrap: Wrap) -> Talk:
        points = len(self.game.state.players[self.who].colonists)
        moves: list[Move] = []
        while True:
            spent = sum(len(m.path) for m in moves)
            state = self.after(wrap(Architect(who, tuple(moves), ())))
            options = [Option(DONE, _("done moving"), gives_up=self._for_nothing(
                "Architect", not moves and not buildable(self.board, state, self.who)))]
            options += [self._move_option(move, cost)
                        for move, cost in reachable(self.board, state, self.who,
                                                    points - spent)]
            if moves and len(options) == 1:  # no move left to make
                break
            done = tuple(moves)
            move = yield Ask(
                Form.ONE, _("Architect: move a colonist ({left} left)",
                            left=_.plural("{n} movement point", "{n} movement points",
                                          points - spent)),
                tuple(options), parse=self.route,
                check=self._unless(DONE, self._moved(who, wrap, done)),
                rule=self.q.rule, help=_(
                    "Each listed move names the colonist, the route where it stops and its "
                    "cost. A typed route works too: “land Roma > Novaria” (a colonist in a "
                    "city), “sea Roma/Massilia > Valentia” (one on a route, leaving by its "
                    "second city); land/sea and the cities in any language."))
            if move == DONE:
                break
            moves.append(move)
        state = self.after(wrap(Architect(who, tuple(moves), ())))
        cities = buildable(self.board, state, self.who)
        build: tuple[str, ...] = ()
        if cities:
            player = state.players[self.who]
            done = tuple(moves)
            build = yield Ask(
                Form.SEVERAL, _("Architect: build houses in (numbers or cities, in the order "
                                "paid for; Enter alone: none)"),
                tuple(self._build_option(player, city, money, goods)
                      for city, money, goods in cities),
                check=lambda b: self.check(wrap(Architect(who, done, tuple(b)))),
                gives_up=lambda b: "" if b or done else self._for_nothing(
                    "Architect", True),
                rule=self.q.rule, help=_(
                    "The houses the colonists' routes allow, with their prices; they are paid "
                    "in the order typed. Enter alone builds nothing."))
        return wrap(Architect(who, tuple(moves), tuple(build)))

    @staticmethod
    def _moved(who: str, wrap: Wrap, done: tuple[Move, ...]) -> Callable[[Move], Entry]:
        return lambda move: wrap(Architect(who, (*done, move), ()))

    def _move_option(self, move: Move, cost: int) -> Option:
        walk = move.walk()
        start = "–".join(_term(c) for c in move.start)
        end = "–".join(_term(c) for c in sorted(walk[-2:]))
        title = _("{kind} {start} → {end}", kind=_term(move.kind), start=start, end=end)
        return Option(move, title, _.plural("{n} movement point", "{n} movement points", cost))

    def _build_option(self, player: Any, city: str, money: int,
                      goods: dict[str, int]) -> Option:
        short = short_of(player, money, goods)
        return Option(city, _term(city), _words(priced(money, goods)), place_names(city),
                      _("short of {short}", short=short) if short else None)

    def route(self, text: str) -> Move:
        """A typed move: ``land Roma > Novaria > Mediolanum`` or ``sea A/B > C``."""
        kind, _sep, rest = text.strip().partition(" ")
        parts = [p.strip() for p in rest.split(">")]
        if len(parts) < 2 or not all(parts):
            raise bad_input(N_("Write a move as: land|sea START > CITY > CITY …"))
        start = tuple(self.board.city(c.strip()) for c in parts[0].split("/"))
        return Move(self.board.colonist(kind), start,
                    tuple(self.board.city(c) for c in parts[1:]))

    def _for_nothing(self, card: str, nothing: bool) -> str:
        return _("Play the {card} for nothing?", card=_term(card)) if nothing else ""

    # ------------------------------------------------------------------ Prefect
    def prefect(self, who: str, wrap: Wrap) -> Ask:
        from referee.concordia.deal import province_markers
        from referee.concordia.production import cash

        b, s = self.board, self.game.state
        markers = province_markers(b.box, b.map, b.setup.cities)
        options = []
        for province, up in sorted(s.goods_side.items()):
            detail = (_("goods side: {good}", good=_term(markers[province])) if up
                      else _("coins side"))
            options.append(Option(province, _term(province), detail, place_names(province)))
        coins = [p for p, up in s.goods_side.items() if not up]
        money = cash(b.box, b.map, b.setup.cities, coins).values["sestertii"]
        options.append(Option(CASH, _("the cash"),
                              _("+{money}", money=_words([sestertii(money)]))))
        return Ask(Form.ONE, _("Prefect: which province produces, or the cash?"),
                   tuple(options),
                   check=lambda p: self.check(wrap(Prefect(who, _none(p)))), rule=self.q.rule,
                   help=_("A province on its goods side produces for every house in it (a "
                          "bonus for the player who chose it); the cash pays for the coin "
                          "sides and turns every marker back to goods."))

    # ------------------------------------------------------------------ Mercator
    def mercator(self, who: str, key: str, wrap: Wrap) -> Talk:
        market = "@" in key
        p = self.game.state.players[self.who]
        held = _words(priced(0, {g: n for g, n in p.goods.items() if n}))
        prices = ", ".join(f"{_term(g)} {self.board.box.fact('economy', 'prices', g).value}"
                           for g in self.board.box.goods)
        help_text = _("Goods as the good and a count, separated by commas or spaces: “wine "
                      "2, cloth 1”, or short “w2 c1”; names in any language. Prices: "
                      "{prices}.", prices=prices)
        sell = yield Ask(Form.TEXT, _("Mercator: sell what? (you hold {goods}; e.g. “w2 c1”; "
                                      "Enter alone: nothing)", goods=held),
                         parse=self.goods,
                         check=lambda g: self.check(wrap(Mercator(who, g, (), market))),
                         rule=self.q.rule, help=help_text)
        buy = yield Ask(Form.TEXT, _("Mercator: buy what? (prices: {prices}; Enter alone: "
                                     "nothing)", prices=prices), parse=self.goods,
                        check=lambda g: self.check(wrap(Mercator(who, sell, g, market))),
                        gives_up=lambda g: "" if g or sell else _(
                            "Trade nothing with the Mercator (it still pays its income)?"),
                        rule=self.q.rule, help=help_text)
        return wrap(Mercator(who, sell, buy, market))

    def goods(self, text: str) -> tuple[tuple[str, int], ...]:
        """“wine 2, cloth 1”, “2 wine”, “w2 c1”: goods in any language, a count or one."""
        found: dict[str, int] = {}
        tokens = text.replace(",", " ").replace(";", " ").split()
        pending: str | None = None
        count: int | None = None
        for token in tokens:
            number = parse_whole(token)
            if number is not None:
                if pending is not None:
                    found[pending] = found.get(pending, 0) + number
                    pending = None
                else:
                    count = number
                continue
            head, tail = _split_count(token)
            if pending is not None:
                found[pending] = found.get(pending, 0) + 1
            good = self._good(head)
            if tail is not None:
                found[good] = found.get(good, 0) + tail
                pending = None
            elif count is not None:
                found[good] = found.get(good, 0) + count
                count = pending = None
            else:
                pending = good
        if pending is not None:
            found[pending] = found.get(pending, 0) + 1
        if count is not None:
            raise bad_input(N_("Name the good after the count {count}."), count=count)
        return bundle(found)

    def _good(self, text: str) -> str:
        """A good by its name or the start of it, in any language (the language shown first)."""
        try:
            return self.board.good(text)
        except RefereeError:
            found = good_named(self.board.box, text)
            if found is None:
                raise
            return found

    # ------------------------------------------------------------------ the market
    def _display(self, senator: bool) -> list[Option]:
        box = self.board.box
        options = []
        for slot, key in enumerate(self.game.state.display, 1):
            cost = card_cost(box, [(card_id(key), slot, key.partition("@")[2])], senator)
            total = dict(cost.values["total"])
            card = box.cards[card_id(key)]
            options.append(Option(slot, _term(card.name), _("slot {slot}: {cost}", slot=slot,
                                                          cost=_words(priced(0, total))),
                                  names_of(card.name, "concordia") + tuple(card.aliases)))
        return options

    def senator(self, who: str, wrap: Wrap) -> Talk:
        slots = yield Ask(
            Form.SEVERAL, _("Senator: buy up to two cards (numbers or names; Enter alone: "
                            "none)"), tuple(self._display(True)),
            check=lambda chosen: self._payable(who, wrap, tuple(chosen)),
            gives_up=lambda chosen: "" if chosen else _("Buy no card with the Senator?"),
            rule=self.q.rule, help=_(
                "The display with each slot's price: the card's own goods plus the slot's "
                "extra; a “?” is a good of the buyer's choice, asked next."))
        purchases: list[Purchase] = []
        for slot in slots:
            extra: list[str] = []
            for n in range(self._choices(slot)):
                named = (*purchases, Purchase(slot, tuple(extra)))
                good = yield Ask(
                    Form.ONE, _("Slot {slot}: which good pays its “?” number {n}?", slot=slot,
                                n=n + 1), tuple(self._goods_options()),
                    check=self._paying(who, wrap, tuple(slots), named),
                    rule=self.q.rule, help=_("Any good the player holds pays a “?”."))
                extra.append(good)
            purchases.append(Purchase(slot, tuple(extra)))
        return wrap(Senator(who, tuple(purchases)))

    def _paying(self, who: str, wrap: Wrap, slots: tuple[int, ...],
                named: tuple[Purchase, ...]) -> Callable[[str], None]:
        """The check of the good paying the next “?” of the last of ``named``."""
        def check(good: str) -> None:
            last = named[-1]
            self._payable(who, wrap, slots, [*named[:-1], Purchase(last.slot,
                                                                  (*last.any, good))])
        return check

    def _choices(self, slot: int) -> int:
        key = self.game.state.display[slot - 1]
        cost = card_cost(self.board.box, [(card_id(key), slot, key.partition("@")[2])], True)
        return int(cost.values["total"].get("any", 0))

    def _payable(self, who: str, wrap: Wrap, slots: tuple[int, ...],
                 named: Sequence[Purchase] = ()) -> None:
        """Whether the Senator can pay for ``slots``: the goods for the “?” not named yet are
        tried with every good, so the question refuses only what no choice could pay."""
        goods = list(self.board.box.goods)
        known = {p.slot: p.any for p in named}
        partial = [(slot, known.get(slot, ()), self._choices(slot) - len(known.get(slot, ())))
                   for slot in slots]
        first: RefereeError | None = None
        for fill in _fillings(goods, sum(n for _s, _a, n in partial)):
            it = iter(fill)
            entry = Senator(who, tuple(Purchase(slot, (*have, *(next(it) for _ in range(n))))
                                       for slot, have, n in partial))
            try:
                self.check(wrap(entry))
                return
            except RefereeError as error:  # the refusal of the first filling speaks
                first = first or error
        assert first is not None
        raise first

    def _goods_options(self) -> list[Option]:
        p = self.game.state.players[self.who]
        return [Option(g, _term(g), _("you hold {n}", n=p.goods.get(g, 0)),
                       names_of(g, "concordia")) for g in self.board.box.goods]

    def consul(self, who: str, wrap: Wrap) -> Ask:
        return Ask(Form.ONE, _("Consul: which card does it buy (printed price)?"), (
            *self._display(False),
            Option(NOTHING, _("no card"), gives_up=_("Buy no card with the Consul?"))),
            check=lambda slot: self.check(wrap(Consul(who, _none(slot)))), rule=self.q.rule,
            help=_("The Consul buys one card of the display at its printed price, without "
                   "the slot's extra."))

    # ------------------------------------------------------------------ colonists
    def tribune(self, who: str, wrap: Wrap) -> Ask:
        cost = _words(priced(0, {"food": 1, "tools": 1}))
        return Ask(Form.ONE, _("Tribune: a new colonist in Roma ({cost})?", cost=cost), (
            Option(NOTHING, _("no new colonist")),
            *(Option(k, _term(k), cost, _kind_names(k)) for k in COLONIST_KINDS)),
            check=lambda k: self.check(wrap(Tribune(who, _none(k)))), rule=self.q.rule,
            help=_("The Tribune takes the played cards back (and pays for them); it may also "
                   "put one new colonist in Roma for 1 food and 1 tools."))

    def colonist(self, who: str, wrap: Wrap) -> Talk:
        from referee.concordia.calculators import colonist as income

        p = self.game.state.players[self.who]
        money = income(self.board.box, len(p.colonists)).values["income"]
        mode = yield Ask(Form.ONE, _("Colonist: new colonists, or the income?"), (
            Option("place", _("new colonists")),
            Option(CASH, _("the income"), _("+{money}", money=_words(
                [sestertii(money)])))),
            check=self._unless("place", lambda m: wrap(Colonist(who, cash=True))),
            rule=self.q.rule, help=_(
                "New colonists go to Roma or to cities with one of the player's houses, each "
                "for 1 food and 1 tools; the income pays for the colonists on the board."))
        if mode == CASH:
            return wrap(Colonist(who, cash=True))
        places = [(k, c) for c in [ROMA, *p.houses] for k in COLONIST_KINDS if p.stored[k]]
        chosen = yield Ask(
            Form.SEVERAL, _("Colonist: where do the new colonists go (numbers or places; "
                            "Enter alone: none)?"),
            tuple(Option((k, c), _("{kind} {city}", kind=_term(k), city=_term(c)),
                         names=tuple(f"{kw} {cw}" for kw in _kind_names(k)
                                     for cw in place_names(c)))
                  for k, c in places),
            check=lambda where: self.check(wrap(Colonist(who, tuple(where)))),
            gives_up=lambda where: "" if where else self._for_nothing("Colonist", True),
            rule=self.q.rule, help=_("A place may be named twice for two colonists."))
        return wrap(Colonist(who, tuple(chosen)))

    # ------------------------------------------------------------------ Diplomat
    def diplomat(self, who: str) -> Talk:
        box = self.board.box
        targets = [p for p in self.game.state.players if p.name != who and p.top()
                   and kind_of(box, card_id(p.top() or "")) not in ("diplomat", "tribune")]
        if not targets:
            raise bad_input(N_("No other player shows a card a Diplomat can copy."))
        options = tuple(Option(p.name, p.name, card_name(self.game, p.top() or ""))
                        for p in targets)
        target = yield Ask(Form.ONE, _("Diplomat: copy whose top card?"), options,
                           rule=self.q.rule, help=_(
                               "A Diplomat plays the card on top of another player's discard "
                               "pile (never a Diplomat or a Tribune)."))
        top = next(p.top() for p in targets if p.name == target)
        assert top is not None
        return (yield from self.play(top, who, lambda inner: Diplomat(who, target, inner)))

    # ------------------------------------------------------------------ follow-ups
    def storehouse(self) -> Ask:
        options = self.game.legal_entries() or []
        return Ask(Form.ONE, self.game_text(), tuple(Option(e, describe(e)) for e in options),
                   rule=self.q.rule, help=_("The storehouse cannot hold every good received: "
                                            "keep exactly as many as it has free cells."))

    def reveal(self) -> Ask:
        cards = [e.card for e in self.game.legal_entries() or [] if isinstance(e, Reveal)]
        box = self.board.box
        return Ask(Form.ONE, self.game_text(), tuple(
            Option(Reveal(c), _term(box.cards[c].name), "",
                   names_of(box.cards[c].name, "concordia")) for c in cards),
            rule=self.q.rule, help=_("Turn up the top card of the draw pile and name it."))


def place_names(name: str) -> tuple[str, ...]:
    """A city or province in every language, the Spanish names Spanish players use too."""
    from referee.concordia.vocabulary import SPANISH_NAMES

    return names_of(name, "concordia") + SPANISH_NAMES.get(name, ())


def good_named(box: Box, text: str) -> str | None:
    """The good whose name starts with ``text`` (“w” wine, “кир” brick): in the language
    shown first, then in any; None unless exactly one good is meant."""
    from referee.i18n.matching import fold

    key = fold(text)
    if not key:
        return None
    own = {g for g in box.goods if fold(_term(g)).startswith(key)}
    every = {g for g in box.goods if any(fold(w).startswith(key)
                                         for w in translations(g, "concordia"))}
    found = own or every
    return next(iter(found)) if len(found) == 1 else None


def _none(value: Any) -> Any:
    return None if value in (NOTHING, CASH) else value


def _kind_names(kind: str) -> tuple[str, ...]:
    extra = {"land": ("суша", "tierra"), "sea": ("море", "mar")}
    return names_of(kind, "concordia") + extra[kind]


def _split_count(token: str) -> tuple[str, int | None]:
    """“w2” → (“w”, 2); “wine” → (“wine”, None)."""
    head = token.rstrip("0123456789")
    count = parse_whole(token[len(head):]) if head and head != token else None
    if count is None:
        return token, None
    return head, count


def _fillings(goods: list[str], n: int) -> Iterator[tuple[str, ...]]:
    if n == 0:
        yield ()
        return
    for good in goods:
        for rest in _fillings(goods, n - 1):
            yield (good, *rest)
