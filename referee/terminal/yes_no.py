"""The yes/no question at a terminal: one key answers it, in any of the languages.

questionary's own confirm only knows ``y`` and ``n``; a Russian or Spanish player types
``д``/``н`` or ``s``/``n``. The keys come from the translations of "yes" and "no"
(:func:`referee.i18n.matching.yes_no`), so a new language brings its own.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import translator
from referee.i18n.matching import NO, YES, yes_no

_ = translator("core")


def question(message: str, default: bool, **io: Any) -> Any:
    """A questionary ``Question`` asking ``message``; it returns True or False."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.formatted_text import to_formatted_text
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from questionary.constants import DEFAULT_QUESTION_PREFIX
    from questionary.question import Question
    from questionary.styles import merge_styles_default

    yes, no = _(YES), _(NO)
    hint = f"({yes.upper()}/{no}) " if default else f"({yes}/{no.upper()}) "
    status: dict[str, Any] = {"answer": None}

    def tokens() -> Any:
        shown: list[Any] = [("class:qmark", DEFAULT_QUESTION_PREFIX),
                            ("class:question", f" {message} ")]
        if status["answer"] is None:
            shown.append(("class:instruction", hint))
        else:
            shown.append(("class:answer", yes if status["answer"] else no))
        return to_formatted_text(shown)

    bindings = KeyBindings()

    @bindings.add(Keys.ControlQ, eager=True)
    @bindings.add(Keys.ControlC, eager=True)
    def _cancel(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    def answer_with(value: bool) -> Any:
        def answer(event: Any) -> None:
            status["answer"] = value
            event.app.exit(result=value)
        return answer

    bindings.add(Keys.ControlM, eager=True)(answer_with(default))

    @bindings.add(Keys.Any)
    def _key(event: Any) -> None:
        """A key that answers yes or no in some language answers; any other is ignored."""
        value = yes_no(event.data)
        if value is not None:
            answer_with(value)(event)

    session: PromptSession[bool] = PromptSession(
        tokens, key_bindings=bindings, style=merge_styles_default([]), **io)
    return Question(session.app)
