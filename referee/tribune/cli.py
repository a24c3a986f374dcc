"""``referee tribune …``: the random-play simulator here, the table commands from ``ui``."""

from __future__ import annotations

import typer

from referee.i18n import N_, translator
from referee.tribune import SUMMARY
from referee.tribune.ui.commands import checks, register

_ = translator("tribune")

app = typer.Typer(help=_(SUMMARY), no_args_is_help=True)
register(app)  # guided play, status, scoring
#: groups built only by a run that may use them (see referee.cli.app._with_deferred)
DEFERRED = {"check": checks}

_BOTH = "both"


@app.command(help=_("Play random legal games to the end and check the invariants after "
                   "every entry."))
def simulate(
    players: int = typer.Option(4, "--players", min=2, max=5, help=_("Players per game (2–5).")),
    games: int = typer.Option(10, "--games", min=1, help=_("How many games to play.")),
    seed: int = typer.Option(0, "--seed", help=_("Seed: the same seed plays the same games.")),
    mode: str = typer.Option(_BOTH, "--mode", help=_("Deck mode: table, virtual or both.")),
    edition: str = typer.Option(_BOTH, "--edition",
                                help=_("Edition: ffg, heidelberger or both.")),
    variant: str = typer.Option(_BOTH, "--variant",
                                help=_("Victory: card, points or both.")),
    checks: bool = typer.Option(True, "--checks/--no-checks",
                                help=_("Check the invariants after every entry.")),
    as_json: bool = typer.Option(False, "--json", help=_("Print machine-readable JSON.")),
) -> None:
    from referee.terminal.output import print_json
    from referee.tribune import simulate as sim
    from referee.tribune.errors import TribuneInputError

    def pick(value: str, choices: tuple[str, ...], option: str) -> tuple[str, ...]:
        if value == _BOTH:
            return choices
        if value not in choices:
            raise TribuneInputError(N_("{option} must be one of {choices}"), option=option,
                                    choices=", ".join((*choices, _BOTH)))
        return (value,)

    summary = sim.simulate(players, games, seed, modes=pick(mode, sim.MODES, "--mode"),
                           editions=pick(edition, sim.EDITIONS, "--edition"),
                           variants=pick(variant, sim.VARIANTS, "--variant"), check=checks)
    if as_json:
        print_json(summary)
    else:
        _print_summary(summary, players)
    if summary["invariant_violations"]:
        raise typer.Exit(1)


def _print_summary(summary: dict, players: int) -> None:
    from referee.terminal.output import console

    console().print(_("{games} games ({players} players), {rounds} rounds, {finished} finished, "
                      "{violations} invariant violations, {seconds} s ({rate} games/s)",
                      games=summary["games"], players=players, rounds=summary["rounds"],
                      finished=summary["finished"],
                      violations=summary["invariant_violations"],
                      seconds=summary["seconds"], rate=summary["games_per_second"]))
    for example in summary["violation_examples"]:
        console().print(f"  {example}", markup=False)
