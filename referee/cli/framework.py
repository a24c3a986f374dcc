"""The command-line framework's own words, in the user's language.

Typer marks a few of its words for gettext (panel titles, "Aborted!"), and
``referee.i18n.framework_language`` routes them to the ``framework`` catalog. The copy
of Click that Typer 0.28 bundles marks none of its words, so the ones a user meets are
translated here from the ``core`` catalog: the "Usage:" line and its placeholders, the option
metavars and the help texts of the options they add (help, shell completion), through a help
formatter installed on Click's context, and the argument parser's complaints
(:func:`usage_lines`, through :func:`parser_complaint`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from referee.i18n import N_, translator

_ = translator("core")

USAGE_WORDS = {"[OPTIONS]": N_("[OPTIONS]"), "COMMAND": N_("COMMAND"),
               "[ARGS]...": N_("[ARGS]...")}
METAVARS = {"<str>": N_("<text>"), "<int>": N_("<integer>"), "<float>": N_("<number>"),
            "<path>": N_("<path>"), "<bool>": N_("<yes/no>"), "<filename>": N_("<file>")}
#: help texts of the options Click and Typer add themselves (English literals there)
OPTION_HELP = {
    "Show this message and exit.": N_("Show this message and exit."),
    "Install completion for the current shell.": N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.":
        N_("Show completion for the current shell, to copy it or customize the installation."),
}
#: Patterns are kept as text and compiled by ``re`` (which keeps what it compiled) when first
#: used: a run that meets no complaint compiles none of them.
_METAVAR = "|".join(re.escape(m) for m in METAVARS)

#: kinds of value named in Click's "… is not a valid <kind>." complaints
VALUE_KINDS = {"int": N_("whole number"), "int range": N_("whole number"),
               "float": N_("number"), "float range": N_("number"),
               "boolean": N_("yes/no value"), "UUID": N_("UUID")}
#: Click's complaints (English literals in the bundled copy) and our words for them
COMPLAINTS = (
    (r"^(?P<value>.+) is not a valid (?P<kind>[\w ]+)\.(?: Recognized values: .*)?$",
     N_("{value} is not a valid {kind}.")),
    (r"^(?P<value>.+) is not in the range (?P<range>.+)\.$",
     N_("{value} is not in the range {range}.")),
    (r"^Option '(?P<option>.+)' requires an argument\.$",
     N_("Option {option} needs a value.")),
    (r"^Option '(?P<option>.+)' does not take a value\.$",
     N_("Option {option} takes no value.")),
    (r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$",
     N_("Unexpected extra arguments: {args}.")),
    (r"^Argument '(?P<name>.+)' takes (?P<count>\d+) values\.$",
     N_("Argument {name} takes {count} values.")),
)


def usage_args(args: str) -> str:
    return " ".join(_(USAGE_WORDS[w]) if w in USAGE_WORDS else w for w in args.split(" "))


def option_term(term: str) -> str:
    return re.sub(_METAVAR, lambda m: _(METAVARS[m.group(0)]), term)


def option_help(text: str) -> str:
    return _(OPTION_HELP[text]) if text in OPTION_HELP else text


def parser_complaint(detail: str) -> str:
    """Click's English complaint about the command line, in the user's language when known."""
    for pattern, msgid in COMPLAINTS:
        match = re.match(pattern, detail)
        if match:
            params = match.groupdict()
            if "kind" in params:
                params["kind"] = _(VALUE_KINDS.get(params["kind"], params["kind"]))
            return _(msgid, **params)
    return detail


def install() -> None:
    """Give every Click context of this process a help formatter that speaks our language."""
    import typer.core

    context = typer.core.TyperCommand.context_class
    base = context.formatter_class

    class Formatter(base):  # type: ignore[valid-type,misc]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, usage_args(args),
                                _("Usage: ") if prefix is None else prefix)

        def write_dl(self, rows: Sequence[tuple[str, str]], *more: int) -> None:
            super().write_dl(_rows(rows), *more)

    if not getattr(base, "localized", False):
        Formatter.localized = True  # type: ignore[attr-defined, unused-ignore]
        context.formatter_class = Formatter


def _rows(rows: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(option_term(term), option_help(text)) for term, text in rows]


def usage_lines(problem: Exception) -> list[str]:
    """The argument parser's complaint, in the user's language where we know its kind."""
    ctx = getattr(problem, "ctx", None)
    kind = type(problem).__name__
    if kind == "NoArgsIsHelpError" and ctx is not None:
        return [ctx.get_help()]
    detail = parser_complaint(
        getattr(problem, "message", str(problem)).removeprefix("Value error, "))
    param = getattr(problem, "param", None)
    if param is None:
        name = getattr(problem, "param_hint", None) or ""
    elif getattr(param, "param_type_name", "") == "option":
        name = param.opts[0]
    else:
        name = getattr(param, "metavar", None) or param.name.upper()
    if kind == "NoSuchOption":
        text = _("No such option: {option}", option=getattr(problem, "option_name", ""))
        possibilities = getattr(problem, "possibilities", None)
        if possibilities:
            text += " " + _("(did you mean {options}?)", options=", ".join(possibilities))
    elif kind == "MissingParameter":
        text = _("Missing value: {name}", name=name)
    elif kind == "BadParameter":
        text = _("Invalid value for {name}: {detail}", name=name, detail=detail)
    else:
        text = _("Invalid command line: {detail}", detail=detail)
    lines = [text]
    if ctx is not None:
        lines.insert(0, ctx.get_usage())
        lines.append(_("Try '{command} --help' for help.", command=ctx.command_path))
    return lines
