"""Prompts behind one small interface, so commands can be driven by scripts and tests.

* :class:`QuestionaryPrompter` talks to a person at a terminal.
* :class:`ScriptedPrompter` answers from a list (tests, scenario runs).
* :func:`make_prompter` refuses to prompt when stdin/stdout is not a terminal.

A prompt returns the chosen *value*; Ctrl-C raises :class:`~referee.errors.Cancelled`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from referee.errors import Cancelled, InputError, NotInteractive
from referee.i18n import N_

Validator = Callable[[str], "str | None"]  # returns an error text, or None when valid


@dataclass(frozen=True)
class Choice:
    title: str
    value: Any
    disabled: str | None = None  # why this option is not allowed now, shown greyed out


class Prompter(Protocol):
    def select(self, message: str, choices: Sequence[Choice], default: Any = None) -> Any: ...
    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str: ...
    def secret(self, message: str, *, validate: Validator | None = None) -> str: ...
    def confirm(self, message: str, *, default: bool = False) -> bool: ...
    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]: ...


class QuestionaryPrompter:
    """Real prompts. ``input``/``output`` let tests drive it with prompt_toolkit pipes."""

    def __init__(self, input: Any = None, output: Any = None) -> None:
        self._io = {"input": input, "output": output} if input is not None else {}

    def _ask(self, question: Any) -> Any:
        try:
            answer = question.unsafe_ask()
        except (KeyboardInterrupt, EOFError):
            raise Cancelled() from None
        if answer is None:
            raise Cancelled()
        return answer

    def select(self, message: str, choices: Sequence[Choice], default: Any = None) -> Any:
        import questionary

        items = [questionary.Choice(c.title, value=c.value, disabled=c.disabled) for c in choices]
        chosen = next((i for i in items if i.value == default and not i.disabled), None)
        return self._ask(questionary.select(message, choices=items, default=chosen, **self._io))

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str:
        import questionary

        check = _questionary_validator(validate)
        if completions:
            return self._ask(questionary.autocomplete(
                message, choices=list(completions), default=default, validate=check,
                match_middle=True, **self._io))
        return self._ask(questionary.text(message, default=default, validate=check, **self._io))

    def secret(self, message: str, *, validate: Validator | None = None) -> str:
        """Typed without any echo: a star per key would show a bid's length."""
        import questionary
        from prompt_toolkit.layout.processors import PasswordProcessor

        return self._ask(questionary.text(
            message, validate=_questionary_validator(validate),
            input_processors=[PasswordProcessor(char="")], **self._io))

    def confirm(self, message: str, *, default: bool = False) -> bool:
        import questionary

        return bool(self._ask(questionary.confirm(message, default=default, **self._io)))

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        import questionary

        items = [questionary.Choice(c.title, value=c.value, disabled=c.disabled) for c in choices]
        return list(self._ask(questionary.checkbox(message, choices=items, **self._io)))


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

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        if not self.answers:
            raise InputError(N_("The script has no answer left for: {prompt}"), prompt=message)
        answer = self.answers.pop(0)
        if answer is Cancelled or isinstance(answer, Cancelled):
            raise Cancelled()
        return answer

    def select(self, message: str, choices: Sequence[Choice], default: Any = None) -> Any:
        answer = self._next(message)
        allowed = [c.value for c in choices if not c.disabled]
        if answer not in allowed:
            raise InputError(N_("{answer!r} is not one of the allowed answers to: {prompt}"),
                             answer=answer, prompt=message)
        return answer

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             completions: Sequence[str] = ()) -> str:
        answer = str(self._next(message))
        problem = validate(answer) if validate else None
        if problem:
            raise InputError(N_("{answer!r} was refused at: {prompt}: {problem}"),
                             answer=answer, prompt=message, problem=problem)
        return answer

    def secret(self, message: str, *, validate: Validator | None = None) -> str:
        return self.text(message, validate=validate)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        return bool(self._next(message))

    def checkbox(self, message: str, choices: Sequence[Choice]) -> list[Any]:
        answer = list(self._next(message))
        allowed = {c.value for c in choices if not c.disabled}
        bad = [a for a in answer if a not in allowed]
        if bad:
            raise InputError(N_("{answer!r} is not one of the allowed answers to: {prompt}"),
                             answer=bad, prompt=message)
        return answer


def make_prompter(hint: str) -> Prompter:
    """A prompter for this terminal, or a clear refusal naming the flags to use instead."""
    from referee.cli.output import is_interactive

    if not is_interactive():
        raise NotInteractive(N_("Not a terminal, so nothing can be asked: {hint}"), hint=hint)
    return QuestionaryPrompter()
