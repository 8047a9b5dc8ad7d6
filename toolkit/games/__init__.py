"""The game plug-ins. Each game package exposes ``PLUGIN`` from its ``plugin`` module."""

from __future__ import annotations

import importlib
from functools import cache

from toolkit.core.model import Document
from toolkit.core.plugin import GamePlugin

GAME_MODULES = (
    "toolkit.games.board.plugin",
    "toolkit.games.card.plugin",
    "toolkit.games.blood_hunt.plugin",
)


@cache
def all_games() -> dict[str, GamePlugin]:
    """Every registered game by id. Kind names must be unique across games."""
    games: dict[str, GamePlugin] = {}
    for module_name in GAME_MODULES:
        plugin: GamePlugin = importlib.import_module(module_name).PLUGIN
        games[plugin.id] = plugin
    return games


@cache
def all_kinds() -> dict[str, tuple[GamePlugin, type[Document]]]:
    """Every content kind, with the game it belongs to."""
    kinds: dict[str, tuple[GamePlugin, type[Document]]] = {}
    for game in all_games().values():
        for kind, model in game.kinds.items():
            if kind in kinds:
                raise RuntimeError(f"kind {kind!r} is declared by two games")
            kinds[kind] = (game, model)
    return kinds
