"""The card game's hook for `huntkit test`, imported by the plug-in; the table and runner load
only when a test run needs them."""

from __future__ import annotations

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.scenario.results import ScenarioResult
from toolkit.games.card.scenarios.model import SCENARIO_KINDS


def run_scenarios(index: ContentIndex, pack: Pack) -> list[ScenarioResult]:
    """`huntkit test` for a card pack: run its `card-scenario` documents."""
    from toolkit.games.card.scenarios.runner import run_pack_scenarios

    return run_pack_scenarios(index, pack)


__all__ = ["SCENARIO_KINDS", "run_scenarios"]
