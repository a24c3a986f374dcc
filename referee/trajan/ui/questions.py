"""Trajan's side of the guided game, written for the conversation kit (``referee.table.kit``).

Each pending question of the core becomes a short conversation: the sowing asks the tray,
then the colour order when the markers can drop in more than one; the Seaport asks the way
(draw, a pile's top card, play, a ship), then the cards; everything else is one list of the
legal answers in words (a building cell with the tile on it, a ship load with its points,
a discard pile with its top card). Every name is typed back in any of the three languages,
colours as the letters of the table's language (``referee.trajan.terms.read_colours``), and
a pass that gives up an action, a tile's effect or a +2 is confirmed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any

from referee.game.question import Form
from referee.i18n import translator
from referee.i18n.matching import translations
from referee.rulings import Ruling
from referee.table.guide import tell
from referee.table.kit import Ask, Option, Talk
from referee.trajan import actions as a
from referee.trajan import box
from referee.trajan import construction as building
from referee.trajan import wheel as w
from referee.trajan.core import code
from referee.trajan.terms import NAMES, SPANISH_NAMES, letters_of, read_colours
from referee.trajan.ui.render import (
    colours,
    demands_text,
    piece,
    piece_names,
    ruling_lines,
    ship_loads,
    word,
)

if TYPE_CHECKING:
    from referee.store import Session
    from referee.table.game import TableGame
    from referee.trajan.engine import Game

_ = translator("trajan")

#: what an answer leading to another question stands for (never a value of the game's)
DRAW, PLAY, SHIP = "·draw", "·play", "·ship"


def names(key: str) -> tuple[str, ...]:
    """A word of the game (an action, a province, a tile) in every language, the Latin
    names Spanish tables use too."""
    return tuple(dict.fromkeys((*translations(NAMES.get(key, key), "trajan"),
                                *SPANISH_NAMES.get(key, ()))))


class TrajanView:
    def __init__(self, table: TableGame, session: Session) -> None:
        self.table = table
        self.session = session
        self.quarter: tuple[int, int] | None = None
        self.laid_out = False
        self.kept: dict[str, Any] = {}  # what a turn's questions work out once

    def talk(self, game: Game) -> Talk:
        return Turn(game, self.table, self.kept).talk()

    def restart(self) -> None:
        self.quarter = None
        self.kept.clear()  # an undo: the game is loaded again

    def before_question(self, game: Game) -> None:
        b = game.state.board
        if not game.history and not self.laid_out:  # what the referee laid out, or will
            self.laid_out = True
            tell(_("Setting up"), "bold reverse")
            announce(ruling_lines(self.table, game.log[0]))
        if game.state.started and self.quarter != (b.quarter, b.round):
            self.quarter = (b.quarter, b.round)
            tell("")
            tell(_("Quarter {quarter}, round {round}", quarter=b.quarter, round=b.round),
                 "bold reverse")

    def after_entry(self, game: Game, asked: Any, rulings: list[Ruling]) -> None:
        announce(ruling_lines(self.table, rulings))

    def revealed(self, session: Session, seq: int) -> list[str]:
        """What the referee drew from the box because of entry ``seq`` (a virtual deal:
        the table draws its own, each an entry of its own, and the guide warns of those)."""
        if session.header.options.get("deal") != "virtual":
            return []
        from referee.table.session import rulings_caused
        from referee.trajan.rules import DRAWN

        return [self.table.ruling_text(r) for r in rulings_caused(self.table, session, seq)
                if r.message in DRAWN]


class Turn:
    """One pending question of a Trajan game, asked as a conversation."""

    def __init__(self, game: Game, table: TableGame,
                 kept: dict[str, Any] | None = None) -> None:
        q = game.pending()
        assert q is not None  # the guide asks only while a question is pending
        self.game, self.q, self.table = game, q, table
        self.state, self.board = game.state, game.state.board
        self.player = q.actor
        self.kept = {} if kept is None else kept

    def talk(self) -> Talk:
        ask = getattr(self, self.q.kind, None)
        if ask is None:
            return (yield self.listed(_("Choose one of the answers listed.")))
        return (yield from ask())

    # ------------------------------------------------------------------ helpers
    def text(self) -> str:
        return self.table.question_text(self.q)

    def check(self, answer: Any) -> None:
        """The core's check of an answer that is an entry (an answer leading to another
        question is checked there)."""
        if isinstance(answer, a.Entry):
            self.game.check(answer)

    def one(self, options: Iterable[Option], help: str, text: str | None = None,
            **more: Any) -> Ask:
        return Ask(Form.ONE, self.text() if text is None else text, tuple(options),
                   check=self.check, rule=self.q.rule, help=help, **more)

    def passing(self, question: str, title: str | None = None) -> Option:
        """The pass, confirmed with ``question`` where it gives something up."""
        return Option(a.Pass(self.player), _("pass") if title is None else title,
                      names=names("pass"), gives_up=question)

    def listed(self, help: str) -> Ask:
        from referee.trajan.ui.render import describe

        return self.one((Option(e, describe(e, self.q.kind))
                         for e in self.legal()), help)

    def legal(self) -> list[Any]:
        """The core's legal answers, worked out once for the turn's questions (the
        conversation is replayed at each of them)."""
        key = (id(self.game), len(self.game.history))
        if self.kept.get("legal", (None,))[0] != key:
            self.kept["legal"] = (key, self.game.legal_entries() or [])  # cleared at an undo
        return self.kept["legal"][1]

    def me(self) -> Any:
        return self.state.player(self.player)

    # ------------------------------------------------------------------ the box
    def draw(self) -> Talk:
        codes = [e.item for e in self.legal()]
        left = Counter(self._pool())
        options = (Option(a.Drawn(a.TABLE, c), piece(c),
                          _.plural("{n} left", "{n} left", left[c]) if left[c] > 1 else "",
                          piece_names(c)) for c in codes)
        how = _("Draw it from the box as the rules say, and name it: only what is still "
                "in the box is listed.")
        if self.q.params.get("cell"):
            how += " " + _("Building cells are named by column, A to E from the left, and "
                           "row, 1 to 4 from the top; status prints the building area so.")
        return (yield self.one(options, how))

    def _pool(self) -> Iterable[str]:
        b, what = self.board, self.q.params["what"].msgid
        pools: dict[str, Counter[Any]] = {
            "forum tile": b.forum_pool, "extra-action tile": b.extra_pool,
            "construction tile": Counter(b.building_pool), "bonus tile": b.bonus_bag,
            "demand tile": b.demand_pool, "commodity card": b.deck}
        pool = pools[what] if what in pools else sum(b.trajan_pool.values(), Counter())
        return (code(item) for item in pool.elements())

    # ------------------------------------------------------------------ setup
    def markers(self) -> Talk:
        example = " ".join(letters_of(pair) for pair in (("yellow", "orange"),
                                                         ("green", "white"),
                                                         ("pink", "blue")) * 2)
        legend = ", ".join(f"{letters_of((c,))} {word(c)}" for c in w.COLOURS.values())

        def trays(text: str) -> a.Markers:
            groups = text.split(",") if "," in text else text.split()
            return a.Markers(self.player, tuple(read_colours(g) for g in groups))

        found = yield Ask(Form.TEXT, _("{question} (letters: {legend}; e.g. {example})",
                                       question=self.text(), legend=legend, example=example),
                          parse=trays, check=self.check, rule=self.q.rule, help=_(
                              "Two colours per tray, trays I to VI, separated by spaces or "
                              "commas: {example}. The letters are those of the table's "
                              "language; colour names work too, in any language (“yellow "
                              "orange, green white, …”).", example=example))
        return found

    def starting_card(self) -> Talk:
        return (yield self.one((self._source(c) for c in self.q.params["choices"]), _(
            "A card from the deck is drawn unseen; a discard pile's top card is face up, "
            "and the pile is turned up again from the deck.")))

    def _source(self, choice: str) -> Option:
        entry = a.Choose(self.player, choice)
        if choice == "deck":
            return Option(entry, word("deck"), names=names("deck"))
        pile = int(choice[-1])
        top = self.board.piles[pile - 1][-1]
        return Option(entry, _("{card} from discard pile {pile}", card=word(top), pile=pile),
                      names=(*names(top), *names(choice)))

    def start_tiles(self) -> Talk:
        cells = self.q.params["cells"]
        options = tuple(Option(stack, piece(code(top)), word(stack),
                               (*names(stack), *piece_names(code(top))))
                        for stack, top in self.board.tops.items() if top is not None)
        stacks = yield Ask(
            Form.SEVERAL, _("{question} One per cell, in the order {cells}:",
                            question=self.text(), cells=", ".join(cells)),
            options, check=lambda chosen: self.check(a.StartTiles(self.player, tuple(chosen))),
            rule=self.q.rule, help=_(
                "Three different stacks, the first for cell {first}, then {rest}: their "
                "numbers (“1 2 3”) or names, in any language.", first=cells[0],
                rest=", ".join(cells[1:])))
        return a.StartTiles(self.player, tuple(stacks))

    # ------------------------------------------------------------------ a turn
    def sow(self) -> Talk:
        p = self.me()
        wheel = w.Wheel(tuple(tuple(t) for t in p.trays))
        actions = box.value("wheel", "tray_actions")
        tray = yield self.one(
            (self._tray(wheel, i, actions) for i in range(w.TRAYS)),
            _("The six trays, I to VI: each says where its last marker lands, the action "
              "it gives and what the sowing completes or ends. Type the tray's number or "
              "its Roman numeral."))
        if isinstance(tray, a.Sow):  # its markers drop in one order only
            return tray
        held = tuple(p.trays[tray])
        orders = list(dict.fromkeys(permutations(held)))
        drops = w.sow(w.Wheel(tuple(tuple(t) for t in p.trays)), tray).drops
        help = _("The markers drop one per tray, from tray {tray} on; choose which colour "
                 "lands where. Colour letters work too: {letters}.",
                 tray=w.ROMAN[(tray + 1) % w.TRAYS], letters=letters_of(held))

        def order(text: str) -> a.Sow:
            return a.Sow(self.player, tray, read_colours(text))

        text = _("{player}: in what order do the markers of tray {tray} drop?",
                 player=self.player, tray=w.ROMAN[tray])
        if len(orders) > 6:
            return (yield Ask(Form.TEXT, _("{question} (letters, e.g. {letters})",
                                           question=text, letters=letters_of(held)),
                              parse=order, check=self.check, rule=self.q.rule, help=help))
        return (yield self.one((self._order(tray, o, drops) for o in orders), help, text,
                               parse=order))

    def _tray(self, wheel: w.Wheel, tray: int, actions: Sequence[str]) -> Option:
        roman, held = w.ROMAN[tray], wheel.trays[tray]
        names_ = (roman, str(tray + 1))
        if not held:
            return Option(tray, _("tray {tray}", tray=roman), names=names_,
                          disabled=_("empty"))
        sowing = w.sow(wheel, tray)
        said = [_("→ {tray}: {action}", tray=w.ROMAN[sowing.target],
                  action=word(actions[sowing.target]))]
        tile = self.me().cells[sowing.target]
        if tile is not None and w.check_tile(wheel, sowing, tile.colours).possible:
            said.append(_("can complete {tile}", tile=piece(tile.code)))
        if self.board.time + sowing.steps >= self.board.lap:  # it reaches the start space
            said.append(_("ends the round"))
        one = len(set(held)) == 1  # one colour: one order, no question about it
        return Option(a.Sow(self.player, tray, held) if one else tray,
                      _("tray {tray}: {markers}", tray=roman, markers=colours(held)),
                      "; ".join(said), names_)

    def _order(self, tray: int, order: tuple[str, ...], drops: Sequence[int]) -> Option:
        entry = a.Sow(self.player, tray, order)
        title = ", ".join(_("{colour} → {tray}", colour=word(c), tray=w.ROMAN[t])
                          for c, t in zip(order, drops, strict=True))
        detail = ""
        p = self.me()
        target = drops[-1]
        tile = p.cells[target]
        if tile is not None:
            staying = [] if target == tray else list(p.trays[target])
            landed = [c for c, t in zip(order, drops, strict=True) if t == target]
            if not Counter(tile.colours) - Counter(staying + landed):
                detail = _("completes {tile}", tile=piece(tile.code))
        from referee.i18n import LANGUAGES
        from referee.trajan.terms import letters

        spelled = tuple("".join(letters(lang)[c] for c in order) for lang in LANGUAGES)
        return Option(entry, title, detail, spelled)

    # ------------------------------------------------------------------ Trajan tiles
    def plus2(self) -> Talk:
        return (yield self.one(
            (*(Option(a.Choose(self.player, c), word(c), names=names(c))
               for c in self.q.params["choices"]),
             self.passing(_("Attach no +2 (the tile's +2 is lost)?"))), _(
                "The +2 stays on the action for the rest of the game: after an extra-action "
                "tile repeats that action, the +2 gives it a third time.")))

    def trajan_effect(self) -> Talk:
        return (yield self.one((
            Option(a.Choose(self.player, "take"), word("take"), names=names("take")),
            self.passing(_("Leave the tile's special action?"))), _(
                "The tile's VP are scored either way; its special action may be taken or "
                "left.")))

    def figures(self) -> Talk:
        counts = [e.count for e in self.legal()
                  if isinstance(e, a.Figures)]
        return (yield self.one((
            *(Option(a.Figures(self.player, n),
                     _.plural("{n} subject", "{n} subjects", n)) for n in counts),
            self.passing(_("Place no subject?"))), _(
                "The tile places from what it shows down to 1 subject, no more than the "
                "supply holds; pass places none.")))

    def extra_action(self) -> Talk:
        return (yield self.one((
            *(Option(a.Choose(self.player, t), _("spend {tile}", tile=word(t)),
                     names=names(t)) for t in self.q.params["choices"]),
            Option(a.Pass(self.player), _("keep it for later"), names=names("pass"))), _(
                "An extra-action tile repeats the action just taken, once per turn; it is "
                "then out of the game.")))

    # ------------------------------------------------------------------ the actions
    def seaport(self) -> Talk:
        legal = [e for e in self.legal() if isinstance(e, a.Seaport)]
        modes = {e.mode for e in legal}
        options = []
        if "draw" in modes:
            options.append(Option(a.Seaport(self.player, "draw"),
                                  _("draw 2 cards, then discard 1")))
        for e in legal:
            if e.mode == "take" and e.pile is not None:
                top = self.board.piles[e.pile - 1][-1]
                options.append(Option(e, _("take {card} from discard pile {pile}",
                                           card=word(top), pile=e.pile), names=names(top)))
        if "play" in modes:
            options.append(Option(PLAY, _("play 1 or 2 cards, then draw as many")))
        loads = self._loads([e for e in legal if e.mode == "ship"])
        if loads:
            options.append(Option(SHIP, _("load a ship"), _("up to {vp} VP",
                                                             vp=max(v for _o, v in loads))))
        options.append(self.passing(_("Take no Seaport action?")))
        way = yield self.one(options, _(
            "Draw 2 and discard 1; take a discard pile's top card; play 1 or 2 cards face "
            "up and draw as many; or load a ship with cards of one pattern, for its "
            "points."))
        if way == PLAY:
            plays = [e for e in legal if e.mode == "play"]
            return (yield self.one(
                (Option(e, _cards(e.cards), names=_card_names(e.cards)) for e in plays),
                _("One card, or two: they go face up in front of the player, who draws as "
                  "many."), _("{player}: which cards do you play?", player=self.player)))
        if way == SHIP:
            return (yield self.one(
                (option for option, _vp in loads),
                _("Every load the hand allows, the best first: its ship, its cards, its "
                  "points on the ship's side now; a coloured ship turns grey once loaded."),
                _("{player}: which cards on which ship?", player=self.player)))
        return way

    def _loads(self, entries: Sequence[a.Seaport]) -> list[tuple[Option, int]]:
        """Each legal load once, with its points, best first (kept for the turn's other
        questions: the conversation is replayed at each of them)."""
        key = (id(self.game), len(self.game.history))  # cleared at an undo (restart)
        if self.kept.get("loads", (None,))[0] != key:
            found = [(Option(e, said.title, said.detail, _card_names(e.cards)), said.vp)
                     for e, said in ship_loads(entries, self.board.grey)]
            self.kept["loads"] = (key, sorted(found, key=lambda item: -item[1]))
        return self.kept["loads"][1]

    def seaport_discard(self) -> Talk:
        tops = [pile[-1] if pile else None for pile in self.board.piles]
        options = []
        for e in self.legal():
            assert isinstance(e, a.Seaport) and e.pile is not None
            top = tops[e.pile - 1]
            options.append(Option(e, _("{card} onto discard pile {pile}", card=word(e.cards[0]),
                                       pile=e.pile),
                                  _("covers {card}", card=word(top)) if top else "",
                                  _card_names(e.cards)))
        return (yield self.one(options, _("One card of the hand goes face up on either "
                                          "discard pile.")))

    def forum(self) -> Talk:
        held = self.board.forum
        return (yield self.one((
            *(Option(e, word(e.tile), _.plural("{n} in the forum", "{n} in the forum",
                                               held[e.tile]) if held[e.tile] > 1 else "",
                     names(e.tile))
              for e in self.legal() if isinstance(e, a.Forum)),
            self.passing(_("Take no tile from the forum?"))), _(
                "Any one tile of the forum goes on the player's mat.")))

    def military(self) -> Talk:
        from referee.trajan.military import others_in, place_legionary

        p, b = self.me(), self.board
        options = []
        for e in self.legal():
            if not isinstance(e, a.Military):
                continue
            if e.mode == "recruit":
                options.append(Option(e, _("recruit a legionary"), _.plural(
                    "{n} subject in the supply", "{n} subjects in the supply", p.supply)))
            elif e.mode == "move" and e.province is not None:
                tile = b.provinces.get(e.province)
                options.append(Option(e, _("move the leader to {province}",
                                           province=word(e.province)),
                                      _("takes {tile} there", tile=word(tile)) if tile else "",
                                      names(e.province)))
            else:
                vp, _said = place_legionary(
                    p.leader, others_in(self.state.players, self.player, p.leader), False)
                options.append(Option(e, _("send a legionary to {province}",
                                           province=word(p.leader)),
                                      _("+{vp} VP", vp=vp), names(p.leader)))
        options.append(self.passing(_("Take no Military action?")))
        return (yield self.one(options, _(
            "Recruit a subject from the supply as a legionary; move the leader to a "
            "neighbouring province (taking its forum tile); or send a legionary from the "
            "camp to the leader's province, for its points less 3 per other player's "
            "legionary there.")))

    def senate(self) -> Talk:
        space = self.q.params["space"]
        return (yield self.one((
            Option(a.Senate(self.player), _("advance to space {space}", space=space),
                   _("+{vp} VP", vp=space)),
            self.passing(_("Take no Senate action?"))), _(
                "The disc moves one space up the senate track and scores the space's "
                "number.")))

    def trajan(self) -> Talk:
        return (yield self.one((
            *(Option(a.Trajan(self.player, stack), piece(code(top)), word(stack),
                     (*names(stack), *piece_names(code(top))))
              for stack, top in self.board.tops.items() if top is not None),
            self.passing(_("Take no Trajan action?"))), _(
                "The top tile of a stack goes on the cell where the arch stands; the arch "
                "moves on to the next empty cell.")))

    def construction(self) -> Talk:
        p, b = self.me(), self.board
        owned = set(+p.building)
        kinds = box.value("construction", "kinds")
        options = []
        for e in self.legal():
            if not isinstance(e, a.Construction):
                continue
            if e.mode == "recruit":
                options.append(Option(e, _("recruit a worker"), _.plural(
                    "{n} subject in the supply", "{n} subjects in the supply", p.supply)))
                continue
            assert e.cell is not None
            cell, tile = building.name(e.cell), b.cells.get(e.cell)
            workers = [q.name for q in self.state.players if e.cell in q.workers]
            if tile is None:
                title = _("{cell}: no tile", cell=cell)
                detail = _("workers there: {names}", names=", ".join(workers)) if workers \
                    else ""
            else:
                title = _("{cell}: {tile}", cell=cell, tile=piece(code(tile)))
                detail = _("+{vp} VP", vp=tile[1])
                if tile[0] not in owned:
                    detail = _("+{vp} VP and the {action} action (first {kind})",
                               vp=tile[1], action=word(kinds[tile[0]]), kind=word(tile[0]))
            options.append(Option(e, title, detail,
                                  piece_names(code(tile)) if tile is not None else ()))
        options.append(self.passing(_("Take no Construction action?")))
        return (yield self.one(options, _(
            "Recruit a subject as a worker, or send a worker from the camp to a cell: the "
            "first anywhere, the next beside one of the player's own (not diagonally). "
            "Cells are named by column, A to E from the left, and row, 1 to 4 from the "
            "top; status prints the building area so.")))

    # ------------------------------------------------------------------ quarter end
    def demands(self) -> Talk:
        return (yield self.one((Option(e, demands_text(e)) for e in
                                self.legal() if isinstance(e, a.Demands)),
                               _("A demand that can be met must be met; each way listed meets "
                                 "as many. A forum tile meets a demand of its icon and is "
                                 "discarded, a demand wild meets any demand and is discarded, "
                                 "a kept Trajan tile meets one demand of its icon each quarter "
                                 "and stays.")))

    def consul(self) -> Talk:
        return (yield self.one((Option(a.Choose(self.player, t), word(t), names=names(t))
                                for t in self.q.params["choices"]), _(
            "The first consul keeps one of the bonus tiles beside the senate track gold side "
            "up; the second consul keeps the other, silver side up.")))


def announce(lines: Sequence[str]) -> None:
    """Lines for the table, indented, each folded at spaces to the terminal's width (one
    print: the terminal is asked its size once, not once per line)."""
    from referee.terminal.asking import folded
    from referee.terminal.output import console

    if not lines:
        return
    out = console()
    width = max(out.width - 3, 20)
    shown = ["  " + part for line in lines for part in folded(line, width)]
    out.print("\n".join(shown), markup=False, overflow="ignore", crop=False, soft_wrap=True)


def _cards(cards: Iterable[str]) -> str:
    return ", ".join(word(c) for c in cards)


def _card_names(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards typed back in any language: each card's name, in one language at a time."""
    from referee.i18n import LANGUAGES

    found = [" ".join(translations(NAMES.get(c, c), "trajan")[i] for c in cards)
             for i in range(len(LANGUAGES) + 1)]
    return tuple(dict.fromkeys(found))

