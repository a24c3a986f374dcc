"""Could a real game have ended like this? Checks on the end state ``concordia score`` reads.

Each check is listed in docs/concordia.md. Every problem is reported at once, each naming
the rule that makes the position impossible.
"""

from __future__ import annotations

from collections import Counter

from referee.concordia.box import Box
from referee.concordia.model import GameInput
from referee.concordia.parsing import Problems
from referee.i18n import N_


def check_end_state(game: GameInput, box: Box) -> None:
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
    problems.raise_if_any()
