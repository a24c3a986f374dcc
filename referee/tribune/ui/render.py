"""Rulings and questions in the user's language, and rulings rebuilt from their stored JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cli.errors import rule_text
from referee.i18n import N_, translator
from referee.rulings import Plural, RuleRef, Ruling, Term
from referee.tribune.cards import Card, CardName
from referee.tribune.decisions import Decision
from referee.tribune.errors import TribuneInputError

_ = translator("tribune")


def card_text(card: Card) -> str:
    """A card as the table names it: "Senator 4", a leader by name ("Spartacus")."""
    if card.is_leader:
        return _.term(card.faction.leader)
    return _(card.faction.card_word, value=card.value)


def _shown(value: Any) -> Any:
    if isinstance(value, CardName):
        return card_text(value.card)
    if isinstance(value, (list, tuple)):
        return [_shown(v) for v in value]
    return value


def text(message: str, params: Mapping[str, Any], domain: str = "tribune") -> str:
    """A msgid of the engine (a ruling, a question) with its params, translated; the cards
    in it are named, not coded."""
    return translator(domain)(message, **{k: _shown(v) for k, v in params.items()})


def ruling_text(ruling: Ruling) -> str:
    return text(ruling.message, ruling.params, ruling.rule.game)


def question_text(decision: Decision) -> str:
    return text(decision.prompt, decision.params)


def ruling_line(ruling: Ruling) -> str:
    """'Mike pays 3 denarii to the bank  [Phase 3: Forum Romanum]'."""
    return _("{text}  [{rule}]", text=ruling_text(ruling), rule=rule_text(ruling.rule))


def ruling_from_json(raw: Mapping[str, Any]) -> Ruling:
    """A recorded ruling; a payload of another shape (a hand edit) is an InputError."""
    try:
        rule = raw["rule"]
        ref = RuleRef(rule["game"], rule["rule"], rule["title"], rule.get("edition"),
                      rule.get("confirmed", True))
        return Ruling(ref, raw["message"], {k: _param(v) for k, v in raw["params"].items()})
    except (KeyError, TypeError, AttributeError):
        raise TribuneInputError(N_("Not a valid ruling: {payload}"), payload=raw) from None


#: Plural.to_json's keys in the constructor's order (named here, not in a ``Plural(...)`` call,
#: because the catalog tool reads string literals in such a call as msgids)
PLURAL_FIELDS = ("n", "singular", "plural")


def _param(value: Any) -> Any:
    if isinstance(value, Mapping) and "term" in value:
        return Term(value["term"], value.get("context"))
    if isinstance(value, Mapping) and "card" in value:
        return CardName(value["card"])
    if isinstance(value, Mapping) and "singular" in value:
        return Plural(*(value[key] for key in PLURAL_FIELDS))
    if isinstance(value, list):
        return [_param(v) for v in value]
    return value


PHASES = {0: N_("Setup"), 1: N_("Phase 1: cards onto the board"),
          2: N_("Phase 2: followers"), 3: N_("Phase 3: regions"),
          4: N_("Phase 4: take-overs"), 5: N_("Phase 5: faction benefits"),
          6: N_("Phase 6: chariot auction"), 7: N_("Game over")}
#: rulings the table must not miss
LOUD = frozenset({"tribune.deck.cesura", "tribune.deck.reshuffle", "tribune.end.announce",
                  "tribune.end.variant", "tribune.end.qualify", "tribune.end.tie"})


def phase_title(round_: int, phase: int) -> str:
    if phase in (0, 7):
        return _(PHASES[phase])
    return _("Round {round} · {phase}", round=round_, phase=_(PHASES[phase]))
