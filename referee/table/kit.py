"""The conversation kit: a game declares its questions, the kit asks them.

A game's view writes one turn's conversation as a generator (a :data:`Talk`): it yields an
:class:`Ask` for each thing only the table knows and receives the answer, and returns the
finished entry. The kit (:func:`converse`) asks each question through the prompter's one
question line (``referee.terminal.asking``) and owns everything the three games share:

* the answer is read the same way everywhere: a list by its number or an item's own
  name in any language, a number, yes/no in any language, or text with the game's small
  grammar (``parse``, a Concordia route);
* each answer is checked by the rules core when it is given (``check``, a partial check
  of the entry so far): a refusal is said under that question, which is asked again
  with the answers given before it kept, and the finished entry is checked once more
  (a refusal then lands on the last question);
* an answer that gives something up (``Option.gives_up``, ``Ask.gives_up``) is confirmed,
  never taken from a lone Enter;
* ``undo`` goes back one answer of the turn, and at its first question hands the undo of
  the last recorded entry to the guide; ``help`` and ``status`` keep the turn's answers;
  ``quit`` stops;
* a hidden answer (``Ask.hidden``) is typed without echo and refused without repeating it;
  the confirmation of one that gives something up is hidden too, and erased once answered.

Replaying a turn to its current question feeds the generator the answers kept so far, so
a game writes its turn once, as plain code.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any

from referee.errors import InputError, RefereeError
from referee.game.question import Form
from referee.i18n import N_, translator
from referee.i18n.matching import fold, translations, yes_no
from referee.numbers import parse_whole
from referee.rulings import RuleRef
from referee.table.questions import COMMAND_WORDS, Command, command_of
from referee.terminal.asking import Item, Line, Refusal, choose_items, exactly
from referee.terminal.prompter import NO_DEFAULT  # an Ask without one: Enter alone takes nothing
from referee.values import Value, replace

_ = translator("core")


def anything(answer: Any) -> None:
    """The check of an answer the rules need not see before the entry is finished."""


def never(answer: Any) -> str:
    """No answer gives anything up."""
    return ""


class Option(Value):
    """One listed answer. ``title``: its own name, shown and typed back; ``names``: other
    spellings that name it (its name in every language, a code); ``detail``: shown in
    brackets, never matched; ``disabled``: why it cannot be chosen now; ``gives_up``: the
    question that confirms it when choosing it gives something up ("Buy no card?")."""

    value: Any
    title: str
    detail: str = ""
    names: tuple[str, ...] = ()
    disabled: str | None = None
    gives_up: str = ""


class Ask(Value):
    """One question of a turn. ``form``: ONE (one of ``options``, or text ``parse`` reads
    when it names none), SEVERAL (items of ``options``, separated by commas or spaces),
    NUMBER (``low``..``high``), YES_NO, TEXT (read by ``parse``). ``check`` is the rules
    core's check of the answer (it raises the RefereeError to show); ``hidden``: typed
    without echo, refused without repeating it; ``help``: how to answer; ``rule``: the
    rule that asks; ``gives_up``: for a typed answer, the question that confirms it when it
    gives something up ('' when it does not); ``default``: what Enter alone answers;
    ``typed``: what may be typed besides a listed item (“card codes”), for the hint."""

    form: Form
    text: str
    options: tuple[Option, ...] = ()
    parse: Callable[[str], Any] | None = None
    check: Callable[[Any], None] = anything
    hidden: bool = False
    low: int | None = None
    high: int | None = None
    help: str = ""
    rule: RuleRef | None = None
    gives_up: Callable[[Any], str] = never
    default: Any = NO_DEFAULT
    typed: str = ""


#: a turn's conversation: yields questions, receives their answers, returns the entry
Talk = Generator[Ask, Any, Any]


class Table(Value):
    """What the guide lends a conversation: ``status`` prints the board, ``help`` what an
    Ask's question needs, ``final`` checks the finished entry (raises a RefereeError),
    ``say`` prints a line."""

    status: Callable[[], None]
    help: Callable[[Ask], None]
    final: Callable[[Any], None]
    say: Callable[[str], None]


def converse(prompter: Any, talk: Callable[[], Talk], table: Table) -> Any:
    """The entry the turn's answers make, or the Command (QUIT, or UNDO at the turn's first
    question) the guide carries out."""
    answers: list[Any] = []
    error = ""
    while True:
        ask, entry = _replayed(talk, answers)
        if ask is None:
            try:
                table.final(entry)
                return entry
            except RefereeError as refused:
                if not answers:
                    raise
                error, ask = refusal_text(refused, False), None
                answers.pop()
                continue
        reply = prompter.line(line_of(ask), resolver(ask), error=error)
        error = ""
        if isinstance(reply, Command):
            if reply is Command.UNDO and answers:
                answers.pop()
                table.say(_("Back one question."))
            elif reply is Command.HELP:
                table.help(ask)
            elif reply is Command.STATUS:
                table.status()
            else:
                return reply
            continue
        question = gives_up(ask, reply)
        if question:
            sure = prompter.line(confirming(ask, question), resolver(YES_NO(question)))
            if sure is Command.QUIT:
                return sure
            if sure is not True:  # no, or another command: the question again
                continue
        answers.append(reply)


def _replayed(talk: Callable[[], Talk], answers: Sequence[Any]) -> tuple[Ask | None, Any]:
    """The turn's next question after ``answers`` (and None), or (None, the entry)."""
    conversation = talk()
    try:
        ask = next(conversation)
        for answer in answers:
            ask = conversation.send(answer)
    except StopIteration as done:
        return None, done.value
    return ask, None


def gives_up(ask: Ask, answer: Any) -> str:
    """The question confirming ``answer`` when it gives something up, else ''."""
    if ask.form is Form.ONE:
        option = next((o for o in ask.options if o.value is answer or o.value == answer), None)
        if option is not None and option.gives_up:
            return option.gives_up
    return ask.gives_up(answer)


def confirming(ask: Ask, question: str) -> Line:
    """The line confirming an answer to ``ask`` that gives something up. For an answer
    given face down it is typed hidden and erased once answered: the screen keeps no trace
    that this player gave something up (a pass) before the rules reveal it."""
    line = line_of(YES_NO(question))
    return replace(line, secret=True, erase=True) if ask.hidden else line


def confirm(prompter: Any, question: str) -> bool:
    """A yes/no question the table must answer with the word: Enter alone takes nothing
    (a table command counts as no)."""
    answer = prompter.line(line_of(YES_NO(question)), resolver(YES_NO(question)))
    return answer is True


def YES_NO(text: str, default: Any = NO_DEFAULT) -> Ask:  # noqa: N802 - reads as a form
    return Ask(Form.YES_NO, text, default=default)


# ---------------------------------------------------------------------- how it is shown
def line_of(ask: Ask) -> Line:
    """What the terminal shows for ``ask``."""
    items = tuple(Item(o.title, o.detail, o.names, o.disabled) for o in ask.options)
    highlight = next((i for i, o in enumerate(ask.options)
                      if ask.default is not NO_DEFAULT and o.value == ask.default), None)
    return Line(_question(ask), items, ask.hidden, hint(ask), highlight)


def _question(ask: Ask) -> str:
    if ask.form is Form.YES_NO:
        return _("{question} ({yes}/{no})", question=ask.text, yes=_("yes"), no=_("no"))
    if ask.form is Form.NUMBER and not ask.hidden and ask.low is not None:
        if ask.high is None:
            return _("{question} ({low} or more)", question=ask.text, low=ask.low)
        return _("{question} ({low}–{high})", question=ask.text, low=ask.low, high=ask.high)
    return ask.text


def hint(ask: Ask) -> str:
    """The line under the input: how to answer, and the table commands."""
    commands = " · ".join(_(w) for w in COMMAND_WORDS.values())
    if ask.form is Form.ONE and ask.options:
        how = (_("a number or a name, or {typed}", typed=ask.typed) if ask.typed else
               _("a number or a name, or a route as in help") if ask.parse is not None
               else _("a number or a name"))
    elif ask.form is Form.SEVERAL and ask.options:
        how = _("numbers or names, separated by commas")
    else:
        how = ask.typed
    if ask.hidden and not how:
        return _("Typed hidden: nothing is shown. Or type {commands}", commands=commands)
    if ask.hidden:
        how = _("{how} (typed hidden: nothing is shown)", how=how)
    return _("Type {how}; or {commands}", how=how, commands=commands) if how \
        else _("Or type {commands}", commands=commands)


# ---------------------------------------------------------------------- how it is read
def resolver(ask: Ask) -> Callable[[str, int | None], Any]:
    """Reads a typed answer to ``ask``: a table command, or the answer (``Refusal`` with
    the reason, when the answer is malformed or the rules core refuses it)."""
    def resolve(typed: str, highlighted: int | None) -> Any:
        command = command_of(typed)
        if command is not None:
            return command
        try:
            answer = read(ask, typed, highlighted)
            ask.check(answer)
        except RefereeError as error:
            raise Refusal(refusal_text(error, ask.hidden)) from None
        return answer
    return resolve


def refusal_text(error: RefereeError, hidden: bool) -> str:
    """Why an answer is refused; for a hidden one, the rule only: neither what was typed
    nor what the player holds is said aloud."""
    from referee.terminal.messages import lines, rule_text

    if not hidden:
        return " ".join(lines(error))
    if error.rule is None:
        return _("Not accepted; type it again (what you typed is not shown)")
    return _("Not accepted under {rule}; type it again (what you typed is not shown)",
             rule=rule_text(error.rule))


def read(ask: Ask, typed: str, highlighted: int | None = None) -> Any:
    """The answer ``typed`` gives (``highlighted``: the item chosen with the arrows and
    Enter alone); raises an InputError naming what is wrong."""
    blank = not typed.strip()
    if blank and highlighted is not None and ask.options:
        return _option(ask, highlighted)
    if blank and ask.default is not NO_DEFAULT:
        return ask.default
    if ask.form is Form.YES_NO:
        said = yes_no(typed)
        if said is None:
            raise InputError(N_("Answer {yes} or {no}."), yes=_("yes"), no=_("no"))
        return said
    if ask.form is Form.NUMBER:
        return _number(ask, typed)
    if ask.form is Form.SEVERAL and ask.options:
        return _several(ask, typed)
    if ask.options:
        return _one(ask, typed)
    if ask.parse is None:
        raise InputError(N_("Type an answer."))
    return ask.parse(typed.strip())


def _one(ask: Ask, typed: str) -> Any:
    """One listed item: its number or its own name; else what ``parse`` reads (a typed
    route), else the one item the words name."""
    if not typed.strip():
        raise InputError(N_("Type a number from 1 to {count}, or a name."),
                         count=len(ask.options))
    items = [Item(o.title, o.detail, o.names) for o in ask.options]
    number = parse_whole(typed)
    if number is not None and not 1 <= number <= len(items):
        raise InputError(N_("There is no number {number}: choose 1 to {count}."),
                         number=number, count=len(items))
    found = choose_items(items, typed)
    if len(found) == 1 and (ask.parse is None or exactly_named(items, found[0], typed)):
        return _option(ask, found[0])
    if ask.parse is not None:
        try:
            return ask.parse(typed.strip())
        except RefereeError:
            if len(found) != 1:
                raise
        return _option(ask, found[0])
    if found:
        raise InputError(N_("{count} choices match {text!r}: type more, or the number."),
                         count=len(found), text=typed.strip())
    raise InputError(N_("Nothing matches {text!r}: type a number from 1 to {count}."),
                     text=typed.strip(), count=len(ask.options))


def exactly_named(items: Sequence[Item], index: int, typed: str) -> bool:
    """Whether ``typed`` is item ``index``'s number or one of its names, whole."""
    return parse_whole(typed) == index + 1 or exactly(items[index], typed)


def _option(ask: Ask, index: int) -> Any:
    option = ask.options[index]
    if option.disabled:
        raise InputError(N_("{choice} cannot be chosen now: {reason}"), choice=option.title,
                         reason=option.disabled)
    return option.value


def _number(ask: Ask, typed: str) -> int:
    value = parse_whole(typed)
    low = 0 if ask.low is None else ask.low
    if value is None or value < low or (ask.high is not None and value > ask.high):
        if ask.high is None or ask.hidden:  # a hidden bound may be what the player holds
            raise InputError(N_("Enter a whole number, {low} or more."), low=low)
        raise InputError(N_("Enter a whole number from {low} to {high}."), low=low,
                         high=ask.high)
    return value


def _several(ask: Ask, typed: str) -> tuple[Any, ...]:
    """Items named by numbers or names separated by commas (or spaces, where each word
    names an item); a name two items share takes the next one not yet taken."""
    items = [Item(o.title, o.detail, o.names) for o in ask.options]
    taken: list[int] = []
    parts = [p for p in typed.replace(";", ",").split(",") if p.strip()]
    for part in parts:
        found = [i for i in choose_items(items, part) if i not in taken]
        if len(found) != 1 and " " in part.strip():
            words = part.split()
            if all(choose_items(items, w) for w in words):
                parts_found = [_one_of(items, w, taken) for w in words]
                taken += parts_found
                continue
        if not found:
            raise InputError(N_("Nothing matches {text!r}: type a number from 1 to {count}."),
                             text=part.strip(), count=len(items))
        same = {fold_title(items[i]) for i in found}
        if len(same) > 1:
            raise InputError(N_("{count} choices match {text!r}: type more, or the number."),
                             count=len(found), text=part.strip())
        taken.append(found[0])
    for i in taken:
        _option(ask, i)
    return tuple(ask.options[i].value for i in taken)


def _one_of(items: list[Item], word: str, taken: list[int]) -> int:
    found = [i for i in choose_items(items, word) if i not in taken]
    if not found or len({fold_title(items[i]) for i in found}) > 1:
        raise InputError(N_("{count} choices match {text!r}: type more, or the number."),
                         count=len(found), text=word)
    return found[0]


def fold_title(item: Item) -> str:
    return fold(item.title)


def names_of(msgid: str, domain: str) -> tuple[str, ...]:
    """A name in every language, so any of them is typed back (``Option.names``)."""
    return tuple(dict.fromkeys(translations(msgid, domain)))
