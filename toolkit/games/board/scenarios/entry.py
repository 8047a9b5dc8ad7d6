"""The board game's hooks for `huntkit test` and `huntkit play`, imported lazily by the plug-in.

The plug-in module is imported by every command; these wrappers keep the interpreter, the companion
and the scenario runner out of that import until a command actually needs them.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import Document
from toolkit.core.scenario.results import ScenarioResult
from toolkit.games.board.scenarios.model import SCENARIO_KINDS as MISSION_SCENARIO_KINDS
from toolkit.games.board.scenarios.model import Scenario
from toolkit.games.board.scenarios.rule_model import RULE_SCENARIO_KINDS, RuleScenario

SCENARIO_KINDS: dict[str, type[Document]] = {**MISSION_SCENARIO_KINDS, **RULE_SCENARIO_KINDS}
"""The scenario kinds of the board game: mission scenarios and rule scenarios."""


def run_scenarios(index: ContentIndex, pack: Pack) -> list[ScenarioResult]:
    """`huntkit test` for a board-game pack: run its `scenario` and `rule-scenario` documents."""
    from toolkit.games.board.scenarios.rule_runner import run_rule_scenario
    from toolkit.games.board.scenarios.runner import run_scenario

    results: list[ScenarioResult] = []
    for document in pack.documents:
        if isinstance(document.model, Scenario):
            results.append(run_scenario(index, document))
        elif isinstance(document.model, RuleScenario):
            results.append(run_rule_scenario(index, document))
    return results


def play_companion(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    count: int | None = None,
    save: Path | None = None,
    resume: Path | None = None,
    script: Path | None = None,
    seed: int | None = None,
    bot: str | None = None,
) -> int:
    """`huntkit play` for a board-game pack: the table companion (the players play; no bots)."""
    import sys

    from toolkit.games.board.companion.app import play

    if seed is not None or bot is not None:
        print(
            "error: --seed and --bot are for games against bots; the board companion has none",
            file=sys.stderr,
        )
        return 2

    return play(index, pack, campaign=campaign, count=count, save=save, resume=resume, script=script)


__all__ = ["SCENARIO_KINDS", "play_companion", "run_scenarios"]
