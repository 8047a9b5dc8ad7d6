"""The runtime import graph of a package, for the tests that forbid import cycles.

An edge is an import that runs when the code runs: `if TYPE_CHECKING:` blocks are left out, imports
inside functions are kept (a lazy import still closes a cycle: it only moves where the cycle bites).
`from package import module` is an edge to that module, not only to the package."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def runtime_imports(tree: ast.Module, modules: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The modules ``tree`` imports at run time; ``from X import name`` is ``X.name`` when that is
    one of ``modules``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(package: Path, root: Path = ROOT) -> nx.DiGraph:
    """Every module of ``package`` (a folder under ``root``, the repository by default) and its
    runtime imports of modules of the same package."""
    paths = {module_name(path, root): path for path in package.rglob("*.py")}
    modules = set(paths)
    graph = nx.DiGraph()
    for module, path in paths.items():
        graph.add_node(module)
        for target in runtime_imports(ast.parse(path.read_text(encoding="utf-8")), modules):
            if target in modules and target != module:
                graph.add_edge(module, target)
    return graph


def import_cycles(package: Path, root: Path = ROOT) -> list[list[str]]:
    """Each set of modules that import each other (a strongly connected component of more than one
    module), sorted, with the package's prefix cut off for reading."""
    prefix = module_name(package, root) + "."
    return sorted(
        sorted(name.removeprefix(prefix) for name in component)
        for component in nx.strongly_connected_components(import_graph(package, root))
        if len(component) > 1
    )
