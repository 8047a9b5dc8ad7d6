"""The card game's modules import no cycle, lazy imports included, and none reaches back to the
games registry (which imports every plug-in, this one too)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "card"
PREFIX = "toolkit.games.card"
REGISTRY = "toolkit.games"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX, *parts))


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    for path in PACKAGE.rglob("*.py"):
        module = _module_name(path)
        graph.add_node(module)
        for target in _imports(path):
            if target.startswith(PREFIX):
                graph.add_edge(module, target)
    return graph


def test_card_modules_import_no_cycle() -> None:
    assert list(nx.simple_cycles(_graph())) == []


def test_no_card_module_imports_the_games_registry() -> None:
    reaching = sorted(_module_name(path) for path in PACKAGE.rglob("*.py") if REGISTRY in _imports(path))
    assert reaching == []
