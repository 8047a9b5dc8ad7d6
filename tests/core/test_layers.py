"""The layers stay apart: the core never imports a game, and a game never imports the commands.

The scan reads every module's syntax tree, so an import hidden inside a function (made only when
the function runs), a relative import, or ``importlib.import_module("toolkit.games...")`` counts as
much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

TOOLKIT = REPO / "toolkit"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(source: str, module: str, *, is_package: bool = False) -> list[tuple[str, int]]:
    """Every module ``source`` imports, with the line: top-level, in functions, relative, dynamic."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, node.lineno))
            # `from toolkit import games` imports the module toolkit.games.
            found.extend((f"{base}.{alias.name}", node.lineno) for alias in node.names)
        elif isinstance(node, ast.Call) and _is_dynamic_import(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.value, node.lineno))
    return found


def _is_dynamic_import(func: ast.expr) -> bool:
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in ("import_module", "__import__")


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def offending_imports(folder: Path, forbidden: str) -> list[str]:
    """``file:line imports X`` for every import of ``forbidden`` (or below it) in ``folder``."""
    offences: list[str] = []
    for path in sorted(folder.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = _module_name(path)
        for imported, line in imported_modules(source, name, is_package=path.name == "__init__.py"):
            if _within(imported, forbidden):
                offences.append(f"{path.relative_to(REPO)}:{line} imports {imported}")
    return offences


def test_no_module_of_the_core_imports_a_game() -> None:
    offences = offending_imports(TOOLKIT / "core", "toolkit.games")
    assert not offences, "the core must find games through entry points only:\n" + "\n".join(offences)


def test_no_game_module_imports_the_commands() -> None:
    offences = offending_imports(TOOLKIT / "games", "toolkit.commands")
    assert not offences, "a game offers hooks; the commands call them:\n" + "\n".join(offences)


@pytest.mark.parametrize(
    "source",
    [
        "from toolkit.games import all_games\n",
        "import toolkit.games.board.plugin\n",
        "from toolkit import games\n",
        "def later():\n    from toolkit.games.board.mission.graph import build_chapter_graph\n",
        "import importlib\nimportlib.import_module('toolkit.games.card.plugin')\n",
        "from ..games.board import plugin\n",
    ],
)
def test_the_scan_sees_every_way_of_importing_a_game(source: str) -> None:
    found = imported_modules(source, "toolkit.core.pipeline")
    assert any(_within(name, "toolkit.games") for name, _ in found), found


def test_the_scan_does_not_mistake_a_similar_name_for_a_game() -> None:
    source = "from toolkit.core.registry import all_games\nimport toolkit.gamesmaster\n"
    found = imported_modules(source, "toolkit.core.pipeline")
    assert not any(_within(name, "toolkit.games") for name, _ in found), found


def test_the_scan_gives_the_line_of_an_import_inside_a_function() -> None:
    source = "import os\n\n\ndef late():\n    import toolkit.games.board\n"
    found = imported_modules(source, "toolkit.core.x")
    found = [(name, line) for name, line in found if _within(name, "toolkit.games")]
    assert found == [("toolkit.games.board", 5)]
