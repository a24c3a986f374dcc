"""The ``check`` calculators: a table's question, answered by the live rule flows.

Each function turns the question into a :class:`~referee.tribune.probe.Probe` position,
runs the flow the guided game runs at that moment and reads the answer off the state it
leaves. Nothing here decides a rule; the result carries the flow's own rulings and the
decision it stopped at (the next thing the rules ask, such as the beaten challenger's
penalty card), so ``check`` and live play give one ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.game.question import Question
from referee.i18n import N_
from referee.rulings import Ruling
from referee.tribune import box, checks
from referee.tribune.actions import Bid, Cards, Choose, Entry, Pass
from referee.tribune.cards import Card, Faction, parse_card
from referee.tribune.errors import TribuneInputError, TribuneRuleViolation
from referee.tribune.probe import Probe, Trace, scripted
from referee.tribune.rulebook import ref, region_term
from referee.tribune.rules import awards, benefits, chariot, regions, takeovers
from referee.tribune.setup import MIN_PLAYERS
from referee.tribune.state import Slot
from referee.values import Value, field


class Calc(Value):
    """A calculator's answer: the outcome (plain JSON values), the rulings that explain it
    and the decision the rules ask next, if the question stops short of it."""

    outcome: Mapping[str, Any]
    rulings: tuple[Ruling, ...]
    pending: Question | None = None
    notes: tuple[Ruling, ...] = ()


def _calc(outcome: Mapping[str, Any], ran: Trace) -> Calc:
    return Calc(outcome, ran.rulings, ran.pending)


class Seats(Value):
    """The names the calculators give the people in a question (the CLI translates them)."""

    controller: str = "Controller"
    first: str = "Player on 1"
    second: str = "Player on 2"


def conflict(faction: Faction, second: Sequence[Card] | None, first: Sequence[Card] | None,
             controller: Sequence[Card] | None, edition: str, seats: Seats = Seats()) -> Calc:
    """Followers on "1" and "2" of ``faction`` (either set None: that player passes)."""
    names = [seats.first, seats.second] + ([seats.controller] if controller else [])
    probe = Probe(names, edition)
    if controller:
        probe.control(faction, seats.controller, controller)
    _holding(probe, seats.second, second or ())
    _holding(probe, seats.first, first or ())
    answers = {("takeover", seats.second): [Cards(seats.second, tuple(second))] if second else [],
               ("takeover", seats.first): [Cards(seats.first, tuple(first))] if first else []}
    ran = probe.run(takeovers.contest(probe.core, faction, probe.seat(seats.first),
                                      probe.seat(seats.second)), scripted(answers))
    penalty = ran.pending is not None and ran.pending.kind == "penalty"
    holder = ran.core.s.controllers.get(faction)
    winner = ("1" if penalty or holder == probe.seat(seats.first)
              else "2" if holder == probe.seat(seats.second) else None)
    return _calc({"winner": winner, "penalty": penalty}, ran)


def takeover(faction: Faction, challenger: Sequence[Card], controller: Sequence[Card] | None,
             edition: str, seats: Seats = Seats()) -> Calc:
    """One challenger (on "1") against the controller's set, or an uncontrolled faction."""
    names = [seats.first] + ([seats.controller] if controller else [])
    probe = Probe(names, edition)
    if controller:
        probe.control(faction, seats.controller, controller)
    _holding(probe, seats.first, challenger)
    first = probe.seat(seats.first)
    ran = probe.run(takeovers.contest(probe.core, faction, first, None),
                    scripted({("takeover", seats.first): [Cards(seats.first, tuple(challenger))]}))
    return _calc({"takes_control": ran.core.s.controllers.get(faction) == first}, ran)


def _holding(probe: Probe, name: str, cards: Sequence[Card]) -> None:
    """A challenger's hand holds the set played, and at least the 2 cards without which the
    rules would not ask for a set at all: a set of one card is then refused as too small
    rather than never played."""
    probe.hand(name, cards, unknown=max(0, checks.MIN_SET - len(cards)) if cards else 0)


def mars(pairs: Sequence[tuple[str, Sequence[Card]]], edition: str) -> Calc:
    """Pairs discarded on the Field of Mars, one follower per pair, in the order given."""
    names = list(dict.fromkeys(name for name, _ in pairs))
    probe = Probe(names, edition)
    answers: dict[tuple[str, str], list[Any]] = {}
    for name, pair in pairs:
        probe.hand(name, pair)
        probe.follower("mars", name)
        answers.setdefault(("mars", name), []).append(Cards(name, tuple(pair)))
    ran = probe.run(regions.mars(probe.core), scripted(answers))
    laurels = {name: probe.player(name).laurels for name in names}
    shown = {name: sum(1 for n, _ in pairs if n == name) for name in names}
    extra = next((n for n in names if laurels[n] > shown[n]), None)
    return _calc({"laurels": laurels, "extra_laurel": extra}, ran)


def atrium(bid_first: int, bid_second: int, edition: str, seats: Seats = Seats()) -> Calc:
    """The sealed Atrium auction between the followers on "1." and "2."; each bidder is
    given just the money of their bid (what they hold beyond it changes nothing)."""
    probe = Probe([seats.first, seats.second], edition)
    probe.core.s.board["atrium"] = [[Slot(None, True)] for _ in range(3)]
    for name, bid in ((seats.first, bid_first), (seats.second, bid_second)):
        probe.player(name).money = bid
    probe.follower("atrium.1", seats.first)
    probe.follower("atrium.2", seats.second)
    ran = probe.run(regions.atrium(probe.core), scripted({
        ("atrium_bid", seats.first): [Bid(seats.first, bid_first)],
        ("atrium_bid", seats.second): [Bid(seats.second, bid_second)]}))
    won = "1" if len(probe.player(seats.first).hand) else "2"
    pays = bid_first - probe.player(seats.first).money if won == "1" else (
        bid_second - probe.player(seats.second).money)
    return _calc({"winner": won, "pays": pays}, ran)


def chariot_auction(bids: Mapping[str, int], edition: str) -> Calc:
    """Sealed chariot bids; each bidder holds just their bid. Stops where the winner places
    the chariot (on one of their factions, or off the board where the edition allows)."""
    names = list(bids)
    if len(names) < MIN_PLAYERS:
        raise TribuneRuleViolation(N_("Every player bids for the chariot: give a bid for each "
                                      "of at least 2 players"),
                                   rule=ref("tribune.phase6.auction"))
    probe = Probe(names, edition)
    for name, bid in bids.items():
        probe.player(name).money = bid
    ran = probe.run(chariot.auction(probe.core),
                    scripted({("chariot_bid", n): [Bid(n, b)] for n, b in bids.items()}))
    winner = ran.pending.actor if ran.pending is not None else ran.value
    pays = bids[winner] - probe.player(winner).money if winner is not None else 0
    return _calc({"winner": winner, "pays": pays}, ran)


def cesura(hands: Mapping[str, int], sets: Mapping[Faction, Sequence[Card]],
           edition: str) -> Any:
    """What a cesura magna (important event) takes: the engine's own kernel, on a position
    checked first (each set one a take-over could leave, each leader once)."""
    probe = Probe(list(hands), edition)
    for faction, cards in sets.items():
        probe.display(faction, cards)
    probe.check_cards()
    return checks.cesura(hands, sets)


class Holder(Value):
    """What the table says a player holds, for the benefit, leader and assassin questions."""

    name: str = "Player"
    money: int = 0
    tile: str | None = None  # "scroll" / "tribune"
    eternal: bool = False
    temporary: bool = False
    hand: int = 0  # cards in hand (unknown to the referee)
    controls: Mapping[Faction, Sequence[Card]] = field(default_factory=dict)
    #: faction markers held besides those of the factions controlled (markers stay with a
    #: player who loses control)
    markers: Sequence[Faction] = ()


def _holder_probe(holder: Holder, edition: str, others: Mapping[str, Mapping[Faction, Sequence[
        Card]]] | None = None, settings: Mapping[str, Any] | None = None) -> Probe:
    probe = Probe([holder.name, *(others or {})], edition, settings)
    p = probe.player(holder.name)
    p.money, p.tile = holder.money, holder.tile
    probe.hand(holder.name, unknown=holder.hand)
    for faction, cards in holder.controls.items():
        probe.control(faction, holder.name, cards)
    p.markers.extend(f for f in holder.markers if f not in p.markers)
    for other, sets in (others or {}).items():
        for faction, cards in sets.items():
            probe.control(faction, other, cards)
    probe.favours(holder.name, holder.eternal, holder.temporary)
    return probe


def _holdings(probe: Probe, name: str) -> dict[str, Any]:
    p = probe.player(name)
    s = probe.core.s
    return {"money": p.money, "laurels": p.laurels, "legions": p.legions,
            "cards_in_hand": len(p.hand), "tile": p.tile, "eternal_favor": p.eternal,
            "temporary_favor": s.temporary == probe.seat(name),
            "markers": [f.value for f in p.markers], "proconsul": s.proconsul == probe.seat(name)}


def benefit(faction: Faction, holder: Holder, option: str | None, edition: str,
            colosseum: int = 0, settings: Mapping[str, Any] | None = None,
            others: Mapping[str, Mapping[Faction, Sequence[Card]]] | None = None,
            piles: tuple[int, int] | None = None) -> Calc:
    """Phase 5: what the controller of ``faction`` takes (``option`` answers the choice
    when the faction offers one; the flow stops at the choice otherwise). ``others``: the
    sets other players display, which the assassin may strike; ``piles``: the cards in
    the draw and discard piles, when they matter (a draw may empty them)."""
    probe = _holder_probe(holder, edition, others, settings)
    if piles is not None:
        probe.piles(*piles)
    probe.core.s.phase = 5
    probe.core.s.colosseum = colosseum
    seat = probe.seat(holder.name)
    if faction not in holder.controls:
        raise TribuneRuleViolation(N_("Only the controller takes the {faction} benefit: give "
                                      "the set on display"), faction=faction.term,
                                   rule=probe.core.ref("tribune.phase5.benefit"))
    offered = benefits.options(probe.core, faction, seat)
    if option is not None:  # refused as the live question refuses it
        benefits.check_option(probe.core, faction, seat, option)
    asked = option if len(offered) > 1 else None  # a lone option is taken, not asked
    answers = {("benefit", holder.name): [Choose(holder.name, asked)] if asked else []}
    ran = probe.run(benefits.benefit(probe.core, faction, seat), scripted(answers))
    return _calc({"options": offered, "after": _holdings(probe, holder.name),
                  "colosseum": probe.core.s.colosseum}, ran)


def leader(faction: Faction, holder: Holder, option: str | None, edition: str,
           settings: Mapping[str, Any] | None = None,
           piles: tuple[int, int] | None = None) -> Calc:
    """Phase 4: the leader bonus of a take-over with the leader in the winning set.
    ``option`` answers the leader's question: Agrippa's "scroll" or "card", Cato's faction
    marker, Tigellinus' card to discard for a legion ("-" to keep it); a leader that asks
    nothing, or asks nothing in this position, refuses one."""
    probe = _holder_probe(holder, edition, settings=settings)
    if piles is not None:
        probe.piles(*piles)
    name = holder.name
    answers: dict[tuple[str, str], list[Entry]] = {}
    if option is not None:
        kind = LEADER_QUESTIONS.get(faction, "")
        entry: Entry = Choose(name, option)
        if kind == "tigellinus":
            entry = Pass(name) if option.strip() == "-" else Cards(name, (parse_card(option),))
        answers[(kind, name)] = [entry]
    rule = probe.core.ref("tribune.phase4.leader")
    ran = probe.run(takeovers.leader_bonus(probe.core, faction, probe.seat(name)),
                    scripted(answers), rule)
    return _calc({"after": _holdings(probe, name)}, ran)


#: the question each leader asks, if any
LEADER_QUESTIONS = {Faction.PLEBEIANS: "agrippa", Faction.SENATORS: "cato",
                    Faction.PRAETORIANS: "tigellinus"}


def assassin(holder: Holder, others: Mapping[str, Mapping[Faction, Sequence[Card]]],
             target: Faction | None, edition: str) -> Calc:
    """The assassin sent by ``holder``: which sets it may strike and what it removes."""
    probe = _holder_probe(holder, edition, others)
    seat = probe.seat(holder.name)
    targets = [f.value for f in awards.assassin_targets(probe.core, seat)]
    if target is not None:  # refused as the live question refuses it
        awards.check_target(probe.core, seat, target)
    answers = {("assassin", holder.name): [Choose(holder.name, target.value)] if target else []}
    ran = probe.run(awards.assassin(probe.core, seat), scripted(answers))
    sets = {f.value: [c.code for c in cards] for f, cards in ran.core.s.sets.items()}
    return _calc({"targets": targets, "sets": sets}, ran)


def paid_region(region: str, fields: Sequence[tuple[str, int] | None],
                cards: Sequence[Card], edition: str) -> Calc:
    """Thermae or Forum Romanum: a follower (name, money held) or None on each space, in
    board order, next to ``cards`` (one per field). The Thermae has as many fields as
    given, which must be a count some board has."""
    names = list(dict.fromkeys(f[0] for f in fields if f is not None))
    if region == "thermae":
        choices = box.entries()["thermae_fields"]["choices"]
        if len(fields) not in choices:
            raise TribuneRuleViolation(
                N_("The {place} has {choices} card fields, not {count}"), count=len(fields),
                place=region_term(region, edition), choices=" / ".join(map(str, choices)),
                rule=ref("tribune.setup.box", confirmed=False))
    probe = Probe(names, edition, {"thermae_fields": len(fields)} if region == "thermae"
                  else None)
    probe.core.s.board[region] = [[Slot(card, True)] for card in cards]
    for name, money in {f[0]: f[1] for f in fields if f is not None}.items():
        probe.player(name).money = money
    for number, held in enumerate(fields, start=1):
        if held is not None:
            probe.follower(f"{region}.{number}", held[0])
    before = {n: probe.player(n).money for n in names}
    ran = probe.run(_flow(regions.paid_fields, probe.core, region), scripted({}))
    return _calc({"paid": {n: before[n] - probe.player(n).money for n in names},
                  "cards": {n: [c.code for c in probe.player(n).hand.cards] for n in names}},
                 ran)


def latrine(card: Card, money: int, option: str | None, edition: str) -> Calc:
    """The Latrine card turned up for its placer holding ``money``: sell or keep."""
    name = "Player"
    probe = Probe([name], edition)
    probe.core.s.board["latrine"] = [[Slot(card, False)]]
    probe.player(name).money = money
    probe.follower("latrine", name)
    ran = probe.run(regions.latrine(probe.core),
                    scripted({("latrine", name): [Choose(name, option)] if option else []}),
                    probe.core.ref("tribune.phase3.latrine"))
    return _calc({"money": probe.player(name).money,
                  "cards": [c.code for c in probe.player(name).hand.cards]}, ran)


def curia(fields: Sequence[Sequence[Card]], spaces: Sequence[tuple[str, int] | None],
          discards: Mapping[str, Sequence[Card | None]], edition: str) -> Calc:
    """The Curia, field by field from the left: the cards on each field, a follower (name,
    cards in hand, unknown to the referee) or None on each field's space, and each player's
    answers in field order: the hand card discarded, or None to let the field go. A card
    taken from one field may pay for a later one, as in play."""
    names = list(dict.fromkeys(f[0] for f in spaces if f is not None))
    probe = Probe(names, edition)
    probe.core.s.board["curia"] = [[Slot(card, True) for card in cards] for cards in fields]
    for name, hand in {f[0]: f[1] for f in spaces if f is not None}.items():
        probe.hand(name, unknown=hand)
    for number, held in enumerate(spaces, start=1):
        if held is not None:
            probe.follower(f"curia.{number}", held[0])
    answers: dict[tuple[str, str], list[Entry]] = {
        ("curia", name): [Cards(name, (card,)) if card is not None else Pass(name)
                          for card in cards] for name, cards in discards.items()}
    ran = probe.run(regions.curia(probe.core), scripted(answers),
                    probe.core.ref("tribune.phase3.curia"))
    return _calc({"cards": {n: [c.code for c in probe.player(n).hand.cards] for n in names},
                  "hand": {n: len(probe.player(n).hand) for n in names}}, ran)


def catacombs(spaces: Sequence[tuple[str, int] | None], buys: Mapping[str, Sequence[
        Card | str | None]], stack: Sequence[Card] | None, edition: str) -> Calc:
    """The Catacombs: a follower (name, money held) or None on each price space, in the
    order they buy (4, 3, 2); the face-down stack, its cards when the table knows them
    (None: the box's unknown cards); each buyer's answers in that order: the card taken,
    "buy" (a card the referee does not see) or None (buys nothing)."""
    names = list(dict.fromkeys(f[0] for f in spaces if f is not None))
    probe = Probe(names, edition)
    prices = probe.core.settings["catacombs_prices"]
    if len(spaces) != len(prices):
        raise TribuneInputError(N_("Give one --follower (or -) for each Catacombs space: "
                                   "{prices}"), prices=", ".join(map(str, prices)))
    cards: list[Card | None] = (list(stack) if stack is not None
                                else [None] * probe.core.settings["catacombs_cards"])
    probe.core.s.board["catacombs"] = [[Slot(card, False) for card in cards]]
    for name, money in {f[0]: f[1] for f in spaces if f is not None}.items():
        probe.player(name).money = money
    for price, held in zip(prices, spaces, strict=True):
        if held is not None:
            probe.follower(f"catacombs.{price}", held[0])
    before = {n: probe.player(n).money for n in names}

    def entry(name: str, answer: Card | str | None) -> Entry:
        if answer is None:
            return Pass(name)
        return Choose(name, answer) if isinstance(answer, str) else Cards(name, (answer,))

    answers = {("catacombs", name): [entry(name, a) for a in said]
               for name, said in buys.items()}
    ran = probe.run(regions.catacombs(probe.core), scripted(answers),
                    probe.core.ref("tribune.phase3.catacombs", "catacombs_prices"))
    return _calc({"paid": {n: before[n] - probe.player(n).money for n in names},
                  "cards": {n: len(probe.player(n).hand) for n in names},
                  "colosseum": probe.core.s.colosseum}, ran)


def _flow(step: Any, *args: Any) -> Any:
    """A rule step that asks nothing, as a flow the probe can run."""
    yield from ()
    step(*args)
