"""Blood Hunt as a plug-in: its content kinds, checks, and the engine/bot/simulate/play hooks that
the shared ``huntkit simulate`` and ``huntkit play`` commands dispatch to."""

from __future__ import annotations

from toolkit.core.plugin import GamePlugin
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.blood_hunt.checks.content import BLOOD_HUNT_CHECKS
from toolkit.games.blood_hunt.hooks import play_hook, simulate_hook
from toolkit.games.blood_hunt.model.documents import BLOOD_HUNT_KINDS
from toolkit.games.blood_hunt.scenarios import run_scenarios
from toolkit.games.blood_hunt.vocabulary import VOCABULARIES

PLUGIN = GamePlugin(
    id="blood-hunt",
    title="Blood Hunt",
    kinds=BLOOD_HUNT_KINDS,
    checks=(*BLOOD_HUNT_CHECKS, not_simulated_check(VOCABULARIES)),
    count_variable="players",
    player_counts=(2, 3, 4),
    core_pack="blood-hunt",
    extras={"simulate": simulate_hook, "play": play_hook, "test": run_scenarios},
    vocabularies=VOCABULARIES,
)
