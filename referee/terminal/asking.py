"""The one way a guided game asks a question at a terminal: :func:`ask_line`.

Every question of the conversation kit (``referee.table.kit``) is drawn the same way: the
question folded to the terminal's width, the refusal of the last answer directly under
it, a numbered list where there is one, the input line and what else may be typed. A
list is answered by typing an item's number or its own name (never the details shown
in brackets beside it); typing filters the list. Up and Down move a highlight that stops
at the first and the last item, and Enter alone takes the highlighted item only when
one was highlighted: typed text never picks it silently.

Keys typed before a question is drawn never answer it: the terminal's input queue is
flushed and the keys prompt_toolkit already read ahead are cleared before each
question is drawn, and again when a refused answer asks the same question anew.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from referee.errors import Cancelled
from referee.i18n.matching import fold
from referee.terminal.output import INDENT, cells_of
from referee.terminal.output import fold as fold_line
from referee.values import Value


class Item(Value):
    """A listed answer. ``title``: its own name, as shown and as typed back; ``names``:
    other spellings that name it too (a code, its name in other languages); ``detail``:
    shown beside it in brackets, never matched; ``disabled``: why it cannot be taken now."""

    title: str
    detail: str = ""
    names: tuple[str, ...] = ()
    disabled: str | None = None


class Line(Value):
    """What one question shows: the question, its items, whether what is typed is hidden
    (no echo at all), what else may be typed (``hint``), the item highlighted at the
    start (None: none, so Enter alone takes nothing) and whether the question is erased
    once answered (``erase``: it leaves no trace on the screen)."""

    message: str
    items: tuple[Item, ...] = ()
    secret: bool = False
    hint: str = ""
    highlight: int | None = None
    erase: bool = False


class Refusal(Exception):
    """An answer refused: ``text`` is shown under the question, which is asked again."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


#: what resolves an answer: the typed text and the highlighted item's index (when the text
#: is empty and an item is highlighted) → the answer, or :class:`Refusal`
Resolve = Callable[[str, "int | None"], Any]


def words(text: str) -> list[str]:
    return fold(text).split()


def matches(item: Item, typed: str) -> bool:
    """Whether ``typed`` names ``item``: each typed word begins a different word of its
    title or of one of its other names ("rom 2" names "Forum Romanum 2"; "atr" names
    Atrium, not Latrine)."""
    wanted = words(typed)
    if not wanted:
        return True
    return any(_covers(words(name), wanted) for name in (item.title, *item.names))


def _covers(have: list[str], wanted: list[str]) -> bool:
    left = list(have)
    for word in wanted:
        found = next((w for w in left if w.startswith(word)), None)
        if found is None:
            return False
        left.remove(found)
    return True


def exactly(item: Item, typed: str) -> bool:
    key = fold(typed)
    return any(fold(name) == key for name in (item.title, *item.names))


def ask_line(line: Line, resolve: Resolve, *, flush: Callable[[], None], error: str = "",
             input: Any = None, output: Any = None, keep_typeahead: bool = False) -> Any:
    """Ask ``line`` until ``resolve`` accepts an answer; return what it returned. ``flush``
    drops the keys typed ahead (the prompter's, ``referee.terminal.prompter``: the
    terminal's queue and what prompt_toolkit read ahead); ``keep_typeahead`` keeps the keys
    prompt_toolkit read ahead instead (a test typing every answer at once into a pipe).
    ``error``: a refusal to show under the question from the start (a finished turn refused
    on its last question). Ctrl-C or end of input raise :class:`~referee.errors.Cancelled`."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.application.current import get_app_session
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.filters import Condition, is_done
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
    from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
    from prompt_toolkit.layout.processors import PasswordProcessor
    from prompt_toolkit.styles import Style

    session = get_app_session()
    input = input if input is not None else session.input
    output = output if output is not None else session.output
    state: dict[str, Any] = {"error": error, "highlight": line.highlight, "answer": ""}
    buffer = Buffer(multiline=False)

    def columns() -> int:
        return max(output.get_size().columns - 1, 20)

    def rows() -> int:
        return max(output.get_size().rows, 10)

    def head() -> Any:
        width = columns()
        shown = folded(line.message, width - 2)
        text = [("class:mark", "? "), ("class:question", shown[0])]
        for rest in shown[1:]:
            text += [("", "\n  "), ("class:question", rest)]
        if is_done():
            answer = state["answer"]
            last = shown[-1] if len(shown) > 1 else "  " + shown[0]
            fits = cells_of(last + answer)(f"{last} {answer}") <= width
            for n, part in enumerate(folded(answer, width - 4) if answer else []):
                gap = " " if fits and n == 0 else "\n    "
                text += [("", gap), ("class:answer", part.removeprefix(INDENT))]
        elif state["error"]:
            for part in folded(state["error"], width - 4):
                text += [("", "\n  "), ("class:error", "! " + part.removeprefix(INDENT))]
        return text

    def visible() -> list[int]:
        typed = buffer.text
        if not typed.strip() or _whole(typed) is not None:
            return list(range(len(line.items)))
        return [i for i, item in enumerate(line.items) if matches(item, typed)]

    def listing() -> Any:
        shown = visible()
        width = columns()
        number = len(str(len(line.items)))
        room = max(rows() - len(folded(line.message, width - 2)) - 6, 3)
        at = state["highlight"]
        typed = _whole(buffer.text)
        if typed is not None and 1 <= typed <= len(line.items):
            at = typed - 1
        start = 0
        if at in shown and shown.index(at) >= room:
            start = shown.index(at) - room + 1
        text: list[tuple[str, str]] = []
        for i in shown[start:start + room]:
            item = line.items[i]
            label = f"{i + 1:>{number}}  {item.title}"
            beside = "; ".join(t for t in (item.detail, item.disabled) if t)
            if beside:
                label += f"  ({beside})"
            style = ("class:disabled" if item.disabled else
                     "class:highlight" if i == at else "")
            for n, part in enumerate(folded(label, width - 4)):
                text += [(style, ("› " if i == at and n == 0 else "  ") + part + "\n")]
        hidden = len(shown) - len(shown[start:start + room])
        if hidden > 0:
            from referee.i18n import translator

            text.append(("class:hint", "  " + translator("core").plural(
                "… {n} more: type to narrow the list", "… {n} more: type to narrow the list",
                hidden) + "\n"))
        return text

    def hint() -> Any:
        return [("class:hint", "\n".join(folded(line.hint, columns())))] if line.hint else []

    bindings = KeyBindings()

    @bindings.add("enter")
    def _enter(event: Any) -> None:
        typed = buffer.text
        chosen = state["highlight"] if not typed.strip() else None
        try:
            answer = resolve(typed, chosen)
        except Refusal as refusal:
            state["error"] = refusal.text
            buffer.reset()
            # the question is drawn anew: what was typed ahead of it answers nothing
            if not keep_typeahead:
                event.app.key_processor.empty_queue()
            flush()
            return
        state["answer"] = "" if line.secret else typed.strip() or (
            line.items[chosen].title if chosen is not None else "")
        event.app.exit(result=answer)

    @bindings.add("up")
    def _up(event: Any) -> None:
        move(-1)

    @bindings.add("down")
    def _down(event: Any) -> None:
        move(1)

    def move(step: int) -> None:
        shown = [i for i in visible() if not line.items[i].disabled]
        if not shown:
            return
        at = state["highlight"]
        if at not in shown:
            state["highlight"] = shown[0]
            return
        index = min(max(shown.index(at) + step, 0), len(shown) - 1)  # no wrap round
        state["highlight"] = shown[index]

    @bindings.add("c-c")
    @bindings.add("c-d", filter=Condition(lambda: not buffer.text))
    def _cancel(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt)

    def changed(_buffer: Any) -> None:
        if buffer.text.strip() and state["highlight"] is not None \
                and state["highlight"] not in visible():
            state["highlight"] = None

    buffer.on_text_changed += changed
    processors: list[Any] = [PasswordProcessor(char="")] if line.secret else []
    body: list[Any] = [Window(FormattedTextControl(head), dont_extend_height=True,
                              wrap_lines=True)]
    if line.items:
        body.append(ConditionalContainer(
            Window(FormattedTextControl(listing), dont_extend_height=True, wrap_lines=True),
            filter=~is_done))
    body.append(ConditionalContainer(
        Window(BufferControl(buffer, input_processors=processors), height=1,
               get_line_prefix=lambda *_: [("class:mark", "» ")]), filter=~is_done))
    body.append(ConditionalContainer(
        Window(FormattedTextControl(hint), dont_extend_height=True, wrap_lines=True),
        filter=~is_done))
    style = Style.from_dict({"mark": "bold", "question": "bold", "answer": "fg:ansicyan",
                             "error": "fg:ansired bold", "highlight": "reverse",
                             "disabled": "fg:ansibrightblack", "hint": "fg:ansibrightblack"})
    app: Application[Any] = Application(layout=Layout(HSplit(body)), key_bindings=bindings,
                                        style=style, input=input, output=output,
                                        erase_when_done=line.erase)
    flush()
    try:
        return app.run()
    except (KeyboardInterrupt, EOFError):
        raise Cancelled() from None


def folded(text: str, width: int) -> list[str]:
    """``text`` (lines) folded at spaces to ``width`` cells; continuation lines indented."""
    found: list[str] = []
    for part in text.split("\n"):
        found += fold_line(part, width) if cells_of(part)(part) > width else [part]
    return found


def _whole(text: str) -> int | None:
    from referee.numbers import parse_whole

    stripped = text.strip()
    return parse_whole(stripped) if stripped and len(stripped) <= 4 else None


def choose_items(items: Sequence[Item], typed: str) -> list[int]:
    """The items ``typed`` names: its number, an item whose own name (or another of its
    names) it is exactly, else the items it names (:func:`matches`)."""
    number = _whole(typed)
    if number is not None:
        return [number - 1] if 1 <= number <= len(items) else []
    exact = [i for i, item in enumerate(items) if exactly(item, typed)]
    return exact or [i for i, item in enumerate(items) if matches(item, typed)]
