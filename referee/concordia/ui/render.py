"""Concordia entries as text (the log, undo, explain) and the names of cards and goods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.concordia.actions import (
    Architect,
    Colonist,
    Consul,
    Diplomat,
    Entry,
    Keep,
    Mercator,
    Prefect,
    Reveal,
    Senator,
    Specialist,
    Tribune,
)
from referee.concordia.state import card_id
from referee.concordia.wording import goods as goods_words
from referee.i18n import N_, translator
from referee.rulings import Term

if TYPE_CHECKING:
    from referee.concordia.engine import Game

_ = translator("concordia")
NONE = N_("none")


def card_name(game: Game, key: str) -> str:
    """'Mercator (II)' for a bought card, 'Mercator' for a starting one."""
    name = _.term(Term(game.board.box.cards[card_id(key)].name))
    deck = key.partition("@")[2]
    return f"{name} ({deck})" if deck else name


def goods_text(bundle: Any) -> Any:
    """Counted goods, translated when the message is filled in ("—" for none)."""
    return goods_words(dict(bundle))


def describe(entry: Entry) -> str:
    """One line per entry, as the log and undo show it."""
    who = entry.player
    if isinstance(entry, Architect):
        moves = [f"{_.term(Term(m.kind))} {'/'.join(m.start)} > {' > '.join(m.path)}"
                 for m in entry.moves]
        return _("{player}: Architect; moves {moves}; builds in {cities}", player=who,
                 moves="; ".join(moves) or _(NONE), cities=", ".join(entry.build) or _(NONE))
    if isinstance(entry, Prefect):
        if entry.province is None:
            return _("{player}: Prefect, cash from the coin sides", player=who)
        return _("{player}: Prefect, production in {province}", player=who,
                 province=entry.province)
    if isinstance(entry, Mercator):
        return _("{player}: Mercator; sells {sold}; buys {bought}", player=who,
                 sold=goods_text(entry.sell), bought=goods_text(entry.buy))
    if isinstance(entry, Senator | Consul):
        slots = ([p.slot for p in entry.purchases] if isinstance(entry, Senator)
                 else [entry.slot] if entry.slot else [])
        return _("{player}: {card}, buys from slots {slots}", player=who,
                 card=_.term(Term(entry.type.capitalize())),
                 slots=", ".join(map(str, slots)) or _(NONE))
    if isinstance(entry, Tribune):
        return _("{player}: Tribune; new colonist: {kind}", player=who,
                 kind=_.term(Term(entry.colonist)) if entry.colonist else _(NONE))
    if isinstance(entry, Colonist):
        if entry.cash:
            return _("{player}: Colonist, the income", player=who)
        return _("{player}: Colonist; new colonists in {cities}", player=who,
                 cities=", ".join(f"{_.term(Term(k))} {c}" for k, c in entry.place) or _(NONE))
    if isinstance(entry, Specialist):
        return _("{player}: {card}", player=who, card=_.term(Term(entry.card.capitalize())))
    if isinstance(entry, Diplomat):
        inner = describe(entry.action).removeprefix(f"{who}: ") if entry.action else _(NONE)
        return _("{player}: Diplomat copying {target}: {action}", player=who,
                 target=entry.target, action=inner)
    if isinstance(entry, Keep):
        return _("{player} keeps {goods}.", player=who, goods=goods_text(entry.goods))
    if isinstance(entry, Reveal):
        return _("The table turns up {card}.", card=entry.card)
    return str(entry.to_json())
