"""Process entry point: choose the language, run the command, map errors to exit codes.

The installed ``referee`` script imports this module before anything else, and a Ctrl-C is
handled as ``referee.interrupts`` says only from the moment ``run`` starts: so it imports, at
the top, nothing that is not loaded with Python itself (not even ``typing``), and everything
else where it is used.
"""

from __future__ import annotations

import os
import sys

EXIT_USAGE = 2


def main(argv: list[str] | tuple[str, ...] | None = None) -> int:
    from referee import interrupts
    from referee.i18n import (
        LANGUAGES,
        framework_language,
        resolve_language,
        set_language,
        translator,
    )

    _ = translator("core")
    args = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):
        # Arguments a terminal could not decode arrive as lone surrogates; echoing one must
        # not end in a UnicodeEncodeError.
        getattr(stream, "reconfigure", lambda **_: None)(errors="backslashreplace")
    explicit = interrupts.lang_from_argv(args)
    if explicit is not None and explicit not in LANGUAGES:
        set_language(resolve_language())  # say it in the language the environment asks for
        sys.stderr.write(_("referee: --lang must be one of {choices}, not {value!r}",
                           choices=", ".join(LANGUAGES), value=explicit) + "\n")
        return EXIT_USAGE
    language = resolve_language(explicit)
    # --lang or REFEREE_LANG is this run's own choice: it wins over a session's language,
    # which wins over the locale's (referee.cli.table._speak)
    set_language(language, explicit=explicit is not None or bool(os.environ.get("REFEREE_LANG")))
    interrupts.language_chosen = True
    with framework_language(language):
        return _run(args)


def _run(args: list[str]) -> int:
    from referee.cli.completion import script_request

    answered = script_request(args)
    if answered is not None:
        return answered

    import typer
    import typer.main

    from referee.cli import framework
    from referee.cli.app import build, command_path, completing
    from referee.cli.registry import RunInstead
    from referee.errors import RefereeError

    framework.install()
    limits = sys.modules.get("referee.limits")
    if limits is not None:  # a command run before this one in the same process (tests)
        vars(limits)["last_file"] = None
    words = completing(os.environ)
    path = command_path(args if words is None else words)
    # Shell completion needs every command of the branch; a run, only the one it names.
    tree = build(next(iter(path), None), summaries=words is None,
                 within=path[1:] if words is None else ())
    command = typer.main.get_command(tree)
    try:
        # Without standalone mode, click returns typer.Exit's code instead of exiting.
        code = command.main(args, prog_name="referee", standalone_mode=False)
    except RunInstead as instead:
        return _run([*args, *instead.words])
    except RefereeError as error:  # errors and output (json) are loaded only when needed
        from referee.terminal import messages, output

        _notices(failed=True)
        if "--json" in args:
            output.print_json(messages.error_json(error))
        output.print_error(messages.summary(error))
        return error.exit_code
    except (KeyboardInterrupt, EOFError, typer.Abort):
        from referee import interrupts
        from referee.terminal import output

        output.print_error(interrupts.line())
        return interrupts.EXIT_CANCELLED
    except typer.Exit as done:
        return done.exit_code
    except typer.TyperException as problem:  # usage errors found by the argument parser
        from referee.cli.framework import usage_lines
        from referee.terminal import output

        for line in usage_lines(problem):
            output.print_error(line)
        return problem.exit_code
    _notices()
    return code if isinstance(code, int) else 0


def _notices(failed: bool = False) -> None:
    """Print what the store did on its own (only if a command loaded the store); what is
    said only of a command that succeeded is left out of a failed one's one line."""
    store_notices = sys.modules.get("referee.store.notices")
    if store_notices is None:
        return
    from referee.i18n import translator
    from referee.terminal import messages, output

    for message, params in store_notices.drain(failed):
        text = translator("core")(message, **{k: messages.quoted(v) for k, v in params.items()})
        output.print_error(text)


def run() -> None:
    """The ``referee`` script (and ``python -m referee``). Ctrl-C while the program loads,
    runs or reports ends it with exit code 130 and one line (``referee.interrupts``); once the
    command is done, the run ends with its own code whatever is pressed."""
    import gc

    # A command's start-up makes tens of thousands of objects that live to its end: at
    # Python's default threshold (700) the collector kept walking them in search of garbage
    # there was none of, some percent of every command (figures: docs/performance.md).
    # Collections still run, a hundred times less often.
    gc.set_threshold(70_000, 10, 10)
    from referee import interrupts

    interrupts.install()
    try:
        code = main()
    except KeyboardInterrupt:  # raised by a prompt, or inside interrupts.raised()
        interrupts.settle()
        from referee.terminal import output

        output.print_error(interrupts.line())
        code = interrupts.EXIT_CANCELLED
    interrupts.settle()
    # Everything the run made lives until the process ends, so Python's shutdown need not
    # search it for garbage: left in the collector's reach, its final collections walk every
    # object of the run. Whatever was written is on disk already (fsync before each
    # acknowledgement); streams are flushed.
    gc.freeze()
    sys.exit(code)
