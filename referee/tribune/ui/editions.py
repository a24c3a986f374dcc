"""Where the two editions part ways: what the other one rules (for ``explain``) and the
rule summaries (``referee tribune rules``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.errors import RefereeError
from referee.i18n import N_, translator
from referee.rulings import Ruling
from referee.terminal.messages import edition_name
from referee.tribune import EDITIONS
from referee.tribune.engine import Game
from referee.tribune.errors import TribuneInputError
from referee.tribune.setup import Setup
from referee.tribune.ui.render import ruling_line, ruling_text

_ = translator("tribune")

#: where the editions differ, the rule summary that says how (``referee tribune rules``)
RULE_TOPICS = {"tribune.deck.cesura": "cesura", "tribune.phase1.curia": "curia",
               "tribune.phase3.pantheon.temporary": "pantheon", "tribune.phase4.leader":
               "benefits", "tribune.phase5.benefit": "benefits", "tribune.phase5.assassin":
               "benefits", "tribune.phase5.legion": "benefits", "tribune.phase5.tribune":
               "benefits", "tribune.phase6.place": "chariot", "tribune.end.bonus": "end"}


def _other(setup: Setup) -> str:
    from referee.tribune.editions import other_edition as other

    return other(setup.edition)


def _under(setup: Setup, edition: str) -> Setup:
    return Setup.from_json({**setup.to_json(), "edition": edition})


def other_verdict(setup: Setup, actions: Sequence[Any], action: Any) -> list[str]:
    """Would the other edition accept the entry this one refuses?"""
    from referee.terminal.messages import message

    other = _other(setup)
    name = edition_name("tribune", other)
    try:
        game = Game.replay(_under(setup, other), actions)
        game.apply(action)
    except RefereeError as error:
        return [_("The {edition} refuses it too: {reason}", edition=name,
                  reason=message(error))]
    return [_("The {edition} would accept it.", edition=name)]


def other_edition(setup: Setup, actions: Sequence[Any], caused: Sequence[Ruling]) -> list[str]:
    """Replay the same entries under the other edition: what it would rule instead, what
    would not happen there at all, or, when the games part ways, its rule summary."""
    from referee.tribune.editions import compare

    found = compare(setup, actions, caused, ruling_text)
    name = edition_name("tribune", found.edition)
    if not found.reachable:
        lines = [_("Under the {edition} the game would not reach this entry the same way; "
                   "its rule:", edition=name)]
        topics = dict.fromkeys(RULE_TOPICS[r.rule.rule_id] for r in caused
                               if r.rule.edition and r.rule.rule_id in RULE_TOPICS)
        from referee.tribune.ui.topics import TOPICS

        return lines + ["  • " + _(line) for t in topics
                        for line in getattr(TOPICS[t], found.edition)]
    if found.same:
        if not any(r.rule.edition for r in caused):
            return [_("The two editions agree on this.")]
        return [_("The {edition} rules the same here.", edition=name)]
    lines = []
    if found.instead:
        lines += [_("The {edition} would rule instead:", edition=name)]
        lines += ["  " + ruling_line(r) for r in found.instead]
    if found.absent:
        lines += [_("Under the {edition} this would not happen at all:", edition=name)]
        lines += ["  " + ruling_line(r) for r in found.absent]
    return lines


def print_topic(topic: str | None, as_json: bool) -> None:
    from referee.terminal.output import console, print_json
    from referee.tribune.ui.topics import TOPICS

    if topic is None:
        if as_json:
            print_json({k: _(t.title) for k, t in TOPICS.items()})
            return
        for key, t in TOPICS.items():
            console().print(f"{key:<10} {_(t.title)}", markup=False)
        return
    key = topic.strip().lower()
    if key not in TOPICS:
        import difflib

        near = difflib.get_close_matches(key, list(TOPICS), n=3, cutoff=0.4)
        raise TribuneInputError(N_("No rule summary {topic!r}; topics: {choices}"),
                                topic=topic, choices=", ".join(near or TOPICS))
    t = TOPICS[key]
    editions = {e: [_(line) for line in getattr(t, e)] for e in EDITIONS}
    if as_json:
        print_json({"topic": key, "title": _(t.title), "common": [_(x) for x in t.common],
                    "editions": editions})
        return
    console().print(_(t.title), style="bold", markup=False)
    for line in t.common:
        console().print("• " + _(line), markup=False)
    if not any(editions.values()):
        console().print(_("Both editions agree."), style="italic", markup=False)
    for edition, lines in editions.items():
        if lines:
            title = edition_name("tribune", edition)
            console().print(title[:1].upper() + title[1:] + ":", style="bold", markup=False)
            for line in lines:
                console().print("  • " + line, markup=False)
