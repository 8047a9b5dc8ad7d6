"""Blood Hunt is laid out like the board game (model, checks, engine, bots, play as sub-packages),
and none of its modules imports another that imports it back, even from inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "blood_hunt"
PREFIX = "toolkit.games.blood_hunt"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX, *parts))


def _runtime_imports(tree: ast.Module) -> set[str]:
    """Modules imported when the code runs: `if TYPE_CHECKING:` blocks are left out, imports
    inside functions are kept (a lazy import still closes a cycle)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name.startswith(PREFIX)}


def _graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        module = _module_name(path)
        graph.add_node(module)
        for target in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            graph.add_edge(module, target)
    return graph


def test_blood_hunt_has_the_sub_packages_of_a_game() -> None:
    for package in ("model", "checks", "engine", "bots", "play"):
        assert (PACKAGE / package / "__init__.py").is_file(), package
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(flat) <= 8, flat


def test_blood_hunt_modules_import_no_cycle() -> None:
    cycles = list(nx.simple_cycles(_graph()))
    assert cycles == []


def test_the_cycle_check_sees_an_import_made_inside_a_function() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from toolkit.games.blood_hunt.a import X\n"
        "def f():\n    from toolkit.games.blood_hunt.b import Y\n"
    )
    assert _runtime_imports(tree) == {"toolkit.games.blood_hunt.b"}
