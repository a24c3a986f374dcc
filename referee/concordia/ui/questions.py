"""Concordia's side of the guided game: one prompt per thing only the player knows.

The turn asks which card is played, then that card's parameters. Typed answers are parsed
here and the finished entry is checked by the engine before it is returned, so a refused
entry is explained and asked again; nothing reaches the session unchecked.
"""

from __future__ import annotations

from typing import Any

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
    Senator,
    Specialist,
    Tribune,
    bundle,
)
from referee.concordia.engine import Game, kind_of
from referee.concordia.rulebook import bad_input
from referee.concordia.state import card_id
from referee.concordia.ui.render import card_name
from referee.errors import RefereeError
from referee.game.question import Question
from referee.i18n import N_, translator
from referee.rulings import Ruling, Term
from referee.store import Session
from referee.table.game import TableGame
from referee.table.guide import tell
from referee.table.questions import Command, command_label, command_of
from referee.terminal.prompter import Choice, Prompter, parse_whole

_ = translator("concordia")

CARD_TITLES = {"architect": "Architect", "prefect": "Prefect", "mercator": "Mercator",
               "senator": "Senator", "consul": "Consul", "tribune": "Tribune",
               "colonist": "Colonist", "diplomat": "Diplomat", "specialist": N_("Specialist")}


#: the value of a "none" choice (questionary answers a choice whose value is None with its title)
NOTHING = "-"


def _or_none(value: Any) -> Any:
    return None if value == NOTHING else value


class Back(Exception):
    """The player typed a table command in the middle of a turn's questions."""

    def __init__(self, command: Command) -> None:
        self.command = command


class ConcordiaView:
    def __init__(self, table: TableGame, session: Session, prompter: Prompter) -> None:
        self.table = table
        self.prompter = prompter
        self.turn_shown: int | None = None

    def ask(self, game: Game) -> Any:
        while True:
            try:
                entry = Asker(self.table, self.prompter, game).ask()
            except Back as back:
                return back.command
            if isinstance(entry, Command):
                return entry
            try:
                game.check(entry)
                return entry
            except RefereeError as error:
                from referee.terminal.messages import lines

                for line in lines(error):
                    tell(line, "bold")

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
        return []


class Asker:
    def __init__(self, table: TableGame, prompter: Prompter, game: Game) -> None:
        self.table, self.prompter, self.game = table, prompter, game
        q = game.pending()
        assert q is not None  # the guide asks only while a question is pending
        self.q: Question = q
        self.player = q.actor

    # ------------------------------------------------------------------ basic prompts
    def select(self, message: str, choices: list[Choice]) -> Any:
        answer = self.prompter.select(message, [*choices, *(Choice(command_label(c), c)
                                                            for c in Command)])
        if isinstance(answer, Command):
            raise Back(answer)
        return answer

    def text(self, message: str, parse: Any) -> Any:
        def problem(text: str) -> str | None:
            if command_of(text):
                return None
            try:
                parse(text)
            except RefereeError as error:
                from referee.terminal.messages import message as error_message

                return error_message(error)
            return None

        answer = self.prompter.text(message, validate=problem)
        command = command_of(answer)
        if command:
            raise Back(command)
        return parse(answer)

    # ------------------------------------------------------------------ questions
    def ask(self) -> Entry | Command:
        prompt = self.table.question_text(self.q)
        if self.q.kind in ("storehouse", "reveal"):
            options = self.game.legal_entries() or []
            from referee.concordia.ui.render import describe

            return self.select(prompt, [Choice(describe(e), e) for e in options])
        kinds = self.q.accepts
        kind = self.select(prompt, [Choice(_.term(Term(CARD_TITLES[k])), k) for k in kinds])
        if kind == "diplomat":
            return self.diplomat()
        return self.action(kind, self.own_key(kind))

    def own_key(self, kind: str) -> str:
        hand = self.game.state.players[self.game.state.active].hand
        keys = sorted({k for k in hand if kind_of(self.game.board.box, card_id(k)) == kind})
        if len(keys) == 1 or (kind != "specialist" and kind != "mercator"):
            return keys[0]
        if kind == "mercator" and len({"@" in k for k in keys}) == 1:
            return keys[0]
        return self.select(_("Which card?"), [Choice(card_name(self.game, k), k) for k in keys])

    def diplomat(self) -> Entry:
        box = self.game.board.box
        targets = [p for p in self.game.state.players if p.name != self.player and p.top()
                   and kind_of(box, card_id(p.top() or "")) not in ("diplomat", "tribune")]
        if not targets:
            raise bad_input(N_("No other player shows a card a Diplomat can copy."))
        target = self.select(_("Copy whose top card?"), [
            Choice(f"{p.name}: {card_name(self.game, p.top() or '')}", p) for p in targets])
        top = target.top()
        inner = self.action(kind_of(box, card_id(top)), top)
        return Diplomat(self.player, target.name, inner)

    def action(self, kind: str, key: str) -> Entry:
        who = self.player
        if kind == "architect":
            return self.architect()
        if kind == "prefect":
            return self.prefect()
        if kind == "mercator":
            return Mercator(who, self.text(_("Sell (e.g. “wine 3, cloth 1”; empty: nothing)"),
                                           self.goods),
                            self.text(_("Buy (e.g. “brick 4”; empty: nothing)"), self.goods),
                            "@" in key)
        if kind == "senator":
            return Senator(who, self.text(_("Display slots to buy, up to two (e.g. “1 3:brick”: "
                                            "slot 3 paying brick for its “?”; empty: none)"),
                                          self.purchases))
        if kind == "consul":
            slots = [Choice(f"{i}. {card_name(self.game, k)}", i)
                     for i, k in enumerate(self.game.state.display, 1)]
            return Consul(who, _or_none(self.select(_("Which card does the Consul buy?"),
                                                    [Choice(_("none"), NOTHING), *slots])))
        if kind == "tribune":
            return Tribune(who, _or_none(self.select(
                _("A new colonist in Roma (1 food + 1 tools)?"),
                [Choice(_("no"), NOTHING), *(Choice(_.term(Term(k)), k) for k in COLONIST_KINDS)])))
        if kind == "colonist":
            if self.select(_("Colonist: new colonists or the income?"),
                           [Choice(_("new colonists"), "place"),
                            Choice(_("the income"), "cash")]) == "cash":
                return Colonist(who, cash=True)
            return Colonist(who, self.text(_("New colonists (e.g. “land Roma, sea Massilia”)"),
                                           self.places))
        return Specialist(who, card_id(key))

    def architect(self) -> Architect:
        moves: list[Move] = []
        while True:
            move = self.text(_("Move a colonist (e.g. “land Roma > Aquileia > Vindobona”, or "
                               "“sea Roma/Massilia > Valentia” for one on a route); empty: "
                               "done"), self.move)
            if move is None:
                break
            moves.append(move)
        build = self.text(_("Build houses in (cities, comma-separated; empty: none)"),
                          self.cities)
        return Architect(self.player, tuple(moves), build)

    def prefect(self) -> Prefect:
        from referee.concordia.deal import province_markers

        b = self.game.board
        markers = province_markers(b.box, b.map, b.setup.cities)
        up = [Choice(f"{prov} ({_.term(Term(markers[prov]))})", prov)
              for prov, shown in sorted(self.game.state.goods_side.items()) if shown]
        return Prefect(self.player, _or_none(self.select(
            _("Which province produces?"), [*up, Choice(_("the cash option"), NOTHING)])))

    # ------------------------------------------------------------------ typed answers
    def move(self, text: str) -> Move | None:
        if not text.strip():
            return None
        kind, _sep, rest = text.strip().partition(" ")
        parts = [p.strip() for p in rest.split(">")]
        if kind not in COLONIST_KINDS or len(parts) < 2 or not all(parts):
            raise bad_input(N_("Write a move as: land|sea START > CITY > CITY …"))
        start = tuple(self.game.board.city(c.strip()) for c in parts[0].split("/"))
        return Move(kind, start, tuple(self.game.board.city(c) for c in parts[1:]))

    def cities(self, text: str) -> tuple[str, ...]:
        return tuple(self.game.board.city(c.strip()) for c in text.split(",") if c.strip())

    def goods(self, text: str) -> tuple:
        found: dict[str, int] = {}
        for item in filter(None, (i.strip() for i in text.split(","))):
            good, _sep, typed = item.rpartition(" ")
            count = parse_whole(typed)
            if count is None or count < 0 or not good:  # no count: one of it
                good, count = item, 1
            found[self.game.board.good(good.strip())] = count
        return bundle(found)

    def purchases(self, text: str) -> tuple[Purchase, ...]:
        found = []
        for item in text.replace(",", " ").split():
            slot, *extra = item.split(":")
            number = parse_whole(slot)
            if number is None or number < 0:  # '²' is no number, nor are 5,000 digits
                raise bad_input(N_("Write slots as numbers, e.g. “1 3:brick”."))
            found.append(Purchase(number, tuple(self.game.board.good(g) for g in extra)))
        return tuple(found)

    def places(self, text: str) -> tuple[tuple[str, str], ...]:
        found = []
        for item in filter(None, (i.strip() for i in text.split(","))):
            kind, _sep, city = item.partition(" ")
            if kind not in COLONIST_KINDS:
                raise bad_input(N_("A colonist is land or sea, not {kind}."),
                                kind=kind)
            found.append((kind, self.game.board.city(city.strip())))
        return tuple(found)
