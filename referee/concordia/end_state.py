"""Could a real game have ended like this? Checks on the end state ``concordia score`` reads.

Each check is listed in docs/concordia.md. Every problem is reported at once, each naming
the rule that makes the position impossible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.concordia.box import Box
from referee.concordia.model import GameInput
from referee.concordia.parsing import Problems
from referee.concordia.validation import read_game
from referee.errors import RuleViolation
from referee.i18n import N_
from referee.irregular import settle


def check_end_state(game: GameInput, box: Box) -> None:
    end_state_problems(game, box).raise_if_any()


def end_state_problems(game: GameInput, box: Box) -> Problems:
    problems = Problems()
    players = game.players
    for flag, rule_id, message in (
            ("concordia", "concordia.end.trigger",
             N_("Nobody holds the Concordia card, but the game ends only when a player takes "
                "it (the last card of the display, or the 15th house).")),
            ("praefectus_magnus", "concordia.praefectus_magnus.holder",
             N_("Nobody holds the Praefectus Magnus; it is always with one player."))):
        if not any(getattr(p, flag) for p in players):
            problems.rule(rule_id, (), message)
    start = box.fact("economy", "storehouse", "start_in_roma")
    on_board_at_start = sum(start.value.values())
    for p in players:
        if p.colonists_on_board < on_board_at_start:
            problems.rule("concordia.pieces.colonists", (start,),
                          N_("{who}: {count} colonists on the board, but the {start} that "
                             "start in Roma never leave it."), who=p.name,
                          count=p.colonists_on_board, start=on_board_at_start)
    holder = next((p for p in players if p.concordia), None)
    limit = box.fact("economy", "house", "per_player")
    if holder is not None and 2 <= len(players) <= 5 and len(holder.houses) < limit.value:
        bought = sum(max(0, n - box.cards[c].starting)
                     for p in players for c, n in Counter(p.cards).items())
        on_sale = sum(box.market_copies(len(players)).values())
        if bought < on_sale:
            problems.rule("concordia.end.trigger", (limit, box.fact("cards", "decks")),
                          N_("{who} holds the Concordia card with {houses} houses, yet only "
                             "{bought} of the {on_sale} market cards were bought: neither "
                             "the 15th house nor the last card ended the game."),
                          who=holder.name, houses=len(holder.houses), bought=bought,
                          on_sale=on_sale)
    return problems


def typed_end_state(game: GameInput, box: Box) -> dict[str, Any]:
    """``game`` as the group would type it for ``concordia score --input`` (cards by name)."""
    return {"map": game.map_id, "cities": dict(game.cities), "players": [
        {"name": p.name, "cards": [box.cards[c].name for c in p.cards],
         "houses": list(p.houses), "colonists_on_board": p.colonists_on_board,
         "sestertii": p.sestertii, "storehouse": dict(p.storehouse), "concordia": p.concordia,
         "praefectus_magnus": p.praefectus_magnus, "seat": p.seat} for p in game.players]}


def read_end_state(raw: Any, box: Box, known_cities: Mapping[str, str] | None,
                   irregular: bool) -> tuple[GameInput, tuple[RuleViolation, ...]]:
    """The end state ``concordia score`` reads, and the rules it breaks: refused unless
    ``irregular`` (``referee.irregular``)."""
    game, problems = read_game(raw, box, known_cities)
    if game is not None and not problems.unreadable():
        problems.items += end_state_problems(game, box).items
    found = settle(problems.items, irregular)
    assert game is not None
    return game, found
