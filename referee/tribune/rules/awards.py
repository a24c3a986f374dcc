"""Awards shared by take-overs (Phase 4) and faction benefits (Phase 5): tiles, markers,
the assassin, and what happens to the tiles tied to control when control is lost."""

from __future__ import annotations

from collections.abc import Callable, Collection

from referee.game.question import Question
from referee.i18n import N_
from referee.rulings import Plural, RuleRef
from referee.tribune.actions import Choose, Entry
from referee.tribune.cards import Faction
from referee.tribune.checks import MIN_SET
from referee.tribune.core import Core, Flow
from referee.tribune.errors import TribuneRuleViolation
from referee.values import replace


def can_take_scroll(c: Core, seat: int) -> bool:
    return c.player_at(seat).tile is None  # the Scroll is the Tribune tile's other side


def take_scroll(c: Core, seat: int, rule: RuleRef) -> None:
    c.player_at(seat).tile = "scroll"
    c.rule(rule, N_("{player} takes the Scroll"), player=c.name(seat))


def become_tribune(c: Core, seat: int, rule: RuleRef) -> None:
    c.player_at(seat).tile = "tribune"
    c.rule(rule, N_("{player} turns the Scroll over: Tribune"), player=c.name(seat))


def give_marker(c: Core, seat: int, faction: Faction, rule: RuleRef) -> None:
    """One marker per faction per player; markers are never lost."""
    if faction in c.player_at(seat).markers:
        return
    c.player_at(seat).markers.append(faction)
    c.rule(rule, N_("{player} takes a {faction} marker"), player=c.name(seat),
           faction=faction.term)


def take_temporary(c: Core, seat: int, rule: RuleRef) -> None:
    if c.s.temporary == seat:
        return
    c.s.temporary = seat
    c.rule(rule, N_("{player} takes the temporary favor of the gods"), player=c.name(seat))


def checked_by(asked: Question, check: Callable[[str], None],
               known: Collection[str]) -> Question:
    """``asked`` (a choice), whose refusal of a known option the rule explains with
    ``check``: its own check still refuses a wrong player or anything else."""
    def checking(action: Entry) -> None:
        if (isinstance(action, Choose) and action.player == asked.actor
                and action.option in known):
            check(action.option)
        asked.check(action)

    return replace(asked, check=checking)


def lose_control(c: Core, faction: Faction, seat: int) -> None:
    """The beaten set is discarded; tiles held through this control go back."""
    cards = c.s.sets.pop(faction)
    del c.s.controllers[faction]
    c.to_discard(cards)
    c.rule(c.ref("tribune.phase4.lose"), N_("{player} loses {faction} and discards {cards}"),
           player=c.name(seat), faction=faction.term, cards=[x.name for x in cards])
    if faction is Faction.VESTALS and c.s.temporary == seat:
        c.s.temporary = None
        c.rule(c.ref("tribune.favor.temporary"), N_("{player} returns the temporary favor"),
               player=c.name(seat))
    if faction is Faction.PATRICIANS and c.s.proconsul == seat:
        c.s.proconsul = None
        c.rule(c.ref("tribune.phase5.proconsul"), N_("The Proconsul goes back to the stock"))


def assassin_targets(c: Core, seat: int) -> list[Faction]:
    """Sets of 3 or more cards. FFG: any displayed set; Heidelberger: an opponent's."""
    return [f for f, cards in c.s.sets.items()
            if len(cards) > MIN_SET and (c.edition == "ffg" or c.s.controllers[f] != seat)]


def check_target(c: Core, seat: int, faction: Faction) -> None:
    """Raise unless the assassin sent by ``seat`` may strike the ``faction`` set, saying
    why not: the live question and ``check assassin`` refuse with these same words."""
    rule = c.ref("tribune.phase5.assassin")
    cards = c.s.sets.get(faction)
    if cards is None:
        raise TribuneRuleViolation(N_("Nobody displays a {faction} set for the assassin to "
                                      "strike"), faction=faction.term, rule=rule)
    if len(cards) <= MIN_SET:
        raise TribuneRuleViolation(N_("The assassin cannot strike the {faction} set: it has "
                                      "only {cards}"), faction=faction.term,
                                   cards=Plural(len(cards), "{n} card", "{n} cards"), rule=rule)
    if c.edition != "ffg" and c.s.controllers[faction] == seat:
        raise TribuneRuleViolation(N_("The assassin strikes an opponent's set, not the "
                                      "{faction} set of the player who sends it"),
                                   faction=faction.term, rule=rule)


def assassin(c: Core, seat: int) -> Flow:
    rule = c.ref("tribune.phase5.assassin")
    targets = assassin_targets(c, seat)
    if not targets:
        c.rule(rule, N_("No set of 3 or more cards for the assassin"))
        return
    asked = c.ask_choice(seat, "assassin", rule,
                         N_("{player}: send the assassin against which set?"),
                         [f.value for f in targets], optional=True)
    action = yield checked_by(asked, lambda option: check_target(c, seat, Faction(option)),
                              {f.value for f in Faction})
    if not isinstance(action, Choose):
        return
    faction = Faction(action.option)
    cards = c.s.sets[faction]
    victim = max(cards, key=lambda card: card.value)
    cards.remove(victim)
    c.to_discard([victim])
    c.rule(rule, N_("The assassin removes {card} from the {faction} set of {owner}"),
           card=victim.name, faction=faction.term, owner=c.name(c.s.controllers[faction]))
