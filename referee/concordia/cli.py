"""``referee concordia``: the command table, and Concordia's own commands (``new`` with its
setup, ``score``, ``setup``, ``map``, ``simulate``); the shared table commands are
``referee.cli.table``'s and the ``check`` calculators are in ``ui/check.py``.

Engines, TinyDB and questionary are imported inside the commands so ``referee --help`` stays
fast. Every prompt has a flag or file equivalent; nothing prompts off a terminal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.options import BOARD_HELP, NEW_JSON_HELP
from referee.cli.registry import Command, table_commands
from referee.cli.results import DATE_OPTION, IRREGULAR_OPTION, MINUTES_OPTION, SAVE_OPTION
from referee.concordia import DOMAIN
from referee.concordia.rulebook import bad_input
from referee.concordia.ui.positions import (
    JSON_HELP,
    SESSION_HELP,
    board_side,
    box,
    read_input,
    session_setup,
)
from referee.i18n import N_, translator

if TYPE_CHECKING:
    from referee.concordia.deal import Deal

_ = translator(DOMAIN)
DEAL_NAMES = {"virtual": N_("the referee deals"), "table": N_("dealt at the table")}

CHECK = "referee.concordia.ui.check:app"
CHECK_HELP = N_("Rule calculators: house, card, trade, prefect, tribune, colonist, interim, "
                "vesta.")
#: ``referee concordia …``, in the order the help lists them (see referee.cli.registry)
COMMANDS = {
    "new": Command("referee.concordia.cli:new", N_(
        "Start a guided game: seats, board side, city tokens and market (dealt here or typed "
        "from the board), then turn by turn to the final score."), DOMAIN),
    **table_commands("referee.concordia.ui.table:CONCORDIA"),
    "score": Command("referee.concordia.cli:score", N_(
        "Final scoring: a table per player and god, the ranking and the tie-break."), DOMAIN),
    "check": Command(CHECK, CHECK_HELP, DOMAIN),
    "setup": Command("referee.concordia.cli:setup", N_(
        "Deal city tokens, province markers and the card market; money, storehouse and "
        "Praefectus Magnus by seat. Saved so scoring knows each city's good."), DOMAIN),
    "map": Command("referee.concordia.cli:show_map", N_(
        "Show a board side: provinces, letters, cities and their routes (routes come from one "
        "source: check them on the board)."), DOMAIN),
    "simulate": Command("referee.concordia.cli:simulate", N_(
        "Play random legal games to the end and check that cards, money, goods and colonists "
        "are all accounted for after each entry."), DOMAIN),
    "calc": Command(CHECK, CHECK_HELP, DOMAIN, hidden=True),  # the calculators' old name
}
BOTH = "both"


def new(
    player: list[str] = typer.Option([], "--player", help=_(
        "NAME or NAME:COLOUR, once per player in clockwise order.")),
    map_name: str | None = typer.Option(None, "--map", help=_("Board side: imperium or "
                                                              "italia.")),
    start: str | None = typer.Option(None, "--start", help=_(
        "The start player (default: drawn by the deal, or the first player of --setup).")),
    seed: int | None = typer.Option(None, "--seed", help=_(
        "Seed of the deal (the same seed deals the same game).")),
    setup_file: Path | None = typer.Option(None, "--setup", help=_(
        "JSON with the city goods and the display as laid out on the table (see "
        "docs/concordia.md); without it the referee deals.")),
    no_play: bool = typer.Option(False, "--no-play", help=_("Only create the session.")),
    as_json: bool = typer.Option(False, "--json", help=NEW_JSON_HELP),
    board: bool = typer.Option(False, "--board", help=BOARD_HELP),
) -> None:
    from referee.cli.table import start_game
    from referee.terminal.prompter import make_prompter

    names = [p.partition(":")[0].strip() for p in player]
    colours = {p.partition(":")[0].strip(): p.partition(":")[2].strip() or None for p in player}
    pause = None
    if not player or map_name is None:
        from referee.concordia.ui.setup_flow import ask_new

        prompter = make_prompter(_("give --player (each, clockwise) and --map"))
        the_box = box()
        map_id = None if map_name is None else board_side(map_name)[1].id
        plan = ask_new(prompter, the_box, names, colours, map_id, start,
                       board=setup_file is None)
        names, colours, map_name, start = (list(plan.names), plan.colours, plan.map_id,
                                           plan.start)
        if plan.layout is not None:
            from referee.concordia.setup import Setup
            from referee.concordia.ui.table import CONCORDIA

            setup = Setup.from_json(plan.layout, the_box)
            start_game(CONCORDIA, setup, colours, {}, no_play, as_json)
            return
        pause = _pause(prompter)
    setup = _setup(map_name, names, start, seed, setup_file, checklist=not as_json,
                   pause=pause)
    from referee.concordia.ui.table import CONCORDIA

    start_game(CONCORDIA, setup, colours, {}, no_play, as_json, board)


def _pause(prompter: Any) -> Any:
    """Wait, between two parts of the checklist, for the table to lay out the first."""
    from referee.terminal.asking import Line

    def pause() -> None:
        prompter.line(Line(_("Laid out? Enter for the next part")), lambda text, at: True)
    return pause


def _setup(map_name: str, names: list[str], start: str | None, seed: int | None,
           setup_file: Path | None, checklist: bool = True, pause: Any = None) -> Any:
    import secrets  # here: it brings random, hmac and base64, which other commands need not

    from referee.concordia.deal import deal
    from referee.concordia.setup import Setup
    from referee.i18n import N_

    the_box, game_map = board_side(map_name)
    if setup_file is None:
        dealt = deal(the_box, game_map.id, names,
                     secrets.randbelow(10**6) if seed is None else seed, start)
        if checklist:  # under --json stdout holds the JSON document alone
            from referee.concordia.ui.checklist import print_checklist

            print_checklist(dealt, the_box, None, pause)
        return Setup.from_deal(dealt)
    if start is not None and start not in names:
        raise bad_input(N_("The start player {name} is not one of the players."),
                        name=start)
    first = names.index(start) if start else 0
    raw = read_input(setup_file)
    if not isinstance(raw, dict):
        raw = {}
    return Setup.from_json({**raw, "map": game_map.id,
                                "players": [*names[first:], *names[:first]]}, the_box)


def score(
    input_file: Path | None = typer.Option(None, "--input", help=_(
        "JSON file with map, cities and players (see docs/concordia.md); without it the "
        "referee asks.")),
    session: str | None = typer.Option(None, "--session", help=SESSION_HELP),
    save_input: Path | None = typer.Option(None, "--save-input", help=_(
        "Write the answers to this JSON file, to score again with --input.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    save: bool = SAVE_OPTION,
    day: str | None = DATE_OPTION,
    minutes: int | None = MINUTES_OPTION,
    irregular: bool = IRREGULAR_OPTION,
) -> None:
    from referee.cli.results import parse_day, report_score
    from referee.concordia.end_state import read_end_state
    from referee.concordia.model import map_index
    from referee.concordia.scoring import outcome, score_game
    from referee.i18n import N_

    played = parse_day(day)
    the_box = box()
    setup = session_setup(session) if session else None
    if input_file is not None:
        raw = read_input(input_file)
    else:  # the prompts are loaded only when the table is asked
        from referee.concordia.ui.forms import interview
        from referee.terminal import prompter as prompting

        asker = prompting.make_prompter(_("use --input FILE.json (see docs/concordia.md)."))
        raw = interview(asker, the_box, setup["cities"] if setup else None,
                        setup["map"] if setup else None)
        if save_input is not None:
            save_input.write_text(json.dumps(raw, ensure_ascii=False, indent=2) + "\n",
                                  encoding="utf-8")
    if setup and isinstance(raw, dict):
        given = map_index(the_box).find(str(raw.get("map", setup["map"])))
        if given not in (None, setup["map"]):
            raise bad_input(N_("The input is for the {map} map, the session for {session_map}."),
                            map=given, session_map=setup["map"])
        raw = {**raw, "map": raw.get("map", setup["map"])}
    game, found = read_end_state(raw, the_box, setup and setup["cities"], irregular)
    sheet = score_game(game, the_box)
    first = next((p.name for p in game.players if p.seat == 1), None)
    shared = outcome(sheet, game)
    from referee.concordia.ui import score as sheets

    report_score(shared, raw, found, as_json=as_json,
                 sheet_json=lambda: sheets.sheet_json(sheet, the_box),
                 print_sheet=lambda: sheets.print_sheet(sheet, the_box),
                 save=save, day=played, minutes=minutes, start_player=first,
                 options={"from_session": session} if session else None)


def simulate(
    players: int = typer.Option(4, "--players", min=2, max=5, help=_("Players per game (2–5).")),
    games: int = typer.Option(10, "--games", min=1, help=_("How many games to play.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed: the same seed plays the same games.")),
    map_name: str = typer.Option(BOTH, "--map", help=_(
        "Board side: imperium, italia or both (each side only for the player counts it is "
        "made for).")),
    deal: str = typer.Option(BOTH, "--deal", help=_(
        "virtual (the referee deals and knows the draw pile), table (the group lays out the "
        "board and enters each card turned up) or both.")),
    checks: bool = typer.Option(True, "--checks/--no-checks",
                                help=_("Check the invariants after every entry.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.simulate import DEALS
    from referee.concordia.simulate import simulate as play
    from referee.terminal.output import print_json

    the_box = box()
    maps = tuple(the_box.maps) if map_name == BOTH else (board_side(map_name)[1].id,)
    if deal not in (*DEALS, BOTH):
        raise bad_input(N_("{option} must be one of {choices}"), option="--deal",
                        choices=", ".join((*DEALS, BOTH)))
    summary = play(the_box, players, games, seed, maps=maps,
                   deals=DEALS if deal == BOTH else (deal,), check=checks)
    if as_json:
        print_json(summary)
    else:
        _print_simulation(summary)
    if summary["invariant_violations"]:
        raise typer.Exit(1)


def _print_simulation(summary: dict[str, Any]) -> None:
    from referee.concordia.wording import plural
    from referee.terminal.output import print_line

    def turns(n: int) -> Any:
        return plural("{n} turn", "{n} turns", n)

    print_line(_.plural("{n} game ({players}): {turns}, {finished} finished, {violations}; "
                        "{seconds} s ({rate} games/s)",
                        "{n} games ({players}): {turns}, {finished} finished, {violations}; "
                        "{seconds} s ({rate} games/s)", summary["games"],
                        players=plural("{n} player", "{n} players", summary["players"]),
                        turns=turns(summary["turns"]), finished=summary["finished"],
                        violations=plural("{n} invariant violation", "{n} invariant violations",
                                          summary["invariant_violations"]),
                        seconds=summary["seconds"], rate=summary["games_per_second"]))
    for setting in summary["by_setting"]:
        print_line(_.plural("  {map}, {deal}: {n} game, {turns}",
                            "  {map}, {deal}: {n} games, {turns}", setting["games"],
                            map=_(box().maps[setting["map"]].name),
                            deal=_(DEAL_NAMES[setting["deal"]]), turns=turns(setting["turns"])))
    for example in summary["violation_examples"]:
        print_line(f"  {example}")


def setup(
    map_name: str = typer.Option(..., "--map", help=_("Board side: imperium or italia.")),
    players: int = typer.Option(..., "--players", min=2, max=5, help=_("Number of players.")),
    seed: int | None = typer.Option(None, "--seed", help=_("Seed for the shuffles (the same "
                                                              "seed deals the same game).")),
    names: list[str] = typer.Option([], "--name", help=_("Player names in clockwise order "
                                                         "(repeatable).")),
    start_player: str | None = typer.Option(None, "--start-player", help=_(
        "Start player (default: drawn at random).")),
    no_save: bool = typer.Option(False, "--no-save", help=_("Do not save a session.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    import secrets  # here: it brings random, hmac and base64, which other commands need not

    from referee.concordia.deal import deal
    from referee.i18n import N_

    the_box, game_map = board_side(map_name)
    if names and len(names) != players:
        raise bad_input(N_("{count} names for {players} players."), count=len(names),
                        players=players)
    names = names or [_("Player {n}", n=n) for n in range(1, players + 1)]
    dealt = deal(the_box, game_map.id, names, secrets.randbelow(10**6) if seed is None else seed,
                 start_player)
    session_id = None if no_save else _save(dealt)
    if as_json:
        from referee.concordia.ui.rulings import rulings_json
        from referee.terminal.output import print_json
        from referee.values import asdict

        print_json({**dealt.payload(), "session": session_id,
                    "seats": [asdict(s) for s in dealt.seats],
                    "display": [asdict(c) for c in dealt.display],
                    "draw_pile": [asdict(c) for c in dealt.draw_pile],
                    "unused_decks": list(dealt.unused_decks),
                    "rulings": rulings_json(dealt.rulings)})
        return
    from referee.concordia.ui.checklist import print_checklist

    print_checklist(dealt, the_box, session_id)


def _save(dealt: Deal) -> str:
    from referee.settings import settings
    from referee.store import EventDraft, Header, SessionStore

    names = [s.name for s in dealt.seats]
    header = Header.new(game="concordia", edition="base", players=names, start_player=names[0],
                        options={"map": dealt.map_id, "seed": dealt.seed})
    setup = EventDraft(type="setup", payload=dealt.payload(), actor="referee", source="derived")
    with SessionStore(settings().sessions_dir).create(header, [setup]) as session:
        return session.id


def show_map(
    map_name: str = typer.Option("imperium", "--map", help=_("Board side: imperium or "
                                                             "italia.")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    from referee.concordia.box import ROMA
    from referee.terminal.output import console, print_json

    the_box, game_map = board_side(map_name)
    land = the_box.neighbours(game_map.id, "land")
    sea = the_box.neighbours(game_map.id, "sea")
    routes = the_box.routes(game_map.id)
    if as_json:
        print_json({"map": game_map.id, "provinces": {
            p.name: {"letter": p.letter, "cities": list(p.cities)}
            for p in game_map.provinces.values()},
            "land": land, "sea": sea, "routes_confidence": routes["confidence"]})
        return
    from rich.table import Table

    table = Table(_("Province"), _("Letter"), _("City"), _("Land routes"), _("Sea routes"),
                  title=_(game_map.name))
    for province in game_map.provinces.values():
        for city in province.cities:
            table.add_row(board_name(province.name), province.letter, board_name(city),
                          _names(land.get(city, [])), _names(sea.get(city, [])))
    table.add_row("", "", board_name(ROMA), _names(land.get(ROMA, [])), _names(sea.get(ROMA, [])))
    console().print(table)
    console().print(_("* Routes: {confidence} source, editable in the data files (see "
                      "docs/concordia.md).", confidence=routes["confidence"]), style="dim",
                    markup=False)


def board_name(name: str) -> str:
    """A place in the current language, with the board's Latin beside it when they differ
    (as the Russian rulebook writes "Массилия (Massilia)"), so it can be found on the board."""
    shown = _(name)
    return shown if shown == name else f"{shown} ({name})"


def _names(places: list[str]) -> str:
    return ", ".join(_(p) for p in places)
