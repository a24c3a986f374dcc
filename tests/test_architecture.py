"""The rules cores stay pure: no CLI, terminal or storage libraries outside cli.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "referee"
FORBIDDEN = {"typer", "rich", "questionary", "tinydb", "click", "prompt_toolkit"}
GAMES = ["tribune", "concordia", "trajan"]


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
            if node.module.startswith("referee.cli"):
                roots.add("referee.cli")
    return roots


def core_modules():
    """Everything in a game package except its command line (cli.py or cli/) and table UI (ui/)."""
    for game in GAMES:
        for path in sorted((PACKAGE / game).rglob("*.py")):
            inside = path.relative_to(PACKAGE / game).parts[:-1]
            if path.name != "cli.py" and not {"cli", "ui"} & set(inside):
                yield path


@pytest.mark.parametrize("path", list(core_modules()), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_core_imports_no_io_library(path):
    assert imported_roots(path) & (FORBIDDEN | {"referee.cli"}) == set()


def test_store_and_errors_do_not_import_the_cli():
    for path in [*(PACKAGE / "store").glob("*.py"), PACKAGE / "errors.py", PACKAGE / "rulings.py"]:
        assert "referee.cli" not in imported_roots(path), path


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
