"""What Ctrl-C does in the ``referee`` script: the run ends at once, with exit code 130 and
one line on standard error.

``referee.cli.main.run`` installs the handler before it loads anything else. Ending the
process in the handler, rather than raising ``KeyboardInterrupt``, leaves nothing that could
swallow the interrupt: Typer turns a ``KeyboardInterrupt`` met inside a command into a
silent exit code, and one raised while a finaliser or an import's callback runs is only
reported, and the run goes on. Stopping there is stopping between two writes: every write
holds Ctrl-C back until it is whole (``referee.store.files.no_interrupts``), so it leaves
what a kill at that moment would, which the store is built to survive.

A command that stops cleanly by itself (the board's server, which says so) takes Ctrl-C as a
``KeyboardInterrupt`` inside :class:`raised`. A Ctrl-C that is ignored when the run starts (a
job started in the background) stays ignored.
"""

from __future__ import annotations

import os
import signal
import sys

EXIT_CANCELLED = 130
#: what a run stopped by Ctrl-C says: the msgid of ``referee.errors.Cancelled``
CANCELLED = "Cancelled; everything entered so far is saved."

language_chosen = False  # set once the run has chosen its language (referee.cli.main)


def install() -> None:
    """Take Ctrl-C over for the rest of the run, unless it is ignored."""
    if hasattr(signal, "SIGINT") and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _stop_at_once)


def settle() -> None:
    """The command is done: a Ctrl-C now changes nothing of its outcome, and is ignored."""
    if hasattr(signal, "SIGINT") and signal.getsignal(signal.SIGINT) is _stop_at_once:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class raised:  # noqa: N801 - used as a context manager: ``with raised():``
    """Within the block, Ctrl-C raises ``KeyboardInterrupt`` (where the run's handler is in
    place), for a command that stops cleanly by itself."""

    def __enter__(self) -> None:
        self._ours = hasattr(signal, "SIGINT") and signal.getsignal(signal.SIGINT) is _stop_at_once
        if self._ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)

    def __exit__(self, *exc: object) -> None:
        if self._ours:
            signal.signal(signal.SIGINT, _stop_at_once)


def _stop_at_once(signum: int, frame: object) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C cannot cut the line short
    try:
        text = line()
    except BaseException:  # the translation layer itself was being loaded
        text = CANCELLED
    os.write(2, (text + "\n").encode("utf-8", "backslashreplace"))
    os._exit(EXIT_CANCELLED)


def line() -> str:
    """``CANCELLED`` in the run's language, once the translation layer is loaded."""
    i18n = sys.modules.get("referee.i18n")
    if getattr(i18n, "translator", None) is None:  # not loaded, or halfway through loading
        return CANCELLED
    from referee.i18n import LANGUAGES, resolve_language, set_language, translator

    if not language_chosen:
        explicit = lang_from_argv(sys.argv[1:])
        set_language(resolve_language(explicit if explicit in LANGUAGES else None))
    return translator("core")(CANCELLED)


def lang_from_argv(args: list[str] | tuple[str, ...]) -> str | None:
    """The language ``--lang`` asks for, as typed."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None
