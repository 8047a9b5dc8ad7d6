"""A :class:`.core.Game` with every rule wired in: the one module that knows both the low-level rules
and the procedures they call back into (:class:`.core.Upcalls`), so no rule module imports one
above it."""

from __future__ import annotations

from toolkit.games.board.engine.core import Game, Upcalls
from toolkit.games.board.engine.mission_effects import run_mission
from toolkit.games.board.engine.missions import MissionPort
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.turn import free_move

UPCALLS = Upcalls(run_mission=run_mission, free_move=free_move)
"""The engine's own procedures; a tuple of functions, so a deep copy of a game shares it."""


def new_game(rules: Rules, hunters: int, seed: int, missions: MissionPort) -> Game:
    """A chapter's game, before setup."""
    return Game(rules, hunters, seed, missions, UPCALLS)
