"""Rule and graph checks of the board game."""

from __future__ import annotations

from toolkit.core.plugin import Check
from toolkit.games.board.checks.components import COMPONENT_CHECKS
from toolkit.games.board.checks.flow import FLOW_CHECKS
from toolkit.games.board.checks.graph import GRAPH_CHECKS
from toolkit.games.board.checks.mission_campaign_insight import check_optional_insight
from toolkit.games.board.checks.mission_handover import check_forgotten_keeps
from toolkit.games.board.checks.mission_hp import check_hp_changes
from toolkit.games.board.checks.mission_insight_cap import check_insight_capacity
from toolkit.games.board.checks.mission_setup import check_chapter_setups
from toolkit.games.board.checks.mission_supply import check_box_supply
from toolkit.games.board.checks.mission_track import check_hunt_track_budget
from toolkit.games.board.checks.rule_scenarios import RULE_SCENARIO_CHECKS

CAMPAIGN_RULE_CHECKS: tuple[Check, ...] = (
    check_chapter_setups,
    check_box_supply,
    check_hunt_track_budget,
    check_forgotten_keeps,
    check_optional_insight,
    check_insight_capacity,
    check_hp_changes,
)
"""What a campaign asks of the box, the setup, the Hunt Track and the chapters before it."""

BOARD_CHECKS: tuple[Check, ...] = (
    *COMPONENT_CHECKS,
    *GRAPH_CHECKS,
    *CAMPAIGN_RULE_CHECKS,
    *FLOW_CHECKS,
    *RULE_SCENARIO_CHECKS,
)
