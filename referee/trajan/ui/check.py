"""``referee trajan check``: the rule calculators (quarter end, sowing, ships, construction,
military), each the code the guided game runs, on a position given by flags or a file."""

from __future__ import annotations

from pathlib import Path

import typer

from referee.i18n import N_, translator

_ = translator("trajan")
app = typer.Typer(no_args_is_help=True)
military = typer.Typer(help=_("Military: leader moves and legionary points."),
                       no_args_is_help=True)
app.add_typer(military, name="military")

JSON_HELP = _("Print machine-readable JSON.")
INPUT_HELP = _("Read the answers from this JSON file instead of asking.")


def _quarter_doc(path: Path | None) -> dict:
    """The quarter's holdings: from --input, or asked at the terminal."""
    from referee.data import read_json

    if path is not None:
        return read_json(path)
    from referee.terminal.prompter import make_prompter
    from referee.trajan.ui import forms

    return forms.quarter_doc(make_prompter(_("use --input FILE.json")))


@app.command("quarter-end", help=_("Quarter end: demands, penalties, senate vote, consuls, new "
                                   "senate stack and the board refresh checklist."))
def quarter_end(
    input: Path | None = typer.Option(None, "--input", help=INPUT_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import quarter
    from referee.trajan.ui import views

    doc = _quarter_doc(input)
    if input is None:
        _choose_ways(doc)
    result = quarter.end_quarter(quarter.parse_input(doc))
    if input is None and doc.get("bonus_tiles") and "first_consul_takes" not in doc:
        from referee.terminal.prompter import make_prompter
        from referee.trajan.ui import forms

        doc["first_consul_takes"] = forms.first_consul_choice(
            make_prompter(_("use --input FILE.json")), result.votes[0].name, doc["bonus_tiles"])
        result = quarter.end_quarter(quarter.parse_input(doc))
    if as_json:
        print_json(result.to_json())
    else:
        views.quarter_end(result)


def _choose_ways(doc: dict) -> None:
    """At a terminal, each player with more than one legal way to meet the demands chooses
    one, as in the guided game (``quarter.ways``): it goes in the document as ``meet``."""
    from referee.terminal.prompter import make_prompter
    from referee.trajan import quarter
    from referee.trajan.ui import forms

    read = quarter.parse_input(doc)
    for raw, player in zip(doc["players"], read.players, strict=True):
        options = quarter.ways(player, read.demands)
        if len(options) > 1:
            way = forms.demand_choice(make_prompter(_("use --input FILE.json")), player.name,
                                      options)
            raw["meet"] = {"forum": way.forum, "wilds": way.wilds}


@app.command(help=_("Sowing: where the markers go, the action, the time marker and the Trajan "
                    "tile; or, with --reach, which trays lead to an action."))
def sow(
    trays: str = typer.Option(..., "--trays", help=_(
        "Markers per tray I..VI: counts (2,2,2,2,2,2) or colour letters (yo,gw,..., or "
        "those of your language).")),
    origin: str | None = typer.Option(None, "--from", help=_(
        "Tray to pick up (I..VI or 1..6).")),
    reach: str | None = typer.Option(None, "--reach", help=_("Action or tray to reach this "
                                                                "turn.")),
    tile: list[str] = typer.Option([], "--tile", help=_("Trajan tile beside a tray, e.g. "
                                                        "IV=yo or IV=yo:worker1 (repeatable).")),
    time: int | None = typer.Option(None, "--time", help=_("Spaces the time marker stands "
                                                              "past the start space.")),
    players: int | None = typer.Option(None, "--players", help=_("Player count (sets the "
                                                                    "lap length).")),
    lap: int | None = typer.Option(None, "--lap", help=_("Spaces in one lap, as counted on "
                                                            "your board.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import sowing, time_track
    from referee.trajan import wheel as w
    from referee.trajan.rulebook import bad_input
    from referee.trajan.ui import views

    if (origin is None) == (reach is None):
        raise bad_input(N_("Give exactly one of --from and --reach"))
    if time is not None and players is None and lap is None:
        raise bad_input(N_("--time needs --players or --lap to know the lap length"))
    wheel = w.parse_wheel(trays)
    tiles = dict(sowing.parse_tile(t) for t in tile)
    clock = time_track.lap_length(players, lap) if time is not None else None
    if origin is not None:
        plans = [sowing.plan(wheel, w.parse_tray(origin), tiles, time, clock)]
    else:
        assert reach is not None  # exactly one of --from/--reach was checked above
        plans = sowing.options(wheel, _target(reach), tiles, time, clock)
    if as_json:
        print_json({"plans": [p.to_json() for p in plans]})
    else:
        views.plans(plans, reach is not None)


def _target(text: str) -> int:
    from referee.trajan import box
    from referee.trajan import wheel as w

    actions = box.value("wheel", "tray_actions")
    return actions.index(text.lower()) if text.lower() in actions else w.parse_tray(text)


@app.command(help=_("Seaport: check a set of commodity cards against each ship and side."))
def ship(
    cards: str = typer.Option("", "--cards", help=_("Cards to load, comma-separated, e.g. "
                                                     "wine,wine,fish.")),
    wilds: int = typer.Option(0, "--wilds", min=0, help=_("Commodity wild tiles you may add.")),
    grey: str = typer.Option("", "--grey", help=_("Ships showing their grey side: same, pairs, "
                                                   "different.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import ships
    from referee.trajan.ui import views

    found = ships.check_hand(ships.parse_cards(cards), wilds,
                             {g.strip() for g in grey.split(",") if g.strip()})
    if as_json:
        print_json({"ships": [s.to_json() for s in found]})
    else:
        views.rulings_only([s.ruling for s in found])


@military.command(help=_("Where the leader may go from a place, or check one move."))
def move(
    start: str = typer.Option(..., "--from", help=_("Where the leader stands (camp or a "
                                                    "province).")),
    goal: str | None = typer.Option(None, "--to", help=_("Where the leader should go.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import military as m
    from referee.trajan.ui import views

    start = m.check_place(start)
    if goal is None:
        found = m.neighbours(start)
        if as_json:
            print_json({"from": start, "neighbours": found})
        else:
            views.neighbours(start, found)
        return
    goal = m.check_place(goal)
    done = m.move_leader(start, goal)
    if as_json:
        print_json({"from": start, "to": goal, "ruling": done.to_json()})
    else:
        views.rulings_only([done])


@military.command(help=_("Points for sending a legionary to the leader's province."))
def legionary(
    province: str = typer.Option(..., "--province", help=_("The leader's province.")),
    others: int = typer.Option(0, "--others", help=_("Other players' legionaries already "
                                                     "there.")),
    already: bool = typer.Option(False, "--already", help=_("You already have a legionary "
                                                            "there.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import military as m
    from referee.trajan.ui import views

    province = m.check_place(province)
    vp, done = m.place_legionary(province, others, already)
    if as_json:
        print_json({"province": province, "vp": vp, "ruling": done.to_json()})
    else:
        views.rulings_only([done])


@app.command(help=_("Construction: legal cells for your next worker, or what placing it "
                    "there gives."))
def build(
    mine: str = typer.Option("", "--mine", help=_("Cells holding your workers, e.g. B2,B3.")),
    to: str | None = typer.Option(None, "--to", help=_("Cell for the new worker.")),
    tile: str | None = typer.Option(None, "--tile", help=_("Building tile on that cell, as "
                                                              "kind:VP (e.g. window:4); omit "
                                                              "if none.")),
    owned: str = typer.Option("", "--owned", help=_("Building tile kinds you already have.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.terminal.output import print_json
    from referee.trajan import construction as c
    from referee.trajan.ui import views

    cells = {c.parse_cell(x) for x in mine.split(",") if x.strip()}
    if to is None:
        legal = [c.name(x) for x in c.legal_cells(cells)]
        if as_json:
            print_json({"legal": legal})
        else:
            views.cells(legal)
        return
    placed = c.place(cells, c.parse_cell(to), _tile(tile) if tile else None,
                     {k.strip() for k in owned.split(",") if k.strip()})
    if as_json:
        print_json(placed.to_json())
    else:
        views.rulings_only(placed.rulings)


def _tile(text: str) -> tuple[str, int]:
    from referee.numbers import parse_whole
    from referee.trajan import box
    from referee.trajan.rulebook import bad_input
    from referee.trajan.terms import word_id

    kind, _sep, vp = text.partition(":")
    points = parse_whole(vp)
    if points is None or points < 0:
        raise bad_input(N_("--tile is kind:VP, e.g. window:4"))
    return word_id(kind.strip(), box.value("construction", "kinds")), points
