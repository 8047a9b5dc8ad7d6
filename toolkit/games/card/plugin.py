"""The card game expansion as a plug-in."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="bloodborne-card",
    title="Bloodborne: The Card Game — The Hunter's Nightmare",
    kinds={},
    count_variable="players",
    player_counts=(3, 4, 5),
    core_pack="hunters-nightmare",
)
