"""Hostile text at every typed question of the guided games and the table layer: Tribune's
cards, bids and long (numbered) lists, its setup questions (names, numbers, the victory
card), Concordia's goods, display slots, moves and cities, Trajan's markers, lists and sowing
order.

The questions are the real ones (``QuestionaryPrompter`` on a prompt_toolkit pipe), asked
by the real commands (``new`` and ``resume``) in-process. At each kind of typed question, the
first time it comes up, every hostile text is pasted and sent with Enter before the answer
the game needs: each must be refused by the question's own check with one printable line
(no exception, so no traceback), the question must stay (the next text is typed at the
same question, and the scripted answer is what it returns), and the session files must be
byte for byte as they were. Texts a question accepts (an empty answer taking its default,
digits of another script) are legitimate answers and are left out of its run. The readers
no question reaches in these runs (Concordia's colonists) and the reading of a yes/no key
take every hostile text directly. About 1,100 hostile answers, 19 questions, a few seconds.
"""

from __future__ import annotations

import re
import sys
import threading
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.i18n.matching import yes_no
from referee.table.questions import Command
from referee.terminal import prompter as prompter_module
from referee.terminal.asking import Line, Refusal
from referee.terminal.prompter import LONG_LIST, NO_DEFAULT, QuestionaryPrompter, ScriptedPrompter
from tests.robustness.helpers import new_session, script
from tests.trajan.test_conversation import SETUP as TRAJAN_SETUP
from tests.tribune.ui.test_guided_table import SETUP as TRIBUNE_SETUP

ENTER, CLEAR_LINE, BACKSPACE = "\r", "\x15", "\x7f"
PASTE = "\x1b[200~{}\x1b[201~"  # as a terminal sends pasted text: it arrives as typed


def _one_of_each(categories: str) -> str:
    """A character of each category named from every block of 4,096 code points: the
    digits of every script, superscripts, fractions, numerals, every kind of space."""
    seen: dict[str, str] = {}
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        category = unicodedata.category(char)
        if category in categories.split() and (category, code >> 12) not in seen:
            seen[(category, code >> 12)] = char
    return "".join(seen.values())


DIGITS = _one_of_each("Nd No Nl")  # decimal digits of many scripts, superscripts, numerals
SPACES = _one_of_each("Zs Zl Zp Cf")
SIGNS = "+-−﹣－＋﹢‐‑‒–"


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


HOSTILE = [
    "", " ", "\t", SPACES, DIGITS, DIGITS[:40], SIGNS, "--1", "+-3", "٣", "３", "²", "½", "Ⅻ",
    "wine ²", "wine ٣", "1 ²:brick", "²", "gla²", "sen٤", "-1", "1e400", "NaN", "0x10",
    "9" * 5000, "-" + "9" * 4301, "wine " + "9" * 5000, "9" * 5000 + " 3:brick",
    "[/]", "[bold red]x[/]", "[link=http://x]y[/link]", "\x1b[2J", "\x1b]0;owned\x07",
    "\x00", "\x07\x08", "a\nb", "a\r\nb", "\ud800", "x" * 20_000, "é" * 3000,
    deep(100_000), '{"a":' * 1000 + "1" + "}" * 1000, "land > >", "sea /", ">", ",,,",
    ":", "1:", "0", "99", "land Roma >", "yo,gw,pb", "yyy", "ZZ", "undo undo", "statu",
    "'; DROP TABLE events; --", "%s%s%n", "{player}", "{0}", "None", "null", "true",
]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.suffix in (".json", ".bak")} if folder.is_dir() else {}


class Hostile:
    """A prompter for a whole guided run: answers come from ``script`` (as
    ``ScriptedPrompter`` takes them; once it is used up, every question is answered with
    quit), and before the answer to a typed question the real question gets every hostile
    text (see the module's docstring)."""

    def __init__(self, answers: Sequence[Any], folder: Path) -> None:
        self.scripted = ScriptedPrompter(answers)
        self.folder = folder
        self.tried: set[str] = set()
        self.refused = 0  # hostile texts refused by a real question
        self.accepted: list[tuple[str, str]] = []  # (question, text) taken as answers

    def _real(self, keys: str, ask: Callable[[QuestionaryPrompter], Any]) -> Any:
        def type_all() -> None:  # from a thread: more than a pipe holds is typed
            pipe.send_text(keys)
            pipe.close()  # then the end of input: a question still waiting is cancelled

        with create_pipe_input() as pipe:
            typist = threading.Thread(target=type_all)
            typist.start()
            try:
                return ask(QuestionaryPrompter(input=pipe, output=DummyOutput()))
            finally:
                typist.join()

    def _attack(self, kind: str, message: str, check: Callable[[str], str | None],
                answer: str, ask: Callable[[QuestionaryPrompter], Any]) -> None:
        """Every hostile text, then ``answer``, at one real question of this kind."""
        if kind in self.tried:
            return
        self.tried.add(kind)
        before = files(self.folder)
        keys = []
        for text in HOSTILE:
            problem = check(text)  # raises on a traceback
            if problem is None:
                self.accepted.append((kind, text))
                continue
            assert isinstance(problem, str) and problem.isprintable(), (kind, text, problem)
            if "\ud800" in text:
                continue  # no terminal sends a lone surrogate: checked above, not typed
            lines = text.replace("\r\n", "\n").count("\n")
            keys.append(PASTE.format(text) + ENTER + (CLEAR_LINE + BACKSPACE) * lines
                        + CLEAR_LINE)
            self.refused += 1
        assert self._real("".join(keys) + answer + ENTER, ask) == answer, (kind, message)
        assert files(self.folder) == before

    def _answer(self, message: str) -> Any:
        if not self.scripted.answers:
            self.scripted.answers.append(Command.QUIT)
        return self.scripted.answers[0]

    def select(self, message: str, choices: Sequence[Any], default: Any = NO_DEFAULT) -> Any:
        planned = self._answer(message)
        if len(choices) > LONG_LIST:  # numbered and typed: the answer is its number
            number = next(i for i, c in enumerate(choices, 1) if c.value == planned)
            self._attack("list", message,
                         lambda text: _pick_problem(text, choices, default), str(number),
                         lambda real: str(1 + [c.value for c in choices].index(
                             real.select(message, choices, default))))
        return self.scripted.select(message, choices, default)

    def _planned_text(self, message: str) -> str:
        if self._answer(message) is Command.QUIT:
            self.scripted.answers[0] = "quit"
        return str(self.scripted.answers[0])

    def text(self, message: str, *, default: str = "", validate: Any = None,
             completions: Sequence[str] = ()) -> str:
        check = (lambda text: validate(text or default)) if validate else (lambda text: None)
        self._attack(f"text:{_kind(message)}", message, check, self._planned_text(message),
                     lambda real: real.text(message, default=default, validate=validate,
                                            completions=completions))
        return self.scripted.text(message, default=default, validate=validate,
                                  completions=completions)

    def secret(self, message: str, *, validate: Any = None) -> str:
        self._attack(f"secret:{_kind(message)}", message, validate or (lambda text: None),
                     self._planned_text(message),
                     lambda real: real.secret(message, validate=validate))
        return self.scripted.secret(message, validate=validate)

    def confirm(self, message: str, *, default: bool = False) -> bool:
        """One key answers a yes/no question; the reading of it takes any text."""
        if self._answer(message) is Command.QUIT:
            self.scripted.answers[0] = True
        assert all(yes_no(text) in (None, True, False) for text in HOSTILE)
        return self.scripted.confirm(message, default=default)

    def checkbox(self, message: str, choices: Sequence[Any]) -> list[Any]:
        return self.scripted.checkbox(message, choices)

    def line(self, line: Line, resolve: Any, *, error: str = "") -> Any:
        """A question of the conversation kit: every hostile text read by its own reader
        (and the rules core's check), then at the real question line."""
        planned = self._planned_text(line.message)

        def check(text: str) -> str | None:
            try:
                resolve(text, None)
            except Refusal as refusal:
                return refusal.text
            return None

        def real(prompter: QuestionaryPrompter) -> str:
            answer = prompter.line(line, resolve)
            return planned if answer == resolve(planned, None) else repr(answer)

        self._attack(f"line:{_kind(line.message)}", line.message, check, planned, real)
        return self.scripted.line(line, resolve, error=error)


def _kind(message: str) -> str:
    """Questions of one kind differ only in their numbers."""
    return re.sub(r"\d+", "#", message)


def _pick_problem(text: str, choices: Sequence[Any], default: Any) -> str | None:
    from referee.errors import InputError
    from referee.terminal.messages import message
    from referee.terminal.prompter import pick

    try:
        pick(text, choices, default)
    except InputError as error:
        return message(error)
    return None


@pytest.fixture
def hostile(monkeypatch, sessions_dir):
    def use(answers: Sequence[Any]) -> Hostile:
        prompter = Hostile(answers, sessions_dir)
        monkeypatch.setattr(prompter_module, "make_prompter", lambda hint: prompter)
        monkeypatch.setattr("referee.terminal.output.is_interactive", lambda: True)
        return prompter
    return use


def quit_cleanly(result) -> None:
    assert result.code == 0, result.err
    assert "Traceback" not in result.err and "Continue with" in result.out


# ------------------------------------------------------------------------------ Tribune
def first_of_each_kind() -> list[int]:
    """The entry number at which each kind of Tribune question first comes up in a real
    game (a card turned up, a placement, a bid, a choice …)."""
    seen: dict[str, int] = {}
    for n, action in enumerate(script()):
        seen.setdefault(type(action).__name__, n)
    return sorted(seen.values())


def test_tribune_questions(cli, hostile, sessions_dir):
    """Resumed where each kind of question first comes up; each answered with quit."""
    tried: set[str] = set()
    for at in first_of_each_kind():
        sid = new_session(sessions_dir, at)
        before = files(sessions_dir)
        prompter = hostile([])
        quit_cleanly(cli("tribune", "resume", sid))
        assert files(sessions_dir) == before
        tried |= prompter.tried
    # every question is the kit's: the lists, the typed cards, the hidden bids
    assert {k.split(":")[0] for k in tried} == {"line"}
    assert len(tried) >= len(first_of_each_kind()), tried


def test_tribune_setup_questions_and_a_card_typed_at_the_table(cli, hostile, sessions_dir):
    """The whole setup interview (names, numbers, the victory card), then a card turned up
    at the table, typed."""
    prompter = hostile(TRIBUNE_SETUP)
    quit_cleanly(cli("tribune", "new"))
    assert prompter.refused > 0 and len(prompter.tried) >= 5


# ---------------------------------------------------------------------------- Concordia
CONCORDIA_TURNS = [  # (answers, the kinds of question they reach)
    (["mercator", "", "status"], 3),  # sell nothing, then the buy question
    (["senator", "status"], 2),
    (["architect", "2", "status"], 3),  # a move, then the move question (“1 point left”)
]


@pytest.mark.parametrize("turn, kinds", CONCORDIA_TURNS, ids=[t[0][0] for t in CONCORDIA_TURNS])
def test_concordia_questions(cli, hostile, sessions_dir, turn, kinds):
    made = cli("concordia", "new", "--player", "Ann", "--player", "Bob", "--player", "Cid",
               "--map", "imperium", "--seed", "5", "--start", "Ann", "--no-play")
    assert made.code == 0, made.err
    before = files(sessions_dir)
    prompter = hostile(turn)
    quit_cleanly(cli("concordia", "resume"))
    assert files(sessions_dir) == before
    assert prompter.refused > 0 and len(prompter.tried) == kinds


def test_concordia_typed_answers_are_read_or_refused():
    """Every reader behind Concordia's typed answers (routes, goods) and the kit's reading
    of each form of question: a value or a refusal, never another exception."""
    from referee.concordia.box import load_box
    from referee.concordia.ui.questions import Turn
    from referee.concordia.ui.table import CONCORDIA
    from referee.errors import RefereeError
    from referee.game.question import Form
    from referee.table.kit import Ask, Option, read
    from tests.concordia.test_engine import new_game

    turn = Turn(new_game(load_box()), CONCORDIA)
    items = tuple(Option(n, f"item {n}", names=(f"i{n}",)) for n in range(3))
    asks = [Ask(Form.ONE, "?", items), Ask(Form.SEVERAL, "?", items),
            Ask(Form.NUMBER, "?", low=0, high=9), Ask(Form.NUMBER, "?", low=0, hidden=True),
            Ask(Form.YES_NO, "?"), Ask(Form.ONE, "?", items, parse=turn.route)]
    readers = [turn.route, turn.goods, *(lambda text, a=a: read(a, text) for a in asks)]
    for reader in readers:
        for text in HOSTILE:
            try:
                reader(text)
            except RefereeError:
                pass


# ------------------------------------------------------------------------------- Trajan
def test_trajan_markers_and_sowing_order(cli, hostile, sessions_dir):
    prompter = hostile([*TRAJAN_SETUP, "5", "status"])
    quit_cleanly(cli("trajan", "new", "--player", "Ann", "--player", "Bob", "--seed", "10"))
    lines = {k for k in prompter.tried if k.startswith("line:")}
    assert prompter.refused > 0
    for question in ("Ann: which # markers go in each tray", "Bob: which # markers",
                     "Ann: take a card from the deck", "Ann: from which # Trajan stacks",
                     "Ann: which tray do you sow", "Ann: in what order do the markers"):
        assert any(k.startswith(f"line:{question}") for k in lines), (question, lines)
