"""Shell completion: the scripts for bash, zsh and fish, and what a value completes to.

Typer's own ``--show-completion`` is a bare flag that guesses the shell (``--show-completion
zsh`` printed bash's script); :func:`script_request` answers it, and ``--install-completion``,
for the shell named after it, and leaves the bare flags to Typer's guess. What a value
completes to is the command's own business: session ids in ``referee.settings``, card
codes and factions in ``referee.tribune.ui.completion``, cities in
``referee.concordia.ui.completion``; they run in the completion process, which builds the
whole command tree (``referee.cli.app.build``).
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
