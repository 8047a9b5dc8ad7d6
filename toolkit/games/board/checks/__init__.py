"""Rule and graph checks of the board game, and its flow checks (which play chapters through)."""

from __future__ import annotations

from typing import Any

from toolkit.core.plugin import Check
from toolkit.games.board.checks.components import COMPONENT_CHECKS
from toolkit.games.board.checks.flow import check_mission_flow, check_scenario_targets
from toolkit.games.board.checks.graph import GRAPH_CHECKS
from toolkit.games.board.mission.deck import local_id

BOARD_CHECKS: tuple[Check, ...] = (*COMPONENT_CHECKS, *GRAPH_CHECKS, check_scenario_targets)
BOARD_FLOW_CHECKS: tuple[Check, ...] = (check_mission_flow,)
"""Run on a campaign only when the checks before them found no error in it (see GamePlugin)."""


def campaign_scope(data: Any) -> str | None:
    """The campaign a document belongs to (its own id for a `campaign`), from its plain data: a
    broken card holds back the checks of its campaign only."""
    if not isinstance(data, dict):
        return None
    name = data.get("id") if data.get("kind") == "campaign" else data.get("campaign")
    return f"campaign {local_id(name)!r}" if isinstance(name, str) and name else None
