"""The shape of the package, held against its code: each game has the same rooms, every import
points down a layer (or stays in its room), no module imports itself back through others,
and the rules cores import no command-line, terminal or storage library.

The imports are read from the source (every ``import``, at the top of a module, inside a
function or under ``TYPE_CHECKING``): an import done only for a type still says which way the
module leans.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "referee"
GAMES = ("tribune", "concordia", "trajan")
FORBIDDEN = {"typer", "rich", "questionary", "tinydb", "click", "prompt_toolkit"}

#: The rooms, top layer first. A module may import its own room, or a room of a lower layer;
#: never a room above, nor another room of its own layer (the games never see each other).
LAYERS: list[tuple[str, ...]] = [
    ("referee.__main__",),
    tuple(f"referee.{game}.cli" for game in GAMES),  # a game's command table and commands
    ("referee.cli",),  # the root command line and the commands every game shares
    ("referee.board",),  # the live board page: the table's view of each game, its server
    tuple(f"referee.{game}.ui" for game in GAMES),  # a game's table side and calculators
    ("referee.table",),  # the guided loop, sessions of entries, log, explain, replay
    ("referee.results", "referee.settings"),  # finished games; the run's options
    ("referee.terminal",),  # text at a terminal: output, prompts, error lines
    (*(f"referee.{game}" for game in GAMES), "referee.store"),  # the rules cores; the journal
    ("referee.game",),  # what every core shares: the contract, the question, the flow
    ("referee.outcome", "referee.irregular"),  # a result; end states no game can reach
    ("referee.data",),
    ("referee.limits", "referee.names"),
    ("referee.errors", "referee.paths", "referee.interrupts"),
    ("referee.i18n",),
    ("referee.rulings",),
    ("referee.values", "referee.numbers", "referee.hashing"),
]

#: The modules every game package has, so whoever knows one knows where to look in the others.
SHARED_MODULES = (
    "__init__.py",  # DOMAIN, EDITIONS, DEFAULT_EDITION
    "rulebook.py",  # RULES, ref(), violation(), bad_input()
    "errors.py",  # the game's InputError and RuleViolation
    "box.py",  # typed access to the box data
    "setup.py",  # what a game starts from
    "state.py",  # the state, plain data
    "actions.py",  # the entries
    "engine.py",  # Game: the contract of referee.game.contract
    "scoring.py",  # the final score and the shared Outcome
    "invariants.py",  # conservation laws the simulator checks
    "simulate.py",  # random legal games
    "cli.py",  # the command table and the game's own commands
    "ui/__init__.py",
    "ui/table.py",  # the game's TableGame
    "ui/questions.py",  # the guided game's questions
    "ui/render.py",  # entries and rulings as text
    "ui/status.py",  # the board at a glance, as text and JSON
    "ui/check.py",  # the calculators: ``referee GAME check``
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p): p for p in sorted(root.rglob("*.py"))}


def imports(path: Path, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports (a name imported from a package is the
    module of that name when there is one)."""
    known = set(known)
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def resolved(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        found |= {t for t in map(resolved, targets) if t is not None}
    return found - {name}


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports(path, found) for name, path in found.items()}


def room(module: str) -> tuple[int, str] | None:
    """The layer (0 at the top) and room a module lives in: the longest prefix that names it."""
    best: tuple[int, str] | None = None
    for rank, rooms in enumerate(LAYERS):
        for prefix in rooms:
            if (module == prefix or module.startswith(prefix + ".")) and (
                    best is None or len(prefix) > len(best[1])):
                best = (rank, prefix)
    return best


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import that does not point down a layer or stay in its room."""
    wrong = []
    for source, targets in sorted(edges.items()):
        here = room(source)
        for target in sorted(targets):
            there = room(target)
            if here is None or there is None or here[1] == there[1]:
                continue
            if there[0] <= here[0]:
                wrong.append(f"{source} -> {target}")
    return wrong


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The modules that import themselves back through others, a group per circle
    (strongly connected components of more than one module, Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


# ------------------------------------------------------------------------------ the tests
def test_every_module_has_a_room():
    assert [m for m in modules() if room(m) is None and m != "referee"] == []


def test_no_module_imports_upward_or_into_a_sibling_room():
    assert upward(graph()) == []


#: The store's one circle (its repair, its session and the store) is taken apart by the store's
#: own rework, which lands apart from this test; until then it is the one circle allowed.
def test_no_module_imports_itself_back():
    assert circles(graph()) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_shared_modules(game):
    assert [m for m in SHARED_MODULES if not (PACKAGE / game / m).is_file()] == []


def test_the_checks_catch_what_they_are_for(tmp_path):
    """The checks above fail on a package laid out wrongly: an import upward, a circle, a
    missing module."""
    edges = {"referee.tribune.engine": {"referee.table.session"},  # a core reaching up
             "referee.table.guide": {"referee.cli.app"},  # the table reaching the CLI
             "referee.trajan.ui.table": {"referee.tribune.ui.table"},  # a sibling game
             "referee.store.session": {"referee.store.journal"},  # within a room: fine
             "referee.a": {"referee.b"}, "referee.b": {"referee.c"},
             "referee.c": {"referee.a"}}
    assert upward(edges) == ["referee.table.guide -> referee.cli.app",
                             "referee.trajan.ui.table -> referee.tribune.ui.table",
                             "referee.tribune.engine -> referee.table.session"]
    assert circles(edges) == [["referee.a", "referee.b", "referee.c"]]
    assert circles({"referee.a": {"referee.b"}, "referee.b": set()}) == []
    game = tmp_path / "game"
    (game / "ui").mkdir(parents=True)
    for name in SHARED_MODULES[:-1]:
        (game / name).write_text("")
    assert [m for m in SHARED_MODULES if not (game / m).is_file()] == ["ui/check.py"]


def test_imports_are_read_from_every_form(tmp_path):
    package = tmp_path / "referee"
    (package / "game").mkdir(parents=True)
    for name in ("__init__.py", "rulings.py", "game/__init__.py", "game/flow.py",
                 "game/question.py"):
        (package / name).write_text("")
    (package / "game" / "flow.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import question\n"
        "if TYPE_CHECKING:\n    from referee.rulings import Ruling\n"
        "def f():\n    import referee.values\n")
    known = {"referee", "referee.rulings", "referee.game", "referee.game.flow",
             "referee.game.question", "referee.values"}
    global PACKAGE
    saved, PACKAGE = PACKAGE, package
    try:
        assert imports(package / "game" / "flow.py", known) == {
            "referee.game.question", "referee.rulings", "referee.values"}
    finally:
        PACKAGE = saved


# ------------------------------------------------------------------------- the cores stay pure
def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def core_modules():
    """Everything in a game package except its command line (cli.py) and table side (ui/),
    and the layer every core shares (referee/game)."""
    for game in GAMES:
        for path in sorted((PACKAGE / game).rglob("*.py")):
            inside = path.relative_to(PACKAGE / game).parts[:-1]
            if path.name != "cli.py" and "ui" not in inside:
                yield path
    yield from sorted((PACKAGE / "game").rglob("*.py"))


@pytest.mark.parametrize("path", list(core_modules()), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_core_imports_no_io_library(path):
    assert imported_roots(path) & FORBIDDEN == set()


def test_store_errors_and_rulings_import_no_io_library():
    for path in [*(PACKAGE / "store").glob("*.py"), PACKAGE / "errors.py", PACKAGE / "rulings.py",
                 PACKAGE / "values.py", PACKAGE / "outcome.py"]:
        assert imported_roots(path) & (FORBIDDEN - {"tinydb"}) == set(), path


def test_every_command_help_goes_through_the_translation_layer():
    """Typer shows a command's docstring when it gets no help=: that text is never translated."""
    untranslated = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call)
                        and getattr(decorator.func, "attr", "") in {"command", "callback"}
                        and not any(k.arg == "help" for k in decorator.keywords)
                        and ast.get_docstring(node)):
                    untranslated.append(f"{path.relative_to(PACKAGE)}:{node.name}")
    assert untranslated == []
