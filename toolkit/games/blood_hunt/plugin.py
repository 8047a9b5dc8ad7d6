"""Blood Hunt as a plug-in."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="blood-hunt",
    title="Blood Hunt",
    kinds={},
    count_variable="players",
    player_counts=(2, 3, 4),
    core_pack="blood-hunt",
)
