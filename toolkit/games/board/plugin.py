"""The board game as a plug-in: component kinds, campaign kinds, and their checks."""

from __future__ import annotations

from typing import Any

from toolkit.core.plugin import GamePlugin
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.board.checks import BOARD_CHECKS
from toolkit.games.board.checks.flow import FLOW_CHECKS
from toolkit.games.board.checks.scope import campaign_scope
from toolkit.games.board.mission import MISSION_KINDS
from toolkit.games.board.model import COMPONENT_KINDS
from toolkit.games.board.scenarios.entry import SCENARIO_KINDS, play_companion, run_scenarios
from toolkit.games.board.vocabulary import VOCABULARIES


def simulate(*args: Any, **kwargs: Any) -> Any:
    """`huntkit simulate` for the board game; the engine and bots load only when it runs."""
    from toolkit.games.board.simulate import run

    return run(*args, **kwargs)


def tune(*args: Any, **kwargs: Any) -> Any:
    """`huntkit tune` for the board game (engine and bots load only when it runs)."""
    from toolkit.games.board.tune_hook import run

    return run(*args, **kwargs)


def play_web(*args: Any, **kwargs: Any) -> Any:
    """`huntkit play --web` for the board game (Starlette and uvicorn load only when it runs)."""
    from toolkit.games.board.web.entry import play_web as run

    return run(*args, **kwargs)


PLUGIN = GamePlugin(
    id="bloodborne-board",
    title="Bloodborne: The Board Game",
    kinds={**COMPONENT_KINDS, **MISSION_KINDS, **SCENARIO_KINDS},
    checks=(*BOARD_CHECKS, not_simulated_check(VOCABULARIES)),
    slow_checks=FLOW_CHECKS,
    check_scope=campaign_scope,
    count_variable="hunters",
    player_counts=(1, 2, 3, 4),
    core_pack="core",
    extras={
        "play": play_companion,
        "play-web": play_web,
        "test": run_scenarios,
        "simulate": simulate,
        "tune": tune,
    },
    vocabularies=VOCABULARIES,
)
