"""``referee tribune status``: the whole table at a glance, as Rich or as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.i18n import translator
from referee.tribune import checks
from referee.tribune.cards import FACTIONS, Card, codes
from referee.tribune.rulebook import COLOSSEUM, MONEY
from referee.tribune.ui.render import COLOURS, card_text, question_text
from referee.tribune.victory import GoalCheck, Holdings, goal_term

if TYPE_CHECKING:  # the engine is imported by what makes a game, not by what shows one
    from referee.tribune.engine import Game

_ = translator("tribune")


def holdings(game: Game, seat: int) -> Holdings:
    p, s = game.state.players[seat], game.state
    return Holdings(tribune=p.tile == "tribune", favor=p.eternal or s.temporary == seat,
                    laurels=p.laurels, legions=p.legions, denarii=p.money,
                    markers=len(p.markers))


def progress(game: Game, seat: int) -> GoalCheck | None:
    card = game.setup.victory
    if card is None:
        return None
    return checks.victory(card, len(game.setup.players), holdings(game, seat),
                          game.setup.edition).outcome


def controlled(game: Game, seat: int) -> dict[str, list[str]]:
    s = game.state
    return {f.value: codes(s.sets.get(f, [])) for f in FACTIONS if s.controllers.get(f) == seat}


def status_json(game: Game) -> dict[str, Any]:
    from referee.tribune.ui.checklist import before_round_1, checklist
    from referee.tribune.ui.render import choices_json

    s = game.state
    players = []
    for seat, p in enumerate(s.players):
        goals = progress(game, seat)
        players.append({**p.to_json(), "temporary_favor": s.temporary == seat,
                        "controls": controlled(game, seat),
                        "goals": None if goals is None else {
                            "met": list(goals.met), "needed": goals.needed,
                            "missing_obligatory": list(goals.missing_obligatory),
                            "qualifies": goals.qualifies}})
    d, final = game.pending(), game.final_score()
    return {"round": s.round, "phase": s.phase, "start_player": game.setup.players[s.start],
            "edition": game.setup.edition, "deck": pile_count(game), "discard": len(s.discard),
            "colosseum": s.colosseum, "chariot": s.chariot.value if s.chariot else None,
            "proconsul": game.setup.players[s.proconsul] if s.proconsul is not None else None,
            "players": players, **board_json(game),
            "pending": None if d is None else {**d.to_json(), "text": question_text(d),
                                               "options": choices_json(game)},
            "result": final.to_json() if final else None,
            **({"setup_checklist": checklist(game)} if before_round_1(game) else {})}


def pile_count(game: Game) -> int:
    """The draw pile as the table sees it when asked: while Phase 1 asks which card is
    turned up, that card is still on top of the physical pile (the engine has already
    counted it as drawn)."""
    d = game.pending()
    turning = d is not None and d.kind == "reveal" and game.state.phase == 1
    return len(game.state.deck) + turning


def board_json(game: Game) -> dict[str, Any]:
    """What lies on the table for everyone to see: the cards on the board (a face-down card
    is null: nobody may learn it from here), the control sets on display, the followers on
    their spaces, the faction fields' starting laurels and what the box supplies have left."""
    s, names = game.state, game.setup.players
    return {
        "board": {region: [[{"card": slot.card.code if slot.face_up and slot.card else None,
                             "face_up": slot.face_up} for slot in field] for field in fields]
                  for region, fields in s.board.items()},
        "sets": {f.value: {"controller": names[s.controllers[f]], "cards": codes(cards)}
                 for f, cards in s.sets.items()},
        "followers": {space: [names[seat] for seat in seats]
                      for space, seats in s.spaces.items() if seats},
        "field_laurels": [f.value for f in s.field_laurels],
        "supply_left": {k: max(game.setup.settings[f"supply_{k}"] - s.in_play(k), 0)
                        for k in ("laurels", "legions", "money")},
    }


def _cards(cards: list[Card]) -> str:
    return ", ".join(card_text(c) for c in sorted(cards, key=lambda c: c.key))


def _details(game: Game, seat: int, shown: bool) -> str:
    """What a player holds beyond the counts, in words: tiles, markers, the cards known to
    be in hand, the control sets. Kept out of the table, whose columns would otherwise be
    too narrow at 80 columns for a faction's name."""
    s, p = game.state, game.state.players[seat]
    parts = [{"tribune": _("Tribune"), "scroll": _("Scroll")}[p.tile]] if p.tile else []
    parts += [_("eternal favor")] if p.eternal else []
    parts += [_("temporary favor")] if s.temporary == seat else []
    if p.markers:
        parts.append(_("markers: {factions}",
                       factions=", ".join(_.term(f.term) for f in p.markers)))
    if shown and p.hand.cards:
        parts.append(_("in hand: {cards}", cards=_cards(p.hand.cards)))
    parts += [_("controls {faction}: {cards}", faction=_.term(f.term), cards=_cards(s.sets[f]))
              for f in FACTIONS if s.controllers.get(f) == seat]
    return " · ".join(parts)


def _goals(game: Game, seat: int) -> str:
    """'1/3  ✓laurels 3 · Tribune! · …' — met goals ticked, obligatory ones marked '!'."""
    goals, card = progress(game, seat), game.setup.victory
    assert goals is not None and card is not None
    marks = []
    for goal in card.goals:
        word = _.term(goal_term(goal.kind, game.setup.edition))
        if goal.threshold is not None:
            word = f"{word} {goal.threshold}"
        tick = "✓" if goal.kind in goals.met else ""
        marks.append(f"{tick}{word}{'!' if goal.obligatory else ''}")
    return f"{len(goals.met)}/{goals.needed}  " + " · ".join(marks)


def board(game: Game, colours: Mapping[str, str | None], hand_of: str | None = None) -> Any:
    """A Rich group: the heading, one row per player, the shared pieces.

    Table mode shows the cards known to be in each hand (they were taken face up); with the
    virtual deck every hand is known to the referee alone, so only ``hand_of``'s is shown."""
    from rich.console import Group
    from rich.text import Text

    from referee.terminal.grid import Grid
    from referee.tribune.ui.render import phase_title

    s, edition = game.state, game.setup.edition
    money = _.term(MONEY[edition]).capitalize()
    head = Text(phase_title(s.round, s.phase), style="bold")
    head.append("   " + _("start player: {player}", player=game.setup.players[s.start]),
                style="")
    rows, details = [], []
    for seat, p in enumerate(s.players):
        colour = colour_name(colours.get(p.name))
        rows.append([p.name + (f" ({colour})" if colour else ""), str(p.money), str(len(p.hand)),
                     str(p.legions), str(p.laurels), str(len(p.markers))])
        held = _details(game, seat, game.setup.deck_mode == "table" or p.name == hand_of)
        if held:
            details.append(Text(f"  {p.name}: {held}"))
    shared = _("Chariot: {chariot} · {place}: {amount} · draw pile {deck} · discard {discard}",
               chariot=_.term(s.chariot.term) if s.chariot else "—",
               place=COLOSSEUM[edition], amount=s.colosseum, deck=pile_count(game),
               discard=len(s.discard))
    if s.proconsul is not None:
        shared += " · " + _("Proconsul: {player}", player=game.setup.players[s.proconsul])
    grid = Grid((_("Player"), money, _("Hand"), _("Legions"), _("Laurels"), _("Markers")), rows)
    parts: list[Any] = [head, grid, *details, Text(shared)]
    if game.setup.victory is not None:
        parts.append(Text(_("Victory card {title} (! obligatory):",
                            title=game.setup.victory.title), style="bold"))
        parts += [Text(f"  {p.name}: {_goals(game, seat)}") for seat, p in enumerate(s.players)]
    d = game.pending()
    if d is not None:
        parts.append(Text(_("Waiting for: {question}", question=question_text(d)),
                          style="italic"))
    return Group(*parts)


def colour_name(colour: str | None) -> str | None:
    """A player's colour in the user's language (a colour typed freely is shown as typed)."""
    return _(COLOURS[colour]) if colour in COLOURS else colour
