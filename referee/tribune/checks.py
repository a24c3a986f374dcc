"""Pure dispute calculators: the rule kernels the engine uses, callable on their own.

Each takes plain values (cards, bids, sums) and returns a :class:`Verdict`: the
outcome plus the rulings that explain it. The engine calls the same functions, so
the referee and a "who wins this?" question at the table always agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.i18n import N_
from referee.rulings import Plural, Ruling
from referee.tribune.cards import Card, Faction
from referee.tribune.rulebook import ref
from referee.tribune.victory import GoalCheck, Holdings, VictoryCard, check, goal_term
from referee.values import Value

HAND_LIMIT = 7  # cesura magna cuts hands to this size
MIN_SET = 2


class Verdict(Value):
    outcome: Any
    rulings: tuple[Ruling, ...]

    def __bool__(self) -> bool:
        return bool(self.outcome)


def _sum(cards: Sequence[Card]) -> int:
    return sum(c.value for c in cards)


def valid_set(faction: Faction, cards: Sequence[Card]) -> Verdict:
    """A set is at least two cards, all of the faction being taken over."""
    rule = ref("tribune.phase4.set")
    if len(cards) < MIN_SET:
        return Verdict(False, (Ruling(rule, N_("A set needs at least 2 cards"), {}),))
    wrong = [c.name for c in cards if c.faction is not faction]
    if wrong:
        return Verdict(False, (Ruling(rule, N_("Not {faction} cards: {cards}"),
                                      {"faction": faction.term, "cards": wrong}),))
    return Verdict(True, ())


def beats(new: Sequence[Card], old: Sequence[Card]) -> Verdict:
    """More cards, or a higher value sum: either is enough."""
    rule = ref("tribune.phase4.beat")
    params = {"cards": Plural(len(new), "{n} card", "{n} cards"), "sum": _sum(new),
              "old_count": len(old), "old_cards": Plural(len(old), "{n} card", "{n} cards"),
              "old_sum": _sum(old)}
    if len(new) > len(old):
        return Verdict(True, (Ruling(rule, N_("{cards} beat {old_count}"), params),))
    if _sum(new) > _sum(old):
        return Verdict(True, (Ruling(rule, N_("A sum of {sum} beats {old_sum}"), params),))
    return Verdict(False, (Ruling(
        rule, N_("{cards} summing {sum} beat neither {old_cards} nor the sum {old_sum}"), params),))


def takes_over(faction: Faction, challenger: Sequence[Card],
               defender: Sequence[Card] | None) -> bool:
    """``takeover``'s answer without its rulings, for listing the sets a hand could play."""
    if len(challenger) < MIN_SET or any(c.faction is not faction for c in challenger):
        return False
    return (defender is None or len(challenger) > len(defender)
            or _sum(challenger) > _sum(defender))


def takeover(faction: Faction, challenger: Sequence[Card],
             defender: Sequence[Card] | None) -> Verdict:
    """Does ``challenger`` take ``faction`` from the set ``defender`` (None: uncontrolled)?"""
    legal = valid_set(faction, challenger)
    if not legal or defender is None:
        return legal
    return beats(challenger, defender)


def conflict(faction: Faction, second: Sequence[Card] | None, first: Sequence[Card] | None,
             controller: Sequence[Card] | None, edition: str) -> Verdict:
    """Two followers on one faction; the player on "2" plays first.

    Outcome: ``"2"``, ``"1"`` or None (nobody takes over). If "2" played a sufficient set,
    "1" is measured against that set only (explicit in the Heidelberger text, applied to
    FFG too, which does not say). In FFG that reading is marked unconfirmed where it
    matters: "1" answered a set that stood against a controller's, who "1" might
    otherwise have had to beat. With nobody in control there is no other set to measure
    against, and every reading agrees.
    """
    need = takeover(faction, second, controller) if second is not None else None
    if need:
        rule = ref("tribune.phase4.conflict", reading=edition == "ffg" and first is not None
                   and controller is not None)
        if first is not None:
            answer = takeover(faction, first, second)
            if answer:
                return Verdict("1", answer.rulings + (Ruling(
                    rule, N_("The player on \"1\" beats the set played from \"2\""), {}),))
        return Verdict("2", need.rulings + (Ruling(
            rule, N_("The set played from \"2\" stands"), {}),))
    before = need.rulings if need is not None else ()  # an insufficient "2" counts as passing
    if first is None:
        return Verdict(None, before)
    alone = takeover(faction, first, controller)
    return Verdict("1" if alone else None, before + alone.rulings)


def mars_extra(pairs: Sequence[tuple[str, int]], own_tie: str) -> Verdict:
    """Who takes the extra laurel: the single highest pair sum; a tie between players
    gives it to nobody. ``own_tie`` ("extra"/"none") settles two pairs of one player
    tying for the top (unconfirmed box setting)."""
    rule = ref("tribune.phase3.mars.extra")
    if not pairs:
        return Verdict(None, ())
    top = max(s for _, s in pairs)
    owners = {p for p, s in pairs if s == top}
    if len(owners) > 1:
        return Verdict(None, (Ruling(rule, N_("Highest pair sum {sum} is tied: no extra "
                                               "laurel"), {"sum": top}),))
    (owner,) = owners
    if sum(1 for p, s in pairs if s == top) > 1:
        rule = ref("tribune.phase3.mars.extra", reading=True)  # box setting mars_own_tie
        if own_tie != "extra":
            return Verdict(None, (Ruling(rule, N_("Highest pair sum {sum} is tied: no extra "
                                                   "laurel"), {"sum": top}),))
    return Verdict(owner, (Ruling(rule, N_("{player} has the highest pair sum ({sum}): "
                                           "1 extra laurel"), {"player": owner, "sum": top}),))


def atrium(bid_first: int, bid_second: int) -> Verdict:
    """Sealed Atrium auction: outcome (winning space "1"/"2", amount paid to the loser)."""
    rule = ref("tribune.phase3.atrium.auction")
    if bid_second > bid_first:
        return Verdict(("2", bid_second), (Ruling(
            rule, N_("\"2.\" bids {high} against {low} and pays it to \"1.\""),
            {"high": bid_second, "low": bid_first}),))
    message = (N_("Equal bids of {high}: \"1.\" wins and pays it to \"2.\"")
               if bid_first == bid_second else
               N_("\"1.\" bids {high} against {low} and pays it to \"2.\""))
    return Verdict(("1", bid_first), (Ruling(rule, message,
                                              {"high": bid_first, "low": bid_second}),))


def chariot(bids: Mapping[str, int]) -> Verdict:
    """Sealed chariot auction: the single highest bidder wins and pays the bank; a tie for
    the top means nobody pays and nobody gets the chariot."""
    rule = ref("tribune.phase6.auction")
    top = max(bids.values())
    leaders = [p for p, b in bids.items() if b == top]
    if len(leaders) > 1:
        return Verdict(None, (Ruling(rule, N_("Highest chariot bid {amount} is tied: nobody "
                                               "pays, no chariot"),
                                     {"amount": top, "players": leaders}),))
    return Verdict(leaders[0], (Ruling(rule, N_("{player} wins the chariot for {amount}"),
                                       {"player": leaders[0], "amount": top}),))


def cesura_set_losses(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a displayed control set loses: 2 lowest from 4+, the lowest from 3."""
    lose = 2 if len(cards) >= 4 else 1 if len(cards) == 3 else 0
    return tuple(sorted(cards, key=lambda c: c.value)[:lose])


def cesura(hands: Mapping[str, int], sets: Mapping[Faction, Sequence[Card]]) -> Verdict:
    """Outcome: (cards each player must discard from hand, cards each set loses)."""
    hand_cuts = {p: n - HAND_LIMIT for p, n in hands.items() if n > HAND_LIMIT}
    set_cuts = {f: cesura_set_losses(c) for f, c in sets.items() if len(c) > MIN_SET}
    rulings = [Ruling(ref("tribune.deck.cesura.hand"),
                      N_("{player} discards {cards} down to 7"),
                      {"player": p, "cards": Plural(n, "{n} card", "{n} cards")})
               for p, n in hand_cuts.items()]
    rulings += [Ruling(ref("tribune.deck.cesura.sets"), N_("The {faction} set loses {cards}"),
                       {"faction": f.term, "cards": [c.name for c in lost]})
                for f, lost in set_cuts.items()]
    return Verdict((hand_cuts, set_cuts), tuple(rulings))


def victory(card: VictoryCard, players: int, holds: Holdings, edition: str,
            confirmed: bool = False) -> Verdict:
    """Goals met against the card the group entered (so unconfirmed by default); the
    edition names the money goal."""
    result: GoalCheck = check(card, players, holds)
    rule = ref("tribune.end.announce", confirmed=confirmed)
    params = {"met": len(result.met), "needed": result.needed,
              "goals": [goal_term(g, edition) for g in result.met],
              "missing": [goal_term(g, edition) for g in result.missing_obligatory]}
    if result.qualifies:
        message = N_("Goals met: {met} of {needed} ({goals}); the victory conditions are met")
    elif result.missing_obligatory:
        message = N_("Goals met: {met} of {needed}; obligatory and missing: {missing}")
    else:
        message = N_("Goals met: {met} of {needed}")
    return Verdict(result, (Ruling(rule, message, params),))
