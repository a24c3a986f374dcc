"""Tribune on the board page: the table's view of a game (``public``) and its drawing
(``draw``): the seven faction fields along the top, as on the board, the eight regions
below them, then each player's holdings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.board.html import Painter, esc, join, tag, text
from referee.i18n import translator

_ = translator("core")
tr = translator("tribune")

REGIONS = ("thermae", "forum", "latrine", "curia", "atrium", "catacombs", "pantheon", "mars")
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def public(game: Any) -> dict[str, Any]:
    """Cards are named when face up; hands are counts. While the Field of Mars pairs are
    being chosen (each goes to the discard pile as it is entered, all are shown together),
    the hand and discard counts that would tell who has chosen are withheld."""
    from referee.game.question import Form
    from referee.table import hidden
    from referee.tribune.cards import FACTIONS
    from referee.tribune.rulebook import COLOSSEUM, MONEY
    from referee.tribune.ui.render import phase_title
    from referee.tribune.ui.status import pile_count

    s, setup = game.state, game.setup
    names, edition = list(setup.players), setup.edition
    asked = game.pending()
    sealed = hidden.running(asked) and asked.form is Form.SEVERAL  # cards played face down
    withheld = set(s.spaces.get("mars", ())) if sealed else set()
    handed = Counter(f for p in s.players for f in p.markers)
    factions = [{
        "id": f.value, "name": tr.term(f.term),
        "controller": names[s.controllers[f]] if f in s.controllers else None,
        "laurel": f in s.field_laurels, "chariot": s.chariot is f,
        "set": [_card(c) for c in sorted(s.sets.get(f, []), key=lambda c: c.key)],
        "spaces": [[names[i] for i in s.spaces.get(f"{f.value}.{n}", ())] for n in (1, 2)],
        "markers_left": max(setup.settings["markers_per_faction"] - handed[f], 0),
    } for f in FACTIONS]
    return {
        "game": "tribune", "edition": _edition(edition), "round": s.round, "phase": s.phase,
        "heading": phase_title(s.round, s.phase), "start_player": names[s.start],
        "money": tr.term(MONEY[edition]), "colosseum_name": tr.term(COLOSSEUM[edition]),
        "colosseum": s.colosseum, "deck": pile_count(game),
        "discard": None if sealed else len(s.discard),
        "chariot": tr.term(s.chariot.term) if s.chariot else None,
        "proconsul": names[s.proconsul] if s.proconsul is not None else None,
        "factions": factions, "regions": _regions(game),
        "bowl": [names[i] for i in s.spaces.get("bowl", ())],
        "players": [_player(game, seat, seat in withheld) for seat in range(len(names))],
        "victory": _victory(game), "points_so_far": _points(game),
        "final": _final(game),
    }


def _edition(edition: str) -> str:
    from referee.tribune import EDITIONS

    return tr(EDITIONS[edition])


def _card(card: Any) -> dict[str, str]:
    from referee.tribune.ui.render import card_text

    return {"text": card_text(card), "faction": card.faction.value}


def _regions(game: Any) -> list[dict[str, Any]]:
    """Each region in board order: its card fields (a face-down card is None) and its
    follower spaces with who stands there."""
    from referee.tribune.rulebook import region_term

    s, setup = game.state, game.setup
    names, st = setup.players, setup.settings
    spaces = {"thermae": [f"thermae.{i}" for i in range(1, st["thermae_fields"] + 1)],
              "forum": [f"forum.{i}" for i in range(1, st["forum_fields"] + 1)],
              "latrine": ["latrine"],
              "curia": [f"curia.{i}" for i in range(1, st["curia_fields"] + 1)],
              "atrium": ["atrium.1", "atrium.2"],
              "catacombs": [f"catacombs.{p}" for p in st["catacombs_prices"]],
              "pantheon": [f"pantheon.{i}" for i in range(1, st["pantheon_spaces"] + 1)],
              "mars": ["mars"]}
    found = []
    for number, region in zip(NUMERALS, REGIONS, strict=True):
        fields = [[_card(slot.card) if slot.face_up and slot.card else None for slot in field]
                  for field in s.board.get(region, [])]
        found.append({
            "id": region, "number": number, "name": tr.term(region_term(region, setup.edition)),
            "fields": fields,
            "spaces": [{"label": sp.partition(".")[2],
                        "players": [names[i] for i in s.spaces.get(sp, ())]}
                       for sp in spaces[region]]})
    return found


def _player(game: Any, seat: int, withheld: bool) -> dict[str, Any]:
    s = game.state
    p = s.players[seat]
    tile = {"tribune": tr("Tribune"), "scroll": tr("Scroll")}.get(p.tile or "")
    return {"name": p.name, "money": p.money, "hand": None if withheld else len(p.hand),
            "legions": p.legions, "laurels": p.laurels,
            "markers": [tr.term(f.term) for f in p.markers], "marker_ids": [f.value for f in
                                                                           p.markers],
            "tile": tile, "eternal": p.eternal, "temporary": s.temporary == seat,
            "to_place": s.to_place[seat] if seat < len(s.to_place) else 0,
            "start": seat == s.start, "proconsul": s.proconsul == seat}


def _victory(game: Any) -> dict[str, Any] | None:
    """The victory card and each player's goals met: every holding it counts is public."""
    from referee.tribune.ui.status import progress
    from referee.tribune.victory import goal_term

    card = game.setup.victory
    if card is None:
        return None
    edition = game.setup.edition
    goals = [{"kind": g.kind, "name": tr.term(goal_term(g.kind, edition)),
              "threshold": g.threshold, "obligatory": g.obligatory} for g in card.goals]
    players = []
    for seat, p in enumerate(game.state.players):
        check = progress(game, seat)
        assert check is not None
        players.append({"name": p.name, "met": list(check.met), "needed": check.needed,
                        "qualifies": check.qualifies})
    return {"title": card.title, "goals": goals, "players": players}


def _points(game: Any) -> list[dict[str, Any]] | None:
    """With the point-value variant: what each player's public holdings are worth now."""
    from referee.errors import RefereeError
    from referee.tribune.scoring import score

    if game.setup.victory is not None or game.final_score() is not None:
        return None
    s = game.state
    found = []
    for seat, p in enumerate(s.players):
        try:
            points = score({"name": p.name, "tribune": p.tile == "tribune",
                            "scroll": p.tile == "scroll", "eternal_favor": p.eternal,
                            "temporary_favor": s.temporary == seat, "legions": p.legions,
                            "laurels": p.laurels, "faction_markers": len(p.markers),
                            "denarii": p.money}).total
        except RefereeError:
            return None
        found.append({"name": p.name, "points": points})
    return found


def _final(game: Any) -> dict[str, Any] | None:
    """The final score: each category's points and how they were counted."""
    from referee.tribune.scoring import DENARII_STEP, POINTS, explain
    from referee.tribune.ui.render import ruling_text
    from referee.tribune.ui.score import category_name

    result = game.final_score()
    if result is None:
        return None
    edition = game.setup.edition
    players = []
    for score in result.scores:
        lines = []
        for key, points in score.breakdown.items():
            each = POINTS[key]
            count = points // each if each else 0
            if key == "denarii":
                why = _("{count} × {each} (one for every {step})", count=count, each=each,
                        step=DENARII_STEP)
            elif key in ("legions", "laurels", "faction_markers"):
                why = _("{count} × {each}", count=count, each=each)
            else:  # a tile, a favor, the bonus: held or not
                why = _("held") if points else _("not held")
            lines.append({"label": category_name(key, edition), "points": points, "why": why})
        players.append({"name": score.name, "place": score.place, "total": score.total,
                        "lines": lines, "qualified": score.qualified})
    return {"players": players, "notes": [ruling_text(r) for r in explain(list(result.scores))]}


# ---------------------------------------------------------------------------- drawing


def draw(view: dict[str, Any], paint: Painter) -> str:
    return join([_board(view, paint), _players(view, paint)])


def _cards(cards: list[Any]) -> str:
    return join(tag("span", "", "tcard back", title=_("face down")) if c is None
                else text("span", c["text"], f"tcard f-{c['faction']}") for c in cards)


def _faction(f: dict[str, Any], paint: Painter) -> str:
    spaces = join(tag("span", text("b", n) + join(paint.dot(p) for p in who), "space")
                  for n, who in zip(("1", "2"), f["spaces"], strict=True))
    marks = []
    if f["laurel"]:
        marks.append(text("span", _("laurel on the field"), "laurel"))
    if f["chariot"]:
        marks.append(text("span", _("blocked by the chariot"), "chariot"))
    marks.append(text("span", _("{n} markers left", n=f["markers_left"]), "markers"))
    controller = (paint.chip(f["controller"]) if f["controller"]
                  else text("span", _("nobody"), "none"))
    return tag("div", join([
        text("div", f["name"], "fname"), tag("div", spaces, "spaces"),
        tag("div", text("span", _("Controller:"), "label") + " " + controller, "ctl"),
        tag("div", _cards(f["set"]), "set"), tag("div", join(marks), "marks"),
    ]), f"faction f-{f['id']}" + (" blocked" if f["chariot"] else ""),
        data_controller=f["controller"] or "")


def _region(r: dict[str, Any], paint: Painter) -> str:
    fields = join(tag("div", _cards(field), "field") for field in r["fields"])
    spaces = join(tag("span", (text("b", s["label"]) if s["label"] else "")
                      + join(paint.dot(p) for p in s["players"]), "space")
                  for s in r["spaces"])
    return tag("div", join([
        tag("h3", text("span", r["number"], "num") + " " + esc(r["name"])),
        tag("div", fields or text("span", _("no cards"), "none"), "fields"),
        tag("div", spaces, "spaces")]), f"region r-{r['id']}")


def _board(view: dict[str, Any], paint: Painter) -> str:
    factions = join(_faction(f, paint) for f in view["factions"])
    regions = join(_region(r, paint) for r in view["regions"])
    bowl = tag("div", join([tag("h3", esc(_("Coin bowl"))),
                            tag("div", join(paint.dot(p) for p in view["bowl"])
                                or text("span", _("empty"), "none"), "spaces")]),
               "region r-bowl")
    facts = [(_("Draw pile"), view["deck"]),
             (_("Discard pile"), _("hidden until the pairs are shown")
              if view["discard"] is None else view["discard"]),
             (view["colosseum_name"], view["colosseum"]),
             (_("Chariot"), view["chariot"] or _("off the board")),
             (_("Proconsul"), view["proconsul"] or "—"),
             (_("Start player"), view["start_player"])]
    pieces = tag("dl", join(text("dt", k) + text("dd", v) for k, v in facts), "facts")
    return tag("section", join([
        text("h2", _("Factions")), tag("div", factions, "factions"),
        text("h2", _("Regions")), tag("div", regions + bowl, "regions"), pieces,
    ]), "panel board tribune")


def _players(view: dict[str, Any], paint: Painter) -> str:
    rows = []
    for p in view["players"]:
        badges = [text("span", b, "badge") for b in (
            p["tile"], _("eternal favor") if p["eternal"] else None,
            _("temporary favor") if p["temporary"] else None,
            _("start player") if p["start"] else None,
            _("Proconsul") if p["proconsul"] else None) if b]
        hand = _("hidden until the pairs are shown") if p["hand"] is None else p["hand"]
        facts = [(view["money"].capitalize(), p["money"]), (_("Cards in hand"), hand),
                 (_("Legions"), p["legions"]), (_("Laurels"), p["laurels"]),
                 (_("Faction markers"), len(p["markers"]))]
        if view["phase"] == 2:
            facts.append((_("Followers to place"), p["to_place"]))
        markers = join(text("span", m, f"marker f-{i}")
                       for m, i in zip(p["markers"], p["marker_ids"], strict=True))
        rows.append(tag("article", join([
            tag("h3", paint.chip(p["name"]) + join(badges)),
            tag("dl", join(text("dt", k) + text("dd", v) for k, v in facts), "facts"),
            tag("div", markers, "markers") if markers else "",
        ]), "player", data_player=p["name"]))
    return tag("section", text("h2", _("Players")) + tag("div", join(rows), "players")
               + _score(view, paint), "panel")


def _score(view: dict[str, Any], paint: Painter) -> str:
    victory, points = view["victory"], view["points_so_far"]
    if view["final"] is not None:
        return ""
    if victory is not None:
        head = [text("th", victory["title"])] + [
            text("th", g["name"] + (f" {g['threshold']}" if g["threshold"] is not None else "")
                 + (" !" if g["obligatory"] else ""), "goal") for g in victory["goals"]]
        head.append(text("th", _("met / needed")))
        rows = [tag("tr", join([tag("th", paint.chip(p["name"]))]
                               + [text("td", "✓" if g["kind"] in p["met"] else "·",
                                       "met" if g["kind"] in p["met"] else "")
                                  for g in victory["goals"]]
                               + [text("td", f"{len(p['met'])}/{p['needed']}",
                                       "met" if p["qualifies"] else "")]))
                for p in victory["players"]]
        table = tag("div", tag("table", tag("tr", join(head)) + join(rows), "goals"), "scroll")
        return tag("div", text("h3", _("Victory card (! obligatory)")) + table, "so-far")
    if points is not None:
        items = join(tag("li", paint.chip(p["name"]) + " " + text("b", p["points"]))
                     for p in points)
        return tag("div", text("h3", _("Points if the game ended now")) + tag("ul", items),
                   "so-far")
    return ""
