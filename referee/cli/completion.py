"""Shell completion: the scripts for bash, zsh and fish, and what a value completes to.

Typer's own ``--show-completion`` is a bare flag that guesses the shell (``--show-completion
zsh`` printed bash's script); :func:`script_request` answers it, and ``--install-completion``,
for the shell named after it, and leaves the bare flags to Typer's guess. The completers
below are attached to the options that take card codes, factions, cities and session ids;
they run in the completion process, which builds the whole command tree
(``referee.cli.app.build``).
"""

from __future__ import annotations

from referee.i18n import translator

_ = translator("core")
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
PROG = "referee"
COMPLETE_VAR = "_REFEREE_COMPLETE"


def script_request(args: list[str]) -> int | None:
    """Answer ``--show-completion SHELL`` and ``--install-completion SHELL`` (also written
    ``--show-completion=SHELL``) before the command line is parsed; None for anything else,
    including the bare options, which Typer answers for the shell it detects."""
    for i, arg in enumerate(args):
        flag, _eq, given = arg.partition("=")
        if flag not in ("--show-completion", "--install-completion"):
            if not arg.startswith("-"):
                return None  # a command word: the options belong to the root only
            continue
        shell = given or (args[i + 1] if i + 1 < len(args) else "")
        if not shell:
            return None
        return _answer(flag, shell)
    return None


def _answer(flag: str, shell: str) -> int:
    import typer
    from typer import _completion_shared as shared

    from referee.terminal.output import print_error

    if shell not in SHELLS:
        print_error(_("Completion is made for {shells}, not {shell}.",
                      shells=", ".join(SHELLS), shell=shell))
        return 2
    if flag == "--show-completion":
        typer.echo(shared.get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR,
                                                shell=shell))
    else:
        shell, path = shared.install(shell=shell, prog_name=PROG, complete_var=COMPLETE_VAR)
        typer.echo(_("Completion for {shell} installed in {path}; it works in new terminals.",
                     shell=shell, path=str(path)))
    return 0


# -- what values complete to ---------------------------------------------------------------
def _last_item(incomplete: str) -> tuple[str, str]:
    """``sen4,gla`` → (``sen4,``, ``gla``): lists complete their last item."""
    cut = max(incomplete.rfind(","), incomplete.rfind(" ")) + 1
    return incomplete[:cut], incomplete[cut:]


def factions(incomplete: str) -> list[str]:
    from referee.tribune.cards import FACTIONS

    words = [f.value for f in FACTIONS] + [f.code for f in FACTIONS]
    return [w for w in words if w.startswith(incomplete.lower())]


def card_codes(incomplete: str) -> list[str]:
    """Tribune card codes (``sen4``), the last of a comma-separated list."""
    from referee.tribune.ui.codes import ALL_CODES

    done, last = _last_item(incomplete)
    return [done + code for code in ALL_CODES if code.startswith(last.lower())]


def faction_sets(incomplete: str) -> list[str]:
    """``FACTION=CARDS``: the faction first, then its card codes."""
    name, sep, cards = incomplete.partition("=")
    if not sep:
        return [f + "=" for f in factions(name)]
    return [f"{name}={c}" for c in card_codes(cards)]


def cities(incomplete: str) -> list[str]:
    """Concordia city names of both board sides."""
    from referee.concordia.box import load_box

    names = sorted({c for m in load_box().maps.values() for c in m.cities})
    return [n for n in names if n.casefold().startswith(incomplete.casefold())]


def city_goods(incomplete: str) -> list[str]:
    """``NAME=GOOD``: the city first."""
    name, sep, _good = incomplete.partition("=")
    return [c + "=" for c in cities(name)] if not sep else []
