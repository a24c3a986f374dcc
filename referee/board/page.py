"""The board page: a document shell around the fragment that each change replaces.

The fragment (``<main>``'s content) is drawn from the table's view of the game
(``referee.board.public``) and what the journal says of it (the last rulings, the BG Stats
link of a finished game): nothing else reaches the page. The shell links the page's own
style sheet and script (shipped in the package), and refreshes itself every few seconds
where scripts do not run; with scripts, server-sent events bring each change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.board.html import Painter, esc, join, tag, text
from referee.i18n import LANGUAGES, translator

_ = translator("core")

#: seconds between reloads of a page without scripts
REFRESH = 5
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "es": "Español"}


def fragment(title: str, view: Mapping[str, Any], extras: Mapping[str, Any], paint: Painter,
             drawing: str) -> str:
    """Everything inside ``<main>``: heading, the question pending, the game's drawing, the
    final score once over, the last rulings."""
    heading = view.get("heading") or ""
    parts = [tag("header", join([
        tag("h1", esc(title) + (" " + text("span", heading, "phase") if heading else "")),
        text("p", view["edition"], "edition")]), "top")]
    if extras.get("notice"):
        parts.append(text("p", extras["notice"], "notice", role="alert"))
    parts.append(_turn(view, paint))
    if view.get("final") is not None:
        parts.append(final(view["final"], paint, extras))
    parts.append(drawing)
    parts.append(_rulings(extras.get("rulings", ())))
    if extras.get("updated"):
        parts.append(text("p", _("Last entry at {time}.", time=extras["updated"]), "updated"))
    return join(parts)


def page_title(title: str, view: Mapping[str, Any]) -> str:
    heading = view.get("heading")
    return f"{title} · {heading}" if heading else title


def document(lang: str, title: str, body: str, version: str) -> str:
    """The whole page around a fragment."""
    links = join(
        text("span", LANGUAGE_NAMES[code], "lang current") if code == lang
        else text("a", LANGUAGE_NAMES[code], "lang", href=f"./?lang={code}", hreflang=code)
        for code in LANGUAGES)
    return ("<!doctype html>\n"
            f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="referrer" content="no-referrer">\n'
            f'<noscript><meta http-equiv="refresh" content="{REFRESH}"></noscript>\n'
            f"<title>{esc(title)}</title>\n"
            '<link rel="icon" href="data:,">\n'
            '<link rel="stylesheet" href="board.css">\n'
            '<script src="board.js" defer></script>\n'
            "</head>\n"
            f'<body data-events="events?lang={esc(lang)}">\n'
            + tag("nav", links, "langs", aria_label=_("Language")) + "\n"
            + text("p", _("Connection lost; trying again…"), "offline-note", role="status")
            + "\n"
            + tag("main", body, id="board", data_version=version, data_title=title)
            + "\n"
            + text("p", _("Live board: it changes as entries are recorded. Nothing can be "
                          "entered here."), "foot")
            + "\n</body>\n</html>\n")


def _turn(view: Mapping[str, Any], paint: Painter) -> str:
    asked = view.get("pending")
    if asked is None:
        return text("p", _("The game is over."), "turn over")
    who = (text("span", _("The table"), "who table") if asked["actor"] == "table"
           else paint.chip(asked["actor"]))
    return tag("section", join([
        text("h2", _("Waiting for")), tag("p", who, "actor"),
        text("p", asked["text"], "question"),
        text("p", _("Rule: {rule}", rule=asked["rule"]), "rule")]), "panel turn",
        data_actor=asked["actor"], data_kind=asked["kind"])


def _rulings(rulings: Any) -> str:
    items = join(tag("li", text("span", r["text"], "ruling") + text("span", r["rule"], "rule"))
                 for r in rulings)
    return tag("section", text("h2", _("Last rulings")) + (
        tag("ol", items, "rulings") if items else text("p", _("None yet."), "none")),
        "panel")


def final(result: Mapping[str, Any], paint: Painter, extras: Mapping[str, Any]) -> str:
    """The final score, player by player in final order, each category with its points
    and how they were counted; the button that hands the play to BG Stats."""
    cards = []
    for p in result["players"]:
        lines = join(tag("tr", text("th", line["label"]) + text("td", line["points"], "pts")
                         + text("td", line["why"], "why")) for line in p["lines"])
        cards.append(tag("article", join([
            tag("h3", text("span", _("{place}.", place=p["place"]), "place")
                + paint.chip(p["name"])
                + text("span", _.plural("{n} point", "{n} points", p["total"]), "total")),
            tag("div", tag("table", lines, "score"), "scroll")]), "player final",
            data_player=p["name"]))
    notes = join(text("li", n) for n in result.get("notes", ()))
    link = extras.get("bgstats")
    button = (text("a", _("Log this play in BG Stats"), "button", href=link,
                   rel="noreferrer noopener", target="_blank") if link else
              text("p", extras["bgstats_note"], "none") if extras.get("bgstats_note") else "")
    return tag("section", join([
        text("h2", _("Final score")), button, tag("div", join(cards), "players"),
        tag("ul", notes, "notes") if notes else ""]), "panel final-score")
