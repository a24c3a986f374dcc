"""Concordia on the board page: the table's view of a game (``public``) and its drawing
(``draw``): the provinces with their bonus markers and their cities' goods, houses and
colonists; the market with each card's price; each player's holdings."""

from __future__ import annotations

from typing import Any

from referee.board.html import Painter, esc, join, tag, text
from referee.i18n import translator
from referee.rulings import Term

_ = translator("core")
tr = translator("concordia")


def word(name: str) -> str:
    return tr.term(Term(name))


def goods_text(bundle: dict[str, int]) -> str:
    from referee.concordia.wording import goods

    return ", ".join(tr.plural(p.singular, p.plural, p.n) for p in goods(bundle)) or "—"


def public(game: Any) -> dict[str, Any]:
    """Hands are counts and the draw pile a number (its order, when the referee dealt it,
    is not shown); a discard pile shows its top card, as on the table. While the game runs,
    each player's score so far god by god, as ``status`` shows it."""
    from referee.concordia.box import ROMA
    from referee.concordia.deal import province_markers
    from referee.concordia.ui.render import card_name

    s, b = game.state, game.board
    names = [p.name for p in s.players]
    markers = province_markers(b.box, b.map, b.setup.cities)
    at: dict[str, list[dict[str, str]]] = {}
    for p in s.players:
        for kind, place in p.colonists:
            if len(place) == 1:
                at.setdefault(place[0], []).append({"player": p.name, "kind": kind})
    provinces = []
    for province in b.map.provinces.values():
        marker = markers.get(province.name)
        provinces.append({
            "name": word(province.name), "letter": province.letter,
            "marker": marker, "marker_name": word(marker) if marker else None,
            "coins": not s.goods_side.get(province.name, True),
            "cities": [{"name": word(city), "good": b.setup.cities.get(city),
                        "good_name": word(b.setup.cities[city]) if city in b.setup.cities
                        else None,
                        "houses": [p.name for p in s.players if city in p.houses],
                        "colonists": at.get(city, [])}
                       for city in sorted(province.cities)]})
    players = []
    for i, p in enumerate(s.players):
        top = p.top()
        players.append({
            "name": p.name, "money": p.money,
            "goods": {g: n for g, n in p.goods.items() if n},
            "goods_text": goods_text({g: n for g, n in p.goods.items() if n}),
            "free": b.cells() - p.used_cells(), "stored": dict(p.stored),
            "colonists": [word(kind) + " " + "–".join(word(c) for c in place)
                          for kind, place in p.colonists],
            "houses": len(p.houses), "hand": len(p.hand),
            "discard_top": card_name(game, top) if top else None, "discard": len(p.discard),
            "concordia": s.concordia == i, "magnus": s.magnus == i})
    turn = s.turns + 1
    return {
        "game": "concordia", "edition": word(b.map.name), "turn": turn,
        "heading": _("Turn {turn}", turn=turn),
        "active": names[s.active], "magnus": names[s.magnus],
        "concordia": None if s.concordia is None else names[s.concordia],
        "last_turns": s.last_turns, "roma": word(ROMA), "in_roma": at.get(ROMA, []),
        "market": _market(game), "draw_pile": s.pile_size(),
        "provinces": provinces, "players": players, "so_far": _so_far(game),
        "final": _final(game),
    }


def _market(game: Any) -> list[dict[str, Any]]:
    """The display, slot 1 first: each card's printed price and the extra goods its slot
    adds for the Senator (the Consul pays the printed price only)."""
    from referee.concordia.calculators import card_cost
    from referee.concordia.state import card_id
    from referee.concordia.ui.render import card_name
    from referee.errors import RefereeError

    found = []
    for slot, key in enumerate(game.state.display, 1):
        card, _sep, deck = key.partition("@")
        try:
            [priced] = card_cost(game.board.box, [(card_id(key), slot, deck or None)],
                                 senator=True).values["cards"]
            printed = goods_text(priced["printed"])
            extra = goods_text(priced["surcharge"]) if priced["surcharge"] else None
        except RefereeError:
            printed, extra = "—", None
        found.append({"slot": slot, "card": card_name(game, key), "printed": printed,
                      "extra": extra})
    return found


def _so_far(game: Any) -> dict[str, Any] | None:
    """The rulebook's interim scoring applied to the table as it stands (the code behind
    ``status``): every card a player owns came from the open display, so it shows nothing
    the table could not count. None once the game is over."""
    from referee.concordia.rulebook import ref
    from referee.concordia.ui.status import INTERIM, god_points
    from referee.terminal.messages import rule_text

    if game.state.over:
        return None
    sheet = game.final_score()
    return {"rule": rule_text(ref(INTERIM, confirmed=sheet.confirmed)),
            "players": [{"name": p.name, "total": p.total,
                         "gods": ", ".join(god_points(game, p))} for p in sheet.players]}


def _final(game: Any) -> dict[str, Any] | None:
    """Each god's points and how they were counted, player by player in final order."""
    from referee.concordia.wording import describe

    if not game.state.over:
        return None
    sheet = game.final_score()
    box = game.board.box
    by_name = {p.name: p for p in sheet.players}

    def label(key: str) -> str:
        if key.startswith("minerva:"):
            return _("{god}: {card}", god=word(box.god("minerva")["name"]),
                     card=word(box.cards[key.split(":", 1)[1]].name))
        if key == "concordia":
            return word("Concordia card")
        return word(box.god(key)["name"])

    players = [{"name": name, "place": sheet.places[name], "total": by_name[name].total,
                "lines": [{"label": label(c.key), "points": c.points,
                           "why": describe(c.ruling)} for c in by_name[name].cells]}
               for name in sheet.ranking]
    return {"players": players, "notes": [describe(t) for t in sheet.ties]}


# ---------------------------------------------------------------------------- drawing


def _good(good: str | None, name: str | None) -> str:
    return text("span", name, f"good g-{good}") if good and name else ""


def draw(view: dict[str, Any], paint: Painter) -> str:
    return join([_board(view, paint), _players(view, paint)])


def _board(view: dict[str, Any], paint: Painter) -> str:
    provinces = []
    for prov in view["provinces"]:
        marker = (text("span", _("coin side"), "good g-coins") if prov["coins"]
                  else _good(prov["marker"], prov["marker_name"]))
        cities = join(tag("li", join([
            text("span", c["name"], "city"), _good(c["good"], c["good_name"]),
            join(tag("i", "", f"dot house {paint.cls(h)}", title=h, role="img",
                     aria_label=_("house of {player}", player=h)) for h in c["houses"]),
            join(paint.dot(x["player"]) for x in c["colonists"])]),
            data_houses=",".join(c["houses"])) for c in prov["cities"])
        provinces.append(tag("div", tag("h3", esc(prov["name"]) + marker) + tag("ul", cities),
                             "province"))
    roma = join(paint.dot(x["player"]) for x in view["in_roma"])
    market = join(tag("li", join([
        text("span", m["slot"], "slot"), text("b", m["card"]),
        text("span", _("price: {goods}", goods=m["printed"]), "price"),
        text("span", _("Senator also pays: {goods}", goods=m["extra"]), "price")
        if m["extra"] else ""])) for m in view["market"])
    facts = [(_("Draw pile"), view["draw_pile"]),
             (_("Praefectus Magnus"), view["magnus"]),
             (_("Concordia card"), view["concordia"] or _("still in play"))]
    if view["last_turns"] is not None:
        facts.append((_("Turns left"), view["last_turns"]))
    return tag("section", join([
        text("h2", _("Market")), tag("ol", market, "market"),
        tag("dl", join(text("dt", k) + text("dd", v) for k, v in facts), "facts"),
        text("h2", _("Provinces and cities")),
        tag("p", text("b", view["roma"]) + " " + (roma or text("span", "—", "none"))),
        tag("div", join(provinces), "provinces"),
    ]), "panel board concordia")


def _players(view: dict[str, Any], paint: Painter) -> str:
    rows = []
    for p in view["players"]:
        badges = [text("span", b, "badge") for b in (
            _("Concordia card") if p["concordia"] else None,
            _("Praefectus Magnus") if p["magnus"] else None) if b]
        facts = [(_("Sestertii"), p["money"]), (_("Storehouse"), p["goods_text"]),
                 (_("Free cells"), p["free"]),
                 (_("Colonists in the storehouse"),
                  _("{land} land, {sea} sea", land=p["stored"].get("land", 0),
                    sea=p["stored"].get("sea", 0))),
                 (_("Houses"), p["houses"]), (_("Cards in hand"), p["hand"]),
                 (_("Discard pile"), _("{count}, top: {card}", count=p["discard"],
                                       card=p["discard_top"]) if p["discard_top"] else "0")]
        rows.append(tag("article", join([
            tag("h3", paint.chip(p["name"]) + join(badges)),
            tag("dl", join(text("dt", k) + text("dd", v) for k, v in facts), "facts"),
            tag("p", text("span", _("Colonists:"), "label") + " "
                + esc("; ".join(p["colonists"]) or "—"), "colonists"),
        ]), "player", data_player=p["name"]))
    return tag("section", text("h2", _("Players")) + tag("div", join(rows), "players")
               + _so_far_table(view, paint), "panel")


def _so_far_table(view: dict[str, Any], paint: Painter) -> str:
    so_far = view["so_far"]
    if so_far is None:
        return ""
    rows = [tag("tr", tag("th", paint.chip(p["name"])) + text("td", p["total"], "total")
                + text("td", p["gods"])) for p in so_far["players"]]
    return tag("div", text("h3", _("Score so far")) + tag("table", join(rows), "so-far")
               + text("p", _("Rule: {rule}", rule=so_far["rule"]), "rule"), "so-far")
