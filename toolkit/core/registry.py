"""The installed games, found through the ``huntkit.games`` entry points, once per process.

The core knows games only through this registry and never imports a game package by name: the
three built-in games declare their entry points in pyproject.toml exactly as a third-party game
does. A plug-in that cannot be used (its module fails to import, it names something that is not a
:class:`~toolkit.core.plugin.GamePlugin`, it takes another game's id or kind) becomes a
:class:`PluginProblem`, logged as a warning that names it; it never stops the other games.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from toolkit.core.model import Document
from toolkit.core.plugin import GamePlugin, contract_problems

ENTRY_POINT_GROUP = "huntkit.games"
"""The entry-point group a game plug-in declares itself in (``[project.entry-points."huntkit.games"]``)."""

LOG = logging.getLogger("huntkit.plugins")


@dataclass(frozen=True, slots=True)
class PluginProblem:
    """Why one entry point of :data:`ENTRY_POINT_GROUP` gave no game."""

    name: str
    """The entry point's name: the game id the plug-in was meant to offer."""
    value: str
    """What it points at, ``module:attribute``."""
    distribution: str | None
    """The installed package that declares it, ``name version``."""
    reason: str

    def describe(self) -> str:
        source = f", from {self.distribution}" if self.distribution else ""
        return f"the game plug-in {self.name!r} ({self.value}{source}) is not loaded: {self.reason}"


@dataclass(frozen=True, slots=True)
class Registry:
    """Every game that loaded, their kinds, and what went wrong with the others."""

    games: dict[str, GamePlugin] = field(default_factory=dict)
    kinds: dict[str, tuple[GamePlugin, type[Document]]] = field(default_factory=dict)
    modules: dict[str, str] = field(default_factory=dict)
    """The module each game's plug-in object lives in, by game id (the site documents its package)."""
    problems: tuple[PluginProblem, ...] = ()

    @property
    def only_huntkits_games(self) -> bool:
        """Whether every game loaded is one huntkit ships (then the shipped schemas cover them)."""
        return all(module.startswith("toolkit.") for module in self.modules.values())

    def problem_for(self, game_id: str) -> PluginProblem | None:
        """The problem of the plug-in that was meant to offer ``game_id``, if it failed."""
        return next((p for p in self.problems if p.name == game_id), None)


@cache
def registry() -> Registry:
    """The games of this installation (entry points are read once; a process sees one set)."""
    points = list(entry_points(group=ENTRY_POINT_GROUP))
    found = discover(points)
    for problem in found.problems:
        LOG.warning("%s", problem.describe())
    if not any(_is_huntkit(point) for point in points):
        LOG.warning("%s", STALE_INSTALL)
    return found


STALE_INSTALL = (
    "huntkit's installed metadata declares none of its games (it was installed before games were "
    "plug-ins): reinstall it, `pip install -e .` in a checkout, so its entry points are registered"
)


def all_games() -> Mapping[str, GamePlugin]:
    """Every installed game by id."""
    return registry().games


def all_kinds() -> Mapping[str, tuple[GamePlugin, type[Document]]]:
    """Every content kind, with the game it belongs to (kind names are unique across games)."""
    return registry().kinds


def discover(points: Iterable[EntryPoint]) -> Registry:
    """Load each entry point; keep the games that fit the contract, and say why of the others.

    Games come in the order of their names, whatever order the installer wrote the metadata in (the
    site's sections and the schema's list of games must not change between two installs). A
    second entry point of a name is a problem, not an override: installing a package never
    replaces a game, and huntkit's own entry point of a name comes first.
    """
    result = Registry()
    problems: list[PluginProblem] = []
    seen: set[str] = set()
    for point in sorted(points, key=lambda p: (p.name, not _is_huntkit(p))):
        problem = _add(result, point, seen)
        if problem is not None:
            problems.append(problem)
    return Registry(result.games, result.kinds, result.modules, tuple(problems))


def _add(result: Registry, point: EntryPoint, seen: set[str]) -> PluginProblem | None:
    def problem(reason: str) -> PluginProblem:
        return PluginProblem(point.name, point.value, _distribution(point), reason)

    if point.name in seen:
        return problem(f"another installed package already declares a game {point.name!r}")
    seen.add(point.name)
    try:
        plugin = point.load()
    except Exception as error:  # any failure of a third-party import is that plug-in's, not ours
        return problem(_failure(error))
    if not isinstance(plugin, GamePlugin):
        return problem(f"it names {_what(plugin)}, not a toolkit.core.plugin.GamePlugin")
    try:
        wrong = contract_problems(plugin)
    except Exception as error:  # a field of the wrong shape (checks that are not a sequence, say)
        wrong = [f"its fields do not fit the contract: {type(error).__name__}: {error}"]
    if plugin.id != point.name:
        wrong.insert(0, f"the entry point is named {point.name!r} but the plug-in's id is {plugin.id!r}")
    if wrong:
        return problem("; ".join(wrong))
    clashes = [kind for kind in plugin.kinds if kind in result.kinds]
    if clashes:
        owners = sorted({result.kinds[kind][0].id for kind in clashes})
        taken = ", ".join(map(repr, clashes))
        return problem(f"its kinds {taken} are already declared by {', '.join(owners)}")
    result.games[plugin.id] = plugin
    result.modules[plugin.id] = point.module
    for kind, model in plugin.kinds.items():
        result.kinds[kind] = (plugin, model)
    return None


def _failure(error: Exception) -> str:
    """The error and where it happened: the plug-in author's file and line, not importlib's."""
    where = ""
    if isinstance(error, SyntaxError) and error.filename:
        where = f" at {error.filename}:{error.lineno or 1}:{error.offset or 1}"
    else:
        frames = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if "importlib" not in frame.filename and not frame.filename.startswith("<frozen")
        ]
        if frames:
            where = f" at {frames[-1].filename}:{frames[-1].lineno}"
    return f"{type(error).__name__}: {error}{where}"


def _what(value: object) -> str:
    if isinstance(value, type):
        return f"the class {value.__qualname__}"
    return f"a {type(value).__qualname__}"


def _is_huntkit(point: EntryPoint) -> bool:
    return point.dist is not None and point.dist.metadata["Name"] == "huntkit"


def _distribution(point: EntryPoint) -> str | None:
    dist = point.dist
    if dist is None:
        return None
    return f"{dist.metadata['Name']} {dist.version}"


__all__ = [
    "ENTRY_POINT_GROUP",
    "PluginProblem",
    "Registry",
    "all_games",
    "all_kinds",
    "discover",
    "registry",
]
