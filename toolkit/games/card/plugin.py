"""The card game expansion as a plug-in."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin
from toolkit.games.card.checks import CARD_CHECKS
from toolkit.games.card.content import PLAYER_COUNTS
from toolkit.games.card.model import CARD_KINDS
from toolkit.games.card.scenarios.entry import SCENARIO_KINDS, run_scenarios

PLUGIN = GamePlugin(
    id="bloodborne-card",
    title="Bloodborne: The Card Game — The Hunter's Nightmare",
    kinds={**CARD_KINDS, **SCENARIO_KINDS},
    checks=CARD_CHECKS,
    count_variable="players",
    player_counts=PLAYER_COUNTS,
    core_pack="hunters-nightmare",
    extras={"test": run_scenarios},
)
