"""Prompts behind one small interface, so commands can be driven by scripts and tests.

* :class:`QuestionaryPrompter` talks to a person at a terminal.
* :class:`ScriptedPrompter` answers from a list (tests, scenario runs).
* :func:`make_prompter` refuses to prompt when stdin/stdout is not a terminal.

A prompt returns the chosen *value*; Ctrl-C raises :class:`~referee.errors.Cancelled`.
Nothing typed before a question is shown can answer it: the keys waiting in the terminal
are dropped first. A list longer than :data:`LONG_LIST` is numbered and answered by typing
its number or part of a name.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO

from referee.errors import Cancelled, InputError, NotInteractive
from referee.i18n import N_, translator
from referee.numbers import parse_whole
from referee.terminal.asking import Line, Refusal, Resolve
from referee.terminal.output import INDENT, cells_of, fold
from referee.values import Value

_ = translator("core")

#: a choice list longer than this is numbered and typed, not walked with the arrow keys
LONG_LIST = 12
#: a list asked without a default starts at its first item; None cannot mean that, since
#: some lists offer None as a value ("no colour", "no limit")
NO_DEFAULT: Any = type("NoDefault", (), {"__repr__": lambda self: "NO_DEFAULT"})()
#: columns a typed answer usually takes (a bid, two card codes), kept free after a question
ANSWER_ROOM = 12

Validator = Callable[[str], "str | None"]  # returns an error text, or None when valid


class Choice(Value):
    title: str
    value: Any
    disabled: str | None = None  # why this option is not allowed now, shown greyed out


class Prompter(Protocol):
    def select(self, message: str, choices: Sequence[Choice],
               default: Any = NO_DEFAULT) -> Any: ...
    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str: ...
    def secret(self, message: str, *, validate: Validator | None = None) -> str: ...
    def confirm(self, message: str, *, default: bool = False) -> bool: ...
    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]: ...
    def line(self, line: Line, resolve: Resolve, *, error: str = "") -> Any: ...


def discard_typeahead(stream: TextIO | None = None) -> None:
    """Drop the keys waiting in the terminal, and those prompt_toolkit already read ahead
    for its next prompt: an Enter typed after the last answer (or while rulings were
    printed) must not answer the next question."""
    stream = sys.stdin if stream is None else stream
    if "prompt_toolkit" in sys.modules:  # loaded: it may hold keys read ahead
        from prompt_toolkit.application.current import get_app_session
        from prompt_toolkit.input.typeahead import clear_typeahead

        clear_typeahead(get_app_session().input)
    try:
        import termios
    except ImportError:  # not a POSIX terminal (Windows): nothing to drop this way
        return
    try:
        if stream.isatty():
            termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):  # a closed or detached stream
        return


class QuestionaryPrompter:
    """Real prompts. ``input``/``output`` let tests drive it with prompt_toolkit pipes;
    ``flush`` runs before every question is shown (default: drop the terminal's typeahead
    when prompting the real terminal)."""

    def __init__(self, input: Any = None, output: Any = None,
                 flush: Callable[[], None] | None = None) -> None:
        self._io = {"input": input, "output": output} if input is not None else {}
        if flush is None:
            flush = discard_typeahead if input is None else _nothing
        self._flush = flush

    def _ask(self, question: Any) -> Any:
        self._flush()
        try:
            answer = question.unsafe_ask()
        except (KeyboardInterrupt, EOFError):
            raise Cancelled() from None
        if answer is None:
            raise Cancelled()
        return answer

    def _fit(self, message: str, room: int = ANSWER_ROOM) -> str:
        """The question wrapped between words to the terminal's width, or the terminal
        would break it inside a word or a card code; ``room`` columns stay free after it
        for the hint or the answer."""
        output = self._io.get("output")
        columns = (output.get_size().columns if output is not None
                   else shutil.get_terminal_size().columns)
        return fit(message, columns, room)

    def select(self, message: str, choices: Sequence[Choice],
               default: Any = NO_DEFAULT) -> Any:
        """The value of the chosen item; items are passed to questionary by position, so a
        choice whose value is None is an answer, not a cancelled prompt."""
        import questionary

        if len(choices) > LONG_LIST:
            return self._numbered(message, choices, default)
        items = [questionary.Choice(c.title, value=i, disabled=c.disabled)
                 for i, c in enumerate(choices)]
        chosen = next((i for i, c in zip(items, choices, strict=True)
                       if c.value == default and not c.disabled), None)
        hint = _("(Use arrow keys)")
        index = self._ask(questionary.select(self._fit(message, len(hint) + 1), choices=items,
                                             default=chosen, instruction=hint, **self._io))
        return choices[index].value

    def _numbered(self, message: str, choices: Sequence[Choice], default: Any) -> Any:
        """A long list: every item numbered; the answer is a number or part of a name
        (completion shows the names that match what is typed so far)."""
        import questionary

        listed = "\n".join(numbered_lines(choices))
        ask = _("Number, or type part of a name:")

        def check(text: str) -> str | None:
            try:
                pick(text, choices, default)
            except InputError as error:
                from referee.terminal.messages import message as error_line

                return error_line(error)
            return None

        text = self._ask(questionary.autocomplete(
            self._fit(f"{message}\n{listed}\n{ask}"), choices=[c.title for c in choices
                                                   if not c.disabled],
            validate=_questionary_validator(check), match_middle=True, **self._io))
        return pick(text, choices, default).value

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str:
        """A default is shown beside the question and taken by Enter alone, never put in
        the input line, where what is typed would be added to it."""
        import questionary

        if default:
            message = _("{question} [{default}]", question=message, default=default)
        message = self._fit(message)
        check = _questionary_validator(
            None if validate is None else lambda text: validate(text or default))
        if completions:
            answer = self._ask(questionary.autocomplete(
                message, choices=list(completions), validate=check, match_middle=True,
                **self._io))
        else:
            answer = self._ask(questionary.text(message, validate=check, **self._io))
        return answer or default

    def secret(self, message: str, *, validate: Validator | None = None) -> str:
        """Typed without any echo: a star per key would show a bid's length."""
        import questionary
        from prompt_toolkit.layout.processors import PasswordProcessor

        return self._ask(questionary.text(
            self._fit(message), validate=_questionary_validator(validate),
            input_processors=[PasswordProcessor(char="")], **self._io))

    def confirm(self, message: str, *, default: bool = False) -> bool:
        """One key answers, in any of the languages (``y``/``n``, ``д``/``н``, ``s``/``n``);
        Enter alone takes the default."""
        from referee.terminal.yes_no import question

        return bool(self._ask(question(self._fit(message, len("(yes/no) ")), default,
                                       **self._io)))

    def line(self, line: Line, resolve: Resolve, *, error: str = "") -> Any:
        """A question of the conversation kit (``referee.terminal.asking``)."""
        from referee.terminal.asking import ask_line

        return ask_line(line, resolve, error=error, flush=self._flush,
                        keep_typeahead=self._flush is _nothing, **self._io)

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        import questionary

        items = [questionary.Choice(c.title, value=c.value, disabled=c.disabled) for c in choices]
        hint = _("(arrow keys move, space selects, Enter confirms)")
        return list(self._ask(questionary.checkbox(self._fit(message, len(hint) + 1),
                                                   choices=items, instruction=hint,
                                                   **self._io)))


def _nothing() -> None:
    return None


def fit(message: str, columns: int, room: int = ANSWER_ROOM) -> str:
    """``message`` shown after the two columns of the '? ' mark on a terminal ``columns``
    wide: a line too long for it is folded as error messages are (:func:`output.fold`:
    at spaces only, never inside a word or a card code), indented as it was, and the last
    line leaves ``room`` columns free when it can."""
    cell_len = cells_of(message)
    width = max(columns - 2, 20)
    lines: list[str] = []
    for line in message.split("\n"):
        lines += [line] if cell_len(line) <= width else _folded(line, width, INDENT)
    if lines and cell_len(lines[-1]) + room > width:
        lines += _folded(lines.pop(), max(width - room, 20), "")
    return "\n".join(lines)


def _folded(line: str, width: int, deeper: str) -> list[str]:
    """``line`` folded to ``width``, keeping its indent; lines after the first are
    indented ``deeper`` than it (a continuation line being folded again stays where it
    is: ``deeper`` empty, but never at the margin)."""
    indent = line[:len(line) - len(line.lstrip(" "))]
    first, *rest = fold(line.lstrip(" "), width - len(indent))
    hang = (indent + deeper) or INDENT
    return [indent + first] + [hang + part.removeprefix(INDENT) for part in rest]


def numbered_lines(choices: Sequence[Choice]) -> list[str]:
    """A long list as it is shown: '  7  Forum Romanum 2', a disabled item with its reason."""
    width = len(str(len(choices)))
    return [f"{i:>{width + 2}}  {c.title}" + (f"  ({c.disabled})" if c.disabled else "")
            for i, c in enumerate(choices, 1)]


def whole(low: int = 0, high: int | None = None) -> Validator:
    """A validator for a whole number from ``low`` to ``high`` (no upper bound if None)."""
    def check(text: str) -> str | None:
        value = parse_whole(text)
        if value is not None and value >= low and (high is None or value <= high):
            return None
        if high is None:
            return _("Enter a whole number, {low} or more", low=low)
        return _("Enter a whole number from {low} to {high}", low=low, high=high)
    return check


def pick(text: str, choices: Sequence[Choice], default: Any = NO_DEFAULT) -> Choice:
    """The item a typed answer names: its number, its whole title, or the only title that
    contains what was typed (case ignored); Enter alone takes the default, if any."""
    if not text.strip() and default is not NO_DEFAULT:
        text = str(next(i for i, c in enumerate(choices, 1) if c.value == default))
    number = parse_whole(text)
    if number is not None:
        found = choices[number - 1] if 1 <= number <= len(choices) else None
        if found is None:
            raise InputError(N_("There is no number {number}: choose 1 to {count}"),
                             number=number, count=len(choices))
    else:
        key = text.strip().casefold()
        if not key:
            raise InputError(N_("Type a number from 1 to {count}, or part of a name"),
                             count=len(choices))
        exact = [c for c in choices if c.title.casefold() == key]
        matches = exact or [c for c in choices if key in c.title.casefold()]
        if not matches:
            raise InputError(N_("Nothing matches {text!r}: type a number from 1 to {count}"),
                             text=text, count=len(choices))
        if len(matches) > 1:
            raise InputError(N_("{count} choices match {text!r}: type more, or the number"),
                             count=len(matches), text=text)
        found = matches[0]
    if found.disabled:
        raise InputError(N_("{choice} cannot be chosen now: {reason}"), choice=found.title,
                         reason=found.disabled)
    return found


def _questionary_validator(validate: Validator | None) -> Callable[[str], Any]:
    if validate is None:
        return lambda _text: True

    def check(text: str) -> Any:
        problem = validate(text)
        return True if problem is None else problem

    return check


class ScriptedPrompter:
    """Answers prompts from a list, in order; records what was asked.

    An answer for ``select``/``checkbox`` must be one of the allowed values, and a
    text answer must pass the prompt's validator: a script cannot do what a person
    at the keyboard could not. ``Cancelled`` in the list simulates Ctrl-C.
    """

    def __init__(self, answers: Sequence[Any]) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        #: the keys a person would press for the same answers at the real prompts: Enter
        #: after typed text; a number and Enter in a long list; arrows and Enter in a short
        #: one; one key for yes/no
        self.keystrokes = 0
        #: the refusals said under the questions, in order
        self.refusals: list[str] = []

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        if not self.answers:
            raise InputError(N_("The script has no answer left for: {prompt}"), prompt=message)
        answer = self.answers.pop(0)
        if answer is Cancelled or isinstance(answer, Cancelled):
            raise Cancelled()
        return answer

    def select(self, message: str, choices: Sequence[Choice],
               default: Any = NO_DEFAULT) -> Any:
        answer = self._next(message)
        allowed = [c.value for c in choices if not c.disabled]
        if answer not in allowed:
            raise InputError(N_("{answer!r} is not one of the allowed answers to: {prompt}"),
                             answer=answer, prompt=message)
        self.keystrokes += select_keys(choices, answer, default)
        return answer

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str:
        typed = str(self._next(message))
        answer = typed or default
        problem = validate(answer) if validate else None
        if problem:
            raise InputError(N_("{answer!r} was refused at: {prompt}: {problem}"),
                             answer=answer, prompt=message, problem=problem)
        self.keystrokes += len(typed) + 1
        return answer

    def secret(self, message: str, *, validate: Validator | None = None) -> str:
        return self.text(message, validate=validate)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        self.keystrokes += 1
        return bool(self._next(message))

    def line(self, line: Line, resolve: Resolve, *, error: str = "") -> Any:
        """Typed answers, in order, until one is accepted; each refusal is kept in
        ``refusals`` (what the table would read under the question)."""
        if error:
            self.refusals.append(error)
        while True:
            typed = self._next(line.message)
            typed = typed if isinstance(typed, str) else str(typed)
            self.keystrokes += len(typed) + 1
            try:
                return resolve(typed, None)
            except Refusal as refusal:
                self.refusals.append(refusal.text)

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        answer = list(self._next(message))
        allowed = {c.value for c in choices if not c.disabled}
        bad = [a for a in answer if a not in allowed]
        if bad:
            raise InputError(N_("{answer!r} is not one of the allowed answers to: {prompt}"),
                             answer=bad, prompt=message)
        picked = [i for i, c in enumerate(choices) if c.value in answer]
        self.keystrokes += (max(picked) if picked else 0) + len(picked) + 1  # down, space, Enter
        return answer


def select_keys(choices: Sequence[Choice], value: Any, default: Any = NO_DEFAULT) -> int:
    """Keys to choose ``value``: its number and Enter in a long list; in a short one the
    arrow presses from the default item (the list wraps around) and Enter."""
    index = next(i for i, c in enumerate(choices) if c.value == value and not c.disabled)
    if len(choices) > LONG_LIST:
        return len(str(index + 1)) + 1
    enabled = [i for i, c in enumerate(choices) if not c.disabled]
    start = next((enabled.index(i) for i in enabled if choices[i].value == default), 0)
    steps = abs(enabled.index(index) - start)
    return min(steps, len(enabled) - steps) + 1


def make_prompter(hint: str) -> Prompter:
    """A prompter for this terminal, or a clear refusal naming the flags to use instead."""
    from referee.terminal.output import is_interactive

    if not is_interactive():
        raise NotInteractive(N_("Not a terminal, so nothing can be asked: {hint}"), hint=hint)
    return QuestionaryPrompter()
