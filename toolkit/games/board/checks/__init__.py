"""Rule and graph checks of the board game."""

from __future__ import annotations

from toolkit.core.plugin import Check
from toolkit.games.board.checks.components import COMPONENT_CHECKS
from toolkit.games.board.checks.flow import FLOW_CHECKS
from toolkit.games.board.checks.graph import GRAPH_CHECKS

BOARD_CHECKS: tuple[Check, ...] = (*COMPONENT_CHECKS, *GRAPH_CHECKS, *FLOW_CHECKS)
