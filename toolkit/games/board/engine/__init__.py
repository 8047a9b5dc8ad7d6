"""The rules engine of Bloodborne: The Board Game, with OpenSpiel's contract (see :mod:`.state`)."""

from __future__ import annotations

from toolkit.games.board.engine.core import CHANCE, TERMINAL
from toolkit.games.board.engine.rules import Rules, RulesError, load_rules
from toolkit.games.board.engine.state import BoardState, deserialize, new_initial_state

__all__ = [
    "CHANCE",
    "TERMINAL",
    "BoardState",
    "Rules",
    "RulesError",
    "deserialize",
    "load_rules",
    "new_initial_state",
]
